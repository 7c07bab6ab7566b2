"""The relation channel: a question that names a person and asks for a relation follows it.

"What are Kate's hobbies?", "Which countries has Elise visited?", "What do I like?" name a
person (a query entity of type Person, or the asker for I / me / my) and ask for a relation by
one of the words its ontology entry lists under `asked_by` ("hobbies" -> HAS_HOBBY, "visited"
-> VISITED, "like" -> PREFERS). Recall then walks the typed graph

    person <-[SUBJECT]- fact (relation asked for) -[EXTRACTED_FROM]-> message

(Store.relation_facts) and the facts and the messages they were drawn from join the pool as
graph candidates one hop from the person, whatever the other channels found: a message that
says "I'm into skiing and hiking" answers "Kate's hobbies" though it shares no word with it.
Unlike the untyped expansion (Store.expand_from_entities: any fact of the person, so for a
person with hundreds of facts an arbitrary few), only facts of the asked relations come.
"""

from __future__ import annotations

import re

from graph_memory.entities import entity_id
from graph_memory.models import Entity, Episode, Fact
from graph_memory.ontology import Ontology
from graph_memory.recall.candidates import Candidate, CandidatePool
from graph_memory.recall.models import PathStep

PERSON = "Person"
_WORD = re.compile(r"[a-z]+")
_FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})


def asked_relations(query: str, ontology: Ontology) -> list[str]:
    """The relations whose `asked_by` words or phrases occur in the query, as whole words."""
    words = _WORD.findall(query.lower().replace("’", "'").replace("'s", ""))
    padded = f" {' '.join(words)} "
    return sorted(
        name
        for name, spec in ontology.relations.items()
        if any(f" {phrase} " in padded for phrase in spec.asked_by)
    )


def asked_subjects(query: str, entities: list[Entity], user_id: str) -> list[str]:
    """Entity ids of the people the question asks about: the Person entities it names, and
    the asker's own entity (the user id as a speaker) when it says I, me or my."""
    subjects = {e.id for e in entities if e.type == PERSON}
    if _FIRST_PERSON & set(_WORD.findall(query.lower())):
        subjects.add(entity_id(user_id, user_id))
    return sorted(subjects)


def add_relation_hits(
    pool: CandidatePool, rows: list[tuple[Fact, Episode | None]], names: dict[str, Entity]
) -> None:
    """Each fact reached, and each message it was drawn from, as a graph candidate one hop
    from its subject, with the path subject -relation-> fact (-EXTRACTED_FROM-> message)."""
    typed: set[str] = set()  # reached by this channel already: the first path stays
    for fact, episode in rows:
        start = names.get(fact.subject_id)
        steps = (
            PathStep(
                node_id=fact.subject_id,
                node_name=start.name if start is not None else fact.subject_id,
                relation="start",
            ),
            PathStep(node_id=fact.id, node_name=fact.text, relation=fact.predicate),
        )
        reached: list[tuple[Candidate, tuple[PathStep, ...]]] = [
            (pool.candidate_for(fact), steps)
        ]
        if episode is not None:
            via = PathStep(node_id=episode.id, node_name=None, relation="EXTRACTED_FROM")
            reached.append((pool.candidate_for(episode), (*steps, via)))
        for candidate, path in reached:
            candidate.channels.add("graph")
            candidate.asked_relation = True
            candidate.matched.add(fact.subject_id)
            if candidate.id not in typed:
                typed.add(candidate.id)
                candidate.hops = 1
                candidate.path = path
