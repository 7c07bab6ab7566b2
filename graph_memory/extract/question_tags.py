"""A statement asked about after it, in the same sentence: "I'm thinking of joining a book
club, what do you think (about it)?". The parser hangs the statement on the tag's "think" as
if it were what the one spoken to thinks; it is the speaker's own."""

from __future__ import annotations

from typing import Any


def asked_after(clause: Any) -> bool:
    """Whether the clause comes before a comma and a "what do you think?" / "you think?" tag
    whose "think" the parser made its head."""
    verb = clause.head
    between = clause.doc[clause.i : verb.i]
    return (
        clause.i < verb.i and verb.lemma_.lower() == "think" and "?" in clause.sent[-1].text
        and any(t.text == "," for t in between)
        and any(c.dep_ == "nsubj" and c.lower_ in ("you", "u") for c in verb.children)
    )  # fmt: skip
