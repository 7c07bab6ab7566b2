"""`graph-memory` command line: a thin transport over `Memory`.

Every command opens Memory (engine + models) in a `with` block, calls one method and prints
the result: compact text by default, JSON with `--json`. Expected errors print one
`error: ...` line on stderr and exit 2 (bad input), 3 (not found), 4 (engine or store) or 1.
A new transport command (`serve`, `mcp`) is one function using `settings_from(ctx)`/`guard()`.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from pydantic import BaseModel, ValidationError
from pydantic_core import to_jsonable_python

from graph_memory.client import ServiceMemory
from graph_memory.config import Settings
from graph_memory.errors import GraphMemoryError, InvalidInputError, NotFoundError, StoreError
from graph_memory.memory import Memory
from graph_memory.models import FACT_STATUSES, Fact, Triple, WorkingSlot, WriteRequest
from graph_memory.ontology import load_ontology
from graph_memory.validation import check_time

# No rich markup: help texts show literal [brackets] (the triple key syntax).
app = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None)
working_app = typer.Typer(
    no_args_is_help=True, rich_markup_mode=None, help="Session working memory (slots by key)."
)
app.add_typer(working_app, name="working")

JsonOut = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
UserOpt = Annotated[str, typer.Option("--user", "-u", help="User id.")]
SessionOpt = Annotated[str, typer.Option("--session", "-s", help="Session id.")]
TypeOpt = Annotated[str | None, typer.Option("--type", help="Memory type of the ontology.")]
PriorityOpt = Annotated[int | None, typer.Option("--priority", help="Priority 1-10.")]

# 'Emi:Person LIVES_IN Paris:Place'; a key in brackets: 'Emi:Person HAS_ATTRIBUTE[eyes] blue:Value'
_COMPACT_TRIPLE = re.compile(
    r"^(?P<s>.+?):(?P<st>\w+)\s+(?P<p>\w+)(?:\[(?P<k>[^\]]+)\])?\s+(?P<o>.+):(?P<ot>\w+)$"
)


@app.callback()
def main(
    ctx: typer.Context,
    data_dir: Annotated[Path | None, typer.Option(
        "--data-dir", help="Engine data folder (overrides GRAPH_MEMORY_DATA_DIR).")] = None,
    url: Annotated[str | None, typer.Option(
        "--url", help="A running service (e.g. http://127.0.0.1:8080; overrides "
        "GRAPH_MEMORY_URL): write, show, recall, facts, feedback, update, forget, prune and "
        "summarize go to it instead of opening the data folder it holds. Its API key: "
        "GRAPH_MEMORY_API_KEY.")] = None,
) -> None:
    """Self-hosted knowledge-graph memory for LLM agents."""
    # Settings overrides; everything else comes from the environment.
    ctx.obj = {"data_dir": data_dir} if data_dir is not None else {}
    if url is not None:
        ctx.obj["url"] = url


# --- plumbing shared by every command ---------------------------------------------------------


def _fail(message: str, code: int) -> NoReturn:
    # One line, so scripts can grep it; ontology errors come as one line per problem.
    typer.echo("error: " + "; ".join(message.splitlines()), err=True)
    raise typer.Exit(code)


def _problems(error: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'input'}: {e['msg']}" for e in error.errors()
    )


@contextmanager
def guard() -> Iterator[None]:
    """Turn expected errors into `error: ...` on stderr and the documented exit code."""
    try:
        yield
    except InvalidInputError as e:
        _fail(str(e), 2)
    except NotFoundError as e:
        _fail(str(e), 3)
    except StoreError as e:  # includes EngineError and DataDirLockedError
        _fail(str(e), 4)
    except GraphMemoryError as e:
        _fail(str(e), 1)
    except ValidationError as e:  # CLI input, or GRAPH_MEMORY_* variables (title "Settings")
        _fail(("invalid settings: " if e.title == "Settings" else "") + _problems(e), 2)


def settings_from(ctx: typer.Context) -> Settings:
    """Settings from the environment, with the global command-line overrides applied."""
    return Settings(**(ctx.find_root().obj or {}))


def open_memory(settings: Settings) -> Memory:
    """The one place a command opens Memory (tests swap in preloaded models here)."""
    return Memory.open(settings)


@contextmanager
def _memory(ctx: typer.Context) -> Iterator[Memory]:
    """This process's own Memory over the data folder (commands the service's REST API does
    not offer; refused with --url, whose service holds the folder)."""
    with guard():
        # This process's engine serves no one else while the command runs: an analyst query
        # runs on it, not on a read replica that would first have to copy every graph.
        settings = settings_from(ctx).model_copy(update={"cypher_read_replica": False})
        if settings.url is not None:
            raise InvalidInputError(
                f"`{ctx.command_path}` opens the data folder itself; it does not work with "
                "--url / GRAPH_MEMORY_URL (stop the service, or use its REST or MCP API)"
            )
    with guard(), open_memory(settings) as memory:
        yield memory


@contextmanager
def _service_or_memory(ctx: typer.Context) -> Iterator[Memory | ServiceMemory]:
    """The running service at --url / GRAPH_MEMORY_URL when one is given (it holds the data
    folder), else this process's own Memory."""
    with guard():
        settings = settings_from(ctx)
    if settings.url is None:
        with guard(), open_memory(settings) as memory:
            yield memory
        return
    with guard(), ServiceMemory(settings.url, api_key=settings.api_key) as service:
        yield service


