"""The MCP tools: thin, forgiving wrappers over Memory whose descriptions are prompts.

Each docstring is what the model reads: when to call the tool, what to pass, an example.
Arguments are lenient (numbers as strings, one string where a list is expected, JSON in a
string); anything else comes back as a tool error the model can read and correct. Results
are compact JSON: ids, texts, and a one-line "why" instead of the full score breakdown.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, CallToolResult, TextContent, ToolAnnotations
from pydantic import BeforeValidator, Field

from graph_memory.api.schemas import MAX_DAYS
from graph_memory.errors import GraphMemoryError, InvalidInputError, NotFoundError
from graph_memory.memory import Memory
from graph_memory.models import Fact, Triple
from graph_memory.recall.models import LinkedFact, RecallResult
from graph_memory.telemetry import Telemetry
from graph_memory.tenants import AuthError

log = logging.getLogger("graph_memory.mcp")

# (headers of the HTTP request, or None on stdio) -> (tenant, its Memory)
Resolver = Callable[[Mapping[str, str] | None], tuple[str, Memory]]
Ctx = Context[Any, Any]


def _one_or_many(value: Any) -> Any:
    """A bare string or object where a list is expected becomes a one-item list."""
    if isinstance(value, str | dict):
        return [value]
    return value


def _comma_list(value: Any) -> Any:
    """'preference, constraint' -> ['preference', 'constraint'] (names without commas)."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


Names = Annotated[list[str] | None, BeforeValidator(_one_or_many)]
Words = Annotated[list[str] | None, BeforeValidator(_comma_list)]
Triples = Annotated[list[Triple] | None, BeforeValidator(_one_or_many)]
UserId = Annotated[
    str | None,
    Field(description="Whose memory: a stable id of the person, e.g. 'emi'. Optional when the "
          "server has a default user."),
]
SessionId = Annotated[str | None, Field(description="The conversation id, e.g. 'chat-2026-05-01'.")]


