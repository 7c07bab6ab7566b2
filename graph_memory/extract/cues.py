"""Change cues: the words that say a statement changes, ends or corrects what was said before.

Pure and deterministic. `statement_cue(text, span, object_name)` reads the sentence of one
extracted statement (its clause at `span`) and returns the cue that applies to it, with its
kind; `classify(cue)` gives the kind of a cue set by the extractor ("used to"). The conflict
policy (graph_memory/write/conflict_policy.py) acts on the kind and keeps the cue as written
as the reason.

- `update`: actually, now, these days, nowadays, currently, instead, instead of X, rather
  than X, switched / changed / moved (on) to Y, from now on, and a sentence opened by "I've
  changed my mind" or "change of plans". The statement replaces the
  speaker's current statement of the same relation and context. "actually", "now",
  "currently", "these days", "nowadays" and "lately" are *weak* (often mere discourse, or what holds
  now beside the rest: "These days I'm really into cooking" ends no love of hiking): they
  replace only within a keyed slot ("my favorite color is red now") or a single-valued
  relation.
- `correction`: sorry I meant, I meant, I mean, correction, no wait, after all, to correct
  myself, on second thought, not X but Y. A comparison said with a change cue names the value
  it replaces ("I like coffee more than tea now"). The same, for a statement that corrects the one
  before.
- `past`: used to, previously, formerly, switched / moved (on, away) from X, gave up X, quit
  X, stopped X. The statement held before and no longer does: it ends its current twin (or
  is stored as history).
- `ended`: not ... anymore, no longer, any longer, any more. On a denial (a statement the
  extractor marks `negated`: "I'm not vegetarian anymore") it is the reason the conflict
  policy ends the denied fact with; on a positive statement ("I don't eat meat anymore" =
  AVOIDS) it is only the reason of the contradiction the statement causes.

Retractions and whole-message corrections, which need no extracted statement, are in
graph_memory/extract/retractions.py.

Scope: a cue applies to the statements of its own segment of the sentence (segments are cut at
",", ";", " but ", " whereas ", " while " and " and now "); a leading discourse cue of the
sentence ("Actually, ...", "Sorry, I meant ...", "No wait, ...") applies to the whole sentence.
"from X" cues are `past` for a statement whose object is X and `update` (replacing X) for the
others of the sentence; so is a trailing ", not X" ("I want to learn Portuguese, not
Spanish"). A segment's strong cue wins over a weak one ("Actually I've switched to green tea":
"switched to"). Words of addition ("also", "too", "as well", "another", "in addition",
"both") cancel `update` cues of their segment: "now I also play piano" adds a hobby.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from graph_memory.models import ExtractedFact

CueKind = Literal["update", "correction", "past", "ended"]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
# "and" that opens a clause of its own: "I quit Google and joined Meta" (what was quit is not
# what was joined).
NEW_CLAUSE_AND = (
    r"\s+and\s+(?=(?:then\s+)?(?:i\s+|i've\s+|i'm\s+)?(?:joined|started|moved|switched|took|"
    r"got|went|began|became|found|picked|signed|decided)\b)"
)
_SEGMENT_CUT = re.compile(
    r"[,;]|\s(?:but|whereas|while|and now|though)\s|" + NEW_CLAUSE_AND, re.IGNORECASE
)
_ADDITION = re.compile(
    r"\b(?:also|too|as well|another|in addition|additionally|both|plus)\b", re.IGNORECASE
)
_NAME_END = r"(?=\s+(?:to|for|with|and|but|because|since|now|these days)\b|[,.;!?]|$)"

# "my favorite band was always Muse", "... and it still is": a past favorite that holds.
_STILL_SO = re.compile(r"\b(?:was|were)\s+always\b|\bstill\b", re.IGNORECASE)
# A partnership ended: the partner the sentence names is a past one.
_PARTNERS = frozenset(
    {"boyfriend", "girlfriend", "husband", "wife", "partner", "fiance", "fiancee"}
)
_PARTING = re.compile(r"\b(?:broke\s+up|split\s+up|got\s+divorced|divorced|separated)\b", re.I)
# Relations of a person or pet the speaker has: a deed stopped or quit ends none of them.
_KIN = frozenset({"HAS_RELATIVE", "HAS_PET"})
_DEED_ENDED = re.compile(r"gave\s+up|give\s+up|quit|stopped", re.IGNORECASE)

# Cues that open a sentence and apply to all of it.
_LEADING = re.compile(
    r"^\W*(?P<cue>(?:oh,?\s+)?(?:sorry,?\s+)?(?:i\s+meant|i\s+mean|correction|no,?\s+wait|"
    r"wait,?\s+no|to\s+correct\s+myself|actually|scratch\s+that|on\s+second\s+thoughts?|"
    r"(?:oops|whoops|my\s+bad|my\s+mistake)(?:,?\s+i\s+meant)?|i\s+misspoke|"
    r"(?:so\s+|well,?\s+)?i(?:'ve|\s+have)?\s+changed\s+my\s+mind|change\s+of\s+plans?))\b",
    re.IGNORECASE,
)
# Leading cues that tell a change of mind, not a mistake: "I've changed my mind, I want to
# learn French" (an update, which never replaces an event).
_CHANGE_OF_MIND = re.compile(r"actually|.*\bchanged\s+my\s+mind|change\s+of\s+plans?", re.I)
_CORRECTING_OPENER = re.compile(
    r"(?:oh\W+)?(?:sorry|oops|whoops|no\W+wait|wait\W+no|my\s+bad|wrong\s+\w+|correction)\b"
)
# (kind, pattern); the first match in a segment wins, in this order.
_CUE_PATTERNS: tuple[tuple[CueKind, str], ...] = (
    (
        "past",
        r"\b(?P<cue>(?:switched|changed|moved(?:\s+on)?|moved\s+away|went|transitioned)"
        r"\s+(?:over\s+)?from)\s+(?P<from>.+?)" + _NAME_END,
    ),
    ("past", r"\b(?P<cue>used\s+to|previously|formerly|gave\s+up|give\s+up|quit|stopped)\b"),
    ("correction", r"\b(?P<cue>i\s+meant|i\s+mean|after\s+all|to\s+correct\s+myself)\b"),
    ("correction", r"\bnot\s+(?P<from>[\w' -]+?),?\s+(?P<cue>but)\s"),
    ("update", r"\b(?P<cue>instead\s+of|rather\s+than)\s+(?P<from>.+?)" + _NAME_END),
    # "I switched to the gel cream from the water gel": the old value named after the new
    (
        "update",
        r"\b(?P<cue>(?:switched|changed|moved(?:\s+on)?|transitioned)\s+(?:over\s+)?to)\s+"
        r"[^,;]+?\s+from\s+(?P<from>(?:[\w'-]+\s+){0,3}?[\w'-]+)"
        r"(?=\s+(?:to|for|with|and|but|because|since|now|these days|when|while|after|as|so)\b"
        r"|[,.;!?]|$)",
    ),
    (
        "update",
        r"\b(?P<cue>(?:switched|changed|moved(?:\s+on)?|transitioned)\s+(?:over\s+)?to"
        r"|from\s+now\s+on|these\s+days|nowadays|lately|currently|instead|actually)\b",
    ),
    ("ended", r"\b(?P<cue>no\s+longer|any\s?more|any\s+longer)\b"),
    (
        "update",
        r"(?<!right\s)(?<!just\s)(?<!until\s)(?<!by\s)\b(?P<cue>now)\b"
        r"(?!\s+(?:and|or)\s)",
    ),
)
_SEGMENT_CUES: tuple[tuple[CueKind, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in _CUE_PATTERNS
)
# "..., not Spanish." closing a sentence names the value a correction or update replaces.
_TRAILING_NOT = re.compile(r",\s*(?:and\s+)?not\s+(?P<from>[\w' -]{1,40}?)\W*$", re.IGNORECASE)
# "I like coffee more than tea now": a comparison said with a change cue names the old value
# (without one it changes nothing: "I like coffee more than tea").
_MORE_THAN = re.compile(
    r"\b(?:more|better|rather)(?:\s+[\w'-]+){0,3}?\s+than\s+(?P<from>(?:[\w'-]+\s+){0,2}?[\w'-]+)"
    r"(?=\s+(?:now|these\s+days|nowadays|anymore|any\s+more)\b|[,.;!?]|$)",
    re.IGNORECASE,
)


# Update cues that are often mere discourse ("Actually, I want to go hiking this weekend"):
# they replace a statement of a keyed slot or a single-valued relation, never one of several
# coexisting values (graph_memory/write/conflict_policy.py).
WEAK_CUES = frozenset(
    {"actually", "now", "currently", "these days", "nowadays", "lately", "其实", "现在"}
)
# The cues the Chinese extractor sets (graph_memory/extract/chinese.py), by kind: 其实 / 现在
# are weak like "actually" / "now"; 以前…现在 is the "I used to ..., now ..." of the new
# statement; 不再 is "no longer"; 我是说 / 说错了 are "I meant" / "sorry, wrong".
_CHINESE_CUES: dict[str, CueKind] = {
    "现在改成": "update",
    "改成": "update",
    "换成": "update",
    "以前…现在": "update",
    "其实": "update",
    "现在": "update",
    "不再": "ended",
    "我是说": "correction",
    "说错了": "correction",
}


@dataclass(frozen=True)
class Cue:
    """A change cue that applies to one statement."""

    kind: CueKind
    text: str = ""
    replaced: str | None = None  # the old value the sentence names ("from tea", "instead of X")

    @property
    def weak(self) -> bool:
        return self.kind == "update" and self.text.lower() in WEAK_CUES

    @property
    def rejected(self) -> bool:
        """A past cue of the value set aside ("cycling instead of running", "tea rather than
        coffee"): it ends what held, but says nothing held before ("switched from", "used to"
        do)."""
        return self.kind == "past" and self.text.lower().startswith(("instead", "rather"))


def classify(cue: str) -> CueKind:
    """The kind of a cue given as written (e.g. by the extractor)."""
    if cue in _CHINESE_CUES:
        return _CHINESE_CUES[cue]
    words = " ".join(cue.lower().split())
    if words.endswith(" from"):
        return "past"
    if _LEADING.fullmatch(words) and not _CHANGE_OF_MIND.fullmatch(words):
        return "correction"
    if _CORRECTING_OPENER.match(words):
        return "correction"  # "sorry, it's", "no wait, it's" (it_is_correction)
    for kind, pattern in _SEGMENT_CUES:
        if pattern.search(f" {words} "):
            return kind
    return "update"


def sentence_of(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """The [start, end) of the sentence holding the span's start."""
    start, end = 0, len(text)
    for m in _SENTENCE_END.finditer(text):
        if m.end() <= span[0]:
            start = m.end()
        elif m.start() >= max(span[0], span[1] - 1):
            end = m.start()
            break
    return start, end


