"""A doing's words as an object: a gerund with the preposition phrase that says what it is
done to ("listening to jazz", "working from home"), the phrasal doings that stand alone ("I
enjoy working out"), and a doing's length in words. Split from objects.py, which reads them."""

from __future__ import annotations

from typing import Any

# Phrasal verbs that are a doing on their own ("I enjoy working out", "I love eating out").
_PHRASAL_DOINGS = frozenset(
    {"work out", "eat out", "go out", "hang out", "chill out", "dine out", "sleep in", "give back"}
    | {"wake up", "stay up", "get up"}
)


_HOURS = frozenset({"early", "late"})
_DAY_HOURS_VERBS = frozenset({"wake", "stay", "get"})


def hour_of(gerund: Any) -> list[Any]:
    """The "early" / "late" of a phrasal doing of the day's hours: "waking up early", "staying
    up late" (without it, "waking up" is another thing hated)."""
    if not any(c.dep_ == "prt" for c in gerund.children):
        return []
    return [c for c in gerund.children if c.dep_ == "advmod" and c.lower_ in _HOURS]


def phrasal_doing(tokens: list[Any]) -> bool:
    verb, *rest = tokens
    rest = [t for t in rest if not (t.dep_ == "advmod" and t.lower_ in _HOURS)]
    if any(c.dep_ == "prep" for c in verb.children) and verb.lemma_.lower() in _DAY_HOURS_VERBS:
        return False  # "waking up to the sound of rain": what is liked is more than waking up
    return len(rest) == 1 and rest[0].dep_ == "prt" and (
        f"{verb.lemma_.lower()} {rest[0].lower_}" in _PHRASAL_DOINGS
    )


def doing_words(tokens: list[Any]) -> int:
    """A doing's length in words that say what it is: "making a homemade shrimp scampi" is
    four ("a" is none)."""
    return sum(1 for t in tokens if t.pos_ != "DET")


# Doings that name nothing without what they are done to: "I enjoy playing" (what?), and
# those that take it after a preposition ("listening to jazz", "thinking of names").
_NEED_OBJECT = frozenset({"play", "watch", "use", "try", "buy", "find", "see", "hear", "make"})
_ARGUMENT_PREPOSITIONS = {"listen": ("to",), "think": ("of", "about"), "talk": ("about",)}
# Doings that stand alone but are told by such a phrase when it is there: "working from home",
# "working on cars", "working with kids" ("I love working" is a liking too).
_TELLING_PREPOSITIONS = {"work": ("from", "on", "with")}


def with_its_argument(gerund: Any) -> list[Any]:
    """A lone gerund with the preposition phrase that says what it is done to ("listening to
    jazz"); [] when that is missing or a pronoun; the gerund alone when it needs none."""
    lemma = gerund.lemma_.lower()
    if lemma in _NEED_OBJECT:
        return []
    wanted = _ARGUMENT_PREPOSITIONS.get(lemma) or _TELLING_PREPOSITIONS.get(lemma)
    if wanted is None:
        return _with_complement(gerund)
    for prep in gerund.children:
        objects = [g for g in prep.children if g.dep_ == "pobj"]
        if prep.dep_ == "prep" and prep.lower_ in wanted and objects:
            if objects[0].pos_ == "PRON":
                return []
            return sorted([gerund, *prep.subtree], key=lambda t: t.i)
    return [gerund] if lemma in _TELLING_PREPOSITIONS else []


# Linking verbs: their complement is a passing state, no doing ("I hate getting sick", "I love
# feeling good": no "feeling" liked either).
_LINKING = frozenset({"be", "feel", "get", "become", "look", "seem", "sound", "go", "turn", "grow"})


def _with_complement(gerund: Any) -> list[Any]:
    """The gerund with a bare adjective right after it that it takes as its complement: "I
    love eating healthy", "I loved breaking bad" (a title in lower case), "living simple"; the
    parser gives no object, so the gerund alone would say less or another thing. A linking
    verb's complement is a state, and the gerund without it nothing."""
    complements = [c for c in gerund.children if c.dep_ == "acomp"]
    if gerund.lemma_.lower() in _LINKING:
        return [] if complements else [gerund]
    if gerund.i + 1 >= len(gerund.doc):
        return [gerund]
    after = gerund.doc[gerund.i + 1]
    if after.head != gerund or after.dep_ != "acomp" or after.pos_ != "ADJ" or list(after.children):
        return [gerund]
    return [gerund, after]
