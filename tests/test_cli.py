"""The `graph-memory` CLI against a real engine and the real models.

In-process runs (CliRunner) reuse the session's preloaded models through `cli.open_memory`
(the engine still starts and stops on every invocation); one subprocess run pays the full
start-up cost, as a user would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from graph_memory import cli
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.store.engine import EmbeddedEngine

REPO = Path(__file__).resolve().parents[1]
PEANUTS = '{"subject":{"name":"Emi","type":"Person"},"predicate":"ALLERGIC_TO",' \
          '"object":{"name":"peanut","type":"Food"}}'
PEANUT_LINE = f'{{"triples": [{PEANUTS}]}}'
UNKNOWN_RELATION_LINE = PEANUT_LINE.replace("ALLERGIC_TO", "ALLERGIC")


class Cli:
    """Runs `graph-memory --data-dir <tmp> ...` in-process."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.runner = CliRunner()

    def __call__(self, *args: str, code: int = 0, stdin: str | None = None) -> Any:
        result = self.runner.invoke(cli.app, ["--data-dir", str(self.data_dir), *args], input=stdin)
        assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
        if code:
            # Expected errors: one line on stderr, no traceback, nothing on stdout.
            assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
            assert "Traceback" not in result.output and result.stdout == ""
            return result.stderr
        return json.loads(result.stdout) if "--json" in args else result.stdout

    def facts(self, user: str = "emi") -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self("facts", "--user", user, "--status", "all", "--json")
        return found


