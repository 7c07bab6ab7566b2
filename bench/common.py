"""Shared helpers for the benchmarks: REALTALK loading, machine info, writing results, and a
per-thread stage timer that wraps live objects' methods (no library change needed).

Run benchmarks from the repository root, e.g. `python bench/write_throughput.py`; each script
puts the repository on `sys.path` itself, so no install or PYTHONPATH is needed.
"""

from __future__ import annotations

import functools
import json
import os
import platform
import re
import subprocess
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
RESULTS_DIR = BENCH_DIR / "results"
# The shared data lives beside the checkout: <root>/main (repo) and <root>/shared/data/...
DEFAULT_REALTALK = REPO_ROOT.parent / "shared" / "data" / "realtalk"

_SESSION = re.compile(r"^session_(\d+)$")
_CHAT = re.compile(r"^Chat_(\d+)_")
_DATE_FORMAT = "%d.%m.%Y, %H:%M:%S"


class DataMissingError(SystemExit):
    """The benchmark data is not where it was looked for (exits with a message)."""


@dataclass(frozen=True)
class Chat:
    user_id: str  # "chat1" ...
    path: Path
    messages: list[dict[str, Any]]  # write-request dicts, in session and message order


def parse_timestamp(value: str) -> datetime:
    """REALTALK's "29.12.2023, 22:42:04" as an aware UTC datetime."""
    return datetime.strptime(value, _DATE_FORMAT).replace(tzinfo=UTC)


def resolve_data_dir(data: Path | None) -> Path:
    """The REALTALK folder: the argument, else the shared folder beside the checkout."""
    folder = (data or DEFAULT_REALTALK).expanduser().resolve()
    if not folder.is_dir() or not any(folder.glob("Chat_*.json")):
        raise DataMissingError(
            f"REALTALK data not found at {folder} (expected Chat_*.json files). "
            "Pass --data /path/to/realtalk, or place the data in ../shared/data/realtalk "
            "relative to the repository root."
        )
    return folder


def _chat_number(path: Path) -> int:
    match = _CHAT.match(path.name)
    if match is None:
        raise ValueError(f"unexpected REALTALK file name {path.name}")
    return int(match.group(1))


def load_realtalk(data: Path | None = None, chats: Sequence[int] | None = None) -> list[Chat]:
    """Every chat (or the numbered ones) as write requests, ordered by chat number."""
    folder = resolve_data_dir(data)
    out: list[Chat] = []
    for path in sorted(folder.glob("Chat_*.json"), key=_chat_number):
        number = _chat_number(path)
        if chats is not None and number not in chats:
            continue
        raw = json.loads(path.read_text(encoding="utf-8"))
        user_id = f"chat{number}"
        sessions = sorted(
            (int(m.group(1)), key) for key in raw if (m := _SESSION.match(key)) is not None
        )
        messages = [
            {
                "text": message["clean_text"],
                "user_id": user_id,
                "session_id": key,
                "speaker": message["speaker"],
                "timestamp": parse_timestamp(message["date_time"]),
                "source_id": message["dia_id"],
            }
            for _, key in sessions
            for message in raw[key]
            if message["clean_text"].strip()
        ]
        out.append(Chat(user_id=user_id, path=path, messages=messages))
    if not out:
        raise DataMissingError(f"no REALTALK chats matched {list(chats or [])} in {folder}")
    return out


@dataclass(frozen=True)
class Question:
    user_id: str  # the chat's user ("chat1" ...)
    index: int  # position in the chat's `qa` list
    question: str
    answer: str
    category: int
    gold: tuple[str, ...]  # evidence dia_ids that exist among the chat's written messages


def load_questions(chat: Chat) -> list[Question]:
    """The chat's questions, evidence ids of missing messages dropped; a question left with no
    evidence is skipped."""
    raw = json.loads(chat.path.read_text(encoding="utf-8"))
    known = {m["source_id"] for m in chat.messages}
    out = []
    for index, qa in enumerate(raw.get("qa", [])):
        gold = tuple(dict.fromkeys(e for e in qa["evidence"] if e in known))
        if gold:
            out.append(Question(chat.user_id, index, qa["question"], str(qa.get("answer", "")),
                                int(qa["category"]), gold))
    return out


def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _git_commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=REPO_ROOT, capture_output=True, text=True, timeout=5, check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def code_state(paths: Sequence[str] = ("graph_memory", "cypher", "ontology")) -> dict[str, Any]:
    """The commit and the library files changed from it, now: call it when a run starts (the
    commit in the results file is read when the run ends, and the checkout may move meanwhile)."""
    try:
        done = subprocess.run(
            ["git", "status", "--porcelain", "--", *paths],
            cwd=REPO_ROOT, capture_output=True, text=True, timeout=5, check=False,
        )
        changed = [line[3:] for line in done.stdout.splitlines() if line.strip()]
    except (OSError, subprocess.SubprocessError):
        changed = []
    return {"commit": _git_commit(), "changed_files": changed}


