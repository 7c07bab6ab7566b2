"""Facts from Chinese text: the ontology's Chinese patterns (ontology/default.zh.yaml) over each
clause of a message, and a dispatcher that sends Chinese and mixed messages here and English
ones to the spaCy rules.

A message is cut into clauses (at ，。！？；, and before 也不 / 并且 / 而且 / 但是 ...). Clauses
that state nothing to keep are skipped: questions (…吗, 什么, 哪里, 有没有, a clause before ？),
hypotheticals (如果 / 要是 / 假如 anywhere in the message; 也许 / 可能 / 说不定 in the clause),
others' claims (觉得 / 认为 / 听说 / 说 after anyone but 我), jokes and exaggeration (哈哈, 简直,
…死了). In the other clauses the first pattern of each relation that matches gives a fact:

- the subject is the pattern's `subject` group when it names a person or thing, else whom the
  clause speaks about (graph_memory/extract/chinese_subjects.py): the speaker for 我 / 用户,
  "<speaker>'s <role>" for 我(的)妹妹 / 我的上司, a person the message named (我老公叫陈刚，他… ->
  陈刚), the subject of the clause before when this one opens with its predicate; nothing for
  anyone else (precision first). `{ROLE}` / `{FAMILY}` in a pattern stand for those roles.
- one fact per object: a later relation's pattern that finds the same object is dropped, and
  the copula relations (IS_A, HAS_ATTRIBUTE) apply only where no other relation matched;
- a wish or plan (想, 打算, 梦想, 将要, 应该 ... before the match) yields only HAS_GOAL;
- coordinated objects (和, 、, 以及) give one fact each;
- every relative the speaker mentions is a HAS_RELATIVE (by name when named, else the role):
  "我妈妈住在广州" also says Li has a mother.

Negation right before the match (不, 没, 没有, 别) or after the object ("对坚果不过敏") turns the
relation into its negated_as (不喜欢 -> AVOIDS) or marks the fact negated; a change cue in the
clause (其实, 现在改成, 改成, 不再, 换成, 以前 ... 现在, 我是说, 说错了) is passed on as written, so
the conflict policy acts on it as on the English cues; 其实 with a word of addition (也, 还, 另外)
is no cue ("其实我也喜欢滑雪" adds a like). Dates like 下个月15号 / 周五 are grounded on the message
time, and past events (昨天, 上周末, 去年 ...) get their day.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from datetime import datetime, time, timedelta

from graph_memory.extract.base import Extractor
from graph_memory.extract.chinese_subjects import (
    FAMILY,
    FAMILY_ROLE,
    ROLE,
    SOCIAL,
    People,
    family_mentions,
    thing_subject,
)
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
_SUBCLAUSE_CUT = re.compile(
    r"(?=也不|也没|并且|而且|并(?=为|且|在)|但是|可是|不过(?=我|他|她|\s))|(?<=[\u4e00-\u9fff])(?=但我)"
)
# "养了一只猫，叫咪咪": a clause that only names what the one before introduced belongs to it.
_NAMING_CLAUSE = re.compile(r"[，,](?=\s*(?:名叫|叫做|叫)[\u4e00-\u9fff]{1,3}(?:[。！；，]|$))")
_NEGATION = re.compile(r"(?:不再|不|没有|没|别)$")
_INNER_NEGATION = re.compile(r"(?:不|没)")
_CUES = ("现在改成", "改成", "换成", "不再", "其实", "我是说", "说错了")
_TRAILING = re.compile(r"[了的啊呀呢吧哦嘛也都还\s]+$")
_LEADING = re.compile(r"^[是了把对\s]+")
_DAY = re.compile(r"(?:(下个月|这个月|本月)|(\d{1,2})月)?(\d{1,2})(?:号|日)")
_WEEKDAY = re.compile(r"(下)?(?:周|星期|礼拜)([一二三四五六日天])")
_WEEKDAYS = "一二三四五六日"
_DAYS_AHEAD = {"今天": 0, "明天": 1, "后天": 2}
_QUESTION = re.compile(
    r"吗$|什么|哪里|哪儿|哪个|哪些|怎么|为什么|多少|几个|有没有|是不是|要不要|能不能|会不会"
)
_HYPOTHETICAL = re.compile(r"如果|要是|假如|假设|万一|的话")
_UNCERTAIN = re.compile(r"也许|或许|可能|说不定|大概")
_REPORTED = re.compile(r"觉得|认为|听说|相信|告诉我|说(?!话|错|流利|英语|中文|的是)")
_OWN_VIEW = re.compile(r"^(?:我|我也|我还|我真的|我一直|我是)(?:觉得|认为|说)")
_JOKE = re.compile(r"哈哈|呵呵|简直|开玩笑|死了|死我了")
_IRREALIS = re.compile(r"想|打算|计划|希望|梦想|准备|将要|将会|应该|需要|得去")
_ADDITION = re.compile(r"也|还|另外|同时")
_COORDINATION = re.compile(r"和|、|以及")
_SPLIT_OBJECTS = frozenset({"PREFERS", "AVOIDS", "ALLERGIC_TO", "HAS_HOBBY", "HAS_GOAL",
                            "VISITED", "HAS_CONDITION"})
_COPULA = frozenset({"IS_A", "HAS_ATTRIBUTE"})
_EVENTS = frozenset({"VISITED", "ATTENDED", "DID"})
_SENTENCE_END = re.compile(r"[。！？；!?;\n]")
_NAME = re.compile(r"[\u4e00-\u9fff]{2,4}")
_PAST_DAYS = {"前天": 2, "昨天": 1, "昨晚": 1}


def _expand(regex: str) -> str:
    return regex.replace("{ROLE}", f"(?:{ROLE})").replace("{FAMILY}", f"(?:{FAMILY_ROLE})")


def ground_day(text: str, now: datetime | None) -> datetime | None:
    """下个月15号 / 5月3号 / 明天 / 周五 against the message time (midnight of that day; a bare
    weekday is the next one, 下周五 the one of next week)."""
    if now is None:
        return None
    for word, ahead in _DAYS_AHEAD.items():
        if word in text:
            return _midnight(now + timedelta(days=ahead))
    weekday = _WEEKDAY.search(text)
    if weekday is not None and _DAY.search(text) is None:
        target = _WEEKDAYS.index(weekday.group(2).replace("天", "日"))
        ahead = (target - now.weekday()) % 7 or 7
        if weekday.group(1):
            ahead = 7 - now.weekday() + target
        return _midnight(now + timedelta(days=ahead))
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


def past_day(text: str, now: datetime | None) -> tuple[datetime, str] | None:
    """The day a past event happened: 昨天, 前天, 上周末 (its Saturday), 上周 (its Monday), 上个月
    (its 1st), 去年 (1 January), as (midnight, the words)."""
    if now is None:
        return None
    for word, back in _PAST_DAYS.items():
        if word in text:
            return _midnight(now - timedelta(days=back)), word
    monday = now - timedelta(days=now.weekday())
    if "上周末" in text or "上个周末" in text:
        return _midnight(monday - timedelta(days=2)), "上周末"
    if "上周" in text:
        return _midnight(monday - timedelta(days=7)), "上周"
    if "上个月" in text:
        first = add_months(now.date(), -1)
        return datetime.combine(first.replace(day=1), time(), tzinfo=now.tzinfo), "上个月"
    if "去年" in text:
        return now.replace(year=now.year - 1, month=1, day=1, hour=0, minute=0, second=0,
                           microsecond=0), "去年"
    return None


def _midnight(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _clean(name: str) -> str:
    return _LEADING.sub("", _TRAILING.sub("", name)).strip()


def _objects(name: str, relation: str) -> list[str]:
    """One object per conjunct ("火锅和烧烤"), except where the first conjunct's modifier is
    shared ("与心理学有关的期刊和指南")."""
    if relation not in _SPLIT_OBJECTS:
        return [name]
    parts = [_clean(p) for p in _COORDINATION.split(name)]
    if len(parts) < 2 or ("的" in parts[0] and not any("的" in p for p in parts[1:])):
        return [name]
    return [p for p in parts if p]


def _clauses(text: str) -> list[tuple[int, str]]:
    out = []
    for clause in _CLAUSE.finditer(_NAMING_CLAUSE.sub(" ", text)):
        cuts = [0, *(m.start() for m in _SUBCLAUSE_CUT.finditer(clause.group()) if m.start()),
                len(clause.group())]
        for a, b in itertools.pairwise(cuts):
            if clause.group()[a:b].strip():
                out.append((clause.start() + a, clause.group()[a:b]))
    return out


def _skipped(text: str, offset: int, clause: str) -> bool:
    """A clause that states nothing to keep (module docstring)."""
    end = offset + len(clause)
    asked = end < len(text) and text[end] in "？?"
    reported = _REPORTED.search(clause) is not None and not _OWN_VIEW.match(clause.strip())
    return (asked or _QUESTION.search(clause.strip()) is not None or reported
            or _UNCERTAIN.search(clause) is not None or _JOKE.search(clause) is not None)


class ChineseExtractor:
    """The ontology's Chinese patterns over each clause (module docstring)."""

    name = NAME

    def __init__(self, ontology: Ontology) -> None:
        self._ontology = ontology
        self._patterns = [(p, re.compile(_expand(p.regex))) for p in ontology.chinese_patterns]

    def extract(self, items: Sequence[ExtractionInput]) -> list[Extraction]:
        return [self._extract(item) for item in items]

    def _extract(self, item: ExtractionInput) -> Extraction:
        facts: list[ExtractedFact] = []
        if _HYPOTHETICAL.search(item.text) is None:
            people = People(item.speaker)
            for offset, clause in _clauses(item.text):
                if _skipped(item.text, offset, clause):
                    continue
                start = not item.text[:offset].strip()
                opening = people.opening(clause, message_start=start)
                facts.extend(self._clause(item, clause, offset, people, start))
                facts.extend(self._relatives(item, clause, offset, people, facts, start))
                people.carried = opening or people.carried
            facts = _values_to_sentence_end(item.text, facts)
        mentions = tuple(dict.fromkeys(f.triple.object for f in facts))
        return Extraction(facts=tuple(facts), mentions=mentions)

    def _clause(self, item: ExtractionInput, clause: str, offset: int, people: People,
                start: bool) -> list[ExtractedFact]:
        found: list[tuple[ExtractedFact, tuple[int, int]]] = []  # with the object's span
        seen: set[str] = set()  # the relations that matched (the first pattern counts)
        for pattern, regex in self._patterns:
            if pattern.relation in seen:
                continue
            m = regex.search(clause)
            if m is None:
                continue
            if pattern.relation != "HAS_GOAL" and _IRREALIS.search(clause[: m.start()]):
                continue
            new = [f for f in self._facts(item, clause, offset, pattern, m, people, start)
                   if not any(_same_object(f, g) for g, _ in found)]
            if not new:
                continue
            seen.add(pattern.relation)
            at = m.span("object") if "object" in m.groupdict() else m.span()
            found.extend((f, (offset + at[0], offset + at[1])) for f in new)
            for f in new:
                if f.triple.predicate == "HAS_RELATIVE" and f.triple.key and _is_name(
                    f.triple.object.name
                ):
                    people.name(f.triple.key, f.triple.object.name)
        # A copula whose object another relation's match covers says the same thing worse
        # ("我是四川人": FROM 四川, not IS_A 四川人).
        claimed = [f.span for f, _ in found if f.triple.predicate not in _COPULA]
        return [f for f, (a, b) in found if f.triple.predicate not in _COPULA
                or not any(a < y and x < b for x, y in claimed)]

    def _relatives(self, item: ExtractionInput, clause: str, offset: int, people: People,
                   facts: list[ExtractedFact], start: bool) -> list[ExtractedFact]:
        """HAS_RELATIVE <role> for each relative the clause mentions, unless already stated."""
        stated = {f.triple.key for f in facts if f.triple.predicate == "HAS_RELATIVE"}
        out = []
        for role, written in family_mentions(clause, message_start=start):
            if role in stated or role in people.named:
                continue
            stated.add(role)
            out.append(ExtractedFact(
                triple=Triple(subject=people.me(), predicate="HAS_RELATIVE",
                              object=EntityRef(name=written, type="Person"), key=role),
                span=(offset, offset + len(clause)), extractor=NAME, confidence=CONFIDENCE,
            ))
        return out

    def _subject(self, item: ExtractionInput, clause: str, pattern: ChinesePattern,
                 m: re.Match[str], people: People, start: bool) -> EntityRef | None:
        if pattern.relation == "HAS_RELATIVE":
            return people.me()
        written = m.groupdict().get("subject")
        if written is not None and written.strip():
            person = people.phrase(written, message_start=start)
            if person is not None:
                return person
            name = thing_subject(_clean(written))
            if (not name or name == "其" or any(p in name for p in "我你他她它")
                    or pattern.subject_type in (None, "Person")):
                return None
            return EntityRef(name=name, type=pattern.subject_type)
        return people.before(clause[: m.start()], m.group(), message_start=start)

    def _facts(self, item: ExtractionInput, clause: str, offset: int, pattern: ChinesePattern,
               m: re.Match[str], people: People, start: bool) -> list[ExtractedFact]:
        subject = self._subject(item, clause, pattern, m, people, start)
        if subject is None:
            return []
        written = pattern.object or _clean(m.group("object"))
        if not written or written in ("我", "用户", "你", "他", "她"):
            return []
        relation = pattern.relation
        tail = clause[m.end("object"): m.end()] if pattern.object is None else ""
        negated = (_NEGATION.search(clause[: m.start()]) is not None
                   or _INNER_NEGATION.search(tail) is not None)
        if negated:
            opposite = self._ontology.relations[relation].negated_as
            if opposite is not None:
                relation, negated = opposite, False
        key = m.groupdict().get("key")
        cue = next((c for c in _CUES if c in clause), None)
        if cue is None and "以前" in item.text and "现在" in clause:
            cue = "以前…现在"
        if cue == "其实" and _ADDITION.search(clause):
            cue = None  # "其实我也喜欢滑雪" adds a like; it replaces nothing
        when: datetime | None = None
        when_text: str | None = None
        if pattern.object_type == "Date":
            when = ground_day(written, item.timestamp)
            when_text = written[:100] if when is not None else None
        elif relation in _EVENTS and (past := past_day(clause, item.timestamp)) is not None:
            when, when_text = past
        start_at, end_at = m.span()
        return [
            ExtractedFact(
                triple=Triple(subject=subject, predicate=relation,
                              object=EntityRef(name=name[:200], type=pattern.object_type),
                              key=_clean(key) if key else None),
                span=(offset + start_at, offset + end_at),
                extractor=NAME,
                confidence=CONFIDENCE,
                memory_type=pattern.memory_type,
                negated=negated,
                cue=cue,
                when=when,
                when_text=when_text,
            )
            for name in _objects(written, relation)
        ]


