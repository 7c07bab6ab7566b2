"""Every change keeps its history (graph_memory/write/conflict_policy.py rules 3a-3e), end to
end on the real extractor, engine and embedder: a fact that stops holding names the message
that ended it and why (an ENDED_BY link beside its end_reason), a statement that takes its
place SUPERSEDES it, and a correction replaces the value it names, not merely the latest."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graph_memory.backup import export_records, import_records, read_jsonl, write_jsonl
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.models import Fact, FactLink, WriteResult

T0 = datetime(2025, 5, 5, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def memory(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    data = Path(tmp_path_factory.mktemp("history"))
    with Memory.open(Settings(data_dir=data), embedder=embedder, extractor=extractor) as opened:
        yield opened


class Chat:
    """One user's messages, a day apart unless told otherwise."""

    def __init__(self, memory: Memory, user: str, speaker: str = "Emi") -> None:
        self.memory, self.user, self.speaker = memory, user, speaker
        self.at = T0

    def say(self, text: str, after: timedelta = timedelta(days=1)) -> WriteResult:
        self.at += after
        return self.memory.write(
            text, user_id=self.user, speaker=self.speaker, session_id="s1", timestamp=self.at
        )

    def fact(self, predicate: str, obj: str, subject: str | None = None) -> Fact:
        [found] = [
            f
            for f in self.memory.facts(self.user, statuses=None, predicate=predicate, limit=100)
            if f.object_name == obj and f.subject_name == (subject or self.speaker)
        ]
        return found

    def history(self, fact: Fact, kind: str) -> list[FactLink]:
        return [link for link in self.memory.history(fact.id) if link.kind == kind]


def test_a_denial_names_the_message_that_ended_the_fact(memory: Memory) -> None:
    chat = Chat(memory, "denial")
    chat.say("I'm vegetarian.")
    assert chat.fact("HAS_DIET", "vegetarian").status == "current"
    denial = chat.say("I'm not vegetarian anymore.", timedelta(days=30))
    diet = chat.fact("HAS_DIET", "vegetarian")
    assert diet.status == "superseded" and diet.end_reason == "denied: 'anymore'"
    assert diet.superseded_at == chat.at
    [ended] = chat.history(diet, "ENDED_BY")
    assert (ended.from_id, ended.to_id, ended.reason) == (
        diet.id, denial.episode_id, "denied: 'anymore'"
    )
    assert [c.reason for c in denial.changes] == ["denied: 'anymore'"]
    # The trace says it too: the ended fact, asked for with its history, names the message.
    response = memory.recall(
        "Is Emi vegetarian?", user_id="denial", filters={"statuses": ["superseded"]}
    )
    [result] = [r for r in response.results if r.id == diet.id]
    assert result.why is not None
    notes = " ".join(result.why.notes)
    assert f"ended by message {denial.episode_id}" in notes and "denied: 'anymore'" in notes


def test_a_third_persons_denial_ends_their_fact_only(memory: Memory) -> None:
    chat = Chat(memory, "third")
    chat.say("Tom is vegetarian.")
    chat.say("I'm vegetarian.")
    chat.say("Tom isn't vegetarian anymore.", timedelta(days=10))
    assert chat.fact("HAS_DIET", "vegetarian", subject="Tom").status == "superseded"
    assert chat.fact("HAS_DIET", "vegetarian").status == "current"


def test_used_to_ends_the_old_fact_and_the_new_one_supersedes_it(memory: Memory) -> None:
    chat = Chat(memory, "usedto")
    chat.say("I love tea.")
    said = chat.say("I used to drink tea, these days it's coffee.", timedelta(days=40))
    tea, coffee = chat.fact("PREFERS", "tea"), chat.fact("PREFERS", "coffee")
    assert (tea.status, coffee.status) == ("superseded", "current")
    assert tea.end_reason == "ended: 'used to'"
    [ended] = chat.history(tea, "ENDED_BY")
    assert ended.to_id == said.episode_id and ended.reason == "ended: 'used to'"
    [link] = chat.history(tea, "SUPERSEDES")
    assert (link.from_id, link.to_id) == (coffee.id, tea.id)
    assert "coffee replaces tea" in link.reason and "used to" in link.reason


def test_no_longer_then_a_new_employer_supersedes_the_old_one(memory: Memory) -> None:
    chat = Chat(memory, "employer")
    chat.say("I work at Deloitte.")
    chat.say("I no longer work at Deloitte, I joined Accenture in March.", timedelta(days=60))
    old, new = chat.fact("WORKS_AT", "Deloitte"), chat.fact("WORKS_AT", "Accenture")
    assert (old.status, new.status) == ("superseded", "current")
    [link] = chat.history(old, "SUPERSEDES")
    assert link.from_id == new.id and "denied: 'no longer'" in link.reason
    assert len(chat.history(old, "ENDED_BY")) == 1


def test_a_retraction_keeps_its_words_in_the_history(memory: Memory) -> None:
    chat = Chat(memory, "retract")
    chat.say("I'm on a keto diet.")
    chat.say("I'm allergic to peanuts.")
    said = chat.say("I stopped the keto diet.", timedelta(days=20))
    keto = chat.fact("HAS_DIET", "keto")
    [ended] = chat.history(keto, "ENDED_BY")
    assert ended.to_id == said.episode_id and ended.reason == "ended: 'stopped the keto diet'"
    assert chat.fact("ALLERGIC_TO", "peanut").status == "current"


