"""Every change keeps its history (graph_memory/write/conflict_policy.py rules 3a-3e), end to
end on the real extractor, engine and embedder: a fact that stops holding names the message
that ended it and why (an ENDED_BY link beside its end_reason), a statement that takes its
place SUPERSEDES it, and a correction replaces the value it names, not merely the latest."""

from __future__ import annotations

import io
from datetime import timedelta
from pathlib import Path

from conftest import Chat

from graph_memory.backup import export_records, import_records, read_jsonl, write_jsonl
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory


def test_a_denial_names_the_message_that_ended_the_fact(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "denial")
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
    response = chat_memory.recall(
        "Is Emi vegetarian?", user_id="denial", filters={"statuses": ["superseded"]}
    )
    [result] = [r for r in response.results if r.id == diet.id]
    assert result.why is not None
    notes = " ".join(result.why.notes)
    assert f"ended by message {denial.episode_id}" in notes and "denied: 'anymore'" in notes


def test_a_third_persons_denial_ends_their_fact_only(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "third")
    chat.say("Tom is vegetarian.")
    chat.say("I'm vegetarian.")
    chat.say("Tom isn't vegetarian anymore.", timedelta(days=10))
    assert chat.fact("HAS_DIET", "vegetarian", subject="Tom").status == "superseded"
    assert chat.fact("HAS_DIET", "vegetarian").status == "current"


def test_used_to_ends_the_old_fact_and_the_new_one_supersedes_it(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "usedto")
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


def test_no_longer_then_a_new_employer_supersedes_the_old_one(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "employer")
    chat.say("I work at Deloitte.")
    chat.say("I no longer work at Deloitte, I joined Accenture in March.", timedelta(days=60))
    old, new = chat.fact("WORKS_AT", "Deloitte"), chat.fact("WORKS_AT", "Accenture")
    assert (old.status, new.status) == ("superseded", "current")
    [link] = chat.history(old, "SUPERSEDES")
    assert link.from_id == new.id and "denied: 'no longer'" in link.reason
    assert len(chat.history(old, "ENDED_BY")) == 1


def test_a_retraction_keeps_its_words_in_the_history(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "retract")
    chat.say("I'm on a keto diet.")
    chat.say("I'm allergic to peanuts.")
    said = chat.say("I stopped the keto diet.", timedelta(days=20))
    keto = chat.fact("HAS_DIET", "keto")
    [ended] = chat.history(keto, "ENDED_BY")
    assert ended.to_id == said.episode_id and ended.reason == "ended: 'stopped the keto diet'"
    assert chat.fact("ALLERGIC_TO", "peanut").status == "current"


def test_instead_replaces_the_goal_it_corrects_not_the_latest(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "goals")
    chat.say("I want to learn German.")
    chat.say("I want to visit Japan.")
    chat.say("Actually, I want to learn French instead.", timedelta(days=5))
    assert chat.fact("HAS_GOAL", "learn German").status == "superseded"
    assert chat.fact("HAS_GOAL", "visit Japan").status == "current"
    assert chat.fact("HAS_GOAL", "learn French").status == "current"


def test_i_meant_corrects_the_plan_it_names(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "meant")
    chat.say("I'm planning to visit Rome.")
    chat.say("I want to learn to swim.", timedelta(minutes=2))
    chat.say("Sorry, I meant I'm planning to visit Milan.", timedelta(minutes=2))
    assert chat.fact("HAS_GOAL", "visit Rome").status == "superseded"
    assert chat.fact("HAS_GOAL", "learn to swim").status == "current"


def test_a_strong_cue_with_nothing_in_common_replaces_the_latest(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "latest")
    chat.say("I drink coffee every morning.")
    chat.say("Actually I've switched to green tea.", timedelta(days=30))
    assert chat.fact("PREFERS", "coffee").status == "superseded"
    assert chat.fact("PREFERS", "green tea").status == "current"


def test_actually_with_another_wish_changes_nothing(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "another")
    chat.say("I want to learn Spanish.")
    result = chat.say("Actually, I want to go hiking this weekend.")
    assert result.changes == ()
    assert chat.fact("HAS_GOAL", "learn Spanish").status == "current"


def test_an_ending_survives_export_and_import(
    chat_memory: Memory,
    tmp_path: Path,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    chat = Chat(chat_memory, "moved")
    chat.say("I'm on a keto diet.")
    said = chat.say("I'm not on a keto diet anymore, I stopped the keto diet.")
    keto = chat.fact("HAS_DIET", "keto")
    [ended] = chat.history(keto, "ENDED_BY")
    assert ended.to_id == said.episode_id
    buffer = io.StringIO()
    write_jsonl(export_records(chat_memory.store, chat_memory.embedder.dimension), buffer)
    with Memory.open(
        Settings(data_dir=tmp_path / "other"), embedder=embedder, extractor=extractor
    ) as other:
        import_records(
            other.store, read_jsonl(buffer.getvalue().splitlines()), other.embedder.dimension
        )
        assert other.history(keto.id) == chat_memory.history(keto.id)


def test_moved_on_from_x_to_y_restates_x_as_y(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "poker")
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


def test_a_switch_to_something_unnamed_restates_nothing(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "vague")
    chat.say("I love Netflix.")
    said = chat.say("I switched from Netflix to something else.", timedelta(days=30))
    assert chat.fact("PREFERS", "Netflix").status == "superseded"
    assert said.fact_ids == ()


def test_no_wait_its_corrects_the_value_just_said(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "itis")
    chat.say("The report is due Friday.")
    chat.say("No wait, it's due Thursday.", timedelta(minutes=1))
    assert chat.fact("HAS_DEADLINE", "Friday", subject="report").status == "superseded"
    assert chat.fact("HAS_DEADLINE", "Thursday", subject="report").status == "current"


def test_sorry_its_late_corrects_nothing(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "remark")
    chat.say("I'm planning to visit Rome.")
    result = chat.say("Sorry, it's late.", timedelta(minutes=1))
    assert result.fact_ids == () and result.changes == ()
    assert chat.fact("HAS_GOAL", "visit Rome").status == "current"


def test_a_correction_by_pronoun_replaces_the_value_it_names(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "sister")
    chat.say("My sister Nadia lives in Paris.")
    chat.say("Sorry, she lives in Lyon, not Paris.", timedelta(minutes=1))
    assert chat.fact("LIVES_IN", "Paris", subject="Nadia").status == "superseded"
    assert chat.fact("LIVES_IN", "Lyon", subject="Nadia").status == "current"
    assert chat.fact("HAS_RELATIVE", "Nadia").status == "current"