def _values_to_sentence_end(text: str, facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """An attribute's value that runs on past its clause to the end of the sentence, with
    nothing else stated there ("X的主要内容是A，B，C。"), is the whole of it."""
    out = []
    for f in facts:
        end = f.span[1]
        if f.triple.predicate == "HAS_ATTRIBUTE" and text[end : end + 1] in ("，", ","):
            stop = _SENTENCE_END.search(text, end)
            until = stop.start() if stop is not None else len(text)
            if not any(end < g.span[0] < until for g in facts):
                value = f.triple.object.name + text[end:until].rstrip()
                f = f.model_copy(update={
                    "triple": f.triple.model_copy(update={
                        "object": f.triple.object.model_copy(update={"name": value[:200]})}),
                    "span": (f.span[0], until)})
        out.append(f)
    return out


def _is_name(text: str) -> bool:
    """A person's name rather than a role or a count ("李娜", not "两个孩子" or "妹妹")."""
    return _NAME.fullmatch(text) is not None and text not in FAMILY + SOCIAL


def _same_object(a: ExtractedFact, b: ExtractedFact) -> bool:
    """Two relations found the same thing in one clause ("平时喜欢拍照": PREFERS, not also a
    hobby): the same subject and one object ends the other."""
    x, y = a.triple.object.name, b.triple.object.name
    return a.triple.subject == b.triple.subject and (x.endswith(y) or y.endswith(x))


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