def sentences(text: str) -> list[tuple[int, int]]:
    """The [start, end) of each non-empty sentence of the text."""
    bounds: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        bounds.append((start, m.start()))
        start = m.end()
    bounds.append((start, len(text)))
    return [(a, b) for a, b in bounds if b > a]


def _segments(sentence: str) -> list[tuple[int, int]]:
    cuts = [0]
    for m in _SEGMENT_CUT.finditer(sentence):
        cuts.extend((m.start(), m.end()))
    cuts.append(len(sentence))
    return [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2)]


def names_object(phrase: str, object_name: str) -> bool:
    """Whether the phrase names the object (its words, ignoring case and a plural s; a
    gerund names its verb: "on learning Spanish" names "learn Spanish")."""
    words = {w.rstrip("s") for w in re.findall(r"[\w'-]+", phrase.lower())}
    words |= {stem for w in words if w.endswith("ing") and len(w) > 4 for stem in gerund_stems(w)}
    wanted = [w.rstrip("s") for w in re.findall(r"[\w'-]+", object_name.lower())]
    return bool(wanted) and all(w in words for w in wanted)


def gerund_stems(gerund: str) -> tuple[str, ...]:
    """The verbs a gerund may come from: learning -> learn, making -> make, running -> run."""
    stem = gerund[:-3]
    return (stem, stem + "e", stem[:-1]) if stem[-1] == stem[-2] else (stem, stem + "e")