def _out(as_json: bool, data: Any, lines: list[str] | str) -> None:
    if as_json:
        typer.echo(json.dumps(to_jsonable_python(data), indent=2, ensure_ascii=False))
    else:
        typer.echo(lines if isinstance(lines, str) else "\n".join(lines))


def _when(value: str | None, field: str) -> datetime | None:
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise InvalidInputError(f"{field}: not an ISO 8601 date-time: {value!r}") from None
    return check_time(parsed, field=field)


def _triple(spec: str) -> Triple:
    try:
        if spec.lstrip().startswith("{"):
            return Triple.model_validate_json(spec)
        m = _COMPACT_TRIPLE.match(spec.strip())
        if m is None:
            raise InvalidInputError("expected 'Subject:Type PREDICATE Object:Type' or JSON")
        return Triple.model_validate({
            "subject": {"name": m["s"], "type": m["st"]},
            "predicate": m["p"],
            "object": {"name": m["o"], "type": m["ot"]},
            "key": m["k"],
        })
    except ValidationError as e:
        raise InvalidInputError(f"--triple {spec!r}: {_problems(e)}") from None
    except InvalidInputError as e:
        raise InvalidInputError(f"--triple {spec!r}: {e}") from None


def _read_jsonl(path: str, defaults: dict[str, Any]) -> list[WriteRequest]:
    """Parse a JSONL batch fully before anything is written; errors name the line."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidInputError(f"cannot read {path}: {e}") from None
    requests = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            fields = json.loads(line)
            if not isinstance(fields, dict):
                raise InvalidInputError("expected a JSON object")
            requests.append(WriteRequest.model_validate({**defaults, **fields}))
        except json.JSONDecodeError as e:
            raise InvalidInputError(f"{path} line {number}: not valid JSON ({e.msg})") from None
        except ValidationError as e:
            raise InvalidInputError(f"{path} line {number}: {_problems(e)}") from None
        except InvalidInputError as e:
            raise InvalidInputError(f"{path} line {number}: {e}") from None
    return requests


def _fact_line(f: Fact) -> str:
    flag = " needs-confirmation" if f.needs_confirmation else ""
    return (f"{f.id}  {f.status:<10}  {f.text or '(forgotten)'}  "
            f"[{f.memory_type} p{f.priority} conf {f.confidence:.2f}{flag}]")


def _slot_line(s: WorkingSlot) -> str:
    return f"{s.key}: {s.value}  [{s.memory_type} p{s.priority}, expires {s.expires_at:%H:%M:%S}]"


def _record_lines(record: BaseModel) -> list[str]:
    fields = record.model_dump(mode="json")
    lines = [f"{type(record).__name__.lower()} {fields.pop('id')}"]
    lines += [f"  {k}: {v}" for k, v in fields.items() if v not in (None, [], (), "")]
    return lines


# --- long-term memory -------------------------------------------------------------------------


@app.command()
def write(
    ctx: typer.Context,
    text: Annotated[str | None, typer.Argument(help="What was said or observed.")] = None,
    user: Annotated[str | None, typer.Option("--user", "-u", help="User id.")] = None,
    triple: Annotated[list[str] | None, typer.Option(
        help="A structured fact, repeatable: 'Emi:Person LIVES_IN Paris:Place', "
        "'Emi:Person HAS_ATTRIBUTE[eye colour] blue:Value', or a JSON Triple object.")] = None,
    file: Annotated[str | None, typer.Option(
        help="JSONL batch, one WriteRequest object a line ('-' = stdin); the other options are "
        "defaults for its lines. All lines are written, or none.")] = None,
    agent: Annotated[str | None, typer.Option(help="Agent id.")] = None,
    session: Annotated[str | None, typer.Option(help="Session id.")] = None,
    memory_type: TypeOpt = None,
    priority: PriorityOpt = None,
    timestamp: Annotated[str | None, typer.Option(help="ISO 8601 time it was said.")] = None,
    source_id: Annotated[str | None, typer.Option(help="Caller's id (dedupe key).")] = None,
    speaker: Annotated[str | None, typer.Option(help="Who said it ('I' resolves to it).")] = None,
    as_json: JsonOut = False,
) -> None:
    """Write a memory (text and/or triples) or a JSONL batch."""
    with guard():
        given = {"user_id": user, "agent_id": agent, "session_id": session, "speaker": speaker,
                 "memory_type": memory_type, "priority": priority, "source_id": source_id,
                 "timestamp": _when(timestamp, "--timestamp")}
        fields: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
        if file is not None:
            if text is not None or triple:
                raise InvalidInputError("give either TEXT/--triple or --file, not both")
            requests = _read_jsonl(file, fields)
        elif user is None:
            raise InvalidInputError("--user is required")
        else:
            fields.update(text=text, triples=[_triple(t) for t in triple or []])
            requests = [WriteRequest.model_validate(fields)]
    with _service_or_memory(ctx) as memory:
        results = memory.write_batch(requests)
    lines = []
    for r in results:
        lines.append(f"episode {r.episode_id}{'' if r.created else ' (already written)'}")
        lines += [f"  fact {fid}" for fid in r.fact_ids]
        lines += [f"  {c.kind} {c.other_fact_id or ''}: {c.reason}" for c in r.changes]
    _out(as_json, results if file is not None else results[0], lines)


@app.command()
def show(
    ctx: typer.Context,
    memory_id: Annotated[str, typer.Argument(help="fact_..., ep_... or ent_... id.")],
    as_json: JsonOut = False,
) -> None:
    """Show a fact (with its supersede/conflict links), an episode or an entity."""
    with _service_or_memory(ctx) as memory:
        record = memory.get(memory_id)
        links = memory.history(record.id) if isinstance(record, Fact) else []
    lines = _record_lines(record)
    lines += [f"  {ln.kind} {ln.from_id} -> {ln.to_id} at {ln.at:%Y-%m-%d %H:%M}: {ln.reason}"
              for ln in links]
    kind = type(record).__name__.lower()
    _out(as_json, {"kind": kind, "record": record, "history": links}, lines)


@app.command()
def recall(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to remember, in plain words.")],
    user: UserOpt,
    agent: Annotated[str | None, typer.Option("--agent", help="Agent id.")] = None,
    session: Annotated[str | None, typer.Option("--session", help="Session id.")] = None,
    top_k: Annotated[int, typer.Option("--top-k", help="Results (1-100).")] = 5,
    as_json: JsonOut = False,
) -> None:
    """Recall the memories that best answer QUERY, each with why it was recalled."""
    with _service_or_memory(ctx) as memory:
        response = memory.recall(query, user_id=user, agent_id=agent, session_id=session,
                                 top_k=top_k)
    lines = [f"(rewritten: {response.rewritten_query})"] if response.rewritten_query else []
    for r in response.results:
        lines.append(f"{r.score:.3f} {r.kind} {r.id} [{r.status}] {r.text}")
        lines += [f"    was: {old.text} ({old.reason})" for old in r.superseded]
        lines += [f"    conflicts: {c.text} ({c.reason})" for c in r.conflicts]
        if r.why is not None:
            lines.append(f"    why: {r.why.line}")
    lines += [f"constraint: {c.text}" for c in response.constraints]
    _out(as_json, response, lines or ["(nothing recalled)"])


@app.command()
def facts(
    ctx: typer.Context,
    user: UserOpt,
    status: Annotated[str, typer.Option(help="Comma-separated, or 'all'.")] = "current,conflicted",
    predicate: Annotated[str | None, typer.Option(help="Only this relation.")] = None,
    entity: Annotated[str | None, typer.Option(help="Only facts about this entity id.")] = None,
    limit: Annotated[int, typer.Option(help="At most this many (1-10000).")] = 100,
    as_json: JsonOut = False,
) -> None:
    """List a user's facts, newest first."""
    wanted = {s.strip() for s in status.split(",") if s.strip()}
    with guard():
        unknown = wanted - {"all", *FACT_STATUSES}
        if unknown or not wanted:
            raise InvalidInputError(
                f"--status: unknown {', '.join(sorted(unknown)) or '(empty)'}; "
                f"known: all, {', '.join(FACT_STATUSES)}"
            )
    statuses = None if "all" in wanted else [s for s in FACT_STATUSES if s in wanted]
    with _service_or_memory(ctx) as memory:
        found = memory.facts(user, statuses=statuses, entity_id=entity, predicate=predicate,
                             limit=limit)
    _out(as_json, found, [_fact_line(f) for f in found] or ["(no facts)"])


