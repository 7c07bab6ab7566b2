"""Forget: what goes, what stays, and what a partly forgotten message keeps.

The rules (README, "Forget"), applied until nothing more follows:

1. **A fact** is forgotten with the semantic memories derived from it and the near-duplicates
   merged into it (they state the same thing).
2. **A message** (episode) is forgotten with every fact whose live sources are all forgotten
   messages. A fact stated in another message too stays, keeps that provenance, and counts
   one statement less.
3. **The source message of a forgotten fact** is forgotten whole when it backs no live fact
   any more. Otherwise only what is needed goes: the fact's span of its text and the names
   of the entities forgotten with it are replaced by `[forgotten]`, the message is
   re-embedded, and the facts it still backs keep it as their source (spans moved). (A
   semantic memory's sources are its evidence, not its own words: forgetting one leaves the
   messages alone.)
4. **An entity** the forgotten memories used (subject, object, mention) is forgotten (name,
   aliases, embedding) unless a live fact uses it or a message untouched by this forget
   mentions it. Forgetting an entity forgets its facts and redacts its names from the messages
   that mention it (rule 3 decides whether they stay).
5. **By query**: the facts whose words, or the words of a message they were stated in
   (their span), contain every content word of the query (stemmed, case-insensitive) are
   forgotten; the messages whose words do are touched as by rule 3: forgotten whole unless
   they still back a live fact, else redacted (the query's phrase too, wherever it occurs).

Forgotten memories keep a stub (id, user, status, times) and get a tombstone (who, when, why);
a redacted message gets one marked `redacted`. The returned tombstones are exactly what went.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from graph_memory.embed import Embedder, multilingual_vectors
from graph_memory.errors import InvalidInputError, NotFoundError
from graph_memory.ids import check_id, make_id
from graph_memory.models import SEMANTIC_MEMORY_TYPE, Episode, Fact, Tombstone
from graph_memory.store.base import EpisodeRedaction, EvidenceRow, ForgetPlan, Store
from graph_memory.text import episode_search_text, keyword_terms
from graph_memory.validation import clean_text

PLACEHOLDER = "[forgotten]"
_QUERY_LIMIT = 10_000


@dataclass
class _Selection:
    facts: dict[str, Fact] = field(default_factory=dict)
    episodes: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    # Messages touched without being forgotten outright: they mention an entity asked to be
    # forgotten (rule 4) or match the query (rule 5); rule 3 decides what is left of them.
    mentioning: set[str] = field(default_factory=set)
    phrases: list[str] = field(default_factory=list)  # redacted wherever they occur


def redact(text: str, regions: Iterable[tuple[int, int]]) -> tuple[str, list[tuple[int, int, int]]]:
    """`text` with each region [start, end) replaced by PLACEHOLDER (overlapping ones merged),
    and the merged regions as (start, end, start in the new text)."""
    merged: list[list[int]] = []
    for start, end in sorted((max(0, s), min(len(text), e)) for s, e in regions):
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    pieces: list[str] = []
    moved: list[tuple[int, int, int]] = []
    position = 0
    length = 0
    for start, end in merged:
        pieces.append(text[position:start])
        length += start - position
        moved.append((start, end, length))
        pieces.append(PLACEHOLDER)
        length += len(PLACEHOLDER)
        position = end
    pieces.append(text[position:])
    return "".join(pieces), moved


def move_offset(offset: int, moved: list[tuple[int, int, int]], *, is_end: bool) -> int:
    """Where an offset of the old text lands in the redacted one (inside a redacted region: at
    its placeholder's start, or its end for the end of a span)."""
    shift = 0
    for start, end, new_start in moved:
        if offset <= start:
            break
        if offset >= end:
            shift = new_start + len(PLACEHOLDER) - end
            continue
        return new_start + (len(PLACEHOLDER) if is_end else 0)
    return offset + shift


def name_regions(text: str, names: Iterable[str]) -> list[tuple[int, int]]:
    """Every whole-word, case-insensitive occurrence of the names in `text`."""
    regions: list[tuple[int, int]] = []
    for name in {n.strip() for n in names if n and len(n.strip()) >= 2}:
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
        regions.extend(m.span() for m in pattern.finditer(text))
    return regions


def unused_entities(
    store: Store,
    *,
    facts: Iterable[Fact],
    episodes: Iterable[str],
    kept: Iterable[str] = (),
    also: Iterable[str] = (),
) -> set[str]:
    """Rule 4, for forget and prune alike: of the entities the going `facts` use (subject,
    object), the going `episodes` and the `kept` (redacted) ones mention, and `also`, those
    that no other live fact uses and no other message mentions."""
    facts = list(facts)
    going = {fact.id for fact in facts}
    touched = set(episodes) | set(kept)
    candidates = set(also)
    for fact in facts:
        candidates |= {fact.subject_id, fact.object_id}
    candidates |= store.entities_mentioned(sorted(touched))
    return {
        use.entity_id
        for use in store.entity_uses(sorted(candidates))
        if not set(use.fact_ids) - going and not set(use.episode_ids) - touched
    }


class Forgetter:
    """Plans a forget (the rules above) and applies it as one ForgetPlan."""

    def __init__(self, store: Store, embedder: Embedder) -> None:
        self._store = store
        self._embedder = embedder

    def forget(
        self,
        *,
        user_id: str,
        memory_id: str | None,
        entity_id: str | None,
        query: str | None,
        by: str,
        reason: str,
        now: datetime,
    ) -> list[Tombstone]:
        by = clean_text(by, field="by", max_chars=200)
        reason = clean_text(reason, field="reason", max_chars=1000)
        chosen = self._seeds(user_id, memory_id, entity_id, query)
        self._follow(chosen)
        redactions = self._redactions(chosen)
        entity_tombs = sorted(chosen.entities)
        tombstones = [
            Tombstone(
                id=make_id("tomb", target, now.isoformat()),
                target_id=target,
                target_kind=kind,
                user_id=user_id,
                forgotten_at=now,
                by=by,
                reason=reason,
                redacted=redacted,
            )
            for kind, targets, redacted in (
                ("fact", sorted(chosen.facts), False),
                ("episode", sorted(chosen.episodes), False),
                ("episode", sorted(r.episode_id for r in redactions), True),
                ("entity", entity_tombs, False),
            )
            for target in targets
        ]
        if tombstones:
            self._store.forget(
                ForgetPlan(
                    fact_ids=sorted(chosen.facts),
                    episode_ids=sorted(chosen.episodes),
                    entity_ids=entity_tombs,
                    redactions=redactions,
                    tombstones=tombstones,
                )
            )
        return tombstones

    # --- what was asked -------------------------------------------------------------------
    def _seeds(
        self, user_id: str, memory_id: str | None, entity_id: str | None, query: str | None
    ) -> _Selection:
        chosen = _Selection()
        if memory_id is not None:
            check_id(memory_id, prefixes=("fact", "ep"))
            if memory_id.startswith("fact_"):
                fact = self._store.get_fact(memory_id)
                if fact is None or fact.user_id != user_id or fact.status == "forgotten":
                    raise NotFoundError(f"no memory {memory_id} for user {user_id}")
                chosen.facts[fact.id] = fact
            else:
                episode = self._store.get_episode(memory_id)
                if episode is None or episode.user_id != user_id or episode.status == "forgotten":
                    raise NotFoundError(f"no memory {memory_id} for user {user_id}")
                chosen.episodes.add(episode.id)
        elif entity_id is not None:
            check_id(entity_id, prefixes=("ent",))
            entity = self._store.get_entity(entity_id)
            if entity is None or entity.user_id != user_id:
                raise NotFoundError(f"no entity {entity_id} for user {user_id}")
            chosen.entities.add(entity.id)
            for fact in self._store.list_facts(user_id, entity_id=entity.id, limit=100_000):
                chosen.facts[fact.id] = fact
            chosen.mentioning |= set(self._store.episodes_mentioning(entity.id))
        else:
            assert query is not None
            query = clean_text(query, field="query", max_chars=1000)
            terms = set(keyword_terms(query))
            if not terms:
                raise InvalidInputError(
                    "query: needs at least one content word (not only words like 'my', 'the')"
                )
            for fact, _ in self._store.search_facts_by_text(user_id, query, _QUERY_LIMIT):
                if fact.text and terms <= set(keyword_terms(fact.text)):
                    chosen.facts[fact.id] = fact
            texts: dict[str, str] = {}
            for episode, _ in self._store.search_episodes_by_text(user_id, query, _QUERY_LIMIT):
                if episode.text and terms <= set(keyword_terms(episode.text)):
                    chosen.mentioning.add(episode.id)
                    texts[episode.id] = episode.text
            # A fact stated in the words the query names goes too, however it is rendered
            # ("My favorite color is green" -> "Sam prefers green").
            stated = {
                row.fact_id
                for row in self._store.episode_evidence(sorted(texts))
                if row.span_end > row.span_start
                and terms <= set(keyword_terms(texts[row.episode_id][row.span_start:row.span_end]))
            }
            for fact in self._store.get_facts(sorted(stated - set(chosen.facts))):
                if fact.status != "forgotten" and fact.user_id == user_id:
                    chosen.facts[fact.id] = fact
            chosen.phrases.append(query)
        return chosen

    # --- rules 1 and 2 --------------------------------------------------------------------
    def _follow(self, chosen: _Selection) -> None:
        """Add what follows from the choice until nothing more does."""
        while True:
            follows: set[str] = set()
            for link in self._store.fact_links(sorted(chosen.facts)):
                if link.kind in ("DERIVED_FROM", "MERGED_INTO") and link.to_id in chosen.facts:
                    follows.add(link.from_id)
            drawn = {row.fact_id for row in self._store.episode_evidence(sorted(chosen.episodes))}
            undecided = sorted(drawn - set(chosen.facts))
            if undecided:
                sources: dict[str, set[str]] = {fact_id: set() for fact_id in undecided}
                for row in self._store.fact_evidence(undecided):
                    sources[row.fact_id].add(row.episode_id)
                follows |= {f for f, eps in sources.items() if eps <= chosen.episodes}
            new = [
                fact
                for fact in self._store.get_facts(sorted(follows - set(chosen.facts)))
                if fact.status != "forgotten"
            ]
            if not new:
                return
            for fact in new:
                chosen.facts[fact.id] = fact

    # --- rules 3 and 4 --------------------------------------------------------------------
    def _redactions(self, chosen: _Selection) -> list[EpisodeRedaction]:
        own = [f.id for f in chosen.facts.values() if f.memory_type != SEMANTIC_MEMORY_TYPE]
        forgotten_evidence = [
            row for row in self._store.fact_evidence(own) if row.episode_id not in chosen.episodes
        ]
        touched = ({row.episode_id for row in forgotten_evidence} | chosen.mentioning)
        touched -= chosen.episodes
        backing: dict[str, list[EvidenceRow]] = {episode_id: [] for episode_id in touched}
        for row in self._store.episode_evidence(sorted(touched)):
            if row.fact_id not in chosen.facts:
                backing[row.episode_id].append(row)
        # Rule 3: a message that backs no live fact any more goes whole.
        chosen.episodes |= {episode_id for episode_id, rows in backing.items() if not rows}
        kept = sorted(episode_id for episode_id, rows in backing.items() if rows)
        self._forget_unused_entities(chosen, kept)
        return self._redact(chosen, kept, forgotten_evidence, backing)

    def _forget_unused_entities(self, chosen: _Selection, kept: list[str]) -> None:
        chosen.entities |= unused_entities(
            self._store, facts=chosen.facts.values(), episodes=chosen.episodes, kept=kept,
            also=chosen.entities,
        )

    def _redact(
        self,
        chosen: _Selection,
        kept: list[str],
        forgotten_evidence: list[EvidenceRow],
        backing: dict[str, list[EvidenceRow]],
    ) -> list[EpisodeRedaction]:
        if not kept:
            return []
        names = [
            name
            for entity in self._store.get_entities(sorted(chosen.entities)).values()
            for name in (entity.name, *entity.aliases)
        ]
        episodes: list[Episode] = self._store.get_episodes(kept)
        redacted: list[tuple[Episode, str, list[tuple[str, int, int]]]] = []
        for episode in episodes:
            text = episode.text or ""
            regions = name_regions(text, [*names, *chosen.phrases])
            for row in forgotten_evidence:
                if row.episode_id != episode.id:
                    continue
                if row.span_end > row.span_start:
                    regions.append((row.span_start, row.span_end))
                else:  # a caller's triple has no span: its rendering is in the text
                    rendered = chosen.facts[row.fact_id].text or ""
                    at = text.lower().find(rendered.lower()) if rendered else -1
                    if at >= 0:
                        regions.append((at, at + len(rendered)))
            new_text, moved = redact(text, regions)
            if new_text == text:
                continue
            spans = [
                (row.fact_id, move_offset(row.span_start, moved, is_end=False),
                 move_offset(row.span_end, moved, is_end=True))
                for row in backing[episode.id]
                if row.span_end > row.span_start
            ]
            redacted.append((episode, new_text, spans))
        if not redacted:
            return []
        vectors = self._embedder.embed(
            [episode_search_text(text, episode.speaker) for episode, text, _ in redacted]
        )
        multilingual = multilingual_vectors(
            self._embedder, [e.model_copy(update={"text": text}) for e, text, _ in redacted]
        )
        return [
            EpisodeRedaction(
                episode_id=episode.id, text=text, embedding=vector.tolist(),
                embedding_ml=multilingual.get(episode.id), spans=spans,
            )
            for (episode, text, spans), vector in zip(redacted, vectors, strict=True)
        ]
