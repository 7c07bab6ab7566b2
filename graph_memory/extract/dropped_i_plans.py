"""Plans told with chat's "I" (and its "am" or "have") dropped: "Planning to visit Japan next
year!", "Hoping to get into grad school", "thinking about exploring creative writing too",
"Been meaning to read Dune", "Would love to watch a match at Stanford", "Can't wait to start my
new job". A wish or plan verb that opens its sentence with no subject, as a present participle
or under "would" or "can", is the speaker's: neither form is an imperative ("Try the pasta" is),
and chat drops no other subject before them. match.implied_speaker asks this of a clause
pattern's verb (a goal's, "want to ..."); a question is not read (questions.stated_end), nor a
plan hedged before its verb ("Maybe planning to ...")."""

from __future__ import annotations

from typing import Any

# What may stand before the verb: adverbs ("Really hoping to ..."), interjections ("Yeah,
# planning to ..."), punctuation, a conjunction ("and thinking of ...").
_BEFORE = frozenset({"advmod", "intj", "punct", "cc"})
# "Been meaning to ...", "Been wanting to ...": the dropped "I've" leaves its "been".
_LEFT_AUXILIARIES = frozenset({"been"})
_MODALS = frozenset({"would", "can"})
_UNSURE = frozenset({"maybe", "probably", "perhaps", "possibly"})
# "Going to run the mall as well", "Gonna make a shopping list right now": chat's dropped "I'm
# going to" tells the errands of the day far more than plans; it is left to the written "I".
_ERRAND_PLANNERS = frozenset({"go", "gon", "gonna"})


def dropped_i_plan(verb: Any, pattern: Any) -> bool:
    """Whether `verb`, the head of a pattern's goal clause, is the speaker's with "I" dropped."""
    if getattr(pattern, "object", None) != "clause" or verb.dep_ != "ROOT":
        return False
    if verb.lemma_.lower() in _ERRAND_PLANNERS or verb.lower_ in _ERRAND_PLANNERS:
        return False
    if any(c.dep_ in ("nsubj", "nsubjpass", "expl", "csubj") for c in verb.children):
        return False
    auxiliaries = [c for c in verb.children if c.dep_ == "aux"]
    if verb.tag_ == "VBG":
        told = all(a.lower_ in _LEFT_AUXILIARIES for a in auxiliaries)
    elif verb.tag_ == "VB":
        told = any(a.tag_ == "MD" and a.lemma_.lower() in _MODALS for a in auxiliaries)
    else:
        told = False
    if not told:
        return False
    before = [t for t in verb.sent if t.i < verb.i]
    if any(t.lower_ in _UNSURE for t in before):
        return False
    return all(t.dep_ in _BEFORE or (t.head.i == verb.i and t.dep_ in ("aux", "neg"))
               for t in before)
