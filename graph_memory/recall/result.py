"""A recall result: a scored candidate as returned, with its sources, history, conflicts and
"why recalled" trace."""

from __future__ import annotations

from typing import Literal

from graph_memory.language import Language
from graph_memory.models import Fact, FactLink
from graph_memory.recall.candidates import Candidate
from graph_memory.recall.models import LinkedFact, RecallRequest, RecallResult, Signal
from graph_memory.recall.outdated import OUTDATED_FACTOR, Outdated
from graph_memory.recall.trace import explain

EPISODE_MEMORY_TYPE = "event"


def recall_result(
    request: RecallRequest,
    query_language: Language,
    score: float,
    signals: tuple[Signal, ...],
    c: Candidate,
    sources: dict[str, list[tuple[str, str | None]]],
    links: list[FactLink],
    linked: dict[str, Fact],
    entity_names: dict[str, str],
    outdated: Outdated | None = None,
) -> RecallResult:
    """One returned memory with its trace: its text, sources, history and conflicts (the facts
    it supersedes or conflicts with, in `linked`), and the notes `why` carries."""
    superseded: list[LinkedFact] = []
    conflicts: list[LinkedFact] = []
    notes: list[str] = []
    derived_from: list[str] = []
    relation: Literal["superseded", "conflicts_with"]
    status: str
    for link in links:
        if c.id not in (link.from_id, link.to_id):
            continue
        other_id = link.to_id if link.from_id == c.id else link.from_id
        other = linked.get(other_id)
        if link.kind == "SUPERSEDES" and link.from_id == c.id:
            notes.append(f"supersedes {other_id} ({link.reason})")
            target = superseded
            relation = "superseded"
        elif link.kind == "CONFLICTS_WITH":
            notes.append(f"conflicts with {other_id} ({link.reason})")
            target = conflicts
            relation = "conflicts_with"
        elif link.kind == "MERGED_INTO":
            notes.append(
                f"merged into {other_id}"
                if link.from_id == c.id
                else f"near-duplicate {other_id} merged into it"
            )
            continue
        elif link.kind == "ENDED_BY":
            notes.append(f"ended by message {other_id}")  # the reason: its end_reason note
            continue
        elif link.kind == "DERIVED_FROM":
            if link.from_id == c.id:
                derived_from.append(other_id)
            else:
                notes.append(f"backs semantic memory {other_id}")
            continue
        else:
            notes.append(f"superseded by {other_id} ({link.reason})")
            continue
        if other is not None:
            target.append(
                LinkedFact(
                    id=other.id,
                    text=other.text,
                    status=other.status,
                    relation=relation,
                    reason=link.reason,
                    at=link.at,
                    valid_from=other.valid_from,
                )
            )
    if derived_from:
        notes.append(
            f"semantic memory consolidated from {len(derived_from)} facts "
            f"({', '.join(sorted(derived_from))})"
        )
    if c.fact is not None:
        pairs = sources.get(c.id, [])
        episode_ids = tuple(eid for eid, _ in pairs)
        source_ids = tuple(sid for _, sid in pairs if sid is not None)
        text, memory_type, status = c.fact.text, c.fact.memory_type, c.fact.status
        timestamp, needs = c.fact.valid_from, c.fact.needs_confirmation
        if needs:
            notes.append("needs confirmation")
        if c.fact.occurred_at is not None:
            said = f" ('{c.fact.occurred_text}')" if c.fact.occurred_text else ""
            notes.append(f"about {c.fact.occurred_at.date().isoformat()}{said}")
        if c.fact.status == "superseded" and c.fact.end_reason:
            ended = c.fact.superseded_at
            notes.append(
                f"{c.fact.end_reason}" + (f" on {ended.date().isoformat()}" if ended else "")
            )
    else:
        assert c.episode is not None
        episode_ids = (c.episode.id,)
        source_ids = (c.episode.source_id,) if c.episode.source_id else ()
        text, memory_type, status = c.episode.text, EPISODE_MEMORY_TYPE, c.episode.status
        timestamp, needs = c.episode.timestamp, False
        if outdated is not None:
            notes.append(f"{outdated.reason} (score x{OUTDATED_FACTOR:g})")
    why = (
        explain(c, signals, entity_names, notes, query_language)
        if request.explain
        else None
    )
    return RecallResult(
        id=c.id,
        kind=c.kind,
        text=text,
        score=score,
        memory_type=memory_type,
        status=status,
        timestamp=timestamp,
        episode_ids=episode_ids,
        source_ids=source_ids,
        needs_confirmation=needs,
        outdated=outdated is not None,
        why=why,
        superseded=tuple(superseded),
        conflicts=tuple(conflicts),
    )
