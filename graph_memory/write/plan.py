"""Plan a batch of writes: ids, extraction, entity resolution, conflict policy, embeddings.

The result is one WritePlan that the store applies atomically, and one WriteResult per request.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import numpy as np
import numpy.typing as npt

from graph_memory.embed import Embedder, multilingual_vectors
from graph_memory.entities import EntityResolver, ResolvedEntities
from graph_memory.errors import InvalidInputError
from graph_memory.extract.base import Extractor
from graph_memory.extract.cues import change_cue, slot_key
from graph_memory.extract.retractions import Retraction, retractions
from graph_memory.extract.when import occurred
from graph_memory.ids import make_id
from graph_memory.language import detect_language
from graph_memory.models import (
    EntityRef,
    Episode,
    ExtractedFact,
    ExtractionInput,
    Fact,
    FactChange,
    FactLink,
    WriteRequest,
    WriteResult,
)
from graph_memory.ontology import Ontology
from graph_memory.store.base import (
    EpisodeRow,
    EvidenceRow,
    FactRow,
    FactUpdate,
    StatusChange,
    Store,
    WritePlan,
)
from graph_memory.text import episode_search_text
from graph_memory.write.conflict_policy import ConflictResolver
from graph_memory.write.resolution import Ending, Resolution, Said
from graph_memory.write.restate import corrected, self_corrected, switched, switched_to_held

CALLER_EXTRACTOR = "caller"
Vector = npt.NDArray[np.float32]


# A write without a source id or a time, repeated with the same text within this many seconds,
# is a retry of the same message (the same episode), not a second statement.
RETRY_WINDOW_S = 600


def episode_ids(request: WriteRequest, now: datetime, text: str) -> list[str]:
    """The ids a request's episode may have, the one to create first. The caller's source id
    identifies an episode; without one, its text and time do; without a time either, its text
    and the retry window of `now` (or the one before, where a retry began)."""
    scope = (request.user_id, request.agent_id, request.session_id)
    if request.source_id is not None:
        return [make_id("ep", *scope, "source", request.source_id)]
    if request.timestamp is not None:
        return [make_id("ep", *scope, "text", request.timestamp.isoformat(), text)]
    window = int(now.timestamp() // RETRY_WINDOW_S)
    return [make_id("ep", *scope, "retry", str(w), text) for w in (window, window - 1)]


def origin_of(request: WriteRequest) -> str:
    """Who asserted a memory, for the conflict policy's 'different sources' case."""
    return request.speaker or request.agent_id or "user"


def existing_status_changes(resolution: Resolution) -> list[StatusChange]:
    """What the conflict policy changed in facts that were already stored."""
    return [
        StatusChange(
            fact_id=fact_id,
            status=state.status,
            superseded_at=state.superseded_at,
            needs_confirmation=state.needs_confirmation,
        )
        for fact_id, state in resolution.changed_existing.items()
    ]


def ended_links(
    resolution: Resolution, episode_of: Mapping[str, str], now: datetime
) -> list[FactLink]:
    """Each fact the conflict policy ended, linked ENDED_BY the message that ended it, with
    the reason: its history (rule 3e). `episode_of`: candidate id -> its episode id; an
    ending by a retraction names its episode already."""
    return [
        FactLink(
            kind="ENDED_BY", from_id=fact_id, to_id=episode_of.get(by, by), reason=reason, at=now
        )
        for fact_id, by, reason in resolution.endings
    ]


def end_reasons(resolution: Resolution) -> list[tuple[str, FactUpdate]]:
    """Why facts already stored stopped holding, where no successor says it (a denial)."""
    return [
        (fact_id, FactUpdate(end_reason=state.end_reason))
        for fact_id, state in resolution.changed_existing.items()
        if state.end_reason is not None
    ]


@dataclass
class _Item:
    request: WriteRequest
    episode: Episode
    statements: list[ExtractedFact] = field(default_factory=list)
    mentions: list[EntityRef] = field(default_factory=list)
    candidate_ids: list[str] = field(default_factory=list)
    # the retractions its text makes (parsed once: two stages read them)
    said_retractions: list[Retraction] = field(default_factory=list)
    # what the write path found the message ends beside its text's retractions ("switched to")
    retracted: list[Retraction] = field(default_factory=list)