# Words that say little about which value a statement is about ("go hiking" / "go shopping").
_LIGHT_WORDS = frozenset(
    {
        "a", "an", "the", "to", "of", "for", "in", "on", "at", "with", "my", "your", "some",
        "more", "new", "go", "get", "have", "do", "make", "be", "take", "try", "start", "it",
    }
)  # fmt: skip


def content_words(text: str) -> set[str]:
    """Words that say what a value is: lower-case, no plural s, no light words."""
    return {w.rstrip("s") for w in re.findall(r"[\w'-]+", text.lower())} - _LIGHT_WORDS


def shared_words(a: str, b: str) -> int:
    """How many content words two objects share, ignoring case and a plural s ("learn
    French" and "learn German" share "learn"; "go hiking" and "go shopping" share none)."""
    return len(content_words(a) & content_words(b))


def same_but_gerunds(a: str, b: str) -> bool:
    """Whether two objects name one thing and differ only by gerunds: "drinking tea" and
    "tea", "playing tennis" and "tennis" ("I love drinking tea" is what "I used to drink tea"
    ends); "tea" and "green tea" differ by more."""
    wa, wb = content_words(a), content_words(b)
    return bool(wa & wb) and all(w.endswith("ing") and len(w) > 4 for w in wa ^ wb)