def machine_info() -> dict[str, Any]:
    """What a reader needs to compare numbers across runs."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    memory_gib = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory_gib = round(int(line.split()[1]) / 2**20, 1)
    except OSError:
        pass
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "memory_gib": memory_gib,
        "os": platform.platform(),
        "python": platform.python_version(),
        "torch": _version("torch"),
        "sentence_transformers": _version("sentence-transformers"),
        "spacy": _version("spacy"),
        "falkordb": _version("falkordb"),
        "git_commit": _git_commit(),
    }


def machine_line(info: dict[str, Any]) -> str:
    return (
        f"{info['cpu']}, {info['usable_cores']}/{info['cores']} cores, "
        f"{info['memory_gib']} GiB; Python {info['python']}, torch {info['torch']}"
    )


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    def cell(value: object) -> str:
        return f"{value:.3f}" if isinstance(value, float) else str(value)

    lines = [
        "| " + " | ".join(headers) + " |",
        "|" + "|".join("---" for _ in headers) + "|",
    ]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Path):
        return str(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def write_results(
    name: str, data: dict[str, Any], markdown: str, results_dir: Path = RESULTS_DIR
) -> tuple[Path, Path]:
    """Write `<name>.json` (data plus machine and time) and `<name>.md`; return both paths."""
    results_dir.mkdir(parents=True, exist_ok=True)
    info = machine_info()
    payload = {
        "benchmark": name,
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "machine": info,
        **data,
    }
    json_path = results_dir / f"{name}.json"
    md_path = results_dir / f"{name}.md"
    json_path.write_text(json.dumps(payload, indent=2, default=_jsonable) + "\n")
    header = (
        f"# {name}\n\n"
        f"- finished: {payload['finished_at']}\n"
        f"- command: `python bench/{payload['command']}`\n"
        f"- machine: {machine_line(info)}\n"
        f"- commit: {info['git_commit']}\n\n"
    )
    md_path.write_text(header + markdown.rstrip() + "\n")
    return json_path, md_path


def add_repo_to_path() -> None:
    """Let `python bench/x.py` import graph_memory from this checkout."""
    root = str(REPO_ROOT)
    if root not in sys.path:
        sys.path.insert(0, root)


add_repo_to_path()


def latency_summary(values_ms: Sequence[float]) -> dict[str, float]:
    """p50 / p95 / p99 / mean / max of latencies in ms (nearest-rank percentiles)."""
    if not values_ms:
        return {"n": 0, "p50": 0.0, "p95": 0.0, "p99": 0.0, "mean": 0.0, "max": 0.0}
    from math import ceil

    ordered = sorted(values_ms)

    def rank(q: float) -> float:  # the ceil(q * n)-th smallest
        return ordered[max(1, ceil(q * len(ordered))) - 1]

    return {"n": len(ordered), "p50": round(rank(0.50), 3), "p95": round(rank(0.95), 3),
            "p99": round(rank(0.99), 3), "mean": round(sum(ordered) / len(ordered), 3),
            "max": round(ordered[-1], 3)}


def process_memory_mib(pid: int | None) -> dict[str, float | None]:
    """Resident (VmRSS) and peak resident (VmHWM) memory of a process, in MiB."""
    out: dict[str, float | None] = {"rss_mib": None, "peak_rss_mib": None}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            for key, name in (("VmRSS:", "rss_mib"), ("VmHWM:", "peak_rss_mib")):
                if pid is not None and line.startswith(key):
                    out[name] = round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return out


CallPath = tuple[str, ...]


class StageTimer:
    """Wall and CPU time per call path of wrapped methods; each path's time excludes its
    wrapped callees'. Paths are per thread: the main thread's start with its outermost stage,
    another thread's with "thread:<name>". CPU is per thread (`time.thread_time`)."""

    def __init__(self) -> None:
        self.wall: dict[CallPath, float] = defaultdict(float)
        self.cpu: dict[CallPath, float] = defaultdict(float)
        self._local = threading.local()
        self._lock = threading.Lock()

    def _frames(self) -> tuple[list[str], list[list[float]]]:
        if not hasattr(self._local, "stack"):
            thread = threading.current_thread()
            base = [] if thread is threading.main_thread() else [f"thread:{thread.name}"]
            self._local.stack, self._local.children = base, []
        return self._local.stack, self._local.children

    def wrap(self, obj: Any, method: str, stage: str) -> None:
        original: Callable[..., Any] = getattr(obj, method)

        @functools.wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            stack, children = self._frames()
            path = (*stack, stage)
            stack.append(stage)
            children.append([0.0, 0.0])  # wall, CPU spent in wrapped callees
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
                stack.pop()
                child_wall, child_cpu = children.pop()
                with self._lock:
                    self.wall[path] += wall - child_wall
                    self.cpu[path] += cpu - child_cpu
                if children:
                    children[-1][0] += wall
                    children[-1][1] += cpu

        setattr(obj, method, timed)

    def under(self, *prefix: str, cpu: bool = False) -> float:
        """Total time of every path starting with `prefix` (the prefix's inclusive time)."""
        times = self.cpu if cpu else self.wall
        return sum(t for p, t in times.items() if p[: len(prefix)] == prefix)
