"""A pastime told by its own verb with how often it is done: "I usually jog", "I often swim at
the lake", "I hike regularly". The routine reading needs an object or a recurring time beside a
bare verb ("I usually play": play what?), but a pastime's verb names the doing on its own, so
the frequency makes it a pastime as "a lot" does ("I hike a lot"). Only a plain doing: a verb
with a particle, a complement or another adverb is an idiom of the day ("I usually run late",
"I often run out of time", "I always cook too much")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.chat_laughs import is_laugh

# How often, as a lasting pattern ("sometimes", "occasionally" say too little).
_FREQUENT = frozenset({
    "usually", "often", "regularly", "always", "normally", "frequently", "typically", "generally",
})  # fmt: skip
# Adverbs that leave the doing as it is: "I also usually swim", "I still run often".
_PLAIN = frozenset({"also", "just", "really", "still", "too", "mostly", "mainly", "quite"})
# Where or with whom it is done: "at the lake", "with my dog", "in the park". A time or a
# context ("on weekends", "before bed", "to work") is the routine's key: the habit reads it.
_SETTINGS = frozenset({"at", "in", "with", "around", "along", "near"})
_SUBORDINATORS = frozenset({"if", "when", "whenever", "unless", "once", "while", "because"})
_TIMES = frozenset({"morning", "afternoon", "evening", "night", "summer", "winter", "spring",
                    "fall", "autumn"})
# Parts of a clause that make the verb another doing than the pastime ("run out", "run late").
_OTHER = frozenset({"prt", "acomp", "oprd", "xcomp", "ccomp", "advcl", "dative", "attr", "agent"})


def told_as_frequent(verb: Any) -> bool:
    """Whether the pastime verb is told with a frequency and nothing that makes it another
    doing ("I usually jog", not "I usually run late")."""
    if not _main_clause(verb if verb.dep_ != "conj" else verb.head):
        return False  # "If I'm stressed I usually bake" (read as the complement of "stressed")
    adverbs = [c for c in verb.children if c.dep_ == "advmod"]
    if not any(a.lower_ in _FREQUENT for a in adverbs):
        return False
    for child in verb.children:
        if child.dep_ == "advmod" and child.lower_ not in _FREQUENT | _PLAIN:
            return False  # "I usually run late", "I always cook too much"
        if child.dep_ in _OTHER:
            return False  # "I often run out of time"
        if child.dep_ == "prep" and (child.lower_ not in _SETTINGS or _keyed_or_idiom(child)):
            return False  # "I usually run into trouble", "I always draw from memory", "with it"
    return True


def _main_clause(verb: Any) -> bool:
    """A clause of its own: the root, or a clause with its own "I" spliced onto another with
    no word that subordinates it ("lol i usually jog", read as a relative clause of "lol");
    none after an "if" or "when" ("If I'm stressed I usually bake": a routine of a mood)."""
    if any(t.lower_ in _SUBORDINATORS and t.dep_ in ("mark", "advmod")
           for t in verb.sent if t.i < verb.i):
        return False
    if verb.dep_ == "ROOT":
        return True
    if verb.dep_ == "relcl" and not is_laugh(verb.head.lower_):
        return False  # "the trail I usually hike": the trail's, no pastime told
    return (
        verb.dep_ in ("ccomp", "relcl", "advcl")
        and any(c.dep_ == "nsubj" and c.lower_ == "i" for c in verb.children)
        and not any(c.dep_ in ("mark", "advmod") and c.tag_ in ("IN", "WRB", "WDT")
                    for c in verb.children)
    )


def _keyed_or_idiom(prep: Any) -> bool:
    """ "in the morning": a recurring time, the routine's key; and "with it", an idiom ("I
    usually run with it")."""
    return any(g.dep_ == "pobj" and (g.lemma_.lower() in _TIMES or g.pos_ == "PRON")
               for g in prep.children)
