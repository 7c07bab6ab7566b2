"""A work watched, read, played or listened to under a past verb that says it was done is a
deed: "I went to watch Oppenheimer with my wife", "we went to play Catan at a friend's", "I
finally got to play Elden Ring", "we managed to read the whole trilogy", as "I finished
reading Dune" and "I tried playing Elden Ring" are (finished_doings.py). The open fallback
finds such a carrier (open_aspect.carrier_of: a past "went to", "got to", "managed to",
"finished", "tried"); the deed takes its subject, tense and polarity. Not a carrier that leaves
the deed under way or ahead ("I started watching Suits", "I kept playing", "I'm going to watch
Dune", "I get to play it on Friday"), nor time spent doing it ("I've spent hours this week
playing video games" tells a while spent, mostly on a kind of thing: the plain open reading)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.finished_doings import finished_doing

# Carriers whose past says the doing under them took place: one went out to do it, got to or
# managed to do it (open_aspect.carrier_of checks they are past).
_DONE_BY = frozenset({"go", "get", "manage"})


def carried_deed(verb: Any, carrier: Any) -> bool:
    """Whether `carrier`, the verb carrying `verb`'s tense, says the doing was done."""
    finisher = finished_doing(verb)
    if finisher is not None:
        return bool(carrier.i == finisher.i)
    return carrier.lemma_.lower() in _DONE_BY and carrier.tag_ in ("VBD", "VBN")