@app.command()
def feedback(
    ctx: typer.Context,
    fact_id: Annotated[str, typer.Argument(help="fact_... id.")],
    useful: Annotated[bool, typer.Option("--useful/--not-useful", help="Was it useful?")],
    as_json: JsonOut = False,
) -> None:
    """Record whether a recalled fact was useful (moves its confidence)."""
    with _service_or_memory(ctx) as memory:
        fact = memory.feedback(fact_id, useful)
    _out(as_json, fact, _fact_line(fact))


@app.command()
def update(
    ctx: typer.Context,
    fact_id: Annotated[str, typer.Argument(help="fact_... id.")],
    object_name: Annotated[str | None, typer.Option("--object", help="New object name.")] = None,
    key: Annotated[str | None, typer.Option(help="New key (keyed relations).")] = None,
    priority: PriorityOpt = None,
    memory_type: TypeOpt = None,
    expires_at: Annotated[str | None, typer.Option(help="ISO 8601 expiry.")] = None,
    as_json: JsonOut = False,
) -> None:
    """Change a fact; a new object or key makes a new version superseding the old one."""
    with guard():
        expires = _when(expires_at, "--expires-at")
    with _service_or_memory(ctx) as memory:
        fact = memory.update(fact_id, object_name=object_name, key=key, priority=priority,
                             memory_type=memory_type, expires_at=expires)
    _out(as_json, fact, _fact_line(fact))


