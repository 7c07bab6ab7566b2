"""A liking told in the past (or as going on) of one specific thing: "I loved the Barbie
movie", "I really enjoyed the new Batman movie", "I'm loving the new Taylor Swift album", and
a kind liked as going on ("I'm really loving yoga lately"; not "I'm enjoying coffee right
now"). A named thing liked so is PREFERS already ("I loved Dune": the verb pattern's
`proper_noun`); a thing described by a name or by "the" and what it is, which the open
fallback reads as STATES [enjoy], is liked the same way. Not a thing of one's own ("I enjoyed
my trip to Paris": an experience had), nor a bare "the movie" (which points back into the
chat), nor a class told in the past ("I loved cookies")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.match import Match
from graph_memory.extract.open_vocabulary import LIKING_VERBS
from graph_memory.extract.opinion_topics import specific


def past_likings(doc: Any, matches: list[Match]) -> list[Match]:
    """The matches, a STATES [enjoy] of one specific thing read as PREFERS of it."""
    return [_as_liking(doc, m) if m.relation == "STATES" and m.key in LIKING_VERBS
            and not m.negated else m for m in matches]


def _as_liking(doc: Any, match: Match) -> Match:
    span = doc.char_span(match.span[0], match.span[1], alignment_mode="expand")
    if span is None:
        return match
    # "I loved", "I've always loved", "I'm loving", "I've been enjoying"
    for verb in (t for t in span if t.lemma_.lower() == match.key
                 and t.tag_ in ("VBD", "VBN", "VBG")):
        liked = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"]
        # the object as read must be the thing liked whole, not a piece cut from it
        whole = liked and match.obj.lower().endswith((liked[0].lower_, liked[0].lemma_.lower()))
        # "Zendaya's cinderella inspired Met Gala outfit": a misparse cuts it at a participle,
        # which the parser hangs on the noun or on the verb
        whole = whole and not any(c.dep_ == "acl" for c in liked[0].children) and not any(
            c.dep_ == "ccomp" and c.i > liked[0].i for c in verb.children)
        if whole and liked[0] in span and (specific(liked[0]) or _ongoing_kind(verb, liked[0])):
            return replace(match, relation="PREFERS", key=None)
    return match


# What makes an ongoing liking one of the moment: "I'm enjoying coffee right now".
_MOMENTS = frozenset({"now", "today", "tonight", "currently", "rn"})


def _ongoing_kind(verb: Any, liked: Any) -> bool:
    """ "I'm really loving yoga lately", "I've been enjoying jazz": a kind liked as going on
    (no "the", "my" or "this": "I'm enjoying my latte" is a moment's), not said of the moment."""
    if verb.tag_ != "VBG" or any(c.dep_ in ("det", "poss") for c in liked.children):
        return False
    return not any(t.lower_ in _MOMENTS for t in verb.subtree)
