"""Corrections of a value the speaker just said, read from the text alone: the whole message
("Sorry, I meant Tuesday.", "No wait, it's due Thursday.", "Sorry, she lives in Lyon, not
Paris.", "Not Paris, Lyon.") or the end of a sentence ("I live in Paris, I mean Lyon."). Pure
and deterministic; the write path restates the corrected fact (graph_memory/write/restate.py).
Retractions, which end what was said, are in graph_memory/extract/retractions.py.
"""

from __future__ import annotations

import re

from graph_memory.extract.cues import sentences

# What no value starts with: a pronoun, a stand-in ("something else"), a filler.
NOT_A_VALUE = frozenset(
    {
        "it", "that", "this", "you", "i", "we", "he", "she", "they", "to", "what", "nothing",
        "something", "yes", "yeah", "yep", "no", "nope", "ok", "okay", "sure", "well", "like",
        "so", "really", "just", "literally", "basically", "anything",
        "everything", "other", "another", "more", "it's", "its", "that's", "thats",
    }
)  # fmt: skip
MAX_VALUE_WORDS = 4


def short_value(phrase: str) -> str | None:
    """A short value as written ("poker", "oat milk"); None for a long phrase or one that
    starts with a pronoun or a stand-in ("something else")."""
    words = phrase.strip(" '\"").split()
    if not words or len(words) > MAX_VALUE_WORDS or words[0].lower() in NOT_A_VALUE:
        return None
    return " ".join(words)


# --- bare corrections: "Sorry, I meant Tuesday." ---------------------------------------------

# The words that open a correction: "Sorry, ...", "Oops, my mistake, ...", "Scratch that, ...".
_OOPS = (
    r"(?:oh|oops|whoops|sorry|no|wait|my\s+bad|my\s+mistake|(?:my\s+)?typo|correction|actually|"
    r"wrong\s+\w+|scratch\s+that)"
)
_BARE_CORRECTION = re.compile(
    rf"^\W*(?:{_OOPS}\W+)*"
    r"(?P<cue>i\s+meant|i\s+mean|correction|make\s+(?:that|it)|i\s+should\s+have\s+said)\W+"
    r"(?P<value>[^.!?;,]+?)(?:,\s*not\s+[^.!?;]+)?\W*$",
    re.IGNORECASE,
)
_IT_IS_CORRECTION = re.compile(
    rf"^\W*(?P<cue>(?:{_OOPS}\W+)+(?:it's|it\s+is|that's|that\s+is))\s+(?:due\s+|on\s+|at\s+)?"
    r"(?P<value>[^.!?;,]+?)(?:,\s*not\s+[^.!?;]+)?\W*$",
    re.IGNORECASE,
)
_NOT_X_CORRECTION = re.compile(
    rf"^\W*(?P<cue>(?:oh\W+)?(?:{_OOPS}|no\W+wait|wait\W+no|i\s+meant|i\s+mean))\b"
    r"(?P<body>[^.!?;]*?),\s*not\s+(?P<old>[^,.;!?]{1,40}?)\W*$",
    re.IGNORECASE,
)
_NOT_X_Y = re.compile(
    rf"^\W*(?:(?:{_OOPS}|i\s+mean)\W+)*(?P<cue>not)\s+"
    r"(?P<old>[^,.;!?]{1,40}?),\s*(?:it's\s+|it\s+is\s+)?(?P<value>[^,.;!?]{1,40}?)\W*$",
    re.IGNORECASE,
)


def bare_correction(text: str) -> tuple[str, str, tuple[int, int]] | None:
    """(cue, value, value span) when the whole message corrects the value of what the speaker
    just said ("Sorry, I meant Tuesday.", "Oops, make that two", "I meant Lisbon, not
    Porto"); None otherwise (a value of more than four words, or one that starts with a pronoun
    or "to": "I meant it", "I meant to say hi")."""
    return _whole_message_value(_BARE_CORRECTION, text)


def not_x_correction(text: str) -> tuple[str, str, str, tuple[int, int]] | None:
    """(cue, value, old value, value span) when the whole message corrects a value it names:
    "Sorry, she lives in Lyon, not Paris." -> Lyon for Paris; the new value is the words
    before ", not", as many as the old value has ("I meant the 15th, not the 12th"). Or the
    old value first: "Not Paris, Lyon.", "No, not Tuesday, Wednesday."."""
    m = _NOT_X_Y.match(text.strip())
    if m is not None:
        old, value = m.group("old").strip(" '\""), m.group("value").strip(" '\"")
        if short_value(old) is None or short_value(value) is None:
            return None
        start = text.rindex(value)
        return f"not {old}", value, old, (start, start + len(value))
    m = _NOT_X_CORRECTION.match(text.strip())
    if m is None:
        return None
    old = m.group("old").strip(" '\"")
    words = re.findall(r"[\w'-]+", m.group("body"))[-len(old.split()) :]
    if not words or {words[0].lower(), old.split()[0].lower()} & NOT_A_VALUE:
        return None
    value = " ".join(words)
    end = text.rfind(value, 0, text.lower().rfind("not"))
    if end < 0:
        return None
    return " ".join(m.group("cue").split()), value, old, (end, end + len(value))


def it_is_correction(text: str) -> tuple[str, str, tuple[int, int]] | None:
    """(cue, value, value span) when the whole message corrects, by "it's", the value just
    said: "No wait, it's due Thursday.", "Sorry, it's 555-4321.", "Actually it's on Friday.",
    "Sorry, wrong number, it's 4321." It needs a leading correction word; the write path also
    checks that the value looks like the one it replaces (graph_memory/write/restate.py)."""
    return _whole_message_value(_IT_IS_CORRECTION, text)


def _whole_message_value(
    pattern: re.Pattern[str], text: str
) -> tuple[str, str, tuple[int, int]] | None:
    """(cue, value, value span) when the pattern matches the whole message and its value is a
    short one (at most MAX_VALUE_WORDS words, not starting with a pronoun or stand-in)."""
    m = pattern.match(text.strip())
    if m is None:
        return None
    value = m.group("value").strip()
    if short_value(value) is None:
        return None
    start = text.index(value)
    return " ".join(m.group("cue").split()), value, (start, start + len(value))


# "I live in Paris, I mean Lyon.": the value just said, corrected within the sentence.
_SELF_CORRECTION = re.compile(
    rf"[,;]\s*(?:{_OOPS}\W+)*(?P<cue>i\s+mean|i\s+meant|no\s+wait|make\s+that|or\s+rather)"
    r"\W+(?P<value>[^,.;!?]+?)\W*(?=[.!?]|$)",
    re.IGNORECASE,
)


def self_correction(text: str) -> list[tuple[str, str, tuple[int, int]]]:
    """(cue, value, value span) for each sentence that corrects its own value at its end:
    "I live in Paris, I mean Lyon.", "I have two cats, no wait, three cats."."""
    found: list[tuple[str, str, tuple[int, int]]] = []
    for s_start, s_end in sentences(text):
        m = _SELF_CORRECTION.search(text[s_start:s_end])
        if m is None or (value := short_value(m.group("value"))) is None:
            continue
        start = s_start + m.start("value")
        found.append((" ".join(m.group("cue").split()), value, (start, start + len(value))))
    return found
