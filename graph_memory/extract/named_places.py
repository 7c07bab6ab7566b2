"""The named places a word is told with by a preposition: "to Costa Rica", "in Bali and Java",
"to Santorini, Greece", "my time in Japan". Read by trip_memories.py and place_experiences.py,
which differ on purpose in the prepositions and in what more they take (see their calls)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import PLACE_LABELS


def places_after(
    holders: list[Any],
    prepositions: frozenset[str],
    *,
    appositions: bool = False,
    proper_only: bool = False,
) -> list[Any]:
    """The place entities (GPE, LOC) a preposition of `prepositions` on one of the holders
    takes as its object, or joined to that object ("in Rome and Florence"); with
    `appositions` also one set beside it ("to Santorini, Greece"); with `proper_only` only
    those whose head word is a proper noun."""
    nouns = [g for h in holders for p in h.children if p.dep_ == "prep" and p.lower_ in prepositions
             for g in p.children if g.dep_ == "pobj"]
    nouns += [c for n in nouns for c in n.conjuncts]
    if appositions:
        nouns += [c for n in nouns for c in n.children if c.dep_ == "appos"]
    ents = {ent.root.i: ent for ent in holders[0].doc.ents if ent.label_ in PLACE_LABELS}
    return [ents[n.i] for n in nouns if n.i in ents and (not proper_only or n.pos_ == "PROPN")]