class WritePlanner:
    def __init__(
        self,
        store: Store,
        extractor: Extractor,
        embedder: Embedder,
        entities: EntityResolver,
        ontology: Ontology,
    ) -> None:
        self._store = store
        self._extractor = extractor
        self._embedder = embedder
        self._entities = entities
        self._ontology = ontology
        self._conflicts = ConflictResolver(ontology, self._alike)
        self._background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="embed")

    def close(self) -> None:
        self._background.shutdown(wait=True)

    def plan(
        self, requests: list[WriteRequest], now: datetime, kind: str = "message"
    ) -> tuple[WritePlan, list[WriteResult]]:
        items, order = self._new_items(requests, now, kind)
        # Episode embeddings need no extraction: compute them on the other core (in the
        # embedder's worker process, or here where torch releases the GIL) while spaCy parses
        # and the rest is planned; they are waited for only when the episode rows are built.
        episode_vectors = self._background.submit(self._embed_episodes, items)
        self._extract(items)
        plan = WritePlan()
        results: dict[str, WriteResult] = {}
        for user_id in dict.fromkeys(item.request.user_id for item in items):
            users_items = [i for i in items if i.request.user_id == user_id]
            self._plan_user(user_id, users_items, now, plan, results, episode_vectors)
        ordered: list[WriteResult] = []
        for ep_id in order:
            # Only the first request of an episode created it; repeats report created=False.
            first = results.pop(ep_id) if ep_id in results else None
            ordered.append(first or WriteResult(episode_id=ep_id, created=False))
        return plan, ordered

    # --- stages ---------------------------------------------------------------------------
    def _new_items(
        self, requests: list[WriteRequest], now: datetime, kind: str
    ) -> tuple[list[_Item], list[str]]:
        """Episodes not stored yet (nor repeated earlier in the batch), and every request's
        episode id in request order."""
        items: list[_Item] = []
        order: list[str] = []
        texts = [request.text or self._render_triples(request) for request in requests]
        ids = [episode_ids(r, now, text) for r, text in zip(requests, texts, strict=True)]
        known = self._store.existing_episode_ids([i for some in ids for i in some])
        self._check_source_ids(requests, texts, [some[0] for some in ids], known)
        for request, text, some in zip(requests, texts, ids, strict=True):
            timestamp = request.timestamp or now
            ep_id = next((i for i in some if i in known), some[0])
            order.append(ep_id)
            items.append(
                _Item(
                    request=request,
                    episode=Episode(
                        id=ep_id,
                        user_id=request.user_id,
                        agent_id=request.agent_id,
                        session_id=request.session_id,
                        text=text,
                        timestamp=timestamp,
                        source_id=request.source_id,
                        speaker=request.speaker,
                        kind=kind if request.text is not None else "structured",
                        language=detect_language(text),
                    ),
                )
            )
        fresh: list[_Item] = []
        seen = set(known)
        for item in items:
            if item.episode.id not in seen:
                seen.add(item.episode.id)
                fresh.append(item)
        return fresh, order

    def _check_source_ids(
        self, requests: list[WriteRequest], texts: list[str], ids: list[str], known: set[str]
    ) -> None:
        """A source id names one message: sent again with the same text it is a retry (nothing
        is written twice); with another text it is refused, in the batch or against the store
        (a forgotten message has no text left to compare and stays forgotten)."""
        first: dict[str, str] = {}
        for request, text, ep_id in zip(requests, texts, ids, strict=True):
            if request.source_id is None:
                continue
            if first.setdefault(ep_id, text) != text:
                raise InvalidInputError(
                    f"source_id {request.source_id!r} is given twice in the batch with "
                    "different texts: a source id names one message"
                )
        stored = self._store.get_episodes(sorted(set(first) & known))
        for episode in stored:
            if episode.text is not None and episode.text != first[episode.id]:
                raise InvalidInputError(
                    f"source_id {episode.source_id!r} was written before with a different "
                    "text: a source id names one message (send a new one for a new message)"
                )

    def _embed_episodes(self, items: list[_Item]) -> dict[str, Vector]:
        vectors = self._embedder.embed(
            [episode_search_text(item.episode.text or "", item.episode.speaker) for item in items]
        )
        return {item.episode.id: v for item, v in zip(items, vectors, strict=True)}

    def _render_triples(self, request: WriteRequest) -> str:
        return "; ".join(
            self._ontology.render(t.predicate, t.subject.name, t.object.name, t.key)
            for t in request.triples
        )

    @staticmethod
    def _speaker(item: _Item) -> str:
        """Who said the text: first person resolves to this name."""
        return item.request.speaker or item.request.user_id

    def _addressees(self, items: list[_Item]) -> dict[str, str | None]:
        """Whom each text was said to: the request's addressee, else the session's other
        speaker (the latest one before it in the batch, else the latest stored one)."""
        out: dict[str, str | None] = {}
        latest: dict[tuple[str, str], list[str]] = {}
        for item in items:
            request, speaker = item.request, self._speaker(item)
            session = (request.user_id, request.session_id or "")
            if request.session_id is not None and session not in latest:
                latest[session] = self._store.session_speakers(*session)
            seen = latest.get(session, [])
            others = [name for name in seen if name != speaker]
            out[item.episode.id] = request.addressee or (others[0] if others else None)
            if request.session_id is not None and request.speaker:
                latest[session] = [speaker, *(n for n in seen if n != speaker)]
        return out

    def _extract(self, items: list[_Item]) -> None:
        with_text = [item for item in items if item.request.text is not None]
        addressees = self._addressees(with_text)
        extractions = self._extractor.extract(
            [
                ExtractionInput(
                    text=item.episode.text or "",
                    speaker=self._speaker(item),
                    addressee=addressees[item.episode.id],
                    timestamp=item.episode.timestamp,
                )
                for item in with_text
            ]
        )
        for item, extraction in zip(with_text, extractions, strict=True):
            item.statements.extend(self_corrected(item.episode.text or "", extraction.facts))
            item.mentions.extend(extraction.mentions)
            item.statements.extend(self._restatements(item, extraction.facts))
        for item in items:
            item.statements.extend(
                ExtractedFact(triple=t, span=(0, 0), extractor=CALLER_EXTRACTOR, confidence=1.0)
                for t in item.request.triples
            )

    def _restatements(self, item: _Item, stated: Sequence[ExtractedFact]) -> list[ExtractedFact]:
        """What the message says about the speaker's earlier statements without stating them
        in full (graph_memory/write/restate.py): "Sorry, I meant Tuesday" when it states
        nothing else; "I've moved on from chess to poker"."""
        request, text = item.request, item.episode.text or ""
        item.said_retractions = retractions(text)
        if not stated:
            found = corrected(
                self._store,
                request.user_id,
                request.session_id,
                origin_of(request),
                text,
                item.episode.timestamp,
            )
            if found is not None:
                return [found]
        moved = switched(
            self._store,
            request.user_id,
            self._speaker(item),
            text,
            stated,
            item.said_retractions,
        )
        took_up = switched_to_held(
            self._store, request.user_id, self._speaker(item), text, stated, self._similarity
        )
        item.retracted.extend(dict.fromkeys(ended for _, ended in took_up))
        return [*moved, *(restated for restated, _ in took_up)]

    def _alike(self, a: str, b: str) -> float:
        return self._similarity(a, [b])[0]

    def _similarity(self, value: str, others: Sequence[str]) -> list[float]:
        """The cosine of `value`'s embedding with each of `others`' (rows are L2-normalised)."""
        vectors = self._embedder.embed([value, *others])
        return [float(x) for x in vectors[1:] @ vectors[0]]

    def _plan_user(
        self,
        user_id: str,
        items: list[_Item],
        now: datetime,
        plan: WritePlan,
        results: dict[str, WriteResult],
        episode_vectors: Future[dict[str, Vector]],
    ) -> None:
        refs = [
            ref
            for item in items
            for ref in (
                *(end for s in item.statements for end in (s.triple.subject, s.triple.object)),
                *item.mentions,
            )
        ]
        retracting = {
            item.episode.id: (EntityRef(name=self._speaker(item), type="Person"), found)
            for item in items
            if item.request.text is not None
            and (found := [*item.said_retractions, *item.retracted])
        }
        refs.extend(ref for ref, _ in retracting.values())
        entities = self._entities.resolve(user_id, refs, now)
        candidates, evidence_of = self._candidates(items, entities, now)
        endings = [
            Ending(entities.by_ref[ref].id, retraction, item.episode.timestamp, item.episode.id)
            for item in items
            if item.episode.id in retracting
            for ref, found in [retracting[item.episode.id]]
            for retraction in found
        ]
        subject_ids = list(
            dict.fromkeys([*(c.subject_id for c in candidates), *(e.subject_id for e in endings)])
        )
        active = self._store.active_facts_of_subjects(user_id, subject_ids)
        texts = {item.episode.id: item.episode.text or "" for item in items}
        said = {
            fid: Said(negated=s.negated, cue=change_cue(texts[ep_id], s))
            for fid, (ep_id, s) in evidence_of.items()
        }
        resolution = self._conflicts.resolve(candidates, active, now, said, endings)
        fact_vectors = self._embedder.embed([fact.text or "" for fact in resolution.created])

        vectors = episode_vectors.result()
        multilingual = multilingual_vectors(self._embedder, [item.episode for item in items])
        for item in items:
            vector = vectors[item.episode.id].tolist()
            plan.episodes.append(
                EpisodeRow(
                    episode=item.episode,
                    embedding=vector,
                    embedding_ml=multilingual.get(item.episode.id),
                )
            )
            mentioned = {entities.by_ref[ref].id for ref in item.mentions}
            mentioned |= {
                entities.by_ref[end].id
                for s in item.statements
                for end in (s.triple.subject, s.triple.object)
            }
            plan.mentions.extend((item.episode.id, ent_id) for ent_id in sorted(mentioned))
        for fact, vector in zip(resolution.created, fact_vectors, strict=True):
            plan.facts.append(FactRow(fact=fact, embedding=vector.tolist()))
        plan.entities.extend(entities.rows.values())
        plan.aliases.extend(entities.aliases)
        for candidate_id, (ep_id, statement) in evidence_of.items():
            if candidate_id in resolution.dropped:
                continue  # a denial or a past statement: it stored no fact
            target = resolution.reinforced.get(candidate_id, candidate_id)
            plan.evidence.append(
                EvidenceRow(
                    fact_id=target,
                    episode_id=ep_id,
                    span_start=statement.span[0],
                    span_end=statement.span[1],
                    extractor=statement.extractor,
                    confidence=statement.confidence,
                )
            )
        plan.reinforced.extend(resolution.reinforced.values())
        plan.status_changes.extend(existing_status_changes(resolution))
        plan.updates.extend(end_reasons(resolution))
        plan.links.extend(resolution.links)
        plan.links.extend(
            ended_links(resolution, {c: ep for c, (ep, _) in evidence_of.items()}, now)
        )

        changes_of: dict[str, list[FactChange]] = {}
        for by, change in resolution.changes:
            # `by` is a candidate, or the episode of a retraction
            changes_of.setdefault(evidence_of[by][0] if by in evidence_of else by, []).append(
                change
            )
        for item in items:
            fact_ids = [
                resolution.reinforced.get(c, c)
                for c in item.candidate_ids
                if c not in resolution.dropped
            ]
            results[item.episode.id] = WriteResult(
                episode_id=item.episode.id,
                created=True,
                fact_ids=tuple(dict.fromkeys(fact_ids)),
                changes=tuple(changes_of.get(item.episode.id, [])),
            )

    def _candidates(
        self, items: list[_Item], entities: ResolvedEntities, now: datetime
    ) -> tuple[list[Fact], dict[str, tuple[str, ExtractedFact]]]:
        candidates: list[Fact] = []
        evidence_of: dict[str, tuple[str, ExtractedFact]] = {}
        for item in items:
            request, episode = item.request, item.episode
            for statement in item.statements:
                triple = statement.triple
                key = slot_key(triple.key)  # "new color" is the "color" slot
                subject = entities.by_ref[triple.subject]
                obj = entities.by_ref[triple.object]
                relation = self._ontology.relation(triple.predicate)
                memory_type = request.memory_type or statement.memory_type or relation.memory_type
                # The time the statement is about ("last week"), grounded on the message time.
                when = occurred(episode.text or "", statement, episode.timestamp)
                priority = request.priority or self._ontology.priority_of(
                    triple.predicate, memory_type
                )
                expiry_days = self._ontology.memory_types[memory_type].expires_after_days
                fact_id = make_id(
                    "fact",
                    request.user_id,
                    subject.id,
                    triple.predicate,
                    obj.id,
                    key,
                    episode.id,
                    *(["denied"] if statement.negated else []),
                )
                if fact_id in evidence_of:
                    continue
                evidence_of[fact_id] = (episode.id, statement)
                item.candidate_ids.append(fact_id)
                candidates.append(
                    Fact(
                        id=fact_id,
                        user_id=request.user_id,
                        agent_id=request.agent_id,
                        session_id=request.session_id,
                        subject_id=subject.id,
                        subject_name=subject.name,
                        predicate=triple.predicate,
                        object_id=obj.id,
                        object_name=obj.name,
                        key=key,
                        text=self._ontology.render(
                            triple.predicate, subject.name, obj.name, key
                        )
                        + (f" {when.in_text(memory_type)}" if when is not None else ""),
                        occurred_at=when.start if when is not None else None,
                        occurred_text=when.text if when is not None else None,
                        memory_type=memory_type,
                        priority=priority,
                        confidence=statement.confidence,
                        valid_from=episode.timestamp,
                        created_at=now,
                        expires_at=None
                        if expiry_days is None
                        else episode.timestamp + timedelta(days=expiry_days),
                        origin=origin_of(request),
                        extractor=statement.extractor,
                    )
                )
        return candidates, evidence_of
