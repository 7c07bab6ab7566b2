"""Recall's last stage: the top k from the scored candidates, one slot per memory, in the
order the trace explains, with the history and conflicts that ride along."""

from __future__ import annotations

from graph_memory.language import Language
from graph_memory.models import SEMANTIC_MEMORY_TYPE, Entity, Fact, FactLink
from graph_memory.recall.candidates import Candidate
from graph_memory.recall.models import RecallRequest, RecallResult
from graph_memory.recall.outdated import Outdated
from graph_memory.recall.provenance import Sources
from graph_memory.recall.reads import Reads
from graph_memory.recall.result import recall_result
from graph_memory.recall.score import Weights, signals
from graph_memory.store.base import Store

Scored = list[tuple[tuple[float, dict[str, float]], Candidate]]
Chosen = list[tuple[float, dict[str, float], Candidate]]


def assemble(
    store: Store,
    request: RecallRequest,
    query_language: Language,
    scored: Scored,
    names: dict[str, Entity],
    weights: Weights,
    outdated: dict[str, Outdated],
    reads: Reads,
) -> list[RecallResult]:
    """Top k, one slot per memory: an episode whose fact already ranks higher is left out
    (the fact lists it as a source), and so is a fact whose every source message already
    holds a slot; a fact that backs a semantic memory among the candidates gives its slot
    to that conclusion; an outdated message comes after the facts that replaced its own
    (they take the slots before it). History and conflicts ride along, not counted."""
    found_conclusions = conclusions(store, scored)
    fact_ids = [c.id for _, c in scored if c.fact is not None][: request.top_k * 4]
    fact_ids += sorted({c.id for _, c in found_conclusions.values()} - set(fact_ids))
    fact_ids += sorted({s for o in outdated.values() for s in o.successors} - set(fact_ids))
    sources = reads.sources_of(store, fact_ids)
    chosen: Chosen = []
    chosen_ids: set[str] = set()
    covered: set[str] = set()
    by_id = {c.id: (score, raw, c) for (score, raw), c in scored}

    def told_by_chosen(c: Candidate) -> list[str]:
        """The chosen messages a fact was drawn from, when all of them are chosen."""
        told = [eid for eid, _ in sources.get(c.id, [])] if c.fact is not None else []
        return told if told and all(e in chosen_ids for e in told) else []

    def takes_a_slot(c: Candidate) -> bool:
        if c.id in chosen_ids or (c.episode is not None and c.id in covered):
            return False
        return not told_by_chosen(c)

    def take(item: tuple[float, dict[str, float], Candidate]) -> None:
        chosen.append(item)
        chosen_ids.add(item[2].id)
        covered.update(eid for eid, _ in sources.get(item[2].id, []))

    def stand_for(item: tuple[float, dict[str, float], Candidate], told: list[str]) -> None:
        """A fact whose messages hold slots takes the best one's place (and frees the
        others): one slot per statement, held by the fact, which lists them as sources."""
        at = [i for i, (_, _, m) in enumerate(chosen) if m.id in told]
        chosen[at[0]] = (max(item[0], chosen[at[0]][0]), item[1], item[2])
        for i in reversed(at[1:]):
            del chosen[i]
        chosen_ids.difference_update(told)
        chosen_ids.add(item[2].id)

    for (score, raw), c in scored:
        if len(chosen) == request.top_k:
            break
        if c.id in found_conclusions:
            (score, raw), c = found_conclusions[c.id]
        if c.id not in chosen_ids and (told := told_by_chosen(c)):
            stand_for((score, raw, c), told)
            continue
        if not takes_a_slot(c):
            continue
        for successor in outdated[c.id].successors if c.id in outdated else ():
            found = by_id.get(successor)
            if len(chosen) < request.top_k and found and takes_a_slot(found[2]):
                take(found)
        if len(chosen) < request.top_k:
            take((score, raw, c))
    chosen.sort(key=lambda item: -item[0])  # a conclusion may score below its source
    outdated_after_successors(chosen, outdated, sources)
    links = store.fact_links([c.id for _, _, c in chosen if c.fact is not None])
    linked = linked_facts(store, links) if request.include_history else {}
    keep_successors_first(chosen, links)
    entity_names = {eid: e.name for eid, e in names.items()}
    return [
        recall_result(
            request,
            query_language,
            score,
            signals(raw, weights),
            c,
            sources,
            links,
            linked,
            entity_names,
            outdated.get(c.id),
        )
        for score, raw, c in chosen
    ]


def conclusions(
    store: Store, scored: Scored
) -> dict[str, tuple[tuple[float, dict[str, float]], Candidate]]:
    """Source fact id -> the best-scored semantic memory among the candidates drawn from
    it (graph_memory/consolidate)."""
    semantic = {
        c.id: (s, c)
        for s, c in scored
        if c.fact is not None and c.fact.memory_type == SEMANTIC_MEMORY_TYPE
    }
    if not semantic:
        return {}
    found: dict[str, tuple[tuple[float, dict[str, float]], Candidate]] = {}
    for link in store.fact_links(sorted(semantic)):
        if link.kind != "DERIVED_FROM" or link.from_id not in semantic:
            continue
        best = found.get(link.to_id)
        if best is None or semantic[link.from_id][0][0] > best[0][0]:
            found[link.to_id] = semantic[link.from_id]
    return found


def outdated_after_successors(
    chosen: Chosen, outdated: dict[str, Outdated], sources: Sources
) -> None:
    """An outdated message goes right after the last of its successors (a successor fact,
    or a message it was drawn from) that ranks below it."""
    for ep_id, why in outdated.items():
        ids = [c.id for _, _, c in chosen]
        if ep_id not in ids:
            continue
        after = set(why.successors) | {
            eid for s in why.successors for eid, _ in sources.get(s, [])
        }
        last = max((i for i, mid in enumerate(ids) if mid in after), default=-1)
        here = ids.index(ep_id)
        if last > here:
            chosen.insert(last, chosen.pop(here))


def keep_successors_first(chosen: Chosen, links: list[FactLink]) -> None:
    """A superseded fact never outranks its successor (possible when asked for history)."""
    rank = {c.id: i for i, (_, _, c) in enumerate(chosen)}
    for link in links:
        new, old = link.from_id, link.to_id
        if link.kind == "SUPERSEDES" and new in rank and old in rank and rank[old] < rank[new]:
            i, j = rank[old], rank[new]
            chosen[i], chosen[j] = chosen[j], chosen[i]
            rank[new], rank[old] = i, j


def linked_facts(store: Store, links: list[FactLink]) -> dict[str, Fact]:
    """The facts at either end of the links, forgotten ones left out."""
    ids = {link.from_id for link in links} | {link.to_id for link in links}
    return {f.id: f for f in store.get_facts(sorted(ids)) if f.status != "forgotten"}
