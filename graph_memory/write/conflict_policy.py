"""The conflict policy: decide what a new fact does to the facts already held.

Pure and deterministic: the same facts in the same order always give the same decisions.
The cases, in the order they are checked (ontology/README.md has the table):

1. Same subject, predicate, object (and key) as an active fact: no new fact; the existing one
   is reinforced (one more piece of evidence). If it was awaiting confirmation, this
   confirms it: it becomes current and supersedes the facts it was in conflict with. A
   near-duplicate merged by consolidation stands for the fact it was merged into (that one is
   reinforced); a semantic memory is a conclusion drawn from facts, never reinforced directly.
2. A *competitor* is an active fact that cannot hold together with the new one: the same
   single-valued slot (relation with cardinality one, same subject, same key when the scope has
   a key) with another object, or a contradicting relation (ontology `contradicts`) on the same
   subject and object. For each competitor, with "newer" the fact of later valid time:
   a. equal priority, different origins (speaker/agent), valid times within
      `conflict_window_seconds`: both are linked CONFLICTS_WITH and flagged needs_confirmation
      (status conflicted); neither wins.
   b. newer priority >= older priority: the newer SUPERSEDES the older (status superseded,
      superseded_at = newer's valid time). An out-of-order write of an older statement is
      therefore stored already superseded.
   c. newer priority < older priority: the newer is flagged (conflicted, needs_confirmation,
      CONFLICTS_WITH the older); the older stays current. A lower priority never silently wins.
3. How the statement was said (`Said`: its change cue from graph_memory/extract/cues.py and
   whether it is a denial) adds three rules, checked before the ones above:
   a. a denial (`negated`: "I'm not vegetarian anymore") stores nothing; it ends every active
      fact of the same subject, relation and object (and key, when it has one): status
      superseded at the denial's valid time, `end_reason` = the cue as written ("denied:
      'anymore'").
   b. a `past` cue ("I used to drink tea", "I've moved on from yoga") ends the active fact that
      states the same (the statement itself stores nothing); without one, the statement is
      stored as history, already ended (superseded at its own valid time, `end_reason` =
      the cue): it competes with nothing.
   c. an `update` or `correction` cue ("actually", "these days", "instead", "switched to",
      "sorry, I meant") makes the statement replace the speaker's earlier statement of the
      same slot: active facts of the same subject, the same relation (or one of its
      `conflict_policy.cue_families`) and the same key (the context: "for breakfast" never
      replaces "for backend work"), with another object, stated no later than it. When the
      sentence names the old value ("switched from tea", "instead of Go"), exactly the facts
      whose object it names; otherwise, for a single-valued relation, case 2 already decides;
      for a many-valued one, the latest such statement (those of the latest valid time),
      unless the cue is weak ("actually", "now", "currently") and the statement has no key. A
      past statement of the same batch ended by (b) is linked too ("I used to drink tea,
      these days it's coffee": coffee SUPERSEDES tea). An `update` cue never replaces an
      event (memory type `event`: what happened stays true); a `correction` does. Each
      replacement is decided as a competitor (2a-2c), with the cue as written in its reason.
   d. after the statements, a retraction in the message ("I've moved on from running", "I
      stopped the keto diet", "forget what I said about being allergic to cats"; "I can eat
      dairy again" for constraints only) ends the speaker's earlier active facts whose object
      it names, whether or not a statement was extracted from it (`end_reason` "ended:
      '<cue> <what>'"), except what the message states again; a past statement of the same
      message about the same thing stores nothing.
   Without a cue, many-valued statements coexist (likes, hobbies, wishes) and the same wording
   repeated reinforces (case 1) whatever the cue.
Nothing is ever deleted: superseded and conflicted facts keep their text, embedding and edges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from graph_memory.extract.cues import Cue, Retraction, names_object
from graph_memory.models import SEMANTIC_MEMORY_TYPE, Fact, FactChange, FactLink, FactStatus
from graph_memory.ontology import Ontology

_ACTIVE = ("current", "conflicted")
EVENT_MEMORY_TYPE = "event"
CONSTRAINT_MEMORY_TYPE = "constraint"


@dataclass(frozen=True)
class Said:
    """How a candidate fact was stated: a denial, and the change cue that applies to it."""

    negated: bool = False
    cue: Cue | None = None


PLAIN = Said()


@dataclass(frozen=True)
class Ending:
    """A retraction a message makes (graph_memory/extract/cues.py), for its speaker."""

    subject_id: str
    retraction: Retraction
    at: datetime
    by: str  # the episode that said it


@dataclass
class _State:
    status: FactStatus
    superseded_at: datetime | None
    needs_confirmation: bool
    end_reason: str | None = None


@dataclass
class Resolution:
    """Outcome of resolving a sequence of candidate facts against the active ones."""

    created: list[Fact] = field(default_factory=list)
    # candidate id -> id of the existing fact it repeats
    reinforced: dict[str, str] = field(default_factory=dict)
    changed_existing: dict[str, _State] = field(default_factory=dict)
    links: list[FactLink] = field(default_factory=list)
    # (candidate id, change): what each candidate did to the facts already held
    changes: list[tuple[str, FactChange]] = field(default_factory=list)
    # candidates that store nothing (denials, past statements that ended their twin)
    dropped: set[str] = field(default_factory=set)


def same_statement(a: Fact, b: Fact) -> bool:
    """Same subject, relation, object and key; and the same time when both name one (two
    visits to Miami in different weeks are two events)."""
    same_time = a.occurred_at is None or b.occurred_at is None or a.occurred_at == b.occurred_at
    return same_time and (a.subject_id, a.predicate, a.object_id, a.key) == (
        b.subject_id,
        b.predicate,
        b.object_id,
        b.key,
    )


def competition_reason(ontology: Ontology, new: Fact, old: Fact) -> str | None:
    """Why `new` and `old` cannot both be current, or None if they can."""
    if new.subject_id != old.subject_id:
        return None
    relation = ontology.relation(new.predicate)
    if (
        relation.cardinality == "one"
        and old.predicate == new.predicate
        and old.object_id != new.object_id
        and ("key" not in relation.scope or old.key == new.key)
    ):
        return f"single-valued {new.predicate}: new value replaces the old one"
    if old.predicate in relation.contradicts and old.object_id == new.object_id:
        return f"{new.predicate} contradicts {old.predicate}"
    return None


class ConflictResolver:
    """Applies the ontology's conflict policy (see the module docstring)."""

    def __init__(self, ontology: Ontology) -> None:
        self._ontology = ontology
        self._window = ontology.conflict_policy.conflict_window_seconds

    def resolve(
        self,
        candidates: list[Fact],
        active: list[Fact],
        now: datetime,
        said: Mapping[str, Said] | None = None,
        endings: Sequence[Ending] = (),
    ) -> Resolution:
        """Resolve `candidates` in order. `active` are the current/conflicted facts of the
        candidates' subjects (and of the endings'); candidates resolved earlier join them for
        later ones. `said` tells, by candidate id, how a candidate was stated (default:
        plainly); `endings` are retractions (rule 3d), applied after the candidates."""
        result = Resolution()
        created: list[Fact] = []
        pool = {fact.id: fact for fact in active}
        state = {
            fact.id: _State(
                fact.status, fact.superseded_at, fact.needs_confirmation, fact.end_reason
            )
            for fact in active
        }
        history: list[Fact] = []  # past statements of this batch, stored already ended
        retracted = [e.retraction.what for e in endings]
        for candidate in candidates:
            how = (said or {}).get(candidate.id, PLAIN)
            cue = how.cue
            if how.negated:
                self._deny(candidate, cue, pool, state, result)
                continue
            twin = self._twin(candidate, pool, state)
            if cue is not None and cue.kind == "past":
                if twin is not None:
                    self._end(twin, candidate, f"ended: '{cue.text}'", state, result)
                    result.dropped.add(candidate.id)
                elif any(names_object(what, candidate.object_name or "") for what in retracted):
                    result.dropped.add(candidate.id)  # a retraction of this message said it
                else:
                    state[candidate.id] = _State(
                        "superseded", candidate.valid_from, False, f"past: '{cue.text}'"
                    )
                    pool[candidate.id] = candidate
                    created.append(candidate)
                    history.append(candidate)
                continue
            if twin is not None:
                result.reinforced[candidate.id] = twin.id
                if state[twin.id].status == "conflicted":
                    self._confirm(twin, candidate, pool, state, result, now)
                result.changes.append(
                    (
                        candidate.id,
                        FactChange(
                            kind="reinforced",
                            fact_id=twin.id,
                            reason="the same statement was made again",
                        ),
                    )
                )
                continue
            state[candidate.id] = _State("current", None, False)
            for other_id in list(pool):
                if state[other_id].status not in ("current", "conflicted"):
                    continue
                other = pool[other_id]
                reason = competition_reason(self._ontology, candidate, other)
                if reason is not None:
                    if cue is not None:
                        reason = f"{reason} ('{cue.text}')"
                    self._decide(candidate, other, reason, state, result, now)
            if cue is not None and cue.kind in ("update", "correction"):
                for other in self._replaced(candidate, cue, pool, state):
                    reason = (
                        f"{cue.kind} cue '{cue.text}': {candidate.object_name} replaces "
                        f"{other.object_name}"
                    )
                    self._decide(candidate, other, reason, state, result, now)
                for past in history:
                    if self._same_slot(candidate, past) and past.object_id != candidate.object_id:
                        result.links.append(
                            FactLink(
                                kind="SUPERSEDES",
                                from_id=candidate.id,
                                to_id=past.id,
                                reason=f"{cue.kind} cue '{cue.text}': {candidate.object_name} "
                                f"replaces {past.object_name}",
                                at=now,
                            )
                        )
            pool[candidate.id] = candidate
            created.append(candidate)
        # Retractions last: what a statement replaced keeps its SUPERSEDES link and reason.
        for ending in endings:
            restated = [c for c in candidates if c.valid_from == ending.at]
            self._retract(ending, restated, pool, state, result)
        # Final states only: a later candidate may supersede an earlier one of the same batch.
        result.created = [
            fact.model_copy(
                update={
                    "status": state[fact.id].status,
                    "superseded_at": state[fact.id].superseded_at,
                    "needs_confirmation": state[fact.id].needs_confirmation,
                    "end_reason": state[fact.id].end_reason,
                }
            )
            for fact in created
        ]
        for fact in active:
            before = (fact.status, fact.superseded_at, fact.needs_confirmation, fact.end_reason)
            after = state[fact.id]
            if before != (
                after.status,
                after.superseded_at,
                after.needs_confirmation,
                after.end_reason,
            ):
                result.changed_existing[fact.id] = after
        return result

    # --- change cues ----------------------------------------------------------------------
    def _same_slot(self, new: Fact, old: Fact) -> bool:
        """Same subject, key and relation (or a relation of its cue family)."""
        if new.subject_id != old.subject_id or new.key != old.key:
            return False
        if new.predicate == old.predicate:
            return True
        return any(
            new.predicate in family and old.predicate in family
            for family in self._ontology.conflict_policy.cue_families
        )

    def _replaced(
        self, candidate: Fact, cue: Cue, pool: dict[str, Fact], state: dict[str, _State]
    ) -> list[Fact]:
        """The active facts an update or correction cue makes `candidate` replace (rule 3c)."""
        if cue.kind == "update" and candidate.memory_type == EVENT_MEMORY_TYPE:
            return []
        others = sorted(
            (
                fact
                for fid, fact in pool.items()
                if state[fid].status in _ACTIVE
                and fid != candidate.id
                and fact.object_id != candidate.object_id
                and fact.valid_from <= candidate.valid_from
                and self._same_slot(candidate, fact)
            ),
            key=lambda f: (f.valid_from, f.id),
        )
        if cue.replaced is not None:
            return [f for f in others if names_object(cue.replaced, f.object_name or "")]
        if self._ontology.relation(candidate.predicate).cardinality == "one":
            # Its own relation's slot was decided as a competitor already; a cue family's
            # other relations were not.
            others = [f for f in others if f.predicate != candidate.predicate]
        if not others:
            return []
        if cue.weak and candidate.key is None:
            return []  # "Actually, I want to go hiking": one more wish, not a change of mind
        latest = others[-1].valid_from
        return [f for f in others if f.valid_from == latest]

    def _deny(
        self,
        denial: Fact,
        cue: Cue | None,
        pool: dict[str, Fact],
        state: dict[str, _State],
        result: Resolution,
    ) -> None:
        """Rule 3a: a denial ends what it denies and stores nothing."""
        result.dropped.add(denial.id)
        reason = f"denied: '{cue.text}'" if cue is not None else "denied by a later statement"
        for fid, fact in list(pool.items()):
            if (
                state[fid].status in _ACTIVE
                and (fact.subject_id, fact.predicate, fact.object_id)
                == (denial.subject_id, denial.predicate, denial.object_id)
                and (denial.key is None or fact.key == denial.key)
                and fact.valid_from <= denial.valid_from
            ):
                self._end(fact, denial, reason, state, result)

    def _retract(
        self,
        ending: Ending,
        restated: list[Fact],
        pool: dict[str, Fact],
        state: dict[str, _State],
        result: Resolution,
    ) -> None:
        """Rule 3d: a retraction ends the speaker's earlier active facts whose object it
        names (constraints only, for "I can eat X again"), except what its own message states
        again ("I don't eat meat anymore" keeps an earlier AVOIDS meat)."""
        retraction = ending.retraction
        for fid, fact in sorted(pool.items()):
            if (
                state[fid].status in _ACTIVE
                and not any(same_statement(c, fact) for c in restated)
                and fact.subject_id == ending.subject_id
                and fact.valid_from < ending.at
                and names_object(retraction.what, fact.object_name or "")
                and (not retraction.constraints_only or fact.memory_type == CONSTRAINT_MEMORY_TYPE)
            ):
                self._end_at(fact, ending.at, ending.by, retraction.reason, state, result)

    @classmethod
    def _end(
        cls, fact: Fact, by: Fact, reason: str, state: dict[str, _State], result: Resolution
    ) -> None:
        """`fact` stops holding at `by`'s valid time, with no successor."""
        cls._end_at(fact, by.valid_from, by.id, reason, state, result)

    @staticmethod
    def _end_at(
        fact: Fact,
        at: datetime,
        by: str,
        reason: str,
        state: dict[str, _State],
        result: Resolution,
    ) -> None:
        state[fact.id] = _State("superseded", at, False, reason)
        change = FactChange(
            kind="superseded", fact_id=fact.id, other_fact_id=fact.id, reason=reason
        )
        result.changes.append((by, change))

    @staticmethod
    def _twin(candidate: Fact, pool: dict[str, Fact], state: dict[str, _State]) -> Fact | None:
        """The active fact that states the same as `candidate`: a merged near-duplicate stands
        for the fact it was merged into; a semantic memory is a conclusion, never a twin."""
        if candidate.memory_type == SEMANTIC_MEMORY_TYPE:
            return None  # a conclusion re-resolved (update) states what its sources state
        for fid, fact in pool.items():
            if fact.memory_type == SEMANTIC_MEMORY_TYPE or not same_statement(fact, candidate):
                continue
            if state[fid].status in _ACTIVE:
                return fact
            target = fact.merged_into
            if state[fid].status == "merged" and target in pool and state[target].status in _ACTIVE:
                return pool[target]
        return None

    def _confirm(
        self,
        twin: Fact,
        candidate: Fact,
        pool: dict[str, Fact],
        state: dict[str, _State],
        result: Resolution,
        now: datetime,
    ) -> None:
        """Stating a fact that awaits confirmation again settles its conflicts in its favour
        (and those of a semantic memory that states the same: it was flagged alongside)."""
        state[twin.id] = _State("current", None, False)
        for other_id, other in pool.items():
            if (
                other.memory_type == SEMANTIC_MEMORY_TYPE
                and same_statement(other, twin)
                and state[other_id].status == "conflicted"
            ):
                state[other_id] = _State("current", None, False)
        for other_id, other in pool.items():
            reason = competition_reason(self._ontology, twin, other)
            if other_id == twin.id or reason is None:
                continue
            if state[other_id].status not in ("current", "conflicted"):
                continue
            note = f"{reason}; confirmed by a later statement"
            state[other_id] = _State("superseded", candidate.valid_from, False)
            result.links.append(
                FactLink(kind="SUPERSEDES", from_id=twin.id, to_id=other_id, reason=note, at=now)
            )
            result.changes.append(
                (
                    candidate.id,
                    FactChange(
                        kind="superseded", fact_id=twin.id, other_fact_id=other_id, reason=note
                    ),
                )
            )

    def _decide(
        self,
        new: Fact,
        old: Fact,
        reason: str,
        state: dict[str, _State],
        result: Resolution,
        now: datetime,
    ) -> None:
        newer, older = (new, old) if new.valid_from >= old.valid_from else (old, new)
        gap = abs((new.valid_from - old.valid_from).total_seconds())
        if new.priority == old.priority and new.origin != old.origin and gap <= self._window:
            for fact in (new, old):
                state[fact.id] = _State("conflicted", None, True)
            note = (
                f"{reason}; equal priority from different sources "
                f"({new.origin} vs {old.origin}) {gap:.0f}s apart: needs confirmation"
            )
            result.links.append(
                FactLink(kind="CONFLICTS_WITH", from_id=new.id, to_id=old.id, reason=note, at=now)
            )
            result.changes.append(
                (
                    new.id,
                    FactChange(kind="conflict", fact_id=new.id, other_fact_id=old.id, reason=note),
                )
            )
        elif newer.priority >= older.priority:
            state[older.id] = _State("superseded", newer.valid_from, False)
            result.links.append(
                FactLink(kind="SUPERSEDES", from_id=newer.id, to_id=older.id, reason=reason, at=now)
            )
            result.changes.append(
                (
                    new.id,
                    FactChange(
                        kind="superseded", fact_id=newer.id, other_fact_id=older.id, reason=reason
                    ),
                )
            )
        else:
            state[newer.id] = _State("conflicted", None, True)
            note = (
                f"{reason}; lower priority ({newer.priority} < {older.priority}) cannot "
                "supersede: needs confirmation"
            )
            result.links.append(
                FactLink(
                    kind="CONFLICTS_WITH", from_id=newer.id, to_id=older.id, reason=note, at=now
                )
            )
            result.changes.append(
                (
                    new.id,
                    FactChange(kind="conflict", fact_id=new.id, other_fact_id=old.id, reason=note),
                )
            )
