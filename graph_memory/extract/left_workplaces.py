"""An employer left is one the speaker no longer works at: "I quit Google", "I left Microsoft
in 2020", "I resigned from Deloitte" (read as DID / STATES of the company) and "I got laid off
from Google", "I was fired from Amazon", "I retired from IBM" (read as the work status alone)
tell a denied WORKS_AT of the company, as "I quit my job at Amazon" does (noun_kind._ended).
Only a company the NER names an organisation: "I left Paris" is a place left, "I quit
smoking" a habit; nor a shop left for the moment ("I just left Starbucks and I'm heading
home"). Not a denial ("I didn't quit Google": no match reads it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.canonical import canonical_name, noun_phrase
from graph_memory.extract.match import Match

# The keys of the open fallback's and DID's readings of leaving a place of work.
_LEAVING_KEYS = frozenset({"quit", "leave", "resign from", "quit from", "retire from"})
# The verbs of a work status told with "from" the employer: "laid off from", "fired from".
# Words of the moment a place is left at: "I just left Starbucks", "left work early today".
_MOMENT_WORDS = frozenset({"just", "already", "early", "today", "tonight", "morning", "now"})
_ENDED_FROM = frozenset({"lay", "fire", "retire", "resign", "sack", "dismiss", "let"})


def left_workplaces(doc: Any, matches: list[Match]) -> list[Match]:
    """The matches, a company left read as a denied WORKS_AT, and a job lost "from" a company
    told beside the work status."""
    out: list[Match] = []
    for match in matches:
        if _company_left(doc, match):
            out.append(replace(match, relation="WORKS_AT", key=None, negated=True))
            continue
        out.append(match)
        if match.relation == "HAS_ATTRIBUTE" and match.key == "work status" and not match.negated:
            out.extend(_employers_left(doc, match))
    return out


def _company_left(doc: Any, match: Match) -> bool:
    """ "I quit Google", "I left Microsoft in 2020": a company left, no shop left for now."""
    if match.relation not in ("STATES", "DID") or match.key not in _LEAVING_KEYS:
        return False
    if match.obj_label != "ORG" or match.negated:
        return False
    return not (match.key == "leave" and _left_for_now(doc, match))


def _left_for_now(doc: Any, match: Match) -> bool:
    """ "I just left Starbucks", "I left Target early today": a shop or office left for the
    moment, no job."""
    span = doc.char_span(match.span[0], match.span[1], alignment_mode="expand")
    verbs = [t for t in span or () if t.lemma_.lower() == "leave"]
    return any(c.lower_ in _MOMENT_WORDS for v in verbs for c in v.subtree) or any(
        t.lower_ in ("home", "heading") for t in doc)


def _employers_left(doc: Any, status: Match) -> list[Match]:
    """The companies a work status's verb was lost "from": "I got laid off from Google"."""
    span = doc.char_span(status.span[0], status.span[1], alignment_mode="expand")
    if span is None:
        return []
    found: list[Match] = []
    for verb in (t for t in span if t.lemma_.lower() in _ENDED_FROM and t.pos_ == "VERB"):
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "from"):
            for company in (o for o in prep.children if o.dep_ == "pobj" and o.ent_type_ == "ORG"):
                words = noun_phrase(company)
                name = canonical_name(words)
                if name:
                    end = max(t.idx + len(t.text) for t in words)
                    found.append(replace(status, relation="WORKS_AT", obj=name, obj_label="ORG",
                                         key=None, negated=True, span=(status.span[0], end)))
    return found
