"""A clause inside quotation marks is someone's words, not the speaker's statement: "he kept
saying "You must be cheddar, cause I love cheese"", "my mom always says "I hate mornings"",
a song line. A fact read wholly inside a quoted stretch of several words is left out; a title
quoted inside the speaker's own clause ("I love "Stranger Things"") is read as before, its
fact's span reaching outside the quotes."""

from __future__ import annotations

import re

from graph_memory.extract.match import Match

# A quoted stretch, in straight or curly double quotes, paired in order from the left (the
# words between two quoted titles are no quote).
_QUOTED = re.compile(r'"[^"]*"|\u201c[^\u201d]*\u201d')
# A quote of fewer words is a title or a word ("I love "Stranger Things"").
_QUOTE_WORDS = 3


def outside_quotes(text: str, matches: list[Match]) -> list[Match]:
    """The matches whose span is not wholly inside a quoted stretch of the text."""
    if '"' not in text and "\u201c" not in text:
        return matches
    quoted = [q.span() for q in _QUOTED.finditer(text) if len(q.group().split()) >= _QUOTE_WORDS]
    return [m for m in matches
            if not any(start < m.span[0] and m.span[1] < end for start, end in quoted)]
