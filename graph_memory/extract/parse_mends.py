"""Mends of the small model's parse, made in place before any pattern reads it.

Each mend rewrites the tags or arcs of one misreading the parser makes on chat (its module
says which) into the parse a cleaner wording gets, so the patterns need not know the
misreading. They run in this order: a later mend may rely on an earlier one's tags.
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.bare_im import mend_bare_im
from graph_memory.extract.fused_wants import mend_wanna
from graph_memory.extract.gave_a_try import mend_gave_a_try
from graph_memory.extract.ing_events import mend_ing_events
from graph_memory.extract.leisure_present import mend_leisure_present
from graph_memory.extract.numbered_kinds import mend_numbered_kinds
from graph_memory.extract.object_conjuncts import mend_object_conjuncts
from graph_memory.extract.paired_subjects import mend_paired_subjects
from graph_memory.extract.performed_live import mend_performed_live
from graph_memory.extract.retag import mend_verb_tags
from graph_memory.extract.role_doings import mend_school_year_doing
from graph_memory.extract.spent_doing import mend_spent_doing
from graph_memory.extract.verb_under_object import mend_verb_under_object
from graph_memory.extract.went_doing import mend_went_doing


def mend_parse(doc: Any) -> None:
    """Every mend, in order, on one parsed message."""
    mend_verb_tags(doc)  # "I really like winter": like/IN -> VERB
    mend_bare_im(doc)  # "im vegan": m/aux of vegan -> the root
    mend_verb_under_object(doc)  # "I coach soccer": coach/compound -> VERB
    mend_went_doing(doc)  # "I went fishing with my grandpa": went/aux -> VERB
    mend_spent_doing(doc)  # "I spend my free time painting": painting/NN -> VBG
    mend_ing_events(doc)  # "a wine tasting in Sonoma": tasting/VBG -> NOUN
    mend_gave_a_try(doc)  # "I gave yoga a try": as "I tried yoga"
    mend_school_year_doing(doc)  # "I'm a junior studying biology": junior/amod -> attr
    mend_numbered_kinds(doc)  # "I have type 1 diabetes": have/aux -> VERB
    mend_wanna(doc)  # "i wanna run a marathon": wanna/aux -> the clause's head
    mend_leisure_present(doc)  # "In my free time I knit": knit/VBD -> VBP
    mend_object_conjuncts(doc)  # "i speak spanish and portuguese": conj of spanish
    mend_paired_subjects(doc)  # "Nadia, my girlfriend, and I adopted": I/nsubj -> conj
    mend_performed_live(doc)  # "We saw Metallica live in Chicago": live/VB -> ADV