def _compact(data: dict[str, Any]) -> CallToolResult:
    """Structured content for programs, the same as one line of JSON for the model."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def _drop_empty(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v not in (None, [], (), "", {})}


def _linked(links: tuple[LinkedFact, ...]) -> list[str]:
    return [f"{link.text} ({link.reason}, {link.at.date().isoformat()})" for link in links]


def _result(result: RecallResult) -> dict[str, Any]:
    return _drop_empty({
        "id": result.id,
        "text": result.text,
        "score": round(result.score, 3),
        "type": result.memory_type,
        "status": result.status if result.status != "current" else None,
        "needs_confirmation": result.needs_confirmation or None,
        "outdated": result.outdated or None,  # what it said was superseded or pruned since
        "why": result.why.line if result.why is not None else None,
        "superseded": _linked(result.superseded),
        "conflicts": _linked(result.conflicts),
        "sources": list(result.source_ids),
    })


def _fact(fact: Fact) -> dict[str, Any]:
    return _drop_empty({
        "id": fact.id,
        "text": fact.text,
        "type": fact.memory_type,
        "priority": fact.priority,
        "confidence": round(fact.confidence, 2),
        "status": fact.status if fact.status != "current" else None,
        "needs_confirmation": fact.needs_confirmation or None,
        "use_count": fact.use_count or None,
        "recent_uses": _recent_uses(fact),
    })


MCP_RECENT_USES = 5  # of a fact's use history (models.USE_HISTORY_LIMIT), to keep replies short


def _recent_uses(fact: Fact) -> list[str]:
    """Its newest uses, oldest first: "2026-05-01T12:00Z recalled x3", "... not_useful"."""
    return [
        f"{use.at.strftime('%Y-%m-%dT%H:%MZ')} {use.kind}"
        + (f" x{use.count}" if use.count > 1 else "")
        for use in fact.use_history[-MCP_RECENT_USES:]
    ]


class MemoryTools:
    """The tool implementations; `register()` adds them to an MCPServer."""

    def __init__(
        self, resolve: Resolver, telemetry: Telemetry, default_user: str | None = None
    ) -> None:
        self._resolve = resolve
        self._telemetry = telemetry
        self._default_user = default_user

    def register(self, server: MCPServer) -> None:
        reads = ToolAnnotations(read_only_hint=True, open_world_hint=False)
        writes = ToolAnnotations(read_only_hint=False, open_world_hint=False)
        forgets = ToolAnnotations(
            read_only_hint=False, destructive_hint=True, open_world_hint=False
        )
        server.add_tool(self.memory_write, annotations=writes)
        server.add_tool(self.memory_search, annotations=reads)
        server.add_tool(self.memory_summarize, annotations=writes)  # it consolidates
        server.add_tool(self.memory_update, annotations=writes)
        server.add_tool(self.memory_forget, annotations=forgets)
        server.add_tool(self.memory_feedback, annotations=writes)
        server.add_tool(self.memory_prune, annotations=forgets)
        server.add_tool(self.memory_unmerge, annotations=writes)
        server.add_tool(self.memory_settle_conflict, annotations=writes)
        server.add_tool(self.working_memory_get, annotations=reads)
        server.add_tool(self.working_memory_set, annotations=writes)
        server.add_tool(self.working_memory_delete, annotations=writes)
        server.add_tool(self.trajectory_submit, annotations=writes)
        server.add_tool(self.experience_recall, annotations=reads)
        server.add_tool(self.experience_feedback, annotations=writes)

    # --- plumbing -------------------------------------------------------------------------
    @contextmanager
    def _call(self, tool: str, ctx: Ctx) -> Iterator[tuple[str, Memory]]:
        """The caller's tenant and Memory; library errors mapped at the edge: bad input and
        unknown ids are tool errors (the model can fix them), the rest protocol errors."""
        outcome = "ok"
        try:
            yield self._resolve(ctx.headers)
        except (InvalidInputError, NotFoundError) as e:
            outcome = "tool_error"
            raise ToolError(str(e)) from e
        except AuthError as e:
            outcome = "host_error"
            raise MCPError(-32001, str(e)) from e
        except GraphMemoryError as e:  # engine or store trouble: nothing the model can fix
            outcome = "host_error"
            log.error("tool %s failed: %s", tool, e)
            raise MCPError(INTERNAL_ERROR, "graph-memory is unavailable; see the server log") from e
        finally:
            self._telemetry.tool_calls.labels(tool, outcome).inc()

    def _user(self, user_id: str | None) -> str:
        user = user_id or self._default_user
        if not user:
            raise InvalidInputError(
                "user_id is required: the stable id of the person the memory is about, e.g. 'emi'"
            )
        return user

    # --- tools ----------------------------------------------------------------------------
    def memory_write(
        self,
        ctx: Ctx,
        text: Annotated[str | None, Field(description="What was said, as a full sentence.")] = None,
        user_id: UserId = None,
        speaker: Annotated[
            str | None, Field(description="Who said it; 'I'/'my' in text resolve to this name.")
        ] = None,
        session_id: SessionId = None,
        agent_id: str | None = None,
        memory_type: Annotated[
            str | None, Field(description="e.g. preference, constraint, goal, fact, todo.")
        ] = None,
        priority: Annotated[int | None, Field(ge=1, le=10)] = None,
        timestamp: Annotated[
            datetime | None, Field(description="When it was said (ISO 8601); default now.")
        ] = None,
        source_id: Annotated[
            str | None, Field(description="Your id of the message; a repeat is not stored twice.")
        ] = None,
        triples: Annotated[
            Triples,
            Field(description="Structured facts instead of (or besides) text: [{subject: {name, "
                  "type}, predicate, object: {name, type}, key?}], types and predicates from "
                  "the ontology."),
        ] = None,
    ) -> CallToolResult:
        """Store something worth remembering about the user: a preference, constraint (allergy,
        diet, budget), goal, plan, personal fact, or a correction of an earlier one.

        Call it when the user tells you something durable about themselves or their world, or
        changes their mind ("actually, make it Porto"): a new value supersedes the old one and
        the result says so. Do not call it for chit-chat or for what you said yourself.

        Pass the user's own sentence in `text`, with names instead of bare pronouns: write
        "Emi's sister Ana lives in Lisbon", not "she lives there". Set `speaker` to the user's
        name so "I" and "my" resolve to them.

        Example: {"text": "I'm allergic to peanuts.", "user_id": "emi", "speaker": "Emi"}
        -> {"episode_id": "ep_...", "facts": [{"id": "fact_...", "text": "Emi is allergic to
        peanut"}], "changes": []}

        Chinese (中文) works too, as the user said it: {"text": "我对花生过敏。", "user_id": "li",
        "speaker": "Li"} -> {"facts": [{"text": "Li is allergic to 花生"}], ...}; 其实 / 现在改成
        / 不再 change an earlier fact as "actually" / "no longer" do.
        """
        with self._call("memory_write", ctx) as (tenant, memory):
            user = self._user(user_id)
            request = _drop_empty({
                "user_id": user, "text": text, "triples": triples, "speaker": speaker,
                "session_id": session_id, "agent_id": agent_id, "memory_type": memory_type,
                "priority": priority, "timestamp": timestamp, "source_id": source_id,
            })
            [result] = memory.write_batch([request])  # validates: bad input is a tool error
            self._telemetry.wrote(tenant, [(user, session_id)])
            facts = [memory.get(fact_id) for fact_id in result.fact_ids]
            return _compact(_drop_empty({
                "episode_id": result.episode_id,
                "created": result.created,
                "facts": [{"id": f.id, "text": f.text} for f in facts if isinstance(f, Fact)],
                "changes": [c.model_dump(exclude_none=True) for c in result.changes],
                "note": None if result.fact_ids or not result.created else
                "stored as an episode; no structured fact was recognised",
            }))

    def memory_search(
        self,
        ctx: Ctx,
        query: Annotated[str, Field(description="A question or topic, with names not pronouns.")],
        user_id: UserId = None,
        session_id: SessionId = None,
        agent_id: str | None = None,
        top_k: Annotated[int, Field(ge=1, le=50)] = 5,
        memory_types: Annotated[Words, Field(description="Only these types, e.g. "
                                             "['preference', 'constraint'].")] = None,
        entities: Annotated[Names, Field(description="Only memories about these entity "
                                         "names or ids.")] = None,
        since: datetime | None = None,
        until: datetime | None = None,
        include_superseded: Annotated[
            bool, Field(description="Also return facts that no longer hold.")
        ] = False,
    ) -> CallToolResult:
        """Recall what you know about the user that is relevant to the current turn.

        Call it before answering anything personal, recommending, planning or deciding for the
        user, and whenever they refer to something earlier ("as I said", "the usual"). Standing
        constraints (allergies, diets...) come back in `constraints` whatever the query: respect
        them. A result with `superseded` shows what changed; `needs_confirmation` means two
        sources disagree, so ask the user.

        Write the query as a question with names: "Where does Emi live?", not "where does she
        live". Pass `session_id` so terse queries ("that one") are expanded from working memory.

        Ask in the user's language: a Chinese question ("我对什么过敏？") finds Chinese memories
        and English ones (the latter when the service embeds every language), an English
        question finds both.

        Example: {"query": "Can you suggest a restaurant for dinner?", "user_id": "emi"}
        -> {"results": [{"id": "fact_...", "text": "Emi lives in Porto", "score": 0.61,
        "why": "entity Emi; keyword; recent"}], "constraints": [{"id": "fact_...",
        "text": "Emi is allergic to peanut"}]}
        """
        with self._call("memory_search", ctx) as (tenant, memory):
            filters: dict[str, Any] = _drop_empty({
                "memory_types": memory_types, "entities": entities, "since": since,
                "until": until,
            })
            if include_superseded:
                filters["statuses"] = ["current", "conflicted", "superseded"]
            started = time.perf_counter()
            response = memory.recall(
                query, user_id=self._user(user_id), session_id=session_id, agent_id=agent_id,
                top_k=top_k, filters=filters,
            )
            self._telemetry.recalled(tenant, response, time.perf_counter() - started)
            return _compact(_drop_empty({
                "results": [_result(r) for r in response.results],
                "constraints": [{"id": c.id, "text": c.text} for c in response.constraints],
                "rewritten_query": response.rewritten_query,
            }))

    def memory_summarize(
        self,
        ctx: Ctx,
        user_id: UserId = None,
        session_id: SessionId = None,
        limit: Annotated[int, Field(ge=1, le=200)] = 30,
        consolidate: Annotated[
            bool,
            Field(description="true (default): consolidate first (merge near-duplicate facts, "
                  "turn facts stated min_evidence times into semantic memories); false: only "
                  "read."),
        ] = True,
        since: Annotated[
            datetime | None, Field(description="Consolidate facts valid at or after (ISO 8601).")
        ] = None,
        until: Annotated[
            datetime | None, Field(description="Consolidate facts valid at or before (ISO 8601).")
        ] = None,
        min_evidence: Annotated[
            int | None,
            Field(ge=2, le=1000, description="Statements that make a semantic memory (3)."),
        ] = None,
    ) -> CallToolResult:
        """Consolidate what is known about the user, then return a compact picture: what was
        learned (semantic memories, each with its evidence count and scope), the session's
        working memory, and the other facts that hold now (newest first), each with its id for
        memory_update / memory_forget.

        Call it at the start of a conversation or after a long gap, to load context before the
        first answer. For a specific question use memory_search instead.

        Example: {"user_id": "emi", "session_id": "s1"} -> {"learned": [{"id": "fact_...",
        "summary": "emi prefers concise reply; evidence: 3 statements; scope: topics: code"}],
        "working_memory": "Working memory (session s1):\n- goal: exchange the shoes [todo,
        p8]", "facts": [{"id": "fact_...", "text": "Emi is allergic to peanut", "type":
        "constraint", "priority": 9, ...}], "consolidated": {"created": 1, "merged": 0}}
        """
        with self._call("memory_summarize", ctx) as (_, memory):
            user = self._user(user_id)
            report = (
                memory.summarize(user, since=since, until=until, min_evidence=min_evidence)
                if consolidate
                else None
            )
            learned = memory.semantic_memories(user, limit=limit)
            facts = [f for f in memory.facts(user, limit=limit) if f.memory_type != "semantic"]
            rendered = memory.working_render(user, session_id) if session_id else None
            return _compact(_drop_empty({
                "learned": [
                    {"id": m.id, "summary": m.summary, "evidence_count": m.evidence_count,
                     "confidence": round(m.confidence, 2)}
                    for m in learned
                ],
                "working_memory": rendered,
                "facts": [_fact(f) for f in facts],
                "consolidated": None if report is None else {
                    "created": len(report.created), "updated": len(report.updated),
                    "merged": [{"id": m.fact_id, "into": m.into_id} for m in report.merges],
                },
                "note": None if facts or learned else f"nothing is known about {user} yet",
            }))

    def memory_unmerge(
        self,
        ctx: Ctx,
        memory_id: Annotated[str, Field(description="The merged fact's id, e.g. 'fact_3f2a...'.")],
    ) -> CallToolResult:
        """Undo a merge made by memory_summarize: the near-duplicate fact is current again and
        the semantic memory it backed is rebuilt (or withdrawn when one statement is left).

        Call it when the user says two things memory merged are different.

        Example: {"memory_id": "fact_..."} -> {"id": "fact_...", "status": "current",
        "was_merged_into": "fact_...", "withdrawn": []}
        """
        with self._call("memory_unmerge", ctx) as (_, memory):
            result = memory.unmerge(memory_id)
            return _compact({
                "id": result.fact.id, "status": result.fact.status,
                "was_merged_into": result.into_id,
                "semantic": None if result.semantic is None else result.semantic.summary,
                "withdrawn": [w.semantic_id for w in result.withdrawn],
            })

    def memory_settle_conflict(
        self,
        ctx: Ctx,
        memory_id: Annotated[
            str, Field(description="A fact marked needs_confirmation by memory_search.")
        ],
        decision: Annotated[
            str, Field(pattern="^(confirm|reject)$", description="'confirm' or 'reject'.")
        ],
        reason: Annotated[str | None, Field(max_length=1000)] = None,
    ) -> CallToolResult:
        """Settle a conflict memory could not decide (the fact has needs_confirmation): after
        you asked the user, 'confirm' makes the fact current and supersedes the other side;
        'reject' lets the other side supersede it.

        Example: {"memory_id": "fact_...", "decision": "confirm", "reason": "user confirmed"}
        -> {"id": "fact_...", "status": "current", "superseded": ["fact_..."]}
        """
        with self._call("memory_settle_conflict", ctx) as (tenant, memory):
            settle = memory.confirm if decision == "confirm" else memory.reject
            result = settle(memory_id, by=f"mcp:{tenant}", reason=reason)
            return _compact({
                "id": result.fact.id, "status": result.fact.status,
                "superseded": list(result.superseded), "current": list(result.current),
            })

    def memory_update(
        self,
        ctx: Ctx,
        memory_id: Annotated[str, Field(description="The fact id, e.g. 'fact_3f2a...'.")],
        object_name: Annotated[
            str | None, Field(description="The new value, e.g. 'Porto' for 'lives in'.")
        ] = None,
        key: str | None = None,
        priority: Annotated[int | None, Field(ge=1, le=10)] = None,
        memory_type: str | None = None,
        expires_at: datetime | None = None,
    ) -> CallToolResult:
        """Correct or re-rank one fact you already have the id of (from memory_search or
        memory_summarize).

        Call it when the user corrects a specific remembered fact, or says it matters more or
        less. A new value makes a new version that supersedes the old one (history is kept);
        priority, memory_type and expires_at change in place. When the user simply states
        something new, memory_write is enough: conflicts are resolved automatically.

        Example: {"memory_id": "fact_3f2a...", "object_name": "Porto"} -> {"id": "fact_9c1d...",
        "text": "Emi lives in Porto", "replaces": "fact_3f2a..."}
        """
        with self._call("memory_update", ctx) as (_, memory):
            fact = memory.update(
                memory_id, object_name=object_name, key=key, priority=priority,
                memory_type=memory_type, expires_at=expires_at,
            )
            out = _fact(fact)
            if fact.id != memory_id:
                out["replaces"] = memory_id
            return _compact(out)

    def memory_forget(
        self,
        ctx: Ctx,
        user_id: UserId = None,
        memory_id: Annotated[str | None, Field(description="A fact_ or ep_ id.")] = None,
        entity_id: Annotated[
            str | None, Field(description="An ent_ id: forgets everything about it.")
        ] = None,
        query: Annotated[
            str | None, Field(description="Forget the memories matching this text.")
        ] = None,
        reason: Annotated[str, Field(max_length=1000)] = "the user asked to forget",
    ) -> CallToolResult:
        """Forget memories for good when the user asks you to ("forget my address", "delete
        what I said about Ana"). Pass exactly one of memory_id, entity_id or query, and the
        user's reason. A query forgets the facts and messages that contain all its words,
        with what they alone used (names, values); a message that also said other things keeps
        those, with the forgotten part replaced by [forgotten] (listed under "redacted").
        Forgotten memories never come back in recall; a tombstone records when and why.

        Do not use it to correct a fact (use memory_update or memory_write).

        Example: {"user_id": "emi", "query": "home address", "reason": "user asked"}
        -> {"forgotten": [{"id": "fact_...", "kind": "fact"}]}
        """
        with self._call("memory_forget", ctx) as (tenant, memory):
            tombstones = memory.forget(
                user_id=self._user(user_id), memory_id=memory_id, entity_id=entity_id,
                query=query, reason=reason, by=f"mcp:{tenant}",
            )
            return _compact({
                "forgotten": [{"id": t.target_id, "kind": t.target_kind}
                              for t in tombstones if not t.redacted],
                "redacted": [t.target_id for t in tombstones if t.redacted],
            })

    def memory_feedback(
        self,
        ctx: Ctx,
        memory_id: Annotated[str, Field(description="A fact id returned by memory_search.")],
        useful: Annotated[bool, Field(description="true if it helped, false if wrong/useless.")],
        reason: Annotated[str | None, Field(max_length=1000)] = None,
    ) -> CallToolResult:
        """Tell memory whether a recalled fact helped. Useful facts gain confidence (+0.1) and
        rank higher; wrong or useless ones lose it (-0.2) and fade.

        Call it after you used (or had to ignore) a fact from memory_search.

        Example: {"memory_id": "fact_3f2a...", "useful": false, "reason": "outdated"}
        -> {"id": "fact_3f2a...", "confidence": 0.6,
            "recent_uses": ["2026-05-01T12:00Z recalled", "2026-05-01T12:01Z not_useful"]}
        """
        with self._call("memory_feedback", ctx) as (tenant, memory):
            fact = memory.feedback(memory_id, useful)
            log.info("feedback on %s: useful=%s", memory_id, useful,
                     extra={"event": "feedback", "tenant": tenant, "fact_id": memory_id,
                            "useful": useful, "reason": reason})
            return _compact({"id": fact.id, "confidence": round(fact.confidence, 2),
                             "recent_uses": _recent_uses(fact)})

    def memory_prune(
        self,
        ctx: Ctx,
        user_id: UserId = None,
        apply: Annotated[
            bool, Field(description="false (default): only list; true: forget them.")
        ] = False,
        superseded_days: Annotated[float, Field(ge=0, le=MAX_DAYS)] = 90,
        unused_days: Annotated[float, Field(ge=0, le=MAX_DAYS)] = 180,
        min_confidence: Annotated[float, Field(ge=0, le=1)] = 0.2,
        min_importance: Annotated[float, Field(ge=0, le=1)] = 0.05,
        limit: Annotated[int, Field(ge=1, le=1000)] = 100,
        include_messages: Annotated[
            bool,
            Field(description="Also old messages of which nothing drawn holds any more."),
        ] = False,
    ) -> CallToolResult:
        """List (default) or remove stale facts of the user: expired, low confidence,
        superseded for longer than `superseded_days`, never used in `unused_days`, or faded
        (not recalled for so long that priority / 10, halved every half-life of the memory
        type, fell below `min_importance`); with `include_messages`, also the messages said
        more than `superseded_days` ago whose every fact is pruned or that long superseded.

        Call it only when asked to tidy up memory. Run it without `apply` first and show the
        list; apply only after the user agrees.

        Example: {"user_id": "emi"} -> {"dry_run": true, "candidates": [{"id": "fact_...",
        "rule": "superseded", "text": "Emi lives in Paris", "importance": 0.5}], "removed": 0}
        """
        with self._call("memory_prune", ctx) as (_, memory):
            report = memory.prune(
                user_id=self._user(user_id), dry_run=not apply, superseded_days=superseded_days,
                unused_days=unused_days, min_confidence=min_confidence,
                min_importance=min_importance, limit=limit, include_messages=include_messages,
            )
            return _compact({
                "dry_run": report.dry_run,
                "candidates": [{"id": c.fact_id, "rule": c.rule, "text": c.text,
                                "importance": round(c.importance, 3)}
                               for c in report.candidates],
                "removed": report.removed,
                **({"messages": [{"id": m.episode_id, "text": m.text} for m in report.messages],
                    "removed_messages": report.removed_messages} if include_messages else {}),
            })

    def working_memory_get(
        self, ctx: Ctx, session_id: SessionId = None, user_id: UserId = None
    ) -> CallToolResult:
        """Read the scratchpad of the current conversation: the slots you set with
        working_memory_set (goal, order id, chosen option...), highest priority first.

        Call it when you need the state of the task at hand. Long-term facts are in
        memory_search.

        Example: {"session_id": "s1", "user_id": "emi"} -> {"slots": [{"key": "goal",
        "value": "exchange the shoes", "type": "todo", "priority": 8}]}
        """
        with self._call("working_memory_get", ctx) as (_, memory):
            if not session_id:
                raise InvalidInputError("session_id is required: the conversation id")
            slots = memory.working_get(self._user(user_id), session_id)
            self._telemetry.working_memory_read(slots)
            return _compact({"slots": [
                {"key": s.key, "value": s.value, "type": s.memory_type, "priority": s.priority,
                 "expires_at": s.expires_at.isoformat()} for s in slots
            ]})

    def working_memory_set(
        self,
        ctx: Ctx,
        key: Annotated[str, Field(description="A short name: goal, order_id, chosen_hotel...")],
        value: str,
        session_id: SessionId = None,
        user_id: UserId = None,
        memory_type: Annotated[
            str, Field(description="Sets the TTL: todo, goal, fact, preference...")
        ] = "fact",
        priority: Annotated[int | None, Field(ge=1, le=10)] = None,
    ) -> CallToolResult:
        """Keep a piece of task state for this conversation under a key (overwrites; the old
        value is kept in the slot's history). Slots expire by type and, when the session is
        full, the lowest priority one moves to long-term memory.

        Call it for what matters during the task but may not be worth remembering forever:
        the current goal, an order number, the option the user picked.

        Example: {"session_id": "s1", "user_id": "emi", "key": "order_id", "value": "A1234"}
        """
        with self._call("working_memory_set", ctx) as (_, memory):
            if not session_id:
                raise InvalidInputError("session_id is required: the conversation id")
            slot = memory.working_set(
                self._user(user_id), session_id, key, value, memory_type=memory_type,
                priority=priority,
            )
            return _compact({"key": slot.key, "value": slot.value, "type": slot.memory_type,
                             "priority": slot.priority,
                             "expires_at": slot.expires_at.isoformat()})

    def working_memory_delete(
        self, ctx: Ctx, key: str, session_id: SessionId = None, user_id: UserId = None
    ) -> CallToolResult:
        """Remove a working-memory slot that no longer applies (the task is done, the user
        dropped the option).

        Example: {"session_id": "s1", "user_id": "emi", "key": "order_id"}
        """
        with self._call("working_memory_delete", ctx) as (_, memory):
            if not session_id:
                raise InvalidInputError("session_id is required: the conversation id")
            memory.working_delete(self._user(user_id), session_id, key)
            return _compact({"deleted": key})

    # --- hindsight: experience from finished tasks ----------------------------------------
    def trajectory_submit(
        self,
        ctx: Ctx,
        trajectory: Annotated[
            dict[str, Any] | str,
            Field(description="The finished task as an object (or JSON text): user_id, goal, "
                  "task_type, agent_id, environment, outcome (success | failure | partial), "
                  "steps: [{action, parameters, success, result, error, approach, purpose}]."),
        ],
    ) -> CallToolResult:
        """Store what a finished task taught you. Each step is reviewed: effective (worked),
        falsified (the approach failed: remember to avoid it), environment (timeout, network,
        rate limit, 5xx: not the approach's fault) or redundant (a repeat).

        Call it once when a task is done, successful or not, with every step in order and each
        error text whole. Use `approach` to name what distinguishes a step ("POST
        /v1/orders/{id}/refund") when its parameters hold one-off values.

        Example: {"trajectory": {"user_id": "shop", "agent_id": "api-agent", "environment":
        "staging", "task_type": "refund order via API", "goal": "refund order A1234",
        "outcome": "success", "steps": [{"action": "http_post", "approach": "POST /v1/refund",
        "success": false, "error": "HTTP 404 Not Found"}, {"action": "http_post", "approach":
        "POST /v1/orders/{id}/refund", "success": true}]}} -> {"episode_id": "ep_...",
        "steps": ["falsified POST /v1/refund", "effective POST /v1/orders/{id}/refund"],
        "experiences": ["fact_...", "fact_..."]}
        """
        with self._call("trajectory_submit", ctx) as (_, memory):
            if isinstance(trajectory, str):
                try:
                    trajectory = json.loads(trajectory)
                except json.JSONDecodeError as e:
                    raise InvalidInputError(f"trajectory: not valid JSON ({e})") from e
                if not isinstance(trajectory, dict):
                    raise InvalidInputError("trajectory: expected an object")
            result = memory.submit_trajectory(trajectory)
            return _compact(_drop_empty({
                "episode_id": result.episode_id,
                "already_submitted": not result.created or None,
                "steps": [f"{s.label} {s.approach}" for s in result.review.steps],
                "experiences": list(result.experience_ids),
                "reinforced": list(result.reinforced_ids),
                "weakened": list(result.weakened_ids),
            }))

    def experience_recall(
        self,
        ctx: Ctx,
        task: Annotated[str, Field(description="The new task's goal, in plain words.")],
        agent_id: Annotated[str, Field(description="Your agent id.")],
        user_id: UserId = None,
        task_type: Annotated[str | None, Field(description="e.g. 'refund order via API'.")] = None,
        environment: Annotated[
            str | None, Field(description="Where you run, e.g. 'staging'.")
        ] = None,
        entities: Words = None,
        include_other_agents: bool = False,
        include_other_environments: bool = False,
        top_k: Annotated[int, Field(ge=1, le=100)] = 5,
    ) -> CallToolResult:
        """What you learned from earlier tasks like this one: approaches to use (they worked)
        first, then approaches to avoid (they failed), each with its confidence.

        Call it before starting a task you may have done before. Only your own experience in
        your environment unless you ask for other agents' or environments'. After the task,
        tell experience_feedback whether a recalled experience was right.

        Example: {"task": "refund order C42", "agent_id": "api-agent", "user_id": "shop",
        "task_type": "refund order via API", "environment": "staging"} -> {"results":
        [{"id": "fact_...", "label": "use", "approach": "POST /v1/orders/{id}/refund",
        "intent": "in the orders API, POST /v1/orders/{id}/refund to refund order A1234",
        "confidence": 0.5}, {"label": "avoid", "approach": "POST /v1/refund", ...}]}
        """
        with self._call("experience_recall", ctx) as (_, memory):
            response = memory.recall_experience(
                task, user_id=self._user(user_id), agent_id=agent_id, task_type=task_type,
                environment=environment, entities=entities or [],
                include_other_agents=include_other_agents,
                include_other_environments=include_other_environments, top_k=top_k,
            )
            return _compact({
                "results": [
                    _drop_empty({
                        "id": h.experience.id,
                        "label": h.experience.label,
                        "approach": h.experience.approach,
                        "intent": h.experience.intent,
                        "content": h.experience.content,
                        "agent_id": h.experience.agent_id,
                        "environment": h.experience.environment,
                        "confidence": round(h.experience.confidence, 2),
                        "evidence": h.experience.evidence_count,
                        "why": h.why.line,
                    })
                    for h in response.results
                ],
            })

    def experience_feedback(
        self,
        ctx: Ctx,
        memory_id: Annotated[str, Field(description="An experience id from experience_recall.")],
        useful: Annotated[bool, Field(description="true if it was right, false if wrong.")],
        reason: Annotated[str | None, Field(max_length=1000)] = None,
    ) -> CallToolResult:
        """Tell memory whether a recalled experience was right. Right: +0.1 confidence. Wrong:
        -0.2, and faster when it is wrong again, so a bad experience stops being recalled.

        Example: {"memory_id": "fact_3f2a...", "useful": false, "reason": "endpoint moved"}
        -> {"id": "fact_3f2a...", "confidence": 0.3}
        """
        with self._call("experience_feedback", ctx) as (tenant, memory):
            experience = memory.experience_feedback(memory_id, useful)
            log.info("experience feedback on %s: useful=%s", memory_id, useful,
                     extra={"event": "experience_feedback", "tenant": tenant,
                            "fact_id": memory_id, "useful": useful, "reason": reason})
            return _compact({"id": experience.id, "confidence": round(experience.confidence, 2)})