@app.command()
def forget(
    ctx: typer.Context,
    user: UserOpt,
    memory_id: Annotated[str | None, typer.Argument(help="fact_/ep_ id to forget.")] = None,
    entity: Annotated[str | None, typer.Option(help="Forget an entity and its facts.")] = None,
    query: Annotated[str | None, typer.Option(help="Forget what matches this text.")] = None,
    reason: Annotated[str, typer.Option(help="Recorded in the tombstone.")] = "forget requested",
    by: Annotated[str, typer.Option(help="Who asked (recorded in the tombstone).")] = "user",
    as_json: JsonOut = False,
) -> None:
    """Forget a memory, an entity or what matches a query (leaves tombstones)."""
    with _service_or_memory(ctx) as memory:
        gone = memory.forget(user_id=user, memory_id=memory_id, entity_id=entity, query=query,
                             by=by, reason=reason)
    lines = [f"forgot {t.target_kind} {t.target_id} ({t.id})" for t in gone]
    _out(as_json, gone, lines or ["nothing to forget"])


@app.command()
def prune(
    ctx: typer.Context,
    user: Annotated[str | None, typer.Option("--user", "-u", help="Only this user.")] = None,
    apply: Annotated[bool, typer.Option("--apply", help="Remove (default: dry run).")] = False,
    superseded_days: Annotated[float, typer.Option(help="Superseded for longer.")] = 90,
    unused_days: Annotated[float, typer.Option(help="Never used in this many days.")] = 180,
    min_confidence: Annotated[float, typer.Option(help="Below this confidence.")] = 0.2,
    min_importance: Annotated[
        float, typer.Option(help="Importance (decayed priority / 10) faded below this.")
    ] = 0.05,
    limit: Annotated[int, typer.Option(help="At most this many.")] = 1000,
    include_messages: Annotated[
        bool, typer.Option(help="Also old messages of which nothing drawn holds any more.")
    ] = False,
    as_json: JsonOut = False,
) -> None:
    """List (dry run) or remove stale facts: expired, low-confidence, superseded, unused or
    faded (not recalled for so long that their importance fell below --min-importance); with
    --include-messages also messages said more than --superseded-days ago whose every fact is
    pruned or that long superseded."""
    with _service_or_memory(ctx) as memory:
        report = memory.prune(user_id=user, dry_run=not apply, superseded_days=superseded_days,
                              unused_days=unused_days, min_confidence=min_confidence,
                              min_importance=min_importance, limit=limit,
                              include_messages=include_messages)
    head = (f"dry run: {len(report.candidates)} facts would be removed (use --apply)"
            if report.dry_run else f"removed {report.removed} facts")
    lines = [head] + [
        f"  {c.fact_id}  {c.rule}  {c.status}  importance {c.importance:.3f}  {c.text or ''}"
        for c in report.candidates
    ]
    if include_messages:
        lines.append(f"{len(report.messages)} outdated messages"
                     + (" would be removed" if report.dry_run else " removed"))
        lines += [f"  {m.episode_id}  {m.timestamp.isoformat()}  {m.text or ''}"
                  for m in report.messages]
    _out(as_json, report, lines)


