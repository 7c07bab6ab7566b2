"""The conflict policy: decide what a new fact does to the facts already held.

Pure and deterministic: the same facts in the same order always give the same decisions.
The cases, in the order they are checked (ontology/README.md has the table):

1. Same subject, predicate, object (and key) as an active fact: no new fact; the existing one
   is reinforced (one more piece of evidence). If it was awaiting confirmation, this
   confirms it (`confirm`, which a person's confirmation uses too): it becomes current and
   supersedes the facts it was in conflict with. A near-duplicate merged by consolidation
   stands for the fact it was merged into (that one is reinforced); a semantic memory is a
   conclusion drawn from facts, never reinforced directly.
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
   whether it is a denial) adds these rules, checked before the ones above:
   a. a denial (`negated`: "I'm not vegetarian anymore", "Tom isn't vegan any more", "我不再
      吃素了") stores nothing; it ends every active fact of the same subject, relation and
      object (and key, when it has one): status superseded at the denial's valid time,
      `end_reason` = the cue as written ("denied: 'anymore'"). The one path of denials: the
      extractors state them, in every language they read.
   b. a `past` cue ("I used to drink tea", "I've moved on from yoga") ends the active fact that
      states the same, or the same but for gerunds ("I love drinking tea"; the statement itself
      stores nothing); without one, the statement is
      stored as history, already ended (superseded at its own valid time, `end_reason` =
      the cue): it competes with nothing; but the value a sentence sets aside ("I prefer
      cycling instead of running": Cue.rejected) stores nothing, held before or not.
   c. an `update` or `correction` cue ("actually", "these days", "instead", "switched to",
      "sorry, I meant") makes the statement replace the speaker's earlier statement of the
      same slot: active facts of the same subject, the same relation (or one of its
      `conflict_policy.cue_families`) and the same key (the context: "for breakfast" never
      replaces "for backend work"), with another object, stated no later than it. When the
      sentence names the old value ("switched from tea", "instead of Go", "..., not
      Spanish"), exactly the facts whose object it names (a statement without a key names
      them in any context: "I've started cycling instead of driving" replaces "drive" [to
      work]); otherwise, for a single-valued relation, case 2 already decides; for a
      many-valued one nothing when the cue is weak ("actually", "now", "currently") and the
      statement has no key, nor when its own message ends a fact of the slot (that is the
      one it replaces: e); else the statements whose object shares the most words with the
      new one ("Actually, I want to learn French instead" replaces "learn German", not the
      later "visit Japan"); else, for a statement without a key, those said within JUST_SAID
      or at least ALIKE to it when the resolver has a similarity ("I've switched to the
      night shift" replaces no "tennis" of last week); of these the latest (those of the
      latest valid time).
      An `update` cue never replaces an event (memory type `event`: what happened stays
      true); a `correction` does. Each replacement is decided as a competitor (2a-2c), with
      the cue as written in its reason.
   d. after the statements, a retraction in the message ("I've moved on from running", "I
      stopped the keto diet", "forget what I said about being allergic to cats"; "I can eat
      dairy again" for constraints only; a first-person denial with "anymore" / "no longer",
      for the denials no extractor rule states: "I don't want to move to Canada anymore")
      ends the speaker's earlier active facts whose object it names (a denial: all it
      denies but verbs), whether or not a statement was extracted from it (`end_reason` "ended:
      '<as written>'"), except what the message states again; a past statement of the same
      message about the same thing stores nothing.
   e. every ending (a, b, d) is history: `Resolution.endings` lists (fact, by, reason), which
      the write plan stores as an ENDED_BY link from the fact to the message that ended it;
      and a statement of that message that takes the ended fact's place (same slot, another
      object; single-valued, or said with an update or correction cue) SUPERSEDES it ("I used
      to drink tea, these days it's coffee"; "I no longer work at Deloitte, I joined Accenture").
   Without a cue, many-valued statements coexist (likes, hobbies, wishes) and the same wording
   repeated reinforces (case 1) whatever the cue.
Nothing is ever deleted: superseded and conflicted facts keep their text, embedding and edges.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta

from graph_memory.extract.cues import (
    Cue,
    names_replaced,
    same_but_gerunds,
    shared_words,
)
from graph_memory.models import SEMANTIC_MEMORY_TYPE, Fact, FactChange, FactLink
from graph_memory.ontology import Ontology
from graph_memory.write.resolution import (
    PLAIN,
    Ending,
    Resolution,
    Run,
    Said,
    State,
    same_statement,
)

EVENT_MEMORY_TYPE = "event"
CONSTRAINT_MEMORY_TYPE = "constraint"
RESTATED = "confirmed by a later statement"
# Values at least this alike (the cosine of their names' MiniLM embeddings) may replace one
# another without sharing a word: tennis / squash 0.38, coffee / green tea 0.52, Netflix /
# Hulu 0.63; tennis / night shift 0.13, Google / squash 0.21, tennis / Linux 0.18.
ALIKE = 0.3
# A statement this recent is what an update cue refers to even when not alike ("I want a
# refund for these shoes." "Actually, I'd like to exchange them instead.").
JUST_SAID = timedelta(minutes=30)


def _past_twin(candidate: Fact, run: Run) -> Fact | None:
    """For a past statement ("I used to drink tea"), the active fact that stated the same in
    other words: same subject, relation and key, the object but for gerunds ("drinking tea")."""
    return next(
        (
            fact
            for fid, fact in run.pool.items()
            if run.active(fid)
            and fact.memory_type != SEMANTIC_MEMORY_TYPE
            and (fact.subject_id, fact.predicate, fact.key)
            == (candidate.subject_id, candidate.predicate, candidate.key)
            and same_but_gerunds(fact.object_name or "", candidate.object_name or "")
        ),
        None,
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

    def __init__(
        self, ontology: Ontology, similarity: Callable[[str, str], float] | None = None
    ) -> None:
        self._ontology = ontology
        self._window = ontology.conflict_policy.conflict_window_seconds
        # How alike two values are (the cosine of their names' embeddings); without one, an
        # update cue replaces the latest statement of its slot whatever it names.
        self._similarity = similarity

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
        run = Run.of(active)
        created: list[Fact] = []
        retracted = [e.retraction for e in endings]
        # What each message's retractions will end, known before its statements (rule 3c).
        to_retract = {
            fid: e.at for e in endings for fid in self._retraction_targets(e, candidates, run)
        }
        for candidate in candidates:
            how = (said or {}).get(candidate.id, PLAIN)
            cue = how.cue
            if how.negated:
                self._deny(candidate, cue, run)
                continue
            twin = self._twin(candidate, run)
            if cue is not None and cue.kind == "past":
                twin = twin or _past_twin(candidate, run)
                if twin is not None:
                    self._end_at(
                        twin, candidate.valid_from, candidate.id, f"ended: '{cue.text}'", run
                    )
                    run.result.dropped.add(candidate.id)
                elif cue.rejected or any(
                    r.ends(candidate.predicate, candidate.object_name or "", candidate.key)
                    for r in retracted
                ):
                    # the value set aside ("instead of running"), or a retraction of this
                    # message said it: no history of its own
                    run.result.dropped.add(candidate.id)
                else:  # history: stored already ended, at its own time
                    run.pool[candidate.id] = candidate
                    created.append(candidate)
                    self._end_at(
                        candidate,
                        candidate.valid_from,
                        candidate.id,
                        f"past: '{cue.text}'",
                        run,
                        existing=False,
                    )
                continue
            if twin is not None:
                run.result.reinforced[candidate.id] = twin.id
                if run.state[twin.id].status == "conflicted":
                    self._confirm(twin, candidate.id, candidate.valid_from, RESTATED, run, now)
                run.result.changes.append(
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
            run.state[candidate.id] = State("current", None, False)
            for other_id in list(run.pool):
                if not run.active(other_id):
                    continue
                other = run.pool[other_id]
                reason = competition_reason(self._ontology, candidate, other)
                if reason is not None:
                    if cue is not None:
                        reason = f"{reason} ('{cue.text}')"
                    self._decide(candidate, other, reason, run, now)
            if cue is not None and cue.kind in ("update", "correction"):
                for other in self._replaced(candidate, cue, run, to_retract):
                    reason = (
                        f"{cue.kind} cue '{cue.text}': {candidate.object_name} replaces "
                        f"{other.object_name}"
                    )
                    self._decide(candidate, other, reason, run, now)
            run.pool[candidate.id] = candidate
            created.append(candidate)
        # Retractions last: what a statement replaced keeps its SUPERSEDES link and reason.
        for ending in endings:
            for fid in self._retraction_targets(ending, candidates, run):
                self._end_at(run.pool[fid], ending.at, ending.by, ending.retraction.reason, run)
        self._link_successors(created, said or {}, run, now)
        # Final states only: a later candidate may supersede an earlier one of the same batch.
        run.result.created = [
            fact.model_copy(
                update={
                    "status": run.state[fact.id].status,
                    "superseded_at": run.state[fact.id].superseded_at,
                    "needs_confirmation": run.state[fact.id].needs_confirmation,
                    "end_reason": run.state[fact.id].end_reason,
                }
            )
            for fact in created
        ]
        run.result.changed_existing = run.changed(active)
        return run.result

    def confirm(
        self, fact: Fact, active: Sequence[Fact], at: datetime, note: str, now: datetime
    ) -> Resolution:
        """Settle the open conflicts of `fact` (conflicted) in its favour, as stating it again
        does (case 1); a person's confirmation (graph_memory/conflict_review.py) with `note`
        saying who and why. `active`: the other active facts of its subject."""
        run = Run.of([fact, *active])
        self._confirm(fact, fact.id, at, note, run, now)
        run.result.changed_existing = run.changed(run.pool.values())
        return run.result

    # --- change cues ----------------------------------------------------------------------
    def _same_slot(self, new: Fact, old: Fact, any_key: bool = False) -> bool:
        """Same subject, key (unless `any_key`) and relation (or a relation of its cue
        family)."""
        if new.subject_id != old.subject_id or (new.key != old.key and not any_key):
            return False
        if new.predicate == old.predicate:
            return True
        return any(
            new.predicate in family and old.predicate in family
            for family in self._ontology.conflict_policy.cue_families
        )

    def _replaced(
        self, candidate: Fact, cue: Cue, run: Run, to_retract: Mapping[str, datetime]
    ) -> list[Fact]:
        """The active facts an update or correction cue makes `candidate` replace (rule 3c)."""
        if cue.kind == "update" and candidate.memory_type == EVENT_MEMORY_TYPE:
            return []
        # "I've started cycling instead of driving": a statement without a context that names
        # what it replaces replaces it in every context ("I drive to work").
        any_key = cue.replaced is not None and candidate.key is None
        others = sorted(
            (
                fact
                for fid, fact in run.pool.items()
                if run.active(fid)
                and fid != candidate.id
                and fact.object_id != candidate.object_id
                and fact.valid_from <= candidate.valid_from
                and self._same_slot(candidate, fact, any_key)
            ),
            key=lambda f: (f.valid_from, f.id),
        )
        if cue.replaced is not None:
            new = candidate.object_name or ""
            return [f for f in others if names_replaced(cue.replaced, f.object_name or "", new)]
        if self._ontology.relation(candidate.predicate).cardinality == "one":
            # Its own relation's slot was decided as a competitor already; a cue family's
            # other relations were not.
            others = [f for f in others if f.predicate != candidate.predicate]
        if not others:
            return []
        if cue.weak and candidate.key is None:
            return []  # "Actually, I want to go hiking": one more wish, not a change of mind
        ended_here = [f for f, at, _ in run.ended if at == candidate.valid_from]
        ended_here += [run.pool[i] for i, at in to_retract.items() if at == candidate.valid_from]
        if any(self._same_slot(candidate, f) for f in ended_here):
            return []  # its message ended what it replaces: linked by _link_successors
        overlap = {
            f.id: shared_words(candidate.object_name or "", f.object_name or "") for f in others
        }
        best = max(overlap.values())
        if best > 0:
            others = [f for f in others if overlap[f.id] == best]
        elif self._similarity is not None and candidate.key is None:
            # "I've switched to the night shift" is no change of "I love tennis" said last
            # week; what was just said is what "instead" refers to, alike or not.
            alike, new = self._similarity, candidate.object_name or ""
            others = [
                f
                for f in others
                if candidate.valid_from - f.valid_from <= JUST_SAID
                or alike(new, f.object_name or "") >= ALIKE
            ]
            if not others:
                return []
        latest = others[-1].valid_from
        return [f for f in others if f.valid_from == latest]

    def _link_successors(
        self, created: list[Fact], said: Mapping[str, Said], run: Run, now: datetime
    ) -> None:
        """Rule 3e: a statement of the message that ended a fact, in its slot, takes its
        place."""
        for old, at, why in run.ended:
            for new in created:
                cue = said.get(new.id, PLAIN).cue
                if (
                    new.valid_from != at
                    or new.id == old.id
                    or run.state[new.id].status != "current"
                    or new.object_id == old.object_id
                    or not self._same_slot(new, old)
                ):
                    continue
                single = self._ontology.relation(new.predicate).cardinality == "one"
                if not single and (cue is None or cue.kind not in ("update", "correction")):
                    continue
                said_as = f" ('{cue.text}')" if cue is not None else ""
                run.result.links.append(
                    FactLink(
                        kind="SUPERSEDES",
                        from_id=new.id,
                        to_id=old.id,
                        reason=f"{new.object_name} replaces {old.object_name}{said_as}; {why}",
                        at=now,
                    )
                )

    def _deny(self, denial: Fact, cue: Cue | None, run: Run) -> None:
        """Rule 3a: a denial ends what it denies and stores nothing."""
        run.result.dropped.add(denial.id)
        reason = f"denied: '{cue.text}'" if cue is not None else "denied by a later statement"
        for fid, fact in list(run.pool.items()):
            if (
                run.active(fid)
                and (fact.subject_id, fact.predicate, fact.object_id)
                == (denial.subject_id, denial.predicate, denial.object_id)
                and (denial.key is None or fact.key == denial.key)
                and fact.valid_from <= denial.valid_from
            ):
                self._end_at(fact, denial.valid_from, denial.id, reason, run)

    def _retraction_targets(
        self, ending: Ending, candidates: Sequence[Fact], run: Run
    ) -> list[str]:
        """Rule 3d: the speaker's earlier active facts a retraction names (constraints only,
        for "I can eat X again"), except what its own message states again ("I don't eat meat
        anymore" keeps an earlier AVOIDS meat)."""
        retraction = ending.retraction
        return [
            fid
            for fid, fact in sorted(run.pool.items())
            if run.active(fid)
            and not any(same_statement(c, fact) for c in candidates if c.valid_from == ending.at)
            and fact.subject_id == ending.subject_id
            and fact.valid_from < ending.at
            and retraction.ends(fact.predicate, fact.object_name or "", fact.key)
            and (not retraction.constraints_only or fact.memory_type == CONSTRAINT_MEMORY_TYPE)
        ]

    @staticmethod
    def _end_at(
        fact: Fact, at: datetime, by: str, reason: str, run: Run, *, existing: bool = True
    ) -> None:
        """`fact` stops holding at `at`, with no successor (yet: rule 3e); the write reports
        it as a change when it was held before (`existing`)."""
        run.state[fact.id] = State("superseded", at, False, reason)
        run.ended.append((fact, at, reason))
        run.result.endings.append((fact.id, by, reason))
        if existing:
            change = FactChange(
                kind="superseded", fact_id=fact.id, other_fact_id=fact.id, reason=reason
            )
            run.result.changes.append((by, change))

    @staticmethod
    def _twin(candidate: Fact, run: Run) -> Fact | None:
        """The active fact that states the same as `candidate`: a merged near-duplicate stands
        for the fact it was merged into; a semantic memory is a conclusion, never a twin."""
        if candidate.memory_type == SEMANTIC_MEMORY_TYPE:
            return None  # a conclusion re-resolved (update) states what its sources state
        for fid, fact in run.pool.items():
            if fact.memory_type == SEMANTIC_MEMORY_TYPE or not same_statement(fact, candidate):
                continue
            if run.active(fid):
                return fact
            target = fact.merged_into
            if run.state[fid].status == "merged" and target in run.pool and run.active(target):
                return run.pool[target]
        return None

    def _confirm(
        self, fact: Fact, by: str, at: datetime, note: str, run: Run, now: datetime
    ) -> None:
        """`fact`, awaiting confirmation, is confirmed (by a statement or a person): it is
        current and supersedes, at `at`, every active fact that cannot hold with it; a
        semantic memory that states the same (flagged alongside it) is current again too."""
        run.state[fact.id] = State("current", None, False)
        for other_id, other in run.pool.items():
            if (
                other.memory_type == SEMANTIC_MEMORY_TYPE
                and same_statement(other, fact)
                and run.state[other_id].status == "conflicted"
            ):
                run.state[other_id] = State("current", None, False)
        for other_id, other in run.pool.items():
            reason = competition_reason(self._ontology, fact, other)
            if other_id == fact.id or reason is None or not run.active(other_id):
                continue
            why = f"{reason}; {note}"
            run.state[other_id] = State("superseded", at, False)
            run.result.links.append(
                FactLink(kind="SUPERSEDES", from_id=fact.id, to_id=other_id, reason=why, at=now)
            )
            run.result.changes.append(
                (
                    by,
                    FactChange(
                        kind="superseded", fact_id=fact.id, other_fact_id=other_id, reason=why
                    ),
                )
            )

    def _decide(self, new: Fact, old: Fact, reason: str, run: Run, now: datetime) -> None:
        state, result = run.state, run.result
        newer, older = (new, old) if new.valid_from >= old.valid_from else (old, new)
        gap = abs((new.valid_from - old.valid_from).total_seconds())
        if new.priority == old.priority and new.origin != old.origin and gap <= self._window:
            for fact in (new, old):
                state[fact.id] = State("conflicted", None, True)
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
            state[older.id] = State("superseded", newer.valid_from, False)
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
            state[newer.id] = State("conflicted", None, True)
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
