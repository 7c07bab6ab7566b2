"""Fact evidence for messages: a message says at least what the facts drawn from it say.

Most of recall's evidence is messages, but the facts extracted from a message restate it in a
few normalised words ("Emi is allergic to peanut" for "omg no peanuts for me, I'd end up in the
ER"), which a question often matches better than the chatty message does. So provenance
(fact -[EXTRACTED_FROM]-> message) is one more step of the graph:

1. `note_sources`: every candidate message learns which candidate facts were drawn from it
   (`Candidate.drawn`; from the sources recall reads for every candidate fact anyway).
2. `lend_fact_evidence`: each message takes on its facts' evidence,

       semantic(m) = max(semantic(m), share * max over its facts f of semantic(f))
       matched(m)  = matched(m) | matched(f)     (entity overlap read on its facts too)
       hops(m)     = min(hops(m), hops(f))       (graph expansion reaching the message)
       asked(m)    = asked(m) or asked(f)        (reached along an asked relation, relations.py)

   with `share` = Weights.fact_evidence (0 turns it off, and recall skips step 1).

Messages of candidate facts that no channel found are not added: measured on REALTALK (3
chats, bench/recall_quality.py's questions), adding them moved R@10 by 0.000 and MRR by +0.004
while it cost recall a quarter more time at 10k facts (a second read of the messages, their
similarities, and BM25 over a larger pool).

The facts keep their own scores; recall's one-slot-per-statement rule (recall/assemble.py)
still lets a fact stand for its messages or a message for its fact, whichever ranks first.
"""

from __future__ import annotations

from graph_memory.recall.candidates import CandidatePool

# Fact id -> its non-forgotten source messages: (episode id, caller's source id) pairs.
Sources = dict[str, list[tuple[str, str | None]]]


def group_sources(rows: list[tuple[str, str, str | None]]) -> Sources:
    """Store.sources_of_facts rows by fact."""
    sources: Sources = {}
    for fact_id, episode_id, source_id in rows:
        sources.setdefault(fact_id, []).append((episode_id, source_id))
    return sources


def note_sources(pool: CandidatePool, sources: Sources) -> None:
    """Record on each candidate message the candidate facts drawn from it; `sources`: fact id
    -> (episode id, source id) pairs, read for (at least) every candidate fact."""
    for fact_id in sorted(c.id for c in pool.by_id.values() if c.fact is not None):
        for episode_id, _ in sources.get(fact_id, ()):
            found = pool.by_id.get(episode_id)
            if found is not None and found.episode is not None:
                found.drawn.add(fact_id)


def lend_fact_evidence(pool: CandidatePool, share: float) -> None:
    """Each candidate message takes on the evidence of the candidate facts drawn from it
    (the formula is in the module docstring). Run after semantic similarities are filled."""
    if share <= 0:
        return
    for message in pool.by_id.values():
        if message.episode is None or not message.drawn:
            continue
        facts = [pool.by_id[f] for f in sorted(message.drawn) if f in pool.by_id]
        best = max((f.semantic or 0.0 for f in facts), default=0.0)
        message.semantic = max(message.semantic or 0.0, share * best)
        for fact in facts:
            message.matched |= fact.matched
            message.asked_relation |= fact.asked_relation
            if fact.hops is not None and (message.hops is None or fact.hops < message.hops):
                message.hops = fact.hops
                message.path = fact.path