@app.command()
def summarize(
    ctx: typer.Context,
    user: UserOpt,
    session: Annotated[str | None, typer.Option(help="Only facts of this session.")] = None,
    agent: Annotated[str | None, typer.Option(help="Only facts of this agent.")] = None,
    since: Annotated[str | None, typer.Option(help="Facts valid at or after (ISO 8601).")] = None,
    until: Annotated[str | None, typer.Option(help="Facts valid at or before (ISO 8601).")] = None,
    min_evidence: Annotated[
        int | None, typer.Option(help="Statements that make a semantic memory (default 3).")
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Report only.")] = False,
    as_json: JsonOut = False,
) -> None:
    """Consolidate: merge near-duplicate facts (reversibly) and turn facts stated
    --min-evidence times into semantic memories with evidence and scope."""
    with guard():
        start, end = _when(since, "--since"), _when(until, "--until")
    with _service_or_memory(ctx) as memory:
        report = memory.summarize(user, agent_id=agent, session_id=session, since=start,
                                  until=end, min_evidence=min_evidence, dry_run=dry_run)
    lines = [f"{'dry run: ' if report.dry_run else ''}{report.groups} groups of facts looked at"]
    for label, memories in (("new", report.created), ("updated", report.updated),
                            ("unchanged", report.unchanged)):
        lines += [f"  {label:9}  {m.id}  {m.summary}" for m in memories]
    lines += [f"  merged     {m.fact_id} into {m.into_id}: {m.reason}" for m in report.merges]
    _out(as_json, report, lines)


@app.command()
def unmerge(
    ctx: typer.Context,
    fact_id: Annotated[str, typer.Argument(help="The merged fact_... id.")],
    as_json: JsonOut = False,
) -> None:
    """Undo a merge made by summarize: the fact is current again and its group's semantic
    memory is rebuilt (or withdrawn when one statement is left)."""
    with _memory(ctx) as memory:
        result = memory.unmerge(fact_id)
    lines = [f"{result.fact.id} is current again (was merged into {result.into_id})"]
    if result.semantic is not None:
        lines.append(f"  rebuilt    {result.semantic.id}  {result.semantic.summary}")
    lines += [f"  withdrawn  {w.semantic_id}: {w.reason}" for w in result.withdrawn]
    _out(as_json, result, lines)


@app.command()
def ontology(
    ctx: typer.Context,
    file: Annotated[Path | None, typer.Option(help="A user ontology (default: settings).")] = None,
    as_json: JsonOut = False,
) -> None:
    """Print the loaded ontology (default plus the user file); fails on an invalid file."""
    with guard():
        loaded = load_ontology(file or settings_from(ctx).ontology_file)
    lines = ["memory types: " + ", ".join(f"{n} (p{m.priority})"
                                          for n, m in loaded.memory_types.items()),
             "entity types: " + ", ".join(loaded.entity_types), "relations:"]
    for name, r in loaded.relations.items():
        card = f"one per {'+'.join(r.scope)}" if r.cardinality == "one" else "many"
        lines.append(f"  {name:<16} {'|'.join(r.domain)} -> {'|'.join(r.range)}  {card}  "
                     f"{r.memory_type} p{loaded.priority_of(name, r.memory_type)}")
    _out(as_json, loaded, lines)


@app.command()
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(
        help="Interface to bind (loopback by default; any other needs GRAPH_MEMORY_API_KEYS)."
    )] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8080,
) -> None:
    """Run the REST API (OpenAPI at /docs) and the MCP server (streamable HTTP at /mcp) on the
    embedded engine."""
    from graph_memory.api.server import serve as run_server

    with guard():
        run_server(settings_from(ctx), host, port)


@app.command()
def mcp(
    ctx: typer.Context,
    user: Annotated[str | None, typer.Option(
        "--user", "-u", help="user_id the tools use when a call names none.")] = None,
    tenant: Annotated[str | None, typer.Option(
        help="Serve this tenant's graph (one of GRAPH_MEMORY_API_KEYS' tenants); "
        "default: the local single-user graph.")] = None,
) -> None:
    """Run the MCP server over stdio (for an agent that starts it as a subprocess)."""
    from graph_memory.mcp.server import run_stdio

    with guard():
        run_stdio(settings_from(ctx), tenant=tenant, default_user=user)