def names_replaced(replaced: str, old: str, new: str) -> bool:
    """Whether the old value a sentence names ("not Spanish", "from tea") is the held `old`
    one that `new` replaces: `replaced` names it, or it is `replaced` with words the new
    value shares or gerunds ("learn Spanish" for "I want to learn Portuguese, not Spanish";
    "drinking tea" for "I switched from tea to coffee")."""
    if names_object(replaced, old):
        return True
    named, held = content_words(replaced), content_words(old)
    extra = held - named
    return bool(named) and named <= held and all(
        w in content_words(new) or (w.endswith("ing") and len(w) > 4) for w in extra
    )


def statement_cue(text: str, span: tuple[int, int], object_name: str) -> Cue | None:
    """The change cue of the statement at `span` of `text` whose object is `object_name`."""
    s_start, s_end = sentence_of(text, span)
    sentence = text[s_start:s_end]
    lo, hi = span[0] - s_start, span[1] - s_start
    leading = _LEADING.match(sentence)
    own: list[tuple[int, int]] = [
        (a, b) for a, b in _segments(sentence) if a < max(hi, lo + 1) and b > lo
    ]
    found: Cue | None = None
    for a, b in own or [(0, len(sentence))]:
        segment = sentence[a:b]
        for kind, pattern in _SEGMENT_CUES:
            m = _strongest(pattern, segment)
            if m is None:
                continue
            cue = " ".join(m.group("cue").split())
            replaced = m.groupdict().get("from")
            if replaced is not None:
                replaced = replaced.strip(" '\"")
                if names_object(replaced, object_name):
                    return Cue("past", cue, replaced)
                if kind == "past":
                    kind = "update"
                    cue = f"{cue} {replaced}"
            if kind == "update" and _ADDITION.search(segment):
                continue
            if kind == "past" and not _after(segment, m.start(), object_name):
                continue  # "my sister stopped eating meat": the cue is not about the sister
            found = found or Cue(kind, cue, replaced)
            break
    if found is None and leading is not None:
        cue = " ".join(leading.group("cue").split())
        found = Cue("update" if _CHANGE_OF_MIND.fullmatch(cue) else "correction", cue)
    if found is not None and found.kind != "past" and found.replaced is None:
        # "I've moved on from running, these days I'm all about swimming", "Actually, I want
        # to learn Portuguese, not Spanish": the old value is named in another segment.
        named = _named_elsewhere(sentence, object_name)
        return Cue(found.kind, found.text, named) if named else found
    if found is not None:
        return found
    # "from X" named in another segment of the sentence: "I switched from tea, it's coffee now"
    m = _SEGMENT_CUES[0][1].search(sentence)
    if m is not None and not names_object(m.group("from"), object_name):
        return Cue("update", " ".join(m.group("cue").split()), m.group("from").strip())
    return None


