"""Messages that end or replace what the speaker said before, read from the text alone (no
statement need be extracted from them): retractions ("I've moved on from running", "I can eat
dairy again", "I don't want to move to Canada anymore", "I've lost interest in running", "I'm
over sushi", "I replaced Vim with VS Code", "I no longer have a dog" for a pet named by its
kind, "Coldplay is no longer my favorite band", "I haven't played tennis in years", "Tom and I
broke up", "Luna passed away"). Pure and deterministic; the write path acts on them
(graph_memory/write/restate.py, graph_memory/write/conflict_policy.py rule 3d). Updates
that name only the new value ("Actually I've switched to squash") are in switches.py,
corrections of a value just said ("Sorry, I meant Tuesday.") in corrections.py, the change
cues of extracted statements in cues.py (all in graph_memory/extract/).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from graph_memory.extract.corrections import NOT_A_VALUE, short_value
from graph_memory.extract.cues import (
    NEW_CLAUSE_AND,
    content_words,
    gerund_stems,
    names_object,
    sentences,
)

# --- retractions: a message ends what it names, whether or not a statement was extracted ----
# Denials ("I'm not vegetarian anymore", "I no longer work at Amazon") are stated by the
# extractor as negated facts, in every language it reads, and the conflict policy ends exactly
# the fact denied (graph_memory/write/conflict_policy.py, rule 3a). A first-person denial with
# "anymore" / "no longer" is a retraction too (`denied`), for the denials no rule states
# ("I don't want to move to Canada anymore", "Knitting isn't my hobby anymore"); it ends only
# a fact whose object says all it denies but for verbs of liking, wanting and doing.

# What a retraction names ends at a new clause: "I quit Google and joined Meta".
WHAT_END = (
    r"(?=[,.;!?]|$|\s+(?:because|since|but|and\s+now|these\s+days|now)\b|" + NEW_CLAUSE_AND + ")"
)
# The speaker ends it: "I (have) ... <cue>", or the imperative "forget what I said about".
_FIRST_PERSON_BEFORE = re.compile(
    r"(?:^|\W)(?:i|i've|ive|i'm|im|i have|i had)\s+(?:\w+\s+){0,2}$", re.IGNORECASE
)
_RETRACTION = re.compile(
    r"\b(?P<cue>(?:moved|moving)\s+(?:on|away)\s+from|switched\s+(?:over\s+)?from|"
    r"stopped|quit|(?:gave|given)\s+up(?:\s+on)?|dropped|ditched|(?:done|finished|through)\s+with|"
    r"lost\s+(?:all\s+|my\s+)?(?:interest\s+in|taste\s+for|appetite\s+for)|"
    r"grew\s+out\s+of|grown\s+out\s+of|outgrew|"
    r"cut\s+out|"
    r"replaced|swapped(?:\s+out)?|traded(?:\s+in)?|"
    r"forget\s+(?:what\s+i\s+said\s+)?about|take\s+back\s+what\s+i\s+said\s+about|"
    # "I was wrong about being lactose intolerant": only a state of the speaker's
    r"(?:wrong|mistaken)\s+about(?=\s+(?:being|having)\b))\s+"
    r"(?!by\b|at\b|in\b|for\b|to\b|there\b|here\b|it\b|that\b|this\b)"
    r"(?P<what>[^,.;!?]+?)" + WHAT_END,
    re.IGNORECASE,
)
# "I'm (so) over sushi", "I'm off sugar": only right after "I'm", where "over" / "off" end a
# liking ("I went over the plan", "I'm over at my mom's", "I'm off to Paris" end nothing).
_OVER = re.compile(
    r"(?:^|[^\w'])(?:i'm|im|i\s+am)\s+(?:so\s+|totally\s+|completely\s+|kind\s+of\s+)?"
    r"(?P<cue>over|off)\s+(?!at\b|there\b|here\b|it\b|that\b|this\b|the\s+moon\b|to\b|"
    r"work\b|today\b|tomorrow\b|for\b|on\b|duty\b)"
    r"(?P<what>[^,.;!?]+?)" + WHAT_END,
    re.IGNORECASE,
)
# "Sarah and I broke up", "I broke up with Tom", "I divorced Mark": a partner no more;
# "Luna passed away", "my dog died": a pet no more (a pet named by its name or its kind).
_PARTED = (
    (
        re.compile(
            r"(?:^|[^\w'])(?:(?P<what>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+and\s+I\s+"
            r"(?P<cue>(?i:broke\s+up|split\s+up|got\s+divorced|separated))|(?i:i\s+(?:just\s+)?)"
            r"(?P<cue2>(?i:broke\s+up\s+with|split\s+up\s+with|divorced))\s+"
            r"(?P<what2>[A-Z][\w'-]*|(?i:my)\s+\w+))",
        ),
        frozenset({"HAS_RELATIVE"}),
    ),
    (  # the partner by role, or "me and Tom": "My boyfriend and I broke up", "I got divorced"
        re.compile(
            r"(?:^|[^\w'])(?:my\s+(?P<what>boyfriend|girlfriend|husband|wife|partner|fianc\w*)\s+"
            r"and\s+i|me\s+and\s+(?P<what2>(?-i:[A-Z][\w'-]*)|my\s+\w+)|i)\s+(?:just\s+|finally\s+)?"
            r"(?P<cue>broke\s+up|split\s+up|got\s+divorced|separated)\b(?!\s+with)",
            re.IGNORECASE,
        ),
        frozenset({"HAS_RELATIVE"}),
    ),
    (  # "I'm single now": no partner, whoever it was
        re.compile(
            r"(?:^|[^\w'])(?:i'm|i\s+am)\s+(?:now\s+|officially\s+|finally\s+)?"
            r"(?P<cue>single)(?![\w-])(?!\s+(?:mom|mother|dad|father|parent)\b)",
            re.IGNORECASE,
        ),
        frozenset({"HAS_RELATIVE"}),
    ),
    (
        re.compile(
            r"^\W*(?:my\s+(?:\w+\s+)?)?(?P<what>(?:(?<=my\s)\w+|[A-Z][\w'-]*))\s+"
            r"(?P<cue>passed\s+away|died|passed)\b",
            re.IGNORECASE,
        ),
        frozenset({"HAS_PET"}),
    ),
)
# "I don't work there anymore", "I no longer live there": the one current place of work,
# home or school, whatever its name.
_THERE = re.compile(
    r"(?:^|[^\w'])i\s+(?:(?:really\s+)?(?:don't|do\s+not)\s+(?P<verb>work|live|study)\s+there\s+"
    r"(?P<cue>any\s?more|any\s+longer)|(?P<cue2>no\s+longer)\s+(?P<verb2>work|live|study)\s+"
    r"there)\b",
    re.IGNORECASE,
)
_THERE_RELATIONS = {
    "work": frozenset({"WORKS_AT"}),
    "live": frozenset({"LIVES_IN"}),
    "study": frozenset({"STUDIES_AT"}),
}
# "I switched to oat milk from regular milk": the old value named after the new one.
_TO_X_FROM_Y = re.compile(
    r"\b(?P<cue>switched|changed|moved(?:\s+on)?|transitioned)\s+(?:over\s+)?to\s+"
    r"(?:an?\s+|the\s+)?(?P<to>[^,.;!?]+?)\s+from\s+(?:an?\s+|the\s+|my\s+)?"
    r"(?P<what>[^,.;!?]+?)"
    r"(?=\s+(?:because|since|but|when|while|after|as|so|and\s+now|these\s+days|now)\b|[,.;!?]|$)",
    re.IGNORECASE,
)
# "I changed my mind about moving to Canada", "I've decided not to buy a car": a wish given up.
_CALLED_OFF = re.compile(
    r"(?:^|[^\w'])i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|now\s+)?(?P<cue>changed\s+my\s+mind\s+"
    r"about|decided\s+against|decided\s+not\s+to)\s+(?!it\b|that\b|this\b|them\b)"
    r"(?P<what>[^,.;!?]+?)" + WHAT_END,
    re.IGNORECASE,
)
# "I replaced Vim with VS Code", "I swapped coffee for tea": what it became.
_REPLACED_BY = re.compile(r"\s+(?:with|for|by)\s+", re.IGNORECASE)
_ARTICLE = re.compile(r"^\s*(?:an?|the|my)\s+", re.IGNORECASE)
# "I left Google", "I sold my Honda": an end of what these relations hold, nothing else ("I
# left my keys at work" ends no liking).
_LEFT = re.compile(
    r"\b(?P<cue>left|sold|got\s+rid\s+of|gave\s+away)\s+(?!it\b|that\b|this\b|for\b|to\b)"
    r"(?P<what>[^,.;!?]+?)" + WHAT_END,
    re.IGNORECASE,
)
# "I left Google early today": a day's leaving, not a job's.
_LEFT_FOR_THE_DAY = re.compile(
    r"\b(?:early|late|today|tonight|this\s+(?:morning|afternoon|evening)|at\s+\d)",
    re.IGNORECASE,
)
_LEFT_RELATIONS = {
    "left": frozenset({"WORKS_AT", "STUDIES_AT"}),
    "sold": frozenset({"OWNS"}),
    "got rid of": frozenset({"OWNS"}),
    "gave away": frozenset({"OWNS"}),
}
_AGAIN = re.compile(
    r"\bcan\s+(?P<cue>eat|drink|have)\s+(?P<what>[^,.;!?]+?)\s+again\b", re.IGNORECASE
)
_DENIALS = (
    re.compile(
        r"(?:^|[^\w'])(?:i'm\s+not|i\s+am\s+not|i\s+(?:really\s+)?(?:don't|do\s+not|can't|"
        r"cannot|won't|haven't|have\s+not))\s+(?P<what>[^,.;!?]+?)\s+"
        r"(?P<cue>any\s?more|any\s+longer|these\s+days|nowadays|(?<!right\s)now|"
        r"in\s+(?:years|ages|decades|a\s+long\s+time))\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:^|[^\w'])(?:i|i'm|i\s+am)\s+(?P<cue>no\s+longer)\s+(?P<what>[^,.;!?]+?)" + WHAT_END,
        re.IGNORECASE,
    ),
    re.compile(  # the subject dropped: "Not a fan of sushi anymore / these days"
        r"^\W*not\s+(?P<what>[^,.;!?]+?)\s+(?P<cue>any\s?more|any\s+longer|these\s+days|"
        r"nowadays)\b",
        re.IGNORECASE,
    ),
    re.compile(  # "No longer working at the bank"
        r"^\W*(?P<cue>no\s+longer)\s+(?P<what>[^,.;!?]+?)" + WHAT_END, re.IGNORECASE
    ),
    re.compile(  # "Knitting isn't my hobby anymore", "Coldplay isn't my favorite band anymore"
        r"^\W*(?P<what>[\w' -]{1,40}?)\s+(?:isn't|is\s+not)\s+(?:really\s+)?my\s+(?:\w+\s+){1,2}"
        r"(?P<cue>any\s?more|any\s+longer)\b",
        re.IGNORECASE,
    ),
    re.compile(  # "Jazz doesn't interest me anymore", "Golf no longer appeals to me"
        r"^\W*(?P<what>[\w' -]{1,40}?)\s+(?:(?:doesn't|does\s+not|don't|do\s+not)\s+(?:really\s+)?"
        r"(?:interest|excite|appeal\s+to|do\s+it\s+for)\s+me\s+(?P<cue>any\s?more|any\s+longer)|"
        r"(?P<cue2>no\s+longer)\s+(?:interests|excites|appeals\s+to|does\s+it\s+for)\s+me)\b",
        re.IGNORECASE,
    ),
    re.compile(  # "Coldplay is no longer my favorite band"
        r"^\W*(?P<what>[\w' -]{1,40}?)\s+is\s+(?P<cue>no\s+longer)\s+my\s+\w+",
        re.IGNORECASE,
    ),
)
# What a denial may say beside its object: "I don't *want to* move to Canada anymore".
_DENIAL_VERBS = frozenset(
    {
        "want", "like", "love", "enjoy", "eat", "drink", "play", "playing", "work", "live",
        "need", "plan", "planning", "hope", "wish", "prefer", "use", "watch", "listen", "read",
        "follow", "practice", "really", "even", "much", "that", "into", "big", "huge", "fan",
        "eating", "drinking", "doing", "going", "own", "study", "studying", "allergic",
        "intolerant", "a", "on", "diet", "working", "living", "using", "watching", "dating",
        "seeing", "with", "have", "got", "stand", "played", "watched", "eaten", "drunk",
        "used", "done", "gone", "had", "been", "do", "person", "interested", "touched", "touch",
    }
)  # fmt: skip
# Relations whose key is the kind of a thing named by its name ("my dog Rex"): a retraction
# that names the kind names the thing.
_KIND_KEYED = frozenset({"HAS_PET", "HAS_RELATIVE"})
# The one generic retraction that ends a relative: "I stopped seeing Tom".
_COMPANY = re.compile(r"^(?:seeing|dating|talking\s+to)\b", re.IGNORECASE)
_FROM_X_TO = re.compile(r"\s+(?:to|for|in favou?r of)\s+", re.IGNORECASE)
# "I'm done with work for today", "I stopped running for a week": a pause, not an end.
_FOR_A_WHILE = re.compile(
    r"\bfor\s+(?:today|tonight|now|a\s+(?:bit|while|day|week|month)|the\s+(?:day|night|"
    r"week|weekend|month|moment|time\s+being))\b",
    re.IGNORECASE,
)
_FOR_Y = re.compile(r"\s+(?:for|in favou?r of)\s+", re.IGNORECASE)
_DENIED_BEFORE = re.compile(r"(?:n't|\bnot|\bnever|\bcannot)\s+(?:\w+\s+)?$", re.IGNORECASE)
# "dropped" ends a diet or a class, not a thing let fall or someone driven somewhere.
_DROPPED_THING = re.compile(r"^(?:off|my)\b|\boff\b", re.IGNORECASE)
_POINTING_END = re.compile(r"\b(?:it|them|that|this|those|these|him|her)$", re.IGNORECASE)
HYPOTHETICAL = re.compile(r"^\W*(?:if|unless|should|would|could|maybe|what if)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Retraction:
    """The speaker ends what `what` names: "I've moved on from running", "I switched from
    Netflix to Hulu" (what: Netflix, to: Hulu), "I stopped the keto diet", "forget what I said about
    being allergic to cats"; "I can eat dairy again" ends constraints only
    (`constraints_only`). The conflict policy ends the speaker's earlier facts whose object
    `what` names (rule 3d), whether or not a statement was extracted from the message;
    `said` is the retraction as written, its reason."""

    cue: str
    what: str
    constraints_only: bool = False
    said: str = field(default="", compare=False)
    to: str | None = None  # what it became: "... from Netflix to Hulu"
    denied: bool = False  # "I'm not lactose intolerant anymore"
    relations: frozenset[str] = frozenset()  # it ends facts of these only ("I left Google")
    # "I don't work there anymore": the current fact of `relations`, whatever it names
    pointing: bool = False

    @property
    def reason(self) -> str:
        return f"ended: '{self.said or f'{self.cue} {self.what}'}'"

    def ends(self, predicate: str, object_name: str, key: str | None = None) -> bool:
        """Whether it ends a fact of this relation, object and key: `what` names the object
        (and the relation is one of `relations`, when given); for a denial, `what` says
        nothing more than the object but verbs and the key ("want to move to Canada" ends
        "move to Canada", not "Canada"; "not learning Spanish" ends STATES Spanish [learn])."""
        if self.relations and predicate not in self.relations:
            return False
        if self.pointing:
            return True
        if predicate in _KIND_KEYED and not (self.relations or self.denied) and not (
            _COMPANY.match(self.what)
        ):
            return False  # "I stopped my daughter from eating candy": no parting
        if not names_object(self.what, object_name):
            if predicate == "IS_A" and _does_the_work_of(self.what, object_name):
                return True  # "I quit teaching" ends IS_A teacher
            # "I no longer have a dog" ends HAS_PET Rex [dog]: a pet or a relative by its kind
            if not (predicate in _KIND_KEYED and key and names_object(self.what, key)):
                return False
            object_name = key
        if not self.denied:
            return True
        # The key may be said too: a context ("for backend work") or a verb ("learning").
        held = content_words(object_name)
        extra = content_words(self.what) - held - _DENIAL_VERBS
        extra -= content_words(key or "")
        # "not interested in learning Spanish anymore" denies "learn Spanish"
        extra = {w for w in extra if not (w.endswith("ing") and held & set(gerund_stems(w)))}
        verb = (key or "").lower()
        return all(verb and w.startswith(verb[:-1] if verb.endswith("e") else verb) for w in extra)


def _does_the_work_of(phrase: str, role: str) -> bool:
    """Whether the phrase opens with the gerund of the role's work: "teaching" for teacher,
    "writing novels" for writer, "running" for runner (an agent noun in -er / -or)."""
    words, role = phrase.lower().split(), role.lower()
    if not words or not words[0].endswith("ing") or len(words[0]) <= 4 or " " in role:
        return False
    agent = role[:-2] if role.endswith(("er", "or")) else None
    return agent is not None and agent in gerund_stems(words[0])


def retractions(text: str) -> list[Retraction]:
    """The retractions a message makes, in order. Questions, conditionals and denied ones
    ("I never stopped running") make none."""
    found: list[Retraction] = []
    for s_start, s_end in sentences(text):
        sentence = _plain(text[s_start:s_end])
        if sentence.rstrip().endswith("?") or HYPOTHETICAL.match(sentence):
            continue
        patterns = ((_RETRACTION, False), (_OVER, False), (_LEFT, False), (_AGAIN, True))
        for pattern, constraints_only in patterns:
            for m in pattern.finditer(sentence):
                before = sentence[: m.start()]
                imperative = m.group("cue").lower().startswith(("forget", "take"))
                if (
                    _DENIED_BEFORE.search(before)
                    or not (imperative or pattern is _OVER or _FIRST_PERSON_BEFORE.search(before))
                    or _FOR_A_WHILE.search(m.group("what"))
                    or (pattern is _LEFT and _LEFT_FOR_THE_DAY.search(m.group("what")))
                ):
                    continue
                what = m.group("what").strip()
                if _POINTING_END.search(what):
                    continue  # "I stopped playing them": what they are was said before
                cue = " ".join(m.group("cue").split())
                if cue.lower() == "dropped" and _DROPPED_THING.search(what):
                    continue  # "I dropped the kids off at school", "I dropped my phone"
                if constraints_only:
                    found.append(Retraction(f"can {cue} ... again", what, True, m.group(0)))
                    continue
                to = None
                if cue.lower().endswith("from"):
                    # "switched from Netflix to Hulu": Hulu is what it became, not what ended
                    what, *became = _FROM_X_TO.split(what, maxsplit=1)
                    to = short_value(became[0]) if became else None
                elif cue.lower().startswith(("replaced", "swapped", "traded")):
                    # "I replaced Vim with VS Code": VS Code is what it became
                    what, *became = _REPLACED_BY.split(what, maxsplit=1)
                    to = short_value(_ARTICLE.sub("", became[0])) if became else None
                else:  # "I gave up coffee for tea": the tea goes on
                    what = _FOR_Y.split(what, maxsplit=1)[0]
                only = _LEFT_RELATIONS.get(cue.lower(), frozenset())
                found.append(Retraction(cue, what, False, f"{cue} {what}", to, relations=only))
        for m in _TO_X_FROM_Y.finditer(sentence):
            before = sentence[: m.start()]
            if _DENIED_BEFORE.search(before) or not _FIRST_PERSON_BEFORE.search(before):
                continue
            cue = " ".join(m.group("cue").split())
            what, to = m.group("what").strip(), short_value(m.group("to"))
            found.append(Retraction(f"{cue} from", what, False, m.group(0).strip(), to))
        found.extend(_denials(sentence))
        found.extend(_parted(sentence))
        found.extend(
            Retraction(" ".join(m.group("cue").split()), m.group("what").strip(),
                       said=m.group(0).strip(" ,;"), relations=frozenset({"HAS_GOAL"}))
            for m in _CALLED_OFF.finditer(sentence)
        )
        found.extend(
            Retraction(
                " ".join((m.group("cue") or m.group("cue2")).split()),
                "there",
                said=m.group(0).strip(" ,;"),
                relations=_THERE_RELATIONS[(m.group("verb") or m.group("verb2")).lower()],
                pointing=True,
            )
            for m in _THERE.finditer(sentence)
        )
    return found


# Chat's first-person contractions without their apostrophe: "im not into it anymore".
_BARE_CONTRACTIONS = {
    "im": "i'm", "ive": "i've", "dont": "don't", "cant": "can't", "havent": "haven't",
    "isnt": "isn't", "doesnt": "doesn't",
}  # fmt: skip
_BARE_CONTRACTION = re.compile(r"\b(?:" + "|".join(_BARE_CONTRACTIONS) + r")\b", re.IGNORECASE)


def _plain(sentence: str) -> str:
    """The sentence with straight apostrophes and chat's bare contractions mended."""
    return _BARE_CONTRACTION.sub(
        lambda m: _BARE_CONTRACTIONS[m.group(0).lower()], sentence.replace("\u2019", "'")
    )