# --- Cypher for analysts, graph export --------------------------------------------------------


def _kv(pairs: list[str]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise InvalidInputError(f"--param {pair!r}: expected NAME=VALUE")
        params[name] = value
    return params


@contextmanager
def _tenant_memory(ctx: typer.Context, tenant: str | None) -> Iterator[Memory]:
    """The local graph's Memory, or a tenant's (one of GRAPH_MEMORY_API_KEYS' tenants)."""
    from graph_memory.tenants import Tenants

    with _memory(ctx) as memory:
        if tenant is None:
            yield memory
            return
        tenants = Tenants(memory, memory.settings.api_keys)
        try:
            if tenant not in memory.settings.api_keys.values():
                raise InvalidInputError(f"--tenant {tenant!r} is not a tenant of the API keys")
            yield tenants.memory(tenant)
        finally:
            tenants.close()


TenantOpt = Annotated[str | None, typer.Option(
    help="A tenant of GRAPH_MEMORY_API_KEYS (default: the local graph).")]


@app.command()
def cypher(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(
        help="A saved query of cypher/analyst/ (omit with --list or --query).")] = None,
    param: Annotated[list[str] | None, typer.Option(
        "--param", "-p", help="NAME=VALUE, repeatable; typed as the query declares.")] = None,
    query: Annotated[str | None, typer.Option(
        "--query", help="Ad-hoc read-only Cypher instead of a saved query (values as strings).")
    ] = None,
    list_queries: Annotated[bool, typer.Option(
        "--list", help="List the saved queries and their parameters.")] = False,
    tenant: TenantOpt = None,
    as_json: JsonOut = False,
) -> None:
    """Run a saved analyst query (or --query) read-only, within the configured time and row
    limits (GRAPH_MEMORY_CYPHER_TIMEOUT_MS, GRAPH_MEMORY_CYPHER_MAX_ROWS)."""
    from graph_memory.analyst import run_cypher, saved_queries

    if list_queries:
        with guard():
            found = list(saved_queries().values())
        lines = []
        for q in found:
            params = ", ".join(
                p.name + ("" if p.required else f"={json.dumps(p.default)}") for p in q.params
            )
            lines.append(f"{q.name}({params})\n    {q.description}")
        _out(as_json, [q.model_dump(exclude={"text"}) for q in found], lines)
        return
    with guard():
        given = _kv(param or [])
        if (name is None) == (query is None):
            raise InvalidInputError("give a saved query NAME or --query, not both (or --list)")
    with _tenant_memory(ctx, tenant) as memory:
        settings = memory.settings
        result = run_cypher(
            memory.store,
            name=name,
            query=query,
            params=given,
            timeout_ms=settings.cypher_timeout_ms,
            max_rows=settings.cypher_max_rows,
            max_memory_mb=settings.query_memory_limit_mb,
            params_as_text=True,
        )
    lines = ["\t".join(result.columns)]
    lines += ["\t".join(v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
                        for v in row) for row in result.rows]
    _out(as_json, result, lines)


@app.command("export-graph")
def export_graph(
    ctx: typer.Context,
    user: UserOpt,
    out: Annotated[Path, typer.Option("--out", "-o", help="File to write.")],
    entity: Annotated[str | None, typer.Option(
        help="Only this entity's neighbourhood (default: all the user's facts).")] = None,
    hops: Annotated[int, typer.Option(help="Neighbourhood radius in facts (1-3).")] = 1,
    status: Annotated[str, typer.Option(help="Comma-separated fact statuses, or 'all'.")
    ] = "current,conflicted,superseded",
    fmt: Annotated[str, typer.Option("--format", help="graphml (Gephi) or json.")] = "graphml",
    limit: Annotated[int, typer.Option(help="At most this many facts.")] = 10000,
    tenant: TenantOpt = None,
) -> None:
    """Write a user's graph (entities as nodes, facts as edges) as GraphML or JSON."""
    from graph_memory.graphml import parse_statuses, subgraph, write_graph

    with guard():
        if fmt not in ("graphml", "json"):
            raise InvalidInputError(f"--format must be graphml or json, not {fmt!r}")
        statuses = parse_statuses(status)
    with _tenant_memory(ctx, tenant) as memory:
        graph = subgraph(memory.store, user, entity_id=entity, hops=hops, statuses=statuses,
                         limit=limit)
    with guard():
        write_graph(graph, out, fmt)
    typer.echo(f"wrote {graph.number_of_nodes()} entities and {graph.number_of_edges()} facts "
               f"to {out}")


