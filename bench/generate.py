"""A synthetic, deterministic memory of N facts for the recall benchmarks.

Per user (`u0000`...; ~333 facts each, so 100k facts are 300 users): a Person (the speaker),
entities of the ontology's types drawn from word lists, facts of ontology relations with their
domain/range, rendered with the relation templates, one source episode (a natural first-person
sentence) per ~2 facts, valid times over 2024, and history: single-valued relations that change
(moves, new jobs, slipped deadlines, task status, corrected amounts) and preferences that flip
supersede the old fact with the library's own reasons; repeated statements reinforce.

Loading bypasses extraction: `load` applies `WritePlan`s (the store's own atomic write) with
real MiniLM embeddings of fact texts, episode texts and entity names. Ids come from the library
(`entity_id`, `make_id`), so recall's entity lookup works. Embeddings are cached per text under
`bench/.cache/embeddings/` in append-only chunks (an interrupted run resumes).

    python bench/generate.py --facts 10000       # generate + embed (cached), print the shape
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from common import BENCH_DIR

from graph_memory.entities import entity_id
from graph_memory.ids import make_id
from graph_memory.models import Entity, Episode, Fact, FactLink
from graph_memory.ontology import Ontology, load_ontology
from graph_memory.store.base import EntityRow, EpisodeRow, EvidenceRow, FactRow, Store, WritePlan
from graph_memory.write.conflict_policy import competition_reason

VERSION = 1
CACHE_DIR = BENCH_DIR / ".cache"
FACTS_PER_USER = 333
EXTRACTOR = "rules-v1"
START = datetime(2024, 1, 1, 8, tzinfo=UTC)


def _w(text: str) -> list[str]:
    return [word.strip() for word in text.split(",") if word.strip()]


NAMES = _w("Maya, Liam, Aiko, Noah, Priya, Mateo, Chloe, Omar, Elena, Kenji, Sofia, Lucas, Amara, "
           "Jonas, Zoe, Ravi, Ines, Felix, Hana, Diego, Nora, Tariq, Lena, Samuel, Yuki, Clara, "
           "Kofi, Mila, Arjun, Freya, Malik, Ana, Theo, Leila, Emil, Rosa, Hugo, Sana, Oscar, Ivy")
FOODS = _w("ramen, sushi, pad thai, dark chocolate, oat milk, espresso, falafel, tacos, pho, "
           "kimchi, sourdough bread, greek yogurt, matcha, lasagna, bibimbap, paella, dumplings, "
           "burrito, hummus, croissant, green curry, miso soup, cold brew, mango lassi, pesto "
           "pasta, avocado toast, shakshuka, poke bowl, cheesecake, banana bread, lentil soup, "
           "chai latte, fish and chips, tofu stir fry, margherita pizza, caesar salad, oatmeal, "
           "blueberry muffin, black coffee, goat cheese, mushroom risotto, carrot cake, baklava")
THINGS = _w("jazz, hiking, board games, sci-fi novels, morning runs, yoga, podcasts, road trips, "
            "indie films, rock climbing, gardening, vinyl records, chess, street photography, "
            "open water swimming, salsa dancing, crossword puzzles, camping, audiobooks, cycling")
ALLERGENS = _w("peanut, shellfish, penicillin, latex, pollen, cat dander, sesame, tree nut, "
               "soy, egg, bee sting, dust mite, ibuprofen, kiwi, strawberry")
DIETS = _w("vegetarian, vegan, pescatarian, keto, gluten-free, halal, kosher, low-carb, "
           "dairy-free, paleo")
PLACES = _w("Lisbon, Porto, Berlin, Tokyo, Osaka, Austin, Denver, Toronto, Montreal, Seattle, "
            "Barcelona, Madrid, Dublin, Edinburgh, Melbourne, Auckland, Nairobi, Cape Town, "
            "Mexico City, Buenos Aires, Seoul, Singapore, Copenhagen, Oslo, Vienna, Prague, "
            "Amsterdam, Rotterdam, Chicago, Boston, Vancouver, Kyoto, Lyon, Munich, Zurich")
ORGS = _w("Northwind Traders, Contoso, Globex, Initech, Helix Labs, Blue Harbor Bank, Riverside "
          "Clinic, Umbrella Analytics, Stark Logistics, Lumen Health, Vertex Studio, Pinecrest "
          "School, Orbital Robotics, Greenleaf Foods, Atlas Insurance, Nimbus Cloud, Quanta Energy")
ITEMS = _w("standing desk, monitor arm, mechanical keyboard, noise-cancelling headphones, running "
           "shoes, yoga mat, espresso machine, air fryer, e-reader, rain jacket, hiking boots, "
           "desk lamp, office chair, water bottle, backpack, smartwatch, blender, tent, "
           "sleeping bag, bike helmet, webcam, usb-c hub, phone case, french press, cast iron pan")
GOALS = _w("run a marathon, learn Portuguese, save for a house, get promoted, finish the thesis, "
           "read 30 books this year, lose 5 kg, learn to swim, launch a side business, "
           "visit Japan, pay off the car loan, write a novel, get a pilot license, learn the cello")
PROJECTS = _w("billing, search, onboarding, checkout, analytics, auth, mobile app, data pipeline, "
              "pricing, notifications, reporting, inventory")
WORK = _w("migration, release, rollout, redesign, audit, launch, refactor, upgrade")
COMPONENTS = _w("payments API, Postgres cluster, auth service, design mockups, legal review, load "
                "balancer, iOS build, staging environment, feature flags, CI pipeline, vendor "
                "contract, data warehouse, SSO integration, security review, search index, "
                "message queue, translations, QA sign-off")
MONTHS = _w("January, February, March, April, May, June, July, August, September, October, "
            "November, December")
PERSON_KEYS = {"shoe size": _w("38, 39, 40, 42, 44"), "t-shirt size": _w("S, M, L, XL"),
               "blood type": _w("A+, O-, B+, AB+"), "dog's name": _w("Biscuit, Luna, Pepper"),
               "seat preference": _w("aisle, window"), "coffee order": _w("flat white, cortado"),
               "timezone": _w("CET, PST, JST, GMT"), "dentist": _w("Dr. Okafor, Dr. Lindqvist")}
ITEM_KEYS = {"warranty": _w("one year, two years"), "color": _w("black, white, walnut, sage"),
             "return window": _w("14 days, 30 days")}
TASK_KEYS = {"status": _w("in progress, blocked, in review, done"),
             "owner": _w("Priya, Tom, Grace, Wei, Dana")}

def _article(item: str) -> str:
    if item.endswith(("shoes", "boots", "headphones")):
        return f"a pair of {item}"
    return f"{'an' if item[0] in 'aeiou' else 'a'} {item}"


Ref = tuple[str, str]  # (name, entity type)
Triple = tuple[str, Ref, Ref, str | None]  # (predicate, subject, object, key)


@dataclass
class UserData:
    user_id: str
    name: str
    episodes: list[Episode] = field(default_factory=list)
    entities: dict[str, tuple[Entity, datetime]] = field(default_factory=dict)
    facts: dict[str, Fact] = field(default_factory=dict)
    evidence: list[EvidenceRow] = field(default_factory=list)
    mentions: list[tuple[str, str]] = field(default_factory=list)
    links: list[FactLink] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name,
                "episodes": [e.model_dump(mode="json") for e in self.episodes],
                "entities": [[e.model_dump(mode="json"), at.isoformat()]
                             for e, at in self.entities.values()],
                "facts": [f.model_dump(mode="json") for f in self.facts.values()],
                "evidence": [e.model_dump(mode="json") for e in self.evidence],
                "mentions": self.mentions, "links": [k.model_dump(mode="json") for k in self.links]}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> UserData:
        entities = [(Entity.model_validate(e), datetime.fromisoformat(at))
                    for e, at in raw["entities"]]
        facts = [Fact.model_validate(f) for f in raw["facts"]]
        episodes = [Episode.model_validate(e) for e in raw["episodes"]]
        return cls(raw["user_id"], raw["name"], episodes,
                   {e.id: (e, at) for e, at in entities}, {f.id: f for f in facts},
                   [EvidenceRow.model_validate(e) for e in raw["evidence"]],
                   [(a, b) for a, b in raw["mentions"]],
                   [FactLink.model_validate(k) for k in raw["links"]])


class _User:
    """Generates one user's history, resolving supersessions as the library would."""

    def __init__(self, ontology: Ontology, rng: random.Random, index: int, quota: int) -> None:
        self.o, self.rng, self.quota = ontology, rng, quota
        self.d = UserData(f"u{index:04d}", NAMES[index % len(NAMES)])
        self.me: Ref = (self.d.name, "Person")
        scale = quota / FACTS_PER_USER

        def pool(words: Sequence[str], n: float) -> list[str]:
            return rng.sample(list(words), min(len(words), max(2, round(n * scale))))

        foods, things = pool(FOODS, 15), pool(THINGS, 6)
        self.likes = [(x, "Food") for x in foods[:10]] + [(x, "Thing") for x in things[:4]]
        self.dislikes = [(x, "Food") for x in foods[10:]] + [(x, "Thing") for x in things[4:]]
        self.items = pool(ITEMS, 10)
        self.allergens, self.diets = pool(ALLERGENS, 2), pool(DIETS, 1)
        self.places, self.orgs, self.goals = pool(PLACES, 3), pool(ORGS, 2), pool(GOALS, 3)
        self.tasks = [f"{p} {w}" for p, w in zip(pool(PROJECTS, 6), pool(WORK, 6), strict=False)]
        self.components = pool(COMPONENTS, 8)
        self.dates = [f"{m} {rng.randint(1, 28)}" for m in pool(MONTHS, 8)]
        self.amounts = [f"${rng.choice([19, 24, 35, 49, 89, 129, 240, 412])}.{cents}"
                        for cents in rng.choices(["00", "50", "99"], k=max(2, round(6 * scale)))]
        self.orders: list[str] = []
        self.said: set[Ref] = set()
        self.deadlines: dict[str, str] = {}
        self.status: dict[str, int] = {}
        self.values: dict[str, str] = {}
        self.slots: dict[tuple[str, str, str | None], str] = {}  # single-valued slot -> fact
        self.current: dict[tuple[str, str, str, str | None], str] = {}  # statement -> fact

    # --- events: (sentence, triples) -----------------------------------------------------
    def _fresh(self, refs: Sequence[Ref], said: set[Ref], n: int) -> list[Ref]:
        """Mostly things not said yet (people rarely repeat their likes)."""
        unsaid = [r for r in refs if r not in said]
        picked = self.rng.sample(unsaid if len(unsaid) >= n else list(refs), n)
        said.update(picked)
        return picked

    def ev_likes(self) -> tuple[str, list[Triple]]:
        (a, ta), (b, tb) = self._fresh(self.likes, self.said, 2)
        text = self.rng.choice(["I really love {a}, and lately {b} too.", "Honestly {a} and {b} "
                                "are my favourite things right now.", "I've been enjoying {a} "
                                "a lot, and {b} as well."]).format(a=a, b=b)
        return text, [("PREFERS", self.me, (a, ta), None), ("PREFERS", self.me, (b, tb), None)]

    def ev_dislike(self) -> tuple[str, list[Triple]]:
        ((a, ta),) = self._fresh(self.dislikes, self.said, 1)
        text = self.rng.choice(["I can't stand {a}, please never suggest it.",
                                "Not a fan of {a} at all, I'd rather skip it."])
        return text.format(a=a), [("AVOIDS", self.me, (a, ta), None)]

    def ev_flip(self) -> tuple[str, list[Triple]]:
        liked = [k for k in self.current if k[1] == "PREFERS"]
        if not liked:
            return self.ev_likes()
        ent = self.d.entities[self.rng.choice(liked)[2]][0]
        return (f"I used to like {ent.name} but I avoid it now.",
                [("AVOIDS", self.me, (ent.name, ent.type), None)])

    def ev_health(self) -> tuple[str, list[Triple]]:
        s, diet = self.rng.choice(self.allergens), self.rng.choice(self.diets)
        return (f"Heads up: I'm allergic to {s}, and I'm {diet} these days.",
                [("ALLERGIC_TO", self.me, (s, "Substance"), None),
                 ("HAS_DIET", self.me, (diet, "Diet"), None)])

    def ev_move(self) -> tuple[str, list[Triple]]:
        place, org = self.rng.choice(self.places), self.rng.choice(self.orgs)
        return (f"Big news: I moved to {place} and I now work at {org}.",
                [("LIVES_IN", self.me, (place, "Place"), None),
                 ("WORKS_AT", self.me, (org, "Organization"), None)])

    def ev_goal(self) -> tuple[str, list[Triple]]:
        goal, date = self.rng.choice(self.goals), self.rng.choice(self.dates)
        return (f"My goal is to {goal}, ideally by {date}.",
                [("HAS_GOAL", self.me, (goal, "Goal"), None),
                 ("HAS_DEADLINE", (goal, "Goal"), (date, "Date"), None)])

    def ev_order(self) -> tuple[str, list[Triple]]:
        order = f"{self.rng.choice(['A', 'B', 'ORD', 'W'])}-{self.rng.randint(10000, 99999)}"
        self.orders.append(order)
        items = self.rng.sample(self.items, self.rng.choice([1, 2, 2, 3, 4]))
        listed = ", ".join(_article(i) for i in items[:-1])
        listed = f"{listed} and {_article(items[-1])}" if listed else _article(items[-1])
        amount, date = self.rng.choice(self.amounts), self.rng.choice(self.dates)
        ref = (order, "Order")
        triples: list[Triple] = [
            ("HAS_ORDER", self.me, ref, None), ("ORDER_AMOUNT", ref, (amount, "Amount"), None),
            ("HAS_DEADLINE", ref, (date, "Date"), None),
            *(("ORDER_CONTAINS", ref, (i, "Item"), None) for i in items)]
        return (f"I placed order number {order} for {listed}; it came to {amount} and should "
                f"arrive by {date}.", triples)

    def ev_order_change(self) -> tuple[str, list[Triple]]:
        if not self.orders:
            return self.ev_order()
        order = (self.rng.choice(self.orders[-4:]), "Order")
        if self.rng.random() < 0.5:
            amount = self.rng.choice(self.amounts)
            return (f"Correction: order {order[0]} actually came to {amount} after the discount.",
                    [("ORDER_AMOUNT", order, (amount, "Amount"), None)])
        date = self.rng.choice(self.dates)
        return (f"Order {order[0]} is delayed, it should now arrive by {date}.",
                [("HAS_DEADLINE", order, (date, "Date"), None)])

    def ev_task(self) -> tuple[str, list[Triple]]:
        task = self.rng.choice(self.tasks)
        c1, c2 = self.rng.sample(self.components + [t for t in self.tasks if t != task], 2)
        kind = {c: "Task" if c in self.tasks else "Component" for c in (c1, c2)}
        triples: list[Triple] = [("DEPENDS_ON", (task, "Task"), (c, kind[c]), None)
                                 for c in (c1, c2)]
        text = f"The {task} depends on the {c1} and the {c2}"
        if task not in self.deadlines:
            self.deadlines[task] = self.rng.choice(self.dates)
            triples.append(("HAS_DEADLINE", (task, "Task"), (self.deadlines[task], "Date"), None))
            text += f"; it's due {self.deadlines[task]}"
        return text + ".", triples

    def ev_task_update(self) -> tuple[str, list[Triple]]:
        task = self.rng.choice(self.tasks)
        statuses = TASK_KEYS["status"]
        step = min(self.status.get(task, -1) + 1, len(statuses) - 1)
        self.status[task] = step
        triples: list[Triple] = [("HAS_ATTRIBUTE", (task, "Task"), (statuses[step], "Value"),
                                  "status")]
        text = f"Update on the {task}: it's {statuses[step]} now"
        if statuses[step] == "blocked" or self.rng.random() < 0.25:
            self.deadlines[task] = self.rng.choice(self.dates)
            triples.append(("HAS_DEADLINE", (task, "Task"), (self.deadlines[task], "Date"), None))
            text += f", and the deadline moved to {self.deadlines[task]}"
        return text + ".", triples

    def ev_attributes(self) -> tuple[str, list[Triple]]:
        key = self.rng.choice(list(PERSON_KEYS))
        if key not in self.values or self.rng.random() < 0.1:  # a few change over the year
            self.values[key] = self.rng.choice(PERSON_KEYS[key])
        if self.rng.random() < 0.6:
            subject = (self.rng.choice(self.items), "Item")
            okey = self.rng.choice(list(ITEM_KEYS))
            choices = ITEM_KEYS[okey]
        else:
            subject, okey = (self.rng.choice(self.tasks), "Task"), "owner"
            choices = TASK_KEYS["owner"]
        other = self.values.setdefault(f"{subject[0]}/{okey}", self.rng.choice(choices))
        mine = self.values[key]
        return (f"For the record, my {key} is {mine}, and the {subject[0]}'s {okey} is {other}.",
                [("HAS_ATTRIBUTE", self.me, (mine, "Value"), key),
                 ("HAS_ATTRIBUTE", subject, (other, "Value"), okey)])

    EVENTS: tuple[tuple[str, float], ...] = (
        ("ev_likes", 2), ("ev_dislike", 1), ("ev_flip", 0.3), ("ev_health", 0.2),
        ("ev_move", 0.2), ("ev_goal", 0.4), ("ev_order", 5), ("ev_order_change", 1.5),
        ("ev_task", 5), ("ev_task_update", 2.5), ("ev_attributes", 4))

    # --- recording ------------------------------------------------------------------------
    def run(self) -> UserData:
        names, weights = zip(*self.EVENTS, strict=True)
        at = START + timedelta(hours=self.rng.uniform(0, 72))
        gap_h = 365 * 24 / (self.quota / 1.8)
        while len(self.d.facts) < self.quota:
            text, triples = getattr(self, self.rng.choices(names, weights)[0])()
            self.say(at, text, triples)
            at += timedelta(hours=self.rng.expovariate(1 / gap_h))
        return self.d

    def entity(self, ref: Ref, at: datetime) -> Entity:
        ent_id = entity_id(self.d.user_id, ref[0])
        if ent_id not in self.d.entities:
            self.d.entities[ent_id] = (
                Entity(id=ent_id, user_id=self.d.user_id, name=ref[0], type=ref[1]), at)
        return self.d.entities[ent_id][0]

    def say(self, at: datetime, text: str, triples: list[Triple]) -> None:
        user, session = self.d.user_id, f"{at:%Y-%m}"
        source = f"gen:{user}:{len(self.d.episodes)}"
        ep = Episode(id=make_id("ep", user, None, session, "source", source), user_id=user,
                     session_id=session, text=text, timestamp=at, source_id=source,
                     speaker=self.d.name)
        self.d.episodes.append(ep)
        mentioned: set[str] = set()
        for predicate, s_ref, o_ref, key in triples:
            if len(self.d.facts) >= self.quota:
                break
            subject, obj = self.entity(s_ref, at), self.entity(o_ref, at)
            mentioned |= {subject.id, obj.id}
            start, confidence = max(0, text.find(obj.name)), round(self.rng.uniform(0.7, 1.0), 2)
            evidence: dict[str, Any] = {"episode_id": ep.id, "span_start": start,
                                        "span_end": start + len(obj.name), "extractor": EXTRACTOR,
                                        "confidence": confidence}
            statement = (subject.id, predicate, obj.id, key)
            if statement in self.current:  # said again: reinforce
                fid = self.current[statement]
                old = self.d.facts[fid]
                self.d.facts[fid] = old.model_copy(
                    update={"evidence_count": old.evidence_count + 1})
                self.d.evidence.append(EvidenceRow(fact_id=fid, **evidence))
                continue
            fact = self._fact(at, ep.id, predicate, subject, obj, key, confidence)
            self.d.facts[fact.id] = fact
            self.d.evidence.append(EvidenceRow(fact_id=fact.id, **evidence))
            for old_id in self._competitors(fact):
                self._supersede(fact, self.d.facts[old_id], at)
            self.current[statement] = fact.id
        self.d.mentions.extend((ep.id, ent) for ent in sorted(mentioned))

    def _fact(self, at: datetime, ep_id: str, predicate: str, subject: Entity, obj: Entity,
              key: str | None, confidence: float) -> Fact:
        relation = self.o.relation(predicate)
        expiry = self.o.memory_types[relation.memory_type].expires_after_days
        return Fact(
            id=make_id("fact", self.d.user_id, subject.id, predicate, obj.id, key, ep_id),
            user_id=self.d.user_id, session_id=f"{at:%Y-%m}", subject_id=subject.id,
            subject_name=subject.name, predicate=predicate, object_id=obj.id,
            object_name=obj.name, key=key,
            text=self.o.render(predicate, subject.name, obj.name, key),
            memory_type=relation.memory_type,
            priority=self.o.priority_of(predicate, relation.memory_type), confidence=confidence,
            valid_from=at, created_at=at,
            expires_at=None if expiry is None else at + timedelta(days=expiry),
            origin=self.d.name, extractor=EXTRACTOR)

    def _competitors(self, new: Fact) -> list[str]:
        relation = self.o.relation(new.predicate)
        found = []
        if relation.cardinality == "one":
            slot = (new.subject_id, new.predicate, new.key if "key" in relation.scope else None)
            if slot in self.slots:
                found.append(self.slots[slot])
            self.slots[slot] = new.id
        for other in relation.contradicts:
            fid = self.current.get((new.subject_id, other, new.object_id, None))
            if fid is not None:
                found.append(fid)
        return found

    def _supersede(self, new: Fact, old: Fact, at: datetime) -> None:
        reason = competition_reason(self.o, new, old)
        assert reason is not None, (new, old)
        self.d.facts[old.id] = old.model_copy(update={"status": "superseded", "superseded_at": at})
        self.current.pop((old.subject_id, old.predicate, old.object_id, old.key), None)
        self.d.links.append(FactLink(kind="SUPERSEDES", from_id=new.id, to_id=old.id,
                                     reason=reason, at=at))


