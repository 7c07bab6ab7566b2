"""The "why recalled" trace: data first, plus one human-readable line."""

from __future__ import annotations

from graph_memory.language import Language, detect_language
from graph_memory.recall.candidates import Candidate
from graph_memory.recall.models import ChannelLanguage, Signal, Why

_TEXT_CHANNELS = ("keyword", "vector")


def languages(candidate: Candidate, query_language: Language | None) -> tuple[ChannelLanguage, ...]:
    """The languages each text channel matched in: the question's and the memory's (a
    message's stored language, else its text's; a fact's text's)."""
    if query_language is None:
        return ()
    memory: Language | None = None
    if candidate.episode is not None:
        memory = candidate.episode.language or detect_language(candidate.episode.text or "")
    elif candidate.fact is not None:
        memory = detect_language(candidate.fact.text or "")
    if memory is None:
        return ()
    return tuple(ChannelLanguage(channel=channel, query=query_language, memory=memory)
                 for channel in _TEXT_CHANNELS if channel in candidate.channels)


def _language_part(found: tuple[ChannelLanguage, ...]) -> str:
    """ "vector en->zh (cross-lingual), keyword zh" """
    parts = []
    for f in found:
        if f.query == f.memory:
            parts.append(f"{f.channel} {f.query}")
        else:
            across = " (cross-lingual)" if "en" in (f.query, f.memory) else ""
            parts.append(f"{f.channel} {f.query}->{f.memory}{across}")
    return "languages " + ", ".join(parts)


def explain(
    candidate: Candidate,
    signals: tuple[Signal, ...],
    entity_names: dict[str, str],
    notes: list[str],
    query_language: Language | None = None,
) -> Why:
    matched = tuple(sorted(entity_names.get(e, e) for e in candidate.matched))
    top = sorted((s for s in signals if s.contribution > 0), key=lambda s: -s.contribution)
    parts = [", ".join(f"{s.name} {s.raw:.2f}x{s.weight:g}={s.contribution:.3f}" for s in top[:4])]
    parts.append("via " + "+".join(sorted(candidate.channels)))
    found = languages(candidate, query_language)
    if found:
        parts.append(_language_part(found))
    if matched:
        parts.append("entities " + ", ".join(matched))
    if candidate.path:
        parts.append(
            "path "
            + " -> ".join(
                f"{step.node_name or step.node_id}"
                if step.relation == "start"
                else f"[{step.relation}] {step.node_name or step.node_id}"
                for step in candidate.path
            )
        )
    if candidate.said_by is not None:
        # The query names its speaker: what they said of themselves (recall/subjects.py).
        notes = [*notes, f"said by {entity_names.get(candidate.said_by, candidate.said_by)}"]
    if candidate.episode is not None and candidate.drawn:
        # Its facts among the candidates lent it their evidence (recall/provenance.py).
        notes = [*notes, "facts drawn from it: " + ", ".join(sorted(candidate.drawn))]
    parts.extend(notes)
    return Why(
        signals=signals,
        channels=tuple(sorted(candidate.channels)),
        matched_entities=matched,
        path=candidate.path,
        notes=tuple(notes),
        languages=found,
        line="; ".join(parts),
    )
