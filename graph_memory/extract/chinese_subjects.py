"""Who a Chinese clause speaks about (graph_memory/extract/chinese.py): the speaker (我, 用户),
a relative or colleague of the speaker ("我妹妹", "我的上司", MemDaily's bare "舅妈的..."), a
person the message named ("我老公叫陈刚，他..." -> 陈刚), or someone else (nothing is guessed).

Chinese drops a repeated subject ("我住在北京，现在住在上海"): a clause that opens with its
predicate inherits the subject of the clause before; a message that opens with its predicate
("订单号 ORD-1", "现在改成方案 B") speaks about the speaker. Adverbs and time words before the
subject or the predicate ("其实", "晚上我也", "上周末我") do not change whom the clause is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from graph_memory.models import EntityRef

# Relatives count as relatives even unnamed ("my mom ..."); the others only when named
# (bench/data/extraction/README.md, Objects).
FAMILY = (
    "妹妹", "姐姐", "哥哥", "弟弟", "妈妈", "母亲", "爸爸", "父亲", "丈夫", "老公", "妻子", "老婆",
    "儿子", "女儿", "孩子", "爷爷", "奶奶", "外公", "外婆", "姥姥", "姥爷", "叔叔", "阿姨", "舅舅",
    "舅妈", "婶婶", "姑姑", "姑父", "姨妈", "姨父", "伯伯", "伯母", "表哥", "表姐", "表弟", "表妹",
    "堂哥", "堂姐", "堂弟", "堂妹", "侄子", "侄女", "外甥", "外甥女", "孙子", "孙女", "男朋友",
    "女朋友", "未婚夫", "未婚妻", "岳父", "岳母", "公公", "婆婆",
)
SOCIAL = ("好朋友", "朋友", "同事", "上司", "领导", "老板", "下属", "室友", "同学", "邻居")


def _alternation(words: tuple[str, ...]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


ROLE = _alternation(FAMILY + SOCIAL)
FAMILY_ROLE = _alternation(FAMILY)
FIRST_PERSON = ("我", "用户", "我们")
_ADVERB = (
    r"(?:其实|现在|目前|如今|以前|之前|过去|曾经|已经|最近|刚刚|刚|平时|平常|通常|一般|一直|经常|"
    r"常常|总是|从来|从小|向来|每天|每周|每年|周末|今年|去年|明年|昨天|今天|明天|前天|上周末|"
    r"上周|下周|上个月|下个月|这周|本周|这个月|这几天|早上|晚上|中午|上午|下午|本来|原来|确实|"
    r"大部分时间|我是说|我的意思是|不对|说错了|真的|真|很|"
    r"特别|非常|最|更|比较|挺|也|还|都|就|又|才|只|再|仍然|依然|还是|正在|正)"
)
# Between a subject and its predicate: adverbs, negation, modals, a place ("我在一家医院当医生").
_FILLER = rf"(?:{_ADVERB}|不再|从不|不能|不|没有|没|别|能|会|可以|要|的|在[^，。在]{{1,16}}|\s)"
_ADVERBS = re.compile(rf"^(?:{_ADVERB}|\s)*")
_SPEAKER = re.compile(rf"^(?:我们|我家|我|用户){_FILLER}*$")
_ROLE_OPENING = re.compile(
    rf"^(?P<mine>我的|我|用户的|用户)?(?P<role>{ROLE})(?P<plural>们)?"
    rf"(?P<name>(?:小|老|阿)[\u4e00-\u9fff](?!{ROLE}))?"
)
# The same role phrase as the whole subject, but for filler words.
_ROLE_LEAD = re.compile(_ROLE_OPENING.pattern + rf"{_FILLER}*$")
# 他 / 她 (们), and written Chinese's 其 ("李梓轩是我的上司，其身高是177cm"): the person last named.
_PRONOUN = re.compile(rf"^(?:(?:他|她)(?:们)?|其){_FILLER}*$")
_DEMONSTRATIVE = re.compile(r"^(?:这个|那个|这家|那家|这些|那些|这|那|我们的|我的)")
_FAMILY_MENTION = re.compile(rf"(?:我的|我|用户的|用户)(?P<role>{FAMILY_ROLE})(?P<plural>们)?")


@dataclass
class People:
    """What one message has said about people so far: names given to roles, the person last
    named (他 / 她), and the subject the next clause inherits."""

    speaker: str
    named: dict[str, str] = field(default_factory=dict)  # role -> name
    last_named: str | None = None
    carried: EntityRef | None = None

    def me(self) -> EntityRef:
        return EntityRef(name=self.speaker, type="Person")

    def name(self, role: str, name: str) -> None:
        self.named[role] = name
        self.last_named = name

    def role(self, role: str, plural: str | None = None) -> EntityRef:
        named = self.named.get(role)
        return EntityRef(name=named or f"{self.speaker}'s {role}{plural or ''}", type="Person")

    def role_phrase(self, role: re.Match[str]) -> EntityRef:
        """The person a matched role phrase names: the name it gives, else the role's."""
        if role.group("name"):
            return EntityRef(name=role.group("name"), type="Person")
        return self.role(role.group("role"), role.group("plural"))

    def phrase(self, text: str, *, message_start: bool) -> EntityRef | None:
        """The person a subject phrase names, or None (not a person this message knows)."""
        text = _ADVERBS.sub("", text).strip()
        if _SPEAKER.match(text):
            return self.me()
        role = _ROLE_LEAD.match(text)
        if role is not None and (role.group("mine") or message_start):
            return self.role_phrase(role)
        if _PRONOUN.match(text):
            return None if self.last_named is None else EntityRef(name=self.last_named,
                                                                    type="Person")
        bare = re.sub(rf"{_FILLER}+$", "", text)
        if bare and bare in self.named.values():
            return EntityRef(name=bare, type="Person")
        return None

    def before(self, before: str, match_text: str, *, message_start: bool) -> EntityRef | None:
        """The subject of a match from the clause text before it (see the module docstring)."""
        if not _ADVERBS.sub("", before).strip():
            if any(p in match_text for p in FIRST_PERSON):
                return self.me()
            if self.carried is None and message_start:
                # A message that opens with its predicate drops its subject, the speaker
                # ("订单号 ORD-1", "现在改成方案 B", "方案 A 比 B 好"), as a chat turn does.
                return self.me()
            return self.carried
        return self.phrase(before, message_start=message_start)

    def opening(self, clause: str, *, message_start: bool) -> EntityRef | None:
        """The subject a clause opens with, if any (for the clauses after it)."""
        text = _ADVERBS.sub("", clause).strip()
        role = _ROLE_OPENING.match(text)
        if role is not None and (role.group("mine") or message_start):
            return self.role_phrase(role)
        if text.startswith(("我", "用户")) and not text.startswith(("我的", "用户的")):
            return self.me()
        if text.startswith(("他", "她")) and self.last_named is not None:
            return EntityRef(name=self.last_named, type="Person")
        return None


def thing_subject(text: str) -> str:
    """A task's, event's or thing's name as a subject: without 这个 / 那个 / 我的."""
    return _DEMONSTRATIVE.sub("", text.strip()).strip()


def family_mentions(clause: str, *, message_start: bool) -> list[tuple[str, str]]:
    """(role, role as written) of each relative the clause mentions as the speaker's
    ("我妈妈", "我的孩子们"; a bare role opening the message, as MemDaily writes them)."""
    found = [(m.group("role"), m.group("role") + (m.group("plural") or ""))
             for m in _FAMILY_MENTION.finditer(clause)]
    opening = _ROLE_OPENING.match(_ADVERBS.sub("", clause).strip())
    if (opening is not None and message_start and not opening.group("mine")
            and opening.group("role") in FAMILY):
        found.append((opening.group("role"), opening.group("role")
                      + (opening.group("plural") or "")))
    return found
