"""Just enough lexing of an analyst's Cypher to bound it: strings, names and comments told
apart from code, so that the engine can be given a row cap (`with_row_cap`), the columns keep
the order the analyst wrote (`returned_columns`), and `range()` calls can be sized before the
engine builds them (`range_calls`). This is no parser: anything it cannot read is left to the
engine, which refuses what is not Cypher.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from graph_memory.errors import InvalidInputError

_TOKEN = re.compile(
    r"""(?P<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
    r"|(?P<name>`[^`]*`)"
    r"|(?P<comment>//[^\n]*|/\*.*?\*/)"
    r"|(?P<space>\s+)"
    r"|(?P<word>\$?[A-Za-z_][A-Za-z0-9_]*|\d+)"
    r"|(?P<other>.)",
    re.DOTALL,
)
_OPEN, _CLOSE = "([{", ")]}"
ANCHOR = "__row_cap_anchor"  # a variable of with_row_cap's; `WITH *` carries it to the result
_END_OF_PROJECTION = frozenset({"ORDER", "SKIP", "LIMIT", "UNION"})


@dataclass(frozen=True)
class Token:
    kind: str  # string, name, comment, space, word, other
    text: str
    start: int
    depth: int  # brackets open before it: (), [] and {} together


def tokens(query: str) -> Iterator[Token]:
    depth = 0
    for m in _TOKEN.finditer(query):
        kind, text = m.lastgroup or "other", m.group()
        if kind == "other" and text in _CLOSE:
            depth -= 1
        yield Token(kind, text, m.start(), depth)
        if kind == "other" and text in _OPEN:
            depth += 1


def with_row_cap(query: str, rows: int) -> str:
    """`query` as a subquery whose rows the engine stops producing after `rows`. Refuses
    (InvalidInputError) a query whose brackets do not balance, which could close the
    subquery early and run on without the cap, and a procedure call that does not name its
    columns (it cannot be a subquery). A query that binds no variable at all (a bare CREATE)
    makes the engine refuse the wrapper's `RETURN *`: it returns no rows, run it as written."""
    body = query.strip().rstrip(";")
    depth = 0
    for token in tokens(body):
        if token.kind != "other" or token.text not in _OPEN + _CLOSE:
            continue
        if token.depth < 0:
            raise InvalidInputError(f"unbalanced {token.text!r} at character {token.start}")
        depth = token.depth + (1 if token.text in _OPEN else 0)
    if depth != 0:
        raise InvalidInputError("unbalanced brackets: a '(', '[' or '{' is never closed")
    words = [t.text.upper() for t in tokens(body) if t.kind == "word" and t.depth == 0]
    if words[:1] == ["WITH"]:
        # A subquery's leading WITH would import variables from outside: start with a row.
        body = f"UNWIND [0] AS {ANCHOR}\n{body}"
    if "RETURN" not in words:
        if words[:1] == ["CALL"] and "YIELD" not in words:
            raise InvalidInputError(
                "name the procedure's columns, e.g. CALL db.labels() YIELD label RETURN label"
            )
        # FalkorDB lets a query end in CALL ... YIELD: its rows are capped the same way.
        body += "\nRETURN *"
    # Newlines: a trailing // comment must not swallow the closing brace.
    return f"CALL {{\n{body}\n}}\nRETURN * LIMIT {int(rows)}"


def returned_columns(query: str) -> list[str] | None:
    """The column names of the last top-level RETURN, in the order written (an expression
    without AS is named by its text), or None when that cannot be read (`RETURN *`)."""
    code = [t for t in tokens(query) if t.kind not in ("comment", "space")]
    returns = [i for i, t in enumerate(code) if t.depth == 0 and t.text.upper() == "RETURN"]
    if not returns:
        return None
    items: list[list[Token]] = [[]]
    for token in code[returns[-1] + 1:]:
        if token.depth == 0 and token.text.upper() in _END_OF_PROJECTION:
            break
        if token.depth == 0 and token.text == ",":
            items.append([])
        else:
            items[-1].append(token)
    if items[0] and items[0][0].text.upper() == "DISTINCT":
        items[0] = items[0][1:]
    names: list[str] = []
    for item in items:
        if not item or (len(item) == 1 and item[0].text == "*"):
            return None
        if len(item) >= 3 and item[-2].text.upper() == "AS":
            alias = item[-1].text
            names.append(alias[1:-1] if alias.startswith("`") else alias)
        else:
            end = item[-1].start + len(item[-1].text)
            names.append(query[item[0].start:end])
    return names


def range_calls(query: str, params: Mapping[str, Any]) -> Iterator[tuple[str, int]]:
    """Each `range(start, end[, step])` whose arguments are integer literals or integer
    parameters, with the number of elements it builds."""
    code = [t for t in tokens(query) if t.kind not in ("comment", "space")]
    for i, token in enumerate(code[:-1]):
        if token.text.lower() != "range" or code[i + 1].text != "(":
            continue
        inner = token.depth + 1
        args: list[list[Token]] = [[]]
        end_at = len(query)
        for t in code[i + 2:]:
            if t.depth < inner:
                end_at = t.start + 1
                break
            if t.depth == inner and t.text == ",":
                args.append([])
            else:
                args[-1].append(t)
        values = [_int_value(arg, params) for arg in args]
        if len(values) not in (2, 3) or any(v is None for v in values):
            continue
        start, end, step = values[0], values[1], values[2] if len(values) == 3 else 1
        assert start is not None and end is not None and step is not None
        if step == 0 or (end - start) * step < 0:
            continue
        yield query[token.start:end_at], (end - start) // step + 1


def _int_value(arg: list[Token], params: Mapping[str, Any]) -> int | None:
    sign, parts = 1, arg
    if len(parts) == 2 and parts[0].text in ("+", "-"):
        sign, parts = (-1 if parts[0].text == "-" else 1), parts[1:]
    if len(parts) != 1:
        return None
    text = parts[0].text
    if text.isdigit():
        return sign * int(text)
    value = params.get(text[1:]) if text.startswith("$") else None
    if isinstance(value, int) and not isinstance(value, bool):
        return sign * value
    return None
