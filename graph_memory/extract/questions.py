"""Whether a sentence asks: a question is no statement of fact ("Do you like sushi?"), while a
statement with a tag after it is one ("I love hiking, what about you?", "I'm a nurse, you?").
Split from canonical.py."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import WH_TAGS


def is_question(sent: Any) -> bool:
    """Whether the sentence asks rather than states."""
    # The last token that is not whitespace (sent.text would make every token of it).
    doc, last = sent.doc, sent.end - 1
    while last > sent.start and doc[last].is_space:
        last -= 1
    if doc[last].text.rstrip().endswith("?"):
        return not _tagged_statement(sent, last)
    if len(sent) >= 2 and _opens_question(sent):
        return True
    return _runs_on_to_question(sent, last)


def _opens_question(span: Any) -> bool:
    """Chat questions often lack the "?": "do you like sushi", "what do you eat"."""
    first, second = span[0], span[1]
    if first.pos_ == "AUX" and second.dep_ in ("nsubj", "nsubjpass", "expl"):
        return True
    return bool(first.tag_ in WH_TAGS and second.pos_ == "AUX")


_SENTENCE_STOPS = frozenset(".!?\u2026")


def _runs_on_to_question(sent: Any, last: int) -> bool:
    """ "Like I choose one super hero and I get a bonus?": the splitter cut one question in two.
    A sentence with no stop of its own whose text runs on, with no stop or line break between,
    to a "?" asks with it, unless a question of its own opens in the part with the "?" ("I love
    hiking, what about you?", "so I put up posters what do you think?": a statement, then a
    question)."""
    doc = sent.doc
    if _SENTENCE_STOPS & set(doc[last].text) or sent.end >= len(doc):
        return False
    if "\n" in doc[last].whitespace_:
        return False
    for token in doc[last + 1:]:
        if (token.is_space and "\n" in token.text) or "\n" in token.whitespace_:
            return False
        if token.text.rstrip().endswith("?"):
            start = max(sent.end, last + 1)
            if any(_opens_question(doc[i:token.i + 1]) for i in range(start, token.i - 1)):
                return False  # "... so I put up posters what do you think?"
            return not _tagged_statement(doc[sent.start:token.i + 1], token.i)
        if _SENTENCE_STOPS & set(token.text) and token.is_punct:
            return False
    return False


# Verbs a question tag may hold and still state nothing: "what do you think?", "have you been?".
_TAG_VERBS = frozenset({"think", "be"})


# The question handed back, chat often without its comma: "I'm good what about you?".
_ECHO_TAGS = (("what", "about", "you"), ("how", "about", "you"), ("what", "about", "u"),
              ("how", "about", "u"), ("and", "you"), ("and", "u"), ("wbu",), ("hbu",))


def _echo_tag(doc: Any, start: int, last: int) -> int | None:
    """Where an echo tag ending at the "?" (token `last`) begins, read as the place of a comma
    before it; None without one."""
    words = [t.lower_ for t in doc[start:last]]
    for tag in _ECHO_TAGS:
        if len(words) > len(tag) and tuple(words[-len(tag):]) == tag:
            return last - len(tag)
    return None


def _tagged_statement(sent: Any, last: int) -> bool:
    """A statement of the speaker's with a question tag after its last comma: "I love hiking,
    what about you?", "I went to Japan last year, have you been?", "I'm planning a trip to
    Japan, any tips?". The tag holds no verb of its own that could state something ("I love
    sushi, do you like ramen?" stays a question), and what comes before it does not ask."""
    doc = sent.doc
    commas = [t.i for t in doc[sent.start:last] if t.text == ","]
    echo = _echo_tag(doc, sent.start, last)
    if echo is not None and (not commas or commas[-1] < echo - 1):
        commas.append(echo)  # "I was watching a documentary how about you?": no comma
    if not commas or commas[-1] - sent.start < 2:
        return False
    head, tail = doc[sent.start:commas[-1]], doc[commas[-1] + 1:last + 1]
    if len(tail) > 8 or any(t.pos_ == "VERB" and t.lemma_.lower() not in _TAG_VERBS
                            for t in tail):
        return False
    first, second = head[0], head[1]
    if (first.pos_ == "AUX" and second.dep_ in ("nsubj", "nsubjpass", "expl")) or (
            first.tag_ in WH_TAGS):
        return False  # "do you like it, what do you think?", "what is it, any idea?"
    return any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in ("i", "we") for t in head)


# Words a question after a statement may open with before it asks: "..., so do you like it?".
_TAIL_OPENERS = frozenset({"so", "and", "but", "also", "btw", "anyway", "oh", "well"})


def stated_end(sent: Any) -> int:
    """Where the sentence's statement ends: its end when it states, its start when it asks,
    and the last comma when a statement of the speaker's is run on with a comma into a question
    of its own ("I have two cats, do you have any pets?", "I love hiking, have you ever tried
    it?", "I want to visit Miami, maybe we can go together?"): the statement stands, the
    question after it states nothing (not "do you like it, what do you think?", "I wonder,
    do you like sushi?" asks; a question of the speaker's own: "I love it, am I weird?")."""
    if not is_question(sent):
        return int(sent.end)
    doc, last = sent.doc, sent.end - 1
    while last > sent.start and doc[last].is_space:
        last -= 1
    commas = [t.i for t in doc[sent.start:last] if t.text == ","]
    if not doc[last].text.rstrip().endswith("?") or not commas or commas[-1] - sent.start < 2:
        return int(sent.start)
    head = doc[sent.start:commas[-1]]
    tail = [t for t in doc[commas[-1] + 1:last + 1] if not t.is_punct]
    while tail and tail[0].lower_ in _TAIL_OPENERS:
        tail = tail[1:]
    if len(tail) < 2 or _opens_question(head) or head[0].lower_ in ("if", "whether"):
        return int(sent.start)
    asks_other = (tail[0].pos_ == "AUX" and tail[1].lower_ in ("you", "u", "we", "yall")) or (
        tail[0].tag_ in WH_TAGS or tail[0].lower_ in ("want", "wanna")) or (
        tail[0].lower_ == "maybe" and any(t.lower_ in ("we", "you") for t in tail[1:4]))
    own = any(t.dep_ in ("nsubj", "nsubjpass")
              and (t.lower_ in ("i", "we") or any(c.lower_ == "my" for c in t.children))
              and head.start <= t.head.i < head.end and t.head.lemma_.lower() != "wonder"
              for t in head)
    return int(head.end) if asks_other and own else int(sent.start)