@pytest.fixture()
def run(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Cli:
    def open_memory(settings: Settings) -> Memory:
        return Memory.open(settings, embedder=embedder, extractor=extractor)

    monkeypatch.setattr(cli, "open_memory", open_memory)
    return Cli(tmp_path / "data")


def test_write_text_then_facts_show_feedback_and_update(run: Cli) -> None:
    written = run("write", "I'm allergic to peanuts", "--user", "emi", "--speaker", "Emi",
                  "--session", "s1", "--json")
    [fact] = run.facts()
    assert written["fact_ids"] == [fact["id"]]
    assert (fact["predicate"], fact["object_name"], fact["status"]) == (
        "ALLERGIC_TO", "peanut", "current")
    listed = run("facts", "--user", "emi", "--predicate", "ALLERGIC_TO")
    assert "Emi is allergic to peanut" in listed

    shown = run("show", fact["id"], "--json")
    assert shown["kind"] == "fact" and shown["record"]["text"] == "Emi is allergic to peanut"
    episode = run("show", written["episode_id"])
    assert episode.startswith(f"episode {written['episode_id']}") and "allergic" in episode

    assert run("feedback", fact["id"], "--not-useful", "--json")["confidence"] < fact["confidence"]
    assert run("update", fact["id"], "--priority", "10", "--json")["priority"] == 10

    # A new object makes a new version; `show` lists the SUPERSEDES link.
    newer = run("update", fact["id"], "--object", "cashew", "--json")
    assert newer["object_name"] == "cashew" and newer["id"] != fact["id"]
    assert "SUPERSEDES" in run("show", newer["id"])
    assert [f["status"] for f in run.facts() if f["id"] == fact["id"]] == ["superseded"]


def test_triples_and_a_jsonl_batch_from_a_file_and_from_stdin(run: Cli, tmp_path: Path) -> None:
    run("write", "--user", "emi", "--triple", "Emi:Person LIVES_IN New York:Place",
        "--triple", "Emi:Person HAS_ATTRIBUTE[eye colour] blue:Value")
    batch = tmp_path / "batch.jsonl"
    lines = [json.dumps({"text": "I love Thai food.", "speaker": "Emi"}), "", PEANUT_LINE]
    batch.write_text("\n".join(lines), encoding="utf-8")
    results = run("write", "--file", str(batch), "--user", "emi", "--json")
    assert len(results) == 2 and all(r["created"] for r in results)

    stdin_line = json.dumps({"user_id": "emi", "text": "I work at Acme Corp.", "speaker": "Emi"})
    assert len(run("write", "--file", "-", "--json", stdin=stdin_line + "\n")) == 1

    found = {(f["predicate"], f["object_name"], f.get("key")) for f in run.facts()}
    assert {("LIVES_IN", "New York", None), ("HAS_ATTRIBUTE", "blue", "eye colour"),
            ("ALLERGIC_TO", "peanut", None)} <= found
    assert {"PREFERS", "WORKS_AT"} <= {p for p, _, _ in found}


def test_forget_then_show_exits_3(run: Cli) -> None:
    [fact_id] = run("write", "--user", "emi", "--triple", PEANUTS, "--json")["fact_ids"]
    gone = run("forget", "--user", "emi", fact_id, "--reason", "user asked", "--json")
    assert fact_id in [t["target_id"] for t in gone]
    assert "user asked" in run("show", fact_id, code=3)
    assert "no memory" in run("show", "ent_" + "0" * 24, code=3)
    assert "exactly one" in run("forget", "--user", "emi", code=2)


def test_prune_dry_run_lists_and_apply_removes(run: Cli) -> None:
    [fact_id] = run("write", "--user", "emi", "--triple", PEANUTS, "--json")["fact_ids"]
    # --unused-days 0: a fact never recalled is a candidate at once.
    report = run("prune", "--user", "emi", "--unused-days", "0", "--json")
    assert report["dry_run"] and [c["fact_id"] for c in report["candidates"]] == [fact_id]
    assert report["candidates"][0]["rule"] == "never_used"
    assert "would be removed" in run("prune", "--user", "emi", "--unused-days", "0")
    assert run.facts()[0]["status"] == "current"
    assert "removed 1 facts" in run("prune", "--user", "emi", "--unused-days", "0", "--apply")
    assert run.facts() == [] or run.facts()[0]["status"] == "forgotten"


def test_working_memory_set_get_render_delete(run: Cli) -> None:
    run("working", "set", "--user", "emi", "--session", "s1", "goal", "refund the shoes",
        "--type", "todo")
    slot = run("working", "set", "-u", "emi", "-s", "s1", "goal", "exchange the shoes", "--json")
    assert slot["value"] == "exchange the shoes" and slot["history"]
    run("working", "set", "-u", "emi", "-s", "s1", "budget", "50 EUR", "--priority", "9")
    slots = run("working", "get", "-u", "emi", "-s", "s1", "--json")
    assert [s["key"] for s in slots] == ["budget", "goal"]
    rendered = run("working", "render", "-u", "emi", "-s", "s1")
    assert "budget: 50 EUR" in rendered and "goal: exchange the shoes" in rendered
    run("working", "delete", "-u", "emi", "-s", "s1", "budget")
    assert "no working-memory slot" in run("working", "delete", "-u", "emi", "-s", "s1",
                                           "budget", code=3)
    assert "unknown memory type" in run("working", "set", "-u", "emi", "-s", "s1", "k", "v",
                                        "--type", "nope", code=2)


@pytest.mark.parametrize(
    ("args", "lines", "message"),
    [
        (["write", "", "--user", "emi"], None, "must not be empty"),
        (["write", "I like tea", "--user", "emi", "--priority", "11"], None, "priority"),
        (["write", "I like tea", "--user", "emi", "--type", "gossip"], None, "unknown memory type"),
        (["write", "I like tea"], None, "--user is required"),
        (["write", "--user", "emi", "--triple", "Emi LIVES_IN Paris"], None, "expected"),
        (["write", "--user", "emi", "--timestamp", "yesterday"], None, "ISO 8601"),
        (["show", "fact_123"], None, "malformed id"),
        (["facts", "--user", "emi", "--status", "current,stale"], None, "unknown stale"),
        (["prune", "--min-importance", "1.5"], None, "min_importance"),
        (["write", "--file", "{batch}"], [PEANUT_LINE, "{not json"], "line 2: not valid JSON"),
        (["write", "--file", "{batch}"], ['{"text": "hi", "priority": "x"}'], "line 1: priority"),
        # Well-formed lines, one rejected by the ontology: the whole batch is refused.
        (["write", "--file", "{batch}"], [PEANUT_LINE, UNKNOWN_RELATION_LINE], "unknown relation"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_writes_nothing(
    run: Cli, tmp_path: Path, args: list[str], lines: list[str] | None, message: str
) -> None:
    if lines is not None:
        batch = tmp_path / "bad.jsonl"
        lines = [line if line.startswith("{not") else
                 json.dumps({"user_id": "emi", **json.loads(line)}) for line in lines]
        batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
        args = [a.replace("{batch}", str(batch)) for a in args]
    assert message in run(*args, code=2)
    assert run.facts() == []


def test_locked_data_dir_exits_4(run: Cli) -> None:
    with EmbeddedEngine(run.data_dir):
        assert "error: " in run("facts", "--user", "emi", code=4)


def test_ontology_command_shows_a_user_file_and_rejects_a_bad_one(
    run: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "ALLERGIC_TO" in run("ontology") and "constraint" in run("ontology")
    assert "HAS_ATTRIBUTE[eye colour]" in run("write", "--help")  # literal, not rich markup
    with monkeypatch.context() as env:
        env.setenv("GRAPH_MEMORY_APPENDFSYNC", "never")
        assert "invalid settings: appendfsync" in run("ontology", code=2)
    extra = tmp_path / "extra.yaml"
    extra.write_text(
        "relations:\n  OWNS_PET:\n    domain: [Person]\n    range: [Thing]\n"
        "    cardinality: many\n    memory_type: fact\n    template: '{subject} owns {object}'\n",
        encoding="utf-8",
    )
    assert run("ontology", "--file", str(extra), "--json")["relations"]["OWNS_PET"]
    extra.write_text("relations:\n  OWNS_PET:\n    domain: [Robot]\n", encoding="utf-8")
    assert str(extra) in run("ontology", "--file", str(extra), code=1)


def test_a_real_process_writes_and_the_next_one_reads(run: Cli, tmp_path: Path) -> None:
    """The full start-up a user sees: settings from the environment, models loaded."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "GRAPH_MEMORY_DATA_DIR": str(run.data_dir)}

    def graph_memory(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "graph_memory.cli", *args], env=env,
                              cwd=tmp_path, capture_output=True, text=True, timeout=180)

    written = graph_memory("write", "I'm allergic to peanuts", "--user", "emi", "--json")
    assert written.returncode == 0, written.stderr
    [fact_id] = json.loads(written.stdout)["fact_ids"]
    assert "emi is allergic to peanut" in run("show", fact_id)  # persisted across processes
    bad = graph_memory("ontology", "--file", str(tmp_path / "missing.yaml"))
    assert (bad.returncode, bad.stdout, "Traceback" in bad.stderr) == (1, "", False)
    assert bad.stderr.startswith("error: ") and "not found" in bad.stderr


def test_recall_prints_results_with_why(run: Cli) -> None:
    run("write", "I moved to Porto last spring.", "--user", "rita", "--speaker", "Rita",
        "--source-id", "m-1")
    text = run("recall", "Where does Rita live?", "--user", "rita")
    assert "Rita lives in Porto" in text and "why:" in text
    found = run("recall", "Where does Rita live?", "--user", "rita", "--top-k", "2", "--json")
    assert found["results"][0]["source_ids"] == ["m-1"]
    assert "top_k" in run("recall", "Porto", "--user", "rita", "--top-k", "0", code=2)


def test_with_url_the_cli_talks_to_the_service_that_holds_the_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder, extractor: Extractor,
) -> None:
    from graph_memory.api import create_app
    from graph_memory.api.server import serving_in_thread

    data = tmp_path / "data"
    runner = CliRunner()

    def cli_run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(cli.app, ["--data-dir", str(data), *args])
        assert result.exit_code == code, (args, result.output)
        return json.loads(result.stdout) if code == 0 and "--json" in args else result

    with (Memory.open(Settings(data_dir=data), embedder=embedder, extractor=extractor) as held,
          serving_in_thread(create_app(memory=held)) as url):
        # The service holds the folder: the CLI on its own cannot open it.
        locked = cli_run("facts", "--user", "emi", code=4)
        assert "lock" in locked.stderr.lower()
        written = cli_run("--url", url, "write", "My favorite color is green.", "--user", "emi",
                          "--speaker", "Emi", "--json")
        [fact_id] = written["fact_ids"]
        assert held.get(fact_id).id == fact_id  # written through the service, into its graph
        monkeypatch.setenv("GRAPH_MEMORY_URL", url)
        assert [f["id"] for f in cli_run("facts", "--user", "emi", "--json")] == [fact_id]
        shown = cli_run("show", fact_id, "--json")
        assert shown["kind"] == "fact" and shown["record"]["object_name"] == "green"
        recalled = cli_run("recall", "favorite color", "--user", "emi", "--json")
        assert fact_id in [r["id"] for r in recalled["results"]]
        assert cli_run("feedback", fact_id, "--useful", "--json")["useful_count"] == 1
        assert cli_run("prune", "--json")["dry_run"] is True
        missing = cli_run("show", "fact_" + "0" * 24, code=3)
        assert "no memory" in missing.stderr
        bad = cli_run("recall", "x", "--user", "emi", "--top-k", "1000", code=2)
        assert "top_k" in bad.stderr
        local_only = cli_run("working", "render", "--user", "emi", "--session", "s1", code=2)
        assert "--url" in local_only.stderr
        gone = cli_run("forget", "--user", "emi", fact_id, "--reason", "asked", "--json")
        assert fact_id in [t["target_id"] for t in gone]
        assert cli_run("facts", "--user", "emi", "--json") == []
    unreachable = cli_run("facts", "--user", "emi", code=4)  # the service is gone now
    assert "cannot reach" in unreachable.stderr
