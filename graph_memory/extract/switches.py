"""Updates that name only the new value, read from the text alone: "Actually I've switched to
squash", "I moved on to Rust", "these days it's all about swimming", "now it's coffee for me".
Pure and deterministic; the write path replaces the held value most like the new one
(graph_memory/write/restate.py). Retractions, which name what ends, are in retractions.py.
"""

from __future__ import annotations

import re

from graph_memory.extract.corrections import short_value
from graph_memory.extract.cues import sentences
from graph_memory.extract.retractions import HYPOTHETICAL, WHAT_END

# "Actually I've switched to squash": what the speaker took up, the old value unnamed.
_SWITCHED_TO = re.compile(
    r"(?:^|[^\w'])i(?:'ve|\s+have)?\s+(?:just\s+|since\s+|now\s+)?(?P<cue>switched|changed|"
    r"moved\s+on|moved\s+over|gone\s+over|went\s+over)\s+(?:over\s+)?to\s+"
    r"(?:an?\s+|the\s+)?(?P<to>[^,.;!?]+?)" + WHAT_END,
    re.IGNORECASE,
)


# "These days it's all about coffee", "Now it's coffee for me", "It's all about swimming
# now": a preference of now, stated as what "it" is ("all about" / "for me" say so).
_NOW_IT_IS = (
    re.compile(
        r"(?:^|[^\w'])(?P<cue>these\s+days|nowadays|now),?\s+it(?:'s|\s+is)\s+"
        r"(?:(?:all\s+about\s+)(?:an?\s+|the\s+)?(?P<to>[^,.;!?]+?)|(?:an?\s+|the\s+)?"
        r"(?P<to2>[^,.;!?]+?)\s+for\s+me)" + WHAT_END,
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:^|[^\w'])it(?:'s|\s+is)\s+(?:(?:all\s+about\s+)(?:an?\s+|the\s+)?(?P<to>[^,.;!?]+?)"
        r"|(?:an?\s+|the\s+)?(?P<to2>[^,.;!?]+?)\s+for\s+me)\s+"
        r"(?P<cue>these\s+days|nowadays|now)\b",
        re.IGNORECASE,
    ),
)
_OWNED = frozenset({"my", "your", "our", "his", "her", "their", "too", "so", "very"})
# "now it is easier for me": a judgement of how things are, no value taken up.
_JUDGED = frozenset(
    {"easier", "harder", "better", "worse", "simpler", "nicer", "cheaper", "faster", "slower",
     "bigger", "smaller", "busier", "quieter", "calmer", "happier", "tougher", "safer",
     "healthier", "lighter", "heavier", "best", "worst", "fine", "good", "great", "bad",
     "hard", "easy", "different", "ok", "okay", "enough", "much", "more", "less"}
)  # fmt: skip


def switched_to(text: str) -> list[tuple[str, str, tuple[int, int]]]:
    """(cue, value, value span) for each "I've switched to squash" / "I moved on to Rust" /
    "these days it's all about swimming" / "now it's coffee for me" of the message whose
    sentence names no old value ("from X" is a retraction) and is no question or
    conditional: a short value (corrections.short_value)."""
    found: list[tuple[str, str, tuple[int, int]]] = []
    for s_start, s_end in sentences(text):
        sentence = text[s_start:s_end].replace("\u2019", "'")
        if sentence.rstrip().endswith("?") or HYPOTHETICAL.match(sentence):
            continue
        for pattern in _NOW_IT_IS:
            for m in pattern.finditer(sentence):
                group = "to" if m.group("to") else "to2"
                value = short_value(m.group(group))
                if value is None or value.split()[0].lower() in _OWNED or (
                    group == "to2" and value.split()[0].lower() in _JUDGED
                ):
                    continue
                start = s_start + m.start(group)
                cue = f"{' '.join(m.group('cue').split())} it's"  # "ended: 'now it's coffee'"
                found.append((cue, value, (start, start + len(value))))
        for m in _SWITCHED_TO.finditer(sentence):
            value = short_value(m.group("to"))
            if value is None or re.search(r"\bfrom\b", sentence, re.IGNORECASE):
                continue
            start = s_start + m.start("to")
            found.append(
                (f"{' '.join(m.group('cue').split())} to", value, (start, start + len(value)))
            )
    return found