def generate(facts: int, *, seed: int = 7, facts_per_user: int = FACTS_PER_USER,
             cache_dir: Path | None = CACHE_DIR) -> list[UserData]:
    """The memory of `facts` facts (cached as JSON lines under `cache_dir`)."""
    path = None if cache_dir is None else (
        cache_dir / f"dataset-n{facts}-u{facts_per_user}-s{seed}-v{VERSION}.jsonl")
    if path is not None and path.is_file():
        with path.open(encoding="utf-8") as lines:
            return [UserData.from_json(json.loads(line)) for line in lines]
    ontology, rng = load_ontology(None), random.Random(seed)
    users = max(1, round(facts / facts_per_user))
    quotas = [facts // users + (i < facts % users) for i in range(users)]
    data = [_User(ontology, random.Random(rng.getrandbits(64)), i, q).run()
            for i, q in enumerate(quotas)]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text("".join(json.dumps(u.to_json()) + "\n" for u in data), encoding="utf-8")
        tmp.replace(path)
    return data


def texts_of(data: Iterable[UserData]) -> list[str]:
    """Every text `load` embeds: fact texts, episode texts, entity names (deduplicated)."""
    out: dict[str, None] = {}
    for u in data:
        out.update(dict.fromkeys(f.text or "" for f in u.facts.values()))
        out.update(dict.fromkeys(e.text or "" for e in u.episodes))
        out.update(dict.fromkeys(e.name for e, _ in u.entities.values()))
    return list(out)


Vector = npt.NDArray[np.float32]


class EmbeddingCache:
    """text -> MiniLM vector, in append-only chunks (texts-N.jsonl + vectors-N.npy)."""

    def __init__(self, folder: Path = CACHE_DIR / "embeddings" / "all-MiniLM-L6-v2") -> None:
        self.folder = folder
        self.index: dict[str, Vector] = {}
        for texts_path in sorted(folder.glob("texts-*.jsonl")):
            vectors_path = texts_path.with_name(texts_path.name.replace("texts", "vectors")
                                                ).with_suffix(".npy")
            if vectors_path.is_file():
                texts = json.loads(texts_path.read_text(encoding="utf-8"))
                self.index.update(zip(texts, np.load(vectors_path), strict=True))

    def fill(self, texts: Sequence[str], embed: Callable[[list[str]], Vector],
             chunk: int = 4096, progress: Callable[[str], None] = print) -> float:
        """Embed the texts not cached yet; returns the seconds spent embedding."""
        missing = [t for t in dict.fromkeys(texts) if t not in self.index]
        if not missing:
            return 0.0
        self.folder.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        number = len(list(self.folder.glob("texts-*.jsonl")))
        for i in range(0, len(missing), chunk):
            part = missing[i : i + chunk]
            vectors = embed(part).astype(np.float32)
            np.save(self.folder / f"vectors-{number:05d}.npy", vectors)
            (self.folder / f"texts-{number:05d}.jsonl").write_text(json.dumps(part))
            self.index.update(zip(part, vectors, strict=True))
            number += 1
            done, spent = i + len(part), time.perf_counter() - started
            progress(f"  embedded {done}/{len(missing)} texts ({done / spent:.0f}/s)")
        return time.perf_counter() - started

    def __getitem__(self, text: str) -> list[float]:
        return list(map(float, self.index[text]))


def plans(data: Sequence[UserData], vectors: EmbeddingCache, facts_per_plan: int = 500
          ) -> Iterable[tuple[WritePlan, int]]:
    """Whole users per plan (so every link and row refers to the same or an earlier plan)."""
    batch: list[UserData] = []
    for i, user in enumerate(data):
        batch.append(user)
        if sum(len(u.facts) for u in batch) >= facts_per_plan or i == len(data) - 1:
            plan = WritePlan(
                entities=[EntityRow(entity=e, embedding=vectors[e.name], created_at=at)
                          for u in batch for e, at in u.entities.values()],
                episodes=[EpisodeRow(episode=e, embedding=vectors[e.text or ""])
                          for u in batch for e in u.episodes],
                mentions=[m for u in batch for m in u.mentions],
                facts=[FactRow(fact=f, embedding=vectors[f.text or ""])
                       for u in batch for f in u.facts.values()],
                evidence=[e for u in batch for e in u.evidence],
                links=[k for u in batch for k in u.links])
            yield plan, len(plan.facts)
            batch = []


def load(store: Store, data: Sequence[UserData], vectors: EmbeddingCache,
         facts_per_plan: int = 500, progress: Callable[[str], None] = print) -> float:
    """Apply the memory to an empty store; returns seconds spent in `store.apply`."""
    spent, done, total = 0.0, 0, sum(len(u.facts) for u in data)
    for plan, n in plans(data, vectors, facts_per_plan):
        started = time.perf_counter()
        store.apply(plan)
        spent += time.perf_counter() - started
        done += n
        if done % 10_000 < n or done == total:
            progress(f"  applied {done}/{total} facts ({done / spent:.0f} facts/s in apply)")
    return spent


def shape(data: Sequence[UserData]) -> dict[str, Any]:
    facts = [f for u in data for f in u.facts.values()]
    entities = sum(len(u.entities) for u in data)
    return {"users": len(data), "facts": len(facts), "entities": entities,
            "episodes": sum(len(u.episodes) for u in data),
            "supersedes_links": sum(len(u.links) for u in data),
            "superseded_facts": sum(f.status == "superseded" for f in facts),
            "reinforced_facts": sum(f.evidence_count > 1 for f in facts),
            "facts_per_entity": round(len(facts) / max(1, entities), 2),
            "facts_per_episode": round(len(facts) / max(1, sum(len(u.episodes) for u in data)), 2),
            "by_predicate": {p: sum(f.predicate == p for f in facts)
                             for p in sorted({f.predicate for f in facts})}}


def embedder_call(threads: int = 1, batch_size: int = 256) -> Callable[[list[str]], Vector]:
    """A MiniLM embedding function; the model loads on the first call only."""
    from graph_memory.embed import SentenceTransformerEmbedder

    @functools.cache
    def model() -> SentenceTransformerEmbedder:
        return SentenceTransformerEmbedder(threads=threads, batch_size=batch_size, cache_size=1)

    return lambda texts: model().embed(texts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--facts", type=int, default=10_000, help="number of facts")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--facts-per-user", type=int, default=FACTS_PER_USER)
    parser.add_argument("--threads", type=int, default=1, help="torch threads for embedding")
    parser.add_argument("--no-embed", action="store_true", help="generate only")
    parser.add_argument("--sample", type=int, default=0, help="print N episodes and facts")
    args = parser.parse_args()
    started = time.perf_counter()
    data = generate(args.facts, seed=args.seed, facts_per_user=args.facts_per_user)
    print(f"generated in {time.perf_counter() - started:.1f}s:", json.dumps(shape(data)))
    for ep in data[0].episodes[: args.sample]:
        print(" ", ep.timestamp.date(), ep.text)
    for fact in list(data[0].facts.values())[: args.sample]:
        print(" ", fact.status, fact.text)
    if not args.no_embed:
        texts = texts_of(data)
        cache = EmbeddingCache()
        spent = cache.fill(texts, embedder_call(args.threads))
        print(f"{len(texts)} texts, all cached ({spent:.0f}s embedding now)")


if __name__ == "__main__":
    main()
