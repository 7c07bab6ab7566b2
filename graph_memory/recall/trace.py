"""The "why recalled" trace: data first, plus one human-readable line."""

from __future__ import annotations

from graph_memory.recall.candidates import Candidate
from graph_memory.recall.models import Signal, Why


def explain(
    candidate: Candidate,
    signals: tuple[Signal, ...],
    entity_names: dict[str, str],
    notes: list[str],
) -> Why:
    matched = tuple(sorted(entity_names.get(e, e) for e in candidate.matched))
    top = sorted((s for s in signals if s.contribution > 0), key=lambda s: -s.contribution)
    parts = [", ".join(f"{s.name} {s.raw:.2f}x{s.weight:g}={s.contribution:.3f}" for s in top[:4])]
    parts.append("via " + "+".join(sorted(candidate.channels)))
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
        line="; ".join(parts),
    )
