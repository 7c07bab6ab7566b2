"""Mends of the small model's parse, made in place before any pattern reads it.

Each mend rewrites the tags or arcs of one misreading the parser makes on chat (its module
says which) into the parse a cleaner wording gets, so the patterns need not know the
misreading. They run in this order: a later mend may rely on an earlier one's tags. A mend
whose module names its MEND_TRIGGERS runs only on a message holding one of those words (most
hold none: each pass over a message's tokens costs the write path time); no mend changes a
word's text, so the words are read once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graph_memory.extract import (
    bare_id,
    bare_im,
    chat_laughs,
    favorite_participles,
    favorites_included,
    fused_wants,
    gave_a_try,
    ing_events,
    kind_before_name,
    leisure_present,
    listened_to,
    lowercase_names,
    numbered_kinds,
    paired_subjects,
    performed_live,
    role_doings,
    same_form_pasts,
    spent_doing,
    things_like,
    verb_under_object,
    went_doing,
)
from graph_memory.extract.compound_conjuncts import mend_compound_conjuncts
from graph_memory.extract.object_conjuncts import mend_object_conjuncts
from graph_memory.extract.retag import mend_verb_tags

Mend = Callable[[Any], None]

# (the words one of which the message must hold, or None: always; the mend), in order.
_MENDS: tuple[tuple[frozenset[str] | None, Mend], ...] = (
    (bare_id.MEND_TRIGGERS, bare_id.mend_bare_id),  # "id love to go": d/NN -> would/MD
    (None, mend_verb_tags),  # "I really like winter": like/IN -> VERB
    (bare_im.MEND_TRIGGERS, bare_im.mend_bare_im),  # "im vegan": m/aux of vegan -> the root
    # "you know your cats lol": cats/nsubj of lol -> dobj of know, lol -> intj
    (chat_laughs.MEND_TRIGGERS, chat_laughs.mend_chat_laughs),
    # "I coach soccer": coach/compound -> VERB
    (verb_under_object.MEND_TRIGGERS, verb_under_object.mend_verb_under_object),
    # "I went fishing with my grandpa": went/aux -> VERB
    (went_doing.MEND_TRIGGERS, went_doing.mend_went_doing),
    # "I spend my free time painting": painting/NN -> VBG
    (spent_doing.MEND_TRIGGERS, spent_doing.mend_spent_doing),
    # "a wine tasting in Sonoma": tasting/VBG -> NOUN
    (ing_events.MEND_TRIGGERS, ing_events.mend_ing_events),
    # "I gave yoga a try": as "I tried yoga"
    (gave_a_try.MEND_TRIGGERS, gave_a_try.mend_gave_a_try),
    # "my favorite foods include sushi": include/VBP -> "are" (lemma be), sushi/dobj -> attr
    (favorites_included.MEND_TRIGGERS, favorites_included.mend_favorites_included),
    # "my favorite topping is salsa": salsa/VBN root -> NOUN, attr of "is"
    (favorite_participles.MEND_TRIGGERS, favorite_participles.mend_favorite_participles),
    # "I'm a junior studying biology": junior/amod -> attr
    (role_doings.MEND_TRIGGERS, role_doings.mend_school_year_doing),
    # "I have type 1 diabetes": have/aux -> VERB
    (numbered_kinds.MEND_TRIGGERS, numbered_kinds.mend_numbered_kinds),
    # "i wanna run a marathon": wanna/aux -> the clause's head
    (fused_wants.MEND_TRIGGERS, fused_wants.mend_wanna),
    # "In my free time I knit": knit/VBD -> VBP
    (leisure_present.MEND_TRIGGERS, leisure_present.mend_leisure_present),
    # "I read Dune last year": read/VBP -> VBD
    (same_form_pasts.MEND_TRIGGERS, same_form_pasts.mend_same_form_pasts),
    (None, mend_object_conjuncts),  # "i speak spanish and portuguese": conj of spanish
    # "hiking and board games": games/dobj of the verb -> conj, board/conj -> compound
    (None, mend_compound_conjuncts),
    # "Nadia, my girlfriend, and I adopted": I/nsubj -> conj
    (paired_subjects.MEND_TRIGGERS, paired_subjects.mend_paired_subjects),
    # "I listen to jazz": to/aux, jazz/xcomp -> to/prep, jazz/pobj
    (listened_to.MEND_TRIGGERS, listened_to.mend_listened_to),
    # "We saw Metallica live in Chicago": live/VB -> ADV
    (performed_live.MEND_TRIGGERS, performed_live.mend_performed_live),
    # "my dog max is sick": max/nsubj, dog/compound -> dog/nsubj, max/appos
    (lowercase_names.MEND_TRIGGERS, lowercase_names.mend_lowercase_names),
    # "I loved the movie Inception": inception/dobj, movie/compound -> movie/dobj, Inception/appos
    (kind_before_name.MEND_TRIGGERS, kind_before_name.mend_kind_before_name),
    # "I play things like cod": like/prep of play -> prep of things
    (things_like.MEND_TRIGGERS, things_like.mend_things_like),
)


def mend_parse(doc: Any) -> None:
    """Every mend, in order, on one parsed message."""
    words = {token.lower_ for token in doc}
    for triggers, mend in _MENDS:
        if triggers is None or not words.isdisjoint(triggers):
            mend(doc)