@app.command("export")
def export_memories(
    ctx: typer.Context,
    out: Annotated[str, typer.Option("--out", "-o", help="JSONL file, or - for stdout.")],
    tenant: TenantOpt = None,
) -> None:
    """Export the whole graph (embeddings, history, supersession links, tombstones, working
    memory) as JSON lines, to import into another backend (`graph-memory import`)."""
    from graph_memory.backup import export_records, export_to_path, write_jsonl

    with _tenant_memory(ctx, tenant) as memory:
        if out == "-":  # the trailer tells an importer whether the stream was complete
            count = write_jsonl(export_records(memory.store, memory.embedder.dimension),
                                sys.stdout)
        else:  # a temporary file, renamed into place once complete
            count = export_to_path(memory.store, memory.embedder.dimension, Path(out))
    typer.echo(f"exported {count - 1} records", err=out == "-")


def open_memory_unchecked(settings: Settings) -> Memory:
    """open_memory without refusing a graph of other embedders: for `reembed` only."""
    from graph_memory.startup import open_embedded, open_neo4j

    opener = open_neo4j if settings.backend == "neo4j" else open_embedded
    return opener(settings, embedder=None, extractor=None, check_embedders=False)


@app.command("reembed")
def reembed_graph(ctx: typer.Context, as_json: JsonOut = False) -> None:
    """Recompute every vector (episodes, facts, entities) with the configured embedders, one
    transaction per batch, then record them as the graph's: needed after changing the
    embedders (GRAPH_MEMORY_MULTILINGUAL_EMBEDDING) or when the service refuses a data
    directory written by other ones. Safe to re-run after an interruption."""
    from graph_memory.reembed import describe, reembed

    with guard(), open_memory_unchecked(settings_from(ctx)) as memory:
        report = reembed(memory.store, memory.embedder)
    _out(
        as_json,
        report,
        [
            f"re-embedded {report.episodes} episodes, {report.facts} facts and "
            f"{report.entities} entities with {describe(report.embedders)}"
        ],
    )


@app.command("import")
def import_memories(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(help="A file of `graph-memory export`, or - for stdin.")],
    tenant: TenantOpt = None,
    as_json: JsonOut = False,
) -> None:
    """Import an export into this (empty) graph, on whichever backend the settings choose:
    all of it, or nothing (a bad line is refused before any write; a failed write is undone)."""
    from graph_memory.backup import import_records

    with guard():
        if file != "-" and not Path(file).is_file():
            raise InvalidInputError(f"no file {file}")
    with _tenant_memory(ctx, tenant) as memory:
        if file == "-":  # from a pipe, import_records first copies it to a temporary file
            counts = import_records(memory.store, sys.stdin.buffer, memory.embedder.dimension)
        else:
            with open(file, "rb") as handle:
                counts = import_records(memory.store, handle, memory.embedder.dimension)
    _out(as_json, counts, [f"{kind}: {n}" for kind, n in counts.items()])


# --- hindsight: experience from finished tasks ------------------------------------------------

experience_app = typer.Typer(
    no_args_is_help=True, rich_markup_mode=None,
    help="Learn from finished tasks: submit trajectories, recall experience, give feedback.",
)
app.add_typer(experience_app, name="experience")


def _experience_line(e: Any) -> str:
    return (f"{e.id} [{e.label}] conf={e.confidence:.2f} evidence={e.evidence_count} "
            f"{e.agent_id}@{e.environment}: {e.intent}")


@experience_app.command("submit")
def experience_submit(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(help="A trajectory as JSON ('-' reads stdin).")],
    as_json: JsonOut = False,
) -> None:
    """Review a finished task and store what it taught as experience memories."""
    with guard():
        try:
            raw = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
            trajectory = json.loads(raw)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise InvalidInputError(f"{file}: not a readable JSON trajectory ({e})") from e
        if not isinstance(trajectory, dict):
            raise InvalidInputError(f"{file}: a trajectory is a JSON object")
    with _memory(ctx) as memory:
        result = memory.submit_trajectory(trajectory)
    lines = [f"{result.episode_id} ({'new' if result.created else 'already submitted'})"]
    lines += [f"  step {s.index + 1} [{s.label}] {s.approach} ({s.rule})"
              for s in result.review.steps]
    lines += [f"  experience {i}" for i in result.experience_ids]
    lines += [f"  reinforced {i}" for i in result.reinforced_ids]
    lines += [f"  weakened {i}" for i in result.weakened_ids]
    _out(as_json, result, lines)


