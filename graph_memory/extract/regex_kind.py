"""The `regex` pattern kind: an ontology's regular expression over the message's own text,
its `object` group read as the noun phrase it starts with ("gluten" of "gluten anymore") or,
with `object: text`, as written. Read by rules.py after the parse-based kinds."""

from __future__ import annotations

import re
from typing import Any

from graph_memory.extract.canonical import canonical_name, clean_text, ner_label
from graph_memory.extract.match import Match
from graph_memory.extract.objects import NOT_OBJECT_POS, VAGUE, object_ok
from graph_memory.extract.patterns import RegexPattern
from graph_memory.extract.people import SPEAKER
from graph_memory.extract.questions import stated_end

# A relation's regex pattern with its expression compiled once.
CompiledRegex = tuple[str, RegexPattern, re.Pattern[str]]


def regex_matches(regexes: list[CompiledRegex], doc: Any, text: str) -> list[Match]:
    """Matches of the regex patterns in `text`, the doc's own text (doc.text would be
    made again from every token)."""
    out: list[Match] = []
    for relation, pattern, regex in regexes:
        for found in regex.finditer(text):
            span = doc.char_span(*found.span(), alignment_mode="expand")
            obj_span = doc.char_span(*found.span("object"), alignment_mode="expand")
            if span is None or obj_span is None or span.end > stated_end(span.sent):
                continue
            if pattern.object == "text":
                name = clean_text(found.group("object"))
            else:
                # The noun phrase the group starts with: "gluten" of "gluten anymore".
                words: list[Any] = []
                for token in obj_span:
                    if token.pos_ in NOT_OBJECT_POS and not (words and token.text == "-"):
                        break
                    words.append(token)
                name = canonical_name(words) if words else ""
                name = "" if name.lower() in VAGUE else name
            if not name or not object_ok(name, obj_span.root, pattern):
                continue
            name = pattern.template.replace("{object}", name)
            subject, subject_label = SPEAKER, ""
            if pattern.subject == "group":
                subject = clean_text(found.group("subject"))
                subject_span = doc.char_span(*found.span("subject"), alignment_mode="expand")
                subject_label = ner_label(subject_span.root) if subject_span else ""
                if not subject:
                    continue
            out.append(
                Match(relation, pattern, subject, subject_label, pattern.subject == "speaker",
                      name, ner_label(obj_span.root), pattern.key, False, found.span())
            )  # fmt: skip
    return out
