"""An illness or a state of health told as over: had (or been) at a time now past, "I had a
cold a few weeks ago", "I was sick just a few weeks ago", "I had the flu over the weekend",
"back in college I had depression", "I had asthma when I was a kid". The simple past of a
state ("had", "was") placed at a past time says it held then, not that it holds now: a
passing state that is over is no HAS_CONDITION (the guidelines' "a passing state is no
HAS_CONDITION"). Kept: a condition had until now ("I've had asthma since I was a kid"), one
still felt ("I had covid last week and I still can't taste anything"), and one come on at
that time, whose end the words do not tell ("I broke my leg skiing last month", "I caught a
cold last week": the onset verbs, not "had" or "was")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.match import Match

# Time units a "last ..." or "... ago" places the state in ("last week", "two years ago").
_UNITS = frozenset({"day", "week", "weekend", "month", "year", "summer", "winter", "spring",
                    "fall", "autumn", "semester", "night", "time"})
# What the speaker was when it held: "when I was a kid", "as a child".
_YOUTH = frozenset({"kid", "child", "teen", "teenager", "baby", "toddler", "little", "young",
                    "younger", "boy", "girl"})


def without_conditions_over(doc: Any, matches: list[Match]) -> list[Match]:
    """The matches but HAS_CONDITION of a state had or been at a past time now over."""
    return [m for m in matches if m.relation != "HAS_CONDITION" or not _over(doc, m)]


def _over(doc: Any, match: Match) -> bool:
    span = doc.char_span(match.span[0], match.span[1], alignment_mode="expand")
    if span is None:
        return False
    verb = _state_verb(span)
    if verb is None or any(t.lower_ == "still" for t in verb.sent):
        return False
    return past_time(verb)


def _state_verb(span: Any) -> Any | None:
    """The simple-past "had" / "was" that holds the condition ("I had a cold", "I was sick"),
    not a perfect ("I've had"), nor a helper ("I was suffering", "I was diagnosed")."""
    word = span[-1]
    for _ in range(4):
        if word.lemma_.lower() in ("have", "be") and word.tag_ == "VBD" and word.dep_ not in (
                "aux", "auxpass"):
            perfect = any(c.dep_ == "aux" for c in word.children)
            return None if perfect else word
        if word.head.i == word.i:
            return None
        word = word.head
    return None


def past_time(verb: Any) -> bool:
    """Whether the verb's own clause places it at a past time: "a few weeks ago", "last
    month", "yesterday", "over the weekend", "back in college", "when I was a kid"."""
    for child in verb.children:
        if child.dep_ in ("conj", "ccomp", "xcomp", "advcl") and not _while_young(child):
            continue
        words = [t.lower_ for t in child.subtree]
        lemmas = {t.lemma_.lower() for t in child.subtree}
        if "ago" in words or "yesterday" in words:
            return True
        if "last" in words and lemmas & _UNITS:
            return True
        # "over the weekend", "over the holidays": a stretch of time gone by
        if words[:2] == ["over", "the"] and lemmas & (_UNITS | {"holiday", "break"}):
            return True
        # "back in college", "back then", "back in 2019": a time of one's past
        if child.dep_ == "advmod" and child.lower_ == "back" and len(words) > 1:
            return True
        if _while_young(child):
            return True
    return False


def _while_young(clause: Any) -> bool:
    """ "when I was a kid", "as a child", "when I was little": a time of youth now past."""
    words = [t.lower_ for t in clause.subtree]
    return bool(words) and words[0] in ("when", "as") and bool(set(words) & _YOUTH) and (
        "was" in words or words[0] == "as")