@experience_app.command("recall")
def experience_recall(
    ctx: typer.Context,
    task: Annotated[str, typer.Argument(help="The new task's goal.")],
    user: UserOpt,
    task_type: Annotated[str | None, typer.Option("--task-type")] = None,
    agent: Annotated[str | None, typer.Option("--agent", help="The asking agent.")] = None,
    environment: Annotated[str | None, typer.Option("--env", help="Its environment.")] = None,
    entity: Annotated[list[str] | None, typer.Option("--entity", help="Repeatable.")] = None,
    other_agents: Annotated[bool, typer.Option("--other-agents")] = False,
    other_environments: Annotated[bool, typer.Option("--other-environments")] = False,
    top_k: Annotated[int, typer.Option("--top-k", help="Results (1-100).")] = 5,
    as_json: JsonOut = False,
) -> None:
    """Experience for a new task: what worked ("use") before what failed ("avoid")."""
    with _memory(ctx) as memory:
        response = memory.recall_experience(
            task, user_id=user, task_type=task_type, agent_id=agent, environment=environment,
            entities=entity or [], include_other_agents=other_agents,
            include_other_environments=other_environments, top_k=top_k,
        )
    lines = [f"{h.score:.3f} {_experience_line(h.experience)}\n    why: {h.why.line}"
             for h in response.results]
    _out(as_json, response, lines or ["(no experience)"])


@experience_app.command("feedback")
def experience_feedback(
    ctx: typer.Context,
    experience_id: Annotated[str, typer.Argument(help="fact_... id of an experience.")],
    useful: Annotated[bool, typer.Option("--useful/--not-useful", help="Was it right?")],
    as_json: JsonOut = False,
) -> None:
    """Record whether a recalled experience was right (moves its confidence)."""
    with _memory(ctx) as memory:
        experience = memory.experience_feedback(experience_id, useful)
    _out(as_json, experience, _experience_line(experience))


@experience_app.command("list")
def experience_list(
    ctx: typer.Context,
    user: UserOpt,
    task_type: Annotated[str | None, typer.Option("--task-type")] = None,
    limit: Annotated[int, typer.Option(help="At most this many.")] = 100,
    as_json: JsonOut = False,
) -> None:
    """List a user's current experiences, newest first."""
    with _memory(ctx) as memory:
        found = memory.experiences(user, task_type=task_type, limit=limit)
    _out(as_json, found, [_experience_line(e) for e in found] or ["(no experience)"])


# --- working memory ---------------------------------------------------------------------------


@working_app.command("set")
def working_set(
    ctx: typer.Context,
    user: UserOpt,
    session: SessionOpt,
    key: Annotated[str, typer.Argument()],
    value: Annotated[str, typer.Argument()],
    memory_type: Annotated[str, typer.Option("--type", help="Memory type.")] = "fact",
    priority: PriorityOpt = None,
    as_json: JsonOut = False,
) -> None:
    """Set a slot (the old value goes to its history)."""
    with _memory(ctx) as memory:
        slot = memory.working_set(user, session, key, value, memory_type=memory_type,
                                  priority=priority)
    _out(as_json, slot, _slot_line(slot))


@working_app.command("get")
def working_get(
    ctx: typer.Context, user: UserOpt, session: SessionOpt, as_json: JsonOut = False
) -> None:
    """List the live slots of a session, highest priority first."""
    with _memory(ctx) as memory:
        slots = memory.working_get(user, session)
    _out(as_json, slots, [_slot_line(s) for s in slots] or ["(empty)"])


@working_app.command("delete")
def working_delete(
    ctx: typer.Context,
    user: UserOpt,
    session: SessionOpt,
    key: Annotated[str, typer.Argument()],
    as_json: JsonOut = False,
) -> None:
    """Delete a slot."""
    with _memory(ctx) as memory:
        memory.working_delete(user, session, key)
    _out(as_json, {"deleted": key}, f"deleted {key}")


@working_app.command("render")
def working_render(
    ctx: typer.Context, user: UserOpt, session: SessionOpt, as_json: JsonOut = False
) -> None:
    """Print the session's slots as a block to paste into a prompt."""
    with _memory(ctx) as memory:
        text = memory.working_render(user, session)
    _out(as_json, {"text": text}, text)


if __name__ == "__main__":
    app(prog_name="graph-memory")
