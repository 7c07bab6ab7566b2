"""Who a memory is about: the speaker of a message, the subject of a fact.

A question that names a person ("What does Emi like to cook?") is answered by what that person
said about themselves: the facts drawn from their words have them as subject (dialogue-aware
extraction), and the messages are theirs. Mentions cannot tell this: a speaker's name is a hub
that the entity channel skips (recaller.ENTITY_HUB), and it is mostly the *other* speaker who
writes it ("Hey Emi!"). So a candidate involves a query entity also when

    the message's speaker is that entity          (Episode.speaker, normalised to its id)
    the fact's subject is that entity             (Fact.subject_id)

which the entity signal then counts (recall/score.py). Read from the candidates themselves: no
store round trip.

Measured on REALTALK (bench/recall_quality.py): of the gold messages of questions that name one
speaker, 97% are that speaker's own (1,071 of 1,104; about half of all messages are). With the
entity weight at 0.3 (recall/score.py), recall@10 rose 0.584 -> 0.592 and MRR 0.494 -> 0.502 on
all 10 chats (0.625 -> 0.643 and 0.521 -> 0.546 on the first 3), where entity overlap by
mentions alone had moved neither by more than 0.002.
"""

from __future__ import annotations

from graph_memory.entities import entity_id
from graph_memory.recall.candidates import CandidatePool


def note_subjects(pool: CandidatePool, user_id: str, entity_ids: set[str]) -> None:
    """A candidate message spoken by a query entity, and a candidate fact whose subject is one,
    involve that entity (Candidate.matched; a message's speaker is kept in Candidate.said_by
    for its `why`)."""
    if not entity_ids:
        return
    speakers: dict[str, str] = {}  # speaker as written -> its entity id
    for c in pool.by_id.values():
        if c.episode is not None and c.episode.speaker:
            speaker = c.episode.speaker
            if speaker not in speakers:
                speakers[speaker] = entity_id(user_id, speaker)
            if speakers[speaker] in entity_ids:
                c.matched.add(speakers[speaker])
                c.said_by = speakers[speaker]
        elif c.fact is not None and c.fact.subject_id in entity_ids:
            c.matched.add(c.fact.subject_id)