def _strongest(pattern: re.Pattern[str], segment: str) -> re.Match[str] | None:
    """The pattern's first match in the segment that is no weak cue, else its first match."""
    matches = list(pattern.finditer(segment))
    strong = [m for m in matches if " ".join(m.group("cue").lower().split()) not in WEAK_CUES]
    found = strong or matches
    return found[0] if found else None


def _named_elsewhere(sentence: str, object_name: str) -> str | None:
    """The old value a sentence names with "from X" / "instead of X" / "rather than X" / a
    trailing ", not X", when it is not this statement's object."""
    for kind, pattern in _SEGMENT_CUES:
        m = pattern.search(sentence)
        if m is None or m.groupdict().get("from") is None or kind == "correction":
            continue
        named = m.group("from").strip(" '\"")
        if not names_object(named, object_name):
            return named
    for m in (_TRAILING_NOT.search(sentence), _MORE_THAN.search(sentence)):
        if m is not None and not names_object(m.group("from"), object_name):
            return m.group("from").strip(" '\"")
    return None


def _after(segment: str, at: int, object_name: str) -> bool:
    """Whether the object is named after position `at` of the segment (a past cue governs
    what follows it: "I used to drink *tea*")."""
    words = [w.rstrip("s") for w in re.findall(r"[\w'-]+", object_name.lower())]
    return bool(words) and names_object(segment[at:], object_name)


# "my new favorite color": the word that says a keyed value replaces the one of its slot.
_NEW_KEY = re.compile(r"^(?P<cue>new)\s+(?P<slot>\S.*)$", re.IGNORECASE)


def slot_key(key: str | None) -> str | None:
    """The slot a key names: "my new favorite color is green" is said of the "color" slot
    ("new" is a change cue, change_cue)."""
    m = _NEW_KEY.match(key or "")
    return m.group("slot") if m is not None else key


def change_cue(text: str, statement: ExtractedFact) -> Cue | None:
    """The cue of an extracted statement of `text`: the one the extractor set ("used to"),
    else the one its sentence carries, else "new" of a new favorite of the statement's key
    ("my new favorite color is green" replaces the favorite color); none for a statement
    without a span (given as a triple by the caller)."""
    if statement.cue:
        return Cue(classify(statement.cue), statement.cue)
    if statement.span[1] <= statement.span[0]:
        return None
    found = statement_cue(text, statement.span, statement.triple.object.name)
    if (found is not None and found.kind == "past" and statement.triple.predicate in _KIN
            and _DEED_ENDED.fullmatch(found.text)):
        # "I stopped my daughter from eating candy": she is no past relative ("I used to have
        # a dog" is a past pet)
        found = None
    if statement.triple.predicate == "HAS_RELATIVE" and (statement.triple.key or "") in _PARTNERS:
        # "My boyfriend and I broke up": the partner named is a past one
        parted = _PARTING.search(text[slice(*sentence_of(text, statement.span))])
        if parted is not None:
            return Cue("past", " ".join(parted.group(0).split()))
    slot = slot_key(statement.triple.key)
    if found is None and slot:
        sentence = text[slice(*sentence_of(text, statement.span))]
        # a new favorite replaces the favorite of its slot ("my new favorite color is green",
        # "Interstellar is my new favorite movie"); "my new friend Sam" replaces no friend
        said = rf"\bmy\s+(?P<cue>new)\s+favou?rite\s+{re.escape(slot)}\b"
        m = re.search(said, sentence, re.IGNORECASE)
        if m is not None:
            return Cue("update", m.group("cue"))
        # a favorite in the past tense is history: "Python was my favorite language", "my
        # favorite band was Muse" (not "was always ...", "... and it still is")
        was = (rf"\b(?:was|were)\s+(?:\w+\s+)?my\s+(?:\w+\s+)?favou?rite\s+"
               rf"{re.escape(slot)}\b|\bmy\s+(?:\w+\s+)?favou?rite\s+{re.escape(slot)}\s+"
               r"(?:was|were)\b")
        m = re.search(was, sentence, re.IGNORECASE)
        if m is not None and not _STILL_SO.search(sentence):
            return Cue("past", " ".join(m.group(0).split()))
    return found