def _parted(sentence: str) -> list[Retraction]:
    """A partner parted from or a pet that died: ends those relations only."""
    found = []
    for pattern, relations in _PARTED:
        for m in pattern.finditer(sentence):
            what = (m.groupdict().get("what") or m.groupdict().get("what2") or "").strip()
            cue = m.groupdict().get("cue") or m.groupdict().get("cue2") or ""
            if what.lower().startswith("my "):
                what = what[3:]
            if not what and cue.lower().startswith("got"):
                what = "husband wife spouse"  # "I got divorced": the spouse, whoever it is
            if not what and cue.lower() == "single":
                what = "boyfriend girlfriend husband wife partner"
            if what and what.lower() not in NOT_A_VALUE:
                said = m.group(0).strip(" ,;")
                cue = " ".join(cue.split())
                found.append(Retraction(cue, what, said=said, relations=relations))
    return found


def _denials(sentence: str) -> list[Retraction]:
    """The first-person denials with "anymore" / "no longer" of one sentence."""
    return [
        Retraction(
            " ".join((m.group("cue") or m.groupdict().get("cue2") or "").split()),
            m.group("what").strip(),
            said=m.group(0).strip(" ,;"),
            denied=True,
        )
        for pattern in _DENIALS
        for m in pattern.finditer(sentence)
    ]