def test_instead_replaces_the_goal_it_corrects_not_the_latest(memory: Memory) -> None:
    chat = Chat(memory, "goals")
    chat.say("I want to learn German.")
    chat.say("I want to visit Japan.")
    chat.say("Actually, I want to learn French instead.", timedelta(days=5))
    assert chat.fact("HAS_GOAL", "learn German").status == "superseded"
    assert chat.fact("HAS_GOAL", "visit Japan").status == "current"
    assert chat.fact("HAS_GOAL", "learn French").status == "current"


def test_i_meant_corrects_the_plan_it_names(memory: Memory) -> None:
    chat = Chat(memory, "meant")
    chat.say("I'm planning to visit Rome.")
    chat.say("I want to learn to swim.", timedelta(minutes=2))
    chat.say("Sorry, I meant I'm planning to visit Milan.", timedelta(minutes=2))
    assert chat.fact("HAS_GOAL", "visit Rome").status == "superseded"
    assert chat.fact("HAS_GOAL", "learn to swim").status == "current"


def test_a_strong_cue_with_nothing_in_common_replaces_the_latest(memory: Memory) -> None:
    chat = Chat(memory, "latest")
    chat.say("I drink coffee every morning.")
    chat.say("Actually I've switched to green tea.", timedelta(days=30))
    assert chat.fact("PREFERS", "coffee").status == "superseded"
    assert chat.fact("PREFERS", "green tea").status == "current"


def test_actually_with_another_wish_changes_nothing(memory: Memory) -> None:
    chat = Chat(memory, "another")
    chat.say("I want to learn Spanish.")
    result = chat.say("Actually, I want to go hiking this weekend.")
    assert result.changes == ()
    assert chat.fact("HAS_GOAL", "learn Spanish").status == "current"


def test_an_ending_survives_export_and_import(
    memory: Memory,
    tmp_path: Path,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    chat = Chat(memory, "moved")
    chat.say("I'm on a keto diet.")
    said = chat.say("I'm not on a keto diet anymore, I stopped the keto diet.")
    keto = chat.fact("HAS_DIET", "keto")
    [ended] = chat.history(keto, "ENDED_BY")
    assert ended.to_id == said.episode_id
    buffer = io.StringIO()
    write_jsonl(export_records(memory.store, memory.embedder.dimension), buffer)
    with Memory.open(
        Settings(data_dir=tmp_path / "other"), embedder=embedder, extractor=extractor
    ) as other:
        import_records(
            other.store, read_jsonl(buffer.getvalue().splitlines()), other.embedder.dimension
        )
        assert other.history(keto.id) == memory.history(keto.id)


def test_moved_on_from_x_to_y_restates_x_as_y(memory: Memory) -> None:
    chat = Chat(memory, "poker")
    chat.say("I'm really into chess.")
    chat.say("I love sushi.")
    said = chat.say("I've moved on from chess to poker.", timedelta(days=30))
    chess, poker = chat.fact("PREFERS", "chess"), chat.fact("PREFERS", "poker")
    assert (chess.status, poker.status) == ("superseded", "current")
    assert chat.fact("PREFERS", "sushi").status == "current"
    assert poker.id in said.fact_ids
    [ended] = chat.history(chess, "ENDED_BY")
    assert ended.reason == "ended: 'moved on from chess'"
    [link] = chat.history(chess, "SUPERSEDES")
    assert link.from_id == poker.id and "'moved on to'" in link.reason


def test_a_switch_to_something_unnamed_restates_nothing(memory: Memory) -> None:
    chat = Chat(memory, "vague")
    chat.say("I love Netflix.")
    said = chat.say("I switched from Netflix to something else.", timedelta(days=30))
    assert chat.fact("PREFERS", "Netflix").status == "superseded"
    assert said.fact_ids == ()


def test_no_wait_its_corrects_the_value_just_said(memory: Memory) -> None:
    chat = Chat(memory, "itis")
    chat.say("The report is due Friday.")
    chat.say("No wait, it's due Thursday.", timedelta(minutes=1))
    assert chat.fact("HAS_DEADLINE", "Friday", subject="report").status == "superseded"
    assert chat.fact("HAS_DEADLINE", "Thursday", subject="report").status == "current"


def test_sorry_its_late_corrects_nothing(memory: Memory) -> None:
    chat = Chat(memory, "remark")
    chat.say("I'm planning to visit Rome.")
    result = chat.say("Sorry, it's late.", timedelta(minutes=1))
    assert result.fact_ids == () and result.changes == ()
    assert chat.fact("HAS_GOAL", "visit Rome").status == "current"


def test_a_correction_by_pronoun_replaces_the_value_it_names(memory: Memory) -> None:
    chat = Chat(memory, "sister")
    chat.say("My sister Nadia lives in Paris.")
    chat.say("Sorry, she lives in Lyon, not Paris.", timedelta(minutes=1))
    assert chat.fact("LIVES_IN", "Paris", subject="Nadia").status == "superseded"
    assert chat.fact("LIVES_IN", "Lyon", subject="Nadia").status == "current"
    assert chat.fact("HAS_RELATIVE", "Nadia").status == "current"
