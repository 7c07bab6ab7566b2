"""Statements a message makes about what its speaker said before without stating them in full:
"Sorry, I meant Tuesday." (the value of the speaker's latest statement, corrected) and "I've
moved on from chess to poker." (what the speaker held, become something else). Each is the
earlier fact restated with its new value, for the conflict policy to decide as a correction or
an update (graph_memory/write/conflict_policy.py); nothing is restated when it is unclear which
earlier fact is meant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from graph_memory.extract.corrections import (
    bare_correction,
    it_is_correction,
    not_x_correction,
    self_correction,
)
from graph_memory.extract.cues import names_object
from graph_memory.extract.retractions import Retraction, retractions
from graph_memory.extract.switches import switched_to
from graph_memory.models import EntityRef, ExtractedFact, Fact, Triple
from graph_memory.store.base import Store
from graph_memory.write.conflict_policy import ALIKE

# "Sorry, I meant Tuesday." corrects the speaker's statement of at most this long ago.
CORRECTION_WINDOW = timedelta(minutes=30)
# How many of the user's newest active facts are read to find what a message restates.
HELD_LIMIT = 200
# Cosines of one value against others: (value, others) -> one per other.
Similarity = Callable[[str, Sequence[str]], Sequence[float]]


def _restated(
    store: Store, fact: Fact, value: str, span: tuple[int, int], cue: str
) -> ExtractedFact | None:
    subject = store.get_entity(fact.subject_id)
    old = store.get_entity(fact.object_id)
    if subject is None or old is None:
        return None
    return ExtractedFact(
        triple=Triple(
            subject=EntityRef(name=subject.name, type=subject.type),
            predicate=fact.predicate,
            object=EntityRef(name=value, type=old.type),
            key=fact.key,
        ),
        span=span,
        extractor=fact.extractor,
        confidence=fact.confidence,
        cue=cue,
    )


def corrected(
    store: Store, user_id: str, session_id: str | None, origin: str, text: str, said: datetime
) -> ExtractedFact | None:
    """ "Sorry, I meant Tuesday." (corrections.bare_correction), "No wait, it's due Thursday."
    (corrections.it_is_correction, when the value looks like the one it replaces): the one fact of
    the speaker's latest statement, in this session and within CORRECTION_WINDOW, with its
    value replaced; "Sorry, she lives in Lyon, not Paris." (corrections.not_x_correction): the one
    such fact whose object is the value it names. The text is read first: only a message
    with a correction cue reads the store."""
    bare = bare_correction(text)
    named = not_x_correction(text) if bare is None else None
    found = bare or (it_is_correction(text) if named is None else None)
    if named is None and found is None:
        return None
    recent = [
        f
        for f in store.list_facts(user_id, statuses=["current", "conflicted"], limit=20)
        if f.origin == origin
        and f.session_id == session_id
        and timedelta(0) <= said - f.valid_from <= CORRECTION_WINDOW
    ]
    if not recent:
        return None
    if named is not None:
        cue, value, old, span = named
        meant = [f for f in recent if (f.object_name or "").casefold() == old.casefold()]
        if len(meant) == 1 and _alike(meant[0].object_name or "", value):
            return _restated(store, meant[0], value, span, cue)
        return None
    assert found is not None
    by_pronoun = bare is None
    cue, value, span = found
    latest = max(recent, key=lambda f: (f.valid_from, f.created_at))
    said_last = [f for f in recent if f.valid_from == latest.valid_from]
    if len(said_last) > 1:
        # The last message said several things: the one value of the corrected kind, if one.
        said_last = [f for f in said_last if _alike(f.object_name or "", value)]
        if len(said_last) != 1:
            return None
        latest = said_last[0]
    if by_pronoun and not _alike(latest.object_name or "", value):
        return None  # "Sorry, it's late.": no value of the kind just said
    return _restated(store, latest, value, span, cue)


def _alike(old: str, new: str) -> bool:
    """Whether two values look of one kind: as many words, both with digits or neither
    ("555-1234" / "555-4321"), both capitalised or neither ("Friday" / "Thursday"); and the
    new one no word of a passing remark ("Sorry, it's late")."""

    def shape(value: str) -> tuple[int, bool, bool]:
        return len(value.split()), any(c.isdigit() for c in value), value[:1].isupper()

    return shape(old) == shape(new) and new.lower() not in _REMARKS


_REMARKS = frozenset(
    {"late", "early", "fine", "ok", "okay", "true", "right", "wrong", "done", "over", "gone",
     "cool", "fun", "hard", "easy", "busy", "alright", "all right", "complicated", "weird"}
)  # fmt: skip


def _held(store: Store, user_id: str, speaker: str) -> list[Fact]:
    """The speaker's own active facts among the user's newest HELD_LIMIT."""
    return [
        f
        for f in store.list_facts(user_id, statuses=["current", "conflicted"], limit=HELD_LIMIT)
        if (f.subject_name or "").casefold() == speaker.casefold()
    ]


def switched(
    store: Store,
    user_id: str,
    speaker: str,
    text: str,
    stated: Sequence[ExtractedFact],
    said: Sequence[Retraction] | None = None,
) -> list[ExtractedFact]:
    """ "I've moved on from chess to poker.", "I switched from Netflix to Hulu.": for each
    retraction that names what the old value became (retractions.Retraction.to) and that no
    statement of the message already states, the speaker's own active facts it ends,
    restated with the new value and the cue "<moved on / switched> to" (an update). The
    conflict policy ends the old fact by the retraction and links the new one as its
    successor (rule 3e). `said`: retractions(text), when the caller has them already."""
    wanted = [
        r
        for r in (retractions(text) if said is None else said)
        if r.to and not any(names_object(r.to, s.triple.object.name) for s in stated)
    ]
    if not wanted:
        return []
    held = _held(store, user_id, speaker)
    found: list[ExtractedFact] = []
    for retraction in wanted:
        assert retraction.to is not None
        start = text.find(retraction.to)
        span = (start, start + len(retraction.to)) if start >= 0 else (0, 0)
        # "switched from X to Y" -> "switched to"; "replaced X with Y" -> "replaced"
        cue = retraction.cue[: -len("from")] + "to" if retraction.cue.endswith("from") else (
            retraction.cue
        )
        for fact in held:
            if names_object(retraction.what, fact.object_name or "") and (
                restated := _restated(store, fact, retraction.to, span, cue)
            ):
                found.append(restated)
    return found


def switched_to_held(
    store: Store,
    user_id: str,
    speaker: str,
    text: str,
    stated: Sequence[ExtractedFact],
    similarity: Similarity,
) -> list[tuple[ExtractedFact, Retraction]]:
    """ "Actually I've switched to squash." (switches.switched_to) where no statement of
    the message names squash: the speaker's held fact (not an event) whose value is most like
    it, at least conflict_policy.ALIKE alike, restated with the new value and the cue "switched
    to"; with the retraction that ends the old value (rule 3d), so that the new fact is its
    successor (rule 3e). Nothing when no held value is alike."""
    wanted = [
        (cue, value, span)
        for cue, value, span in switched_to(text)
        if not any(names_object(value, s.triple.object.name) for s in stated)
    ]
    if not wanted:
        return []
    held = [
        f
        for f in _held(store, user_id, speaker)
        if f.memory_type not in ("event", "semantic") and f.object_name
    ]
    found: list[tuple[ExtractedFact, Retraction]] = []
    for cue, value, span in wanted:
        names = sorted({f.object_name or "" for f in held if f.object_name != value})
        if not names:
            continue
        scores = similarity(value, names)
        best, score = max(zip(names, scores, strict=True), key=lambda pair: pair[1])
        if score < ALIKE:
            continue
        ended = Retraction(cue, best, said=f"{cue} {value}", to=value)
        for fact in held:
            if fact.object_name == best and (restated := _restated(store, fact, value, span, cue)):
                found.append((restated, ended))
    return found


def self_corrected(text: str, stated: Sequence[ExtractedFact]) -> list[ExtractedFact]:
    """The statements with the value their own sentence corrects ("I live in Paris, I mean
    Lyon." states Lyon; "I want to learn German, sorry, I meant Dutch." states "learn
    Dutch"): the statement that ends last before the correction, its object's last words
    replaced when they look like the new value (_alike); the others unchanged."""
    statements = list(stated)
    for _, value, span in self_correction(text):
        before = [i for i, s in enumerate(statements) if s.span[1] <= span[0] and s.span[1]]
        if not before:
            continue
        i = max(before, key=lambda k: statements[k].span[1])
        words = statements[i].triple.object.name.split()
        n = min(len(value.split()), len(words))
        if not _alike(" ".join(words[-n:]), value):
            continue
        triple = statements[i].triple
        corrected_object = triple.object.model_copy(update={"name": " ".join([*words[:-n], value])})
        # No cue: the correction is of its own sentence, not of an earlier statement.
        statements[i] = statements[i].model_copy(
            update={"triple": triple.model_copy(update={"object": corrected_object})}
        )
    return statements
