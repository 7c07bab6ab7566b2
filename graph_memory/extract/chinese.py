"""Facts from Chinese text: the ontology's Chinese patterns (ontology/default.zh.yaml) over each
clause of a message, and a dispatcher that sends Chinese and mixed messages here and English
ones to the spaCy rules.

Per clause (text between ，。！？；): the first pattern of each relation that matches gives a
fact. The subject is the pattern's `subject` group, else the speaker when the clause speaks in
the first person (我 / 用户 before the match: "用户偏好方案 A" is the user's own preference), or
"<speaker>'s <role>" after a leading 我(的)妹妹 ("我妹妹住在北京": her home, not the
speaker's); a clause in the third person without a subject group gives nothing (precision
first). Negation right before the match (不, 没, 没有, 别) turns the relation into its
negated_as (不喜欢 -> AVOIDS) or marks the fact negated; a change cue in the clause (其实,
现在改成, 改成, 不再, 换成, 以前 ... 现在) is passed on as written, so the conflict policy acts
on it as on the English cues. Dates like 下个月15号 are grounded on the message time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, time, timedelta
from typing import NamedTuple

from graph_memory.extract.base import Extractor
from graph_memory.extract.when import add_months, valid_day
from graph_memory.language import detect_language
from graph_memory.models import (
    EntityRef,
    ExtractedFact,
    Extraction,
    ExtractionInput,
    Triple,
)
from graph_memory.ontology import ChinesePattern, Ontology

NAME = "chinese-rules"
CONFIDENCE = 0.8
_CLAUSE = re.compile(r"[^，。！？；,!?;\n]+")
_FIRST_PERSON = ("我", "用户")
_THIRD_PERSON = ("他", "她", "它")
_NEGATION = re.compile(r"(?:不再|不|没有|没|别)$")
_CUES = ("现在改成", "改成", "换成", "不再", "其实")
_RELATIVE = re.compile(
    r"^\s*我(?:的)?(妹妹|姐姐|哥哥|弟弟|妈妈|母亲|爸爸|父亲|丈夫|老公|妻子|老婆|儿子|女儿|"
    r"男朋友|女朋友|好朋友|朋友|同事|上司|老板)"
)
_TRAILING = re.compile(r"[了的啊呀呢吧哦嘛\s]+$")
_LEADING = re.compile(r"^[是了把对\s]+")
_DAY = re.compile(r"(?:(下个月|这个月|本月)|(\d{1,2})月)?(\d{1,2})(?:号|日)")
_DAYS_AHEAD = {"今天": 0, "明天": 1, "后天": 2}


class _Match(NamedTuple):
    pattern: ChinesePattern
    match: re.Match[str]


def ground_day(text: str, now: datetime | None) -> datetime | None:
    """下个月15号 / 5月3号 / 明天 against the message time (midnight of that day)."""
    if now is None:
        return None
    for word, ahead in _DAYS_AHEAD.items():
        if word in text:
            return (now + timedelta(days=ahead)).replace(hour=0, minute=0, second=0, microsecond=0)
    m = _DAY.search(text)
    if m is None:
        return None
    relative, month, day = m.group(1), m.group(2), int(m.group(3))
    year, month_no = now.year, now.month
    if relative == "下个月":
        first = add_months(now.date(), 1)
        year, month_no = first.year, first.month
    elif month is not None:
        month_no = int(month)
        if month_no < now.month:
            year += 1
    found = valid_day(year, month_no, day)
    return None if found is None else datetime.combine(found, time(), tzinfo=now.tzinfo)


def _clean(name: str) -> str:
    return _LEADING.sub("", _TRAILING.sub("", name)).strip()


class ChineseExtractor:
    """The ontology's Chinese patterns over each clause (module docstring)."""

    name = NAME

    def __init__(self, ontology: Ontology) -> None:
        self._ontology = ontology
        self._patterns = [(p, re.compile(p.regex)) for p in ontology.chinese_patterns]

    def extract(self, items: Sequence[ExtractionInput]) -> list[Extraction]:
        return [self._extract(item) for item in items]

    def _extract(self, item: ExtractionInput) -> Extraction:
        facts: list[ExtractedFact] = []
        first_person = False  # Chinese drops a repeated subject: "我住在北京，现在住在上海"
        for clause in _CLAUSE.finditer(item.text):
            text = clause.group()
            first_person = first_person or any(p in text for p in _FIRST_PERSON)
            facts.extend(self._clause(item, text, clause.start(), first_person))
        mentions = tuple(dict.fromkeys(e for f in facts for e in (f.triple.object,)))
        return Extraction(facts=tuple(facts), mentions=mentions)

    def _clause(
        self, item: ExtractionInput, clause: str, offset: int, first_person: bool
    ) -> list[ExtractedFact]:
        found: list[ExtractedFact] = []
        seen: set[str] = set()  # patterns' relations that matched (the first one counts)
        triples: set[Triple] = set()  # 不喜欢X: PREFERS negated and AVOIDS say the same
        for pattern, regex in self._patterns:
            if pattern.relation in seen:
                continue
            m = regex.search(clause)
            if m is None:
                continue
            fact = self._fact(item, clause, offset, _Match(pattern, m), first_person)
            if fact is not None:
                seen.add(pattern.relation)
                if fact.triple not in triples:
                    triples.add(fact.triple)
                    found.append(fact)
        return found

    def _subject(
        self, item: ExtractionInput, clause: str, hit: _Match, first_person: bool
    ) -> EntityRef | None:
        pattern, m = hit
        if "subject" in m.groupdict() and m.group("subject"):
            name = _clean(m.group("subject"))
            if not name or name in _FIRST_PERSON:
                return None
            return EntityRef(name=name, type=pattern.subject_type or "Thing")
        before = clause[: m.start()]
        relative = _RELATIVE.match(clause)
        if relative is not None and pattern.relation != "HAS_RELATIVE":
            return EntityRef(name=f"{item.speaker}'s {relative.group(1)}", type="Person")
        speaks_first = any(p in before for p in _FIRST_PERSON) or m.group().startswith("我")
        third_person = any(p in before for p in _THIRD_PERSON) or (
            bool(before.strip()) and not speaks_first and not first_person
        )
        if pattern.relation == "HAS_RELATIVE" or (speaks_first and not third_person) or (
            first_person and not third_person
        ):
            return EntityRef(name=item.speaker, type="Person")
        return None

    def _fact(
        self, item: ExtractionInput, clause: str, offset: int, hit: _Match, first_person: bool
    ) -> ExtractedFact | None:
        pattern, m = hit
        subject = self._subject(item, clause, hit, first_person)
        if subject is None:
            return None
        name = pattern.object or _clean(m.group("object"))
        if not name or name in _FIRST_PERSON:
            return None
        relation = pattern.relation
        negated = _NEGATION.search(clause[: m.start()]) is not None
        if negated:
            opposite = self._ontology.relations[relation].negated_as
            if opposite is not None:
                relation, negated = opposite, False
        key = m.groupdict().get("key")
        cue = next((c for c in _CUES if c in clause), None)
        if cue is None and "以前" in item.text and "现在" in clause:
            cue = "以前…现在"
        when = ground_day(name, item.timestamp) if pattern.object_type == "Date" else None
        start, end = m.span()
        return ExtractedFact(
            triple=Triple(
                subject=subject,
                predicate=relation,
                object=EntityRef(name=name[:200], type=pattern.object_type),
                key=key,
            ),
            span=(offset + start, offset + end),
            extractor=NAME,
            confidence=CONFIDENCE,
            memory_type=pattern.memory_type,
            negated=negated,
            cue=cue,
            when=when,
            when_text=name[:100] if when is not None else None,
        )


class ByLanguage:
    """Chinese and mixed messages to the Chinese extractor, English ones to `english`, each
    batch in one call per extractor, results in input order."""

    def __init__(self, english: Extractor, chinese: Extractor) -> None:
        self._english = english
        self._chinese = chinese
        self.name = english.name

    def extract(self, items: Sequence[ExtractionInput]) -> list[Extraction]:
        chinese = [i for i, item in enumerate(items) if detect_language(item.text) != "en"]
        english = sorted(set(range(len(items))) - set(chinese))
        out: list[Extraction | None] = [None] * len(items)
        for indexes, extractor in ((english, self._english), (chinese, self._chinese)):
            if indexes:
                results = extractor.extract([items[i] for i in indexes])
                for i, result in zip(indexes, results, strict=True):
                    out[i] = result
        return [r if r is not None else Extraction() for r in out]
