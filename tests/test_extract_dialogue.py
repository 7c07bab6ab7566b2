"""The write path resolves "you" to the addressee: the request's, else the other speaker of the
same user and session, seen earlier in the batch or in the store (real engine, real models)."""

from __future__ import annotations

from graph_memory.memory import Memory
from graph_memory.models import WriteRequest


def _subjects(memory: Memory, user_id: str, predicate: str) -> list[tuple[str | None, str | None]]:
    return sorted(
        (f.subject_name, f.object_name) for f in memory.facts(user_id, predicate=predicate)
    )


def test_you_is_the_other_speaker_of_the_session_in_one_batch(memory: Memory) -> None:
    memory.write_batch(
        [
            WriteRequest(user_id="u1", session_id="s1", speaker="Ana", text="Hi Bo!"),
            WriteRequest(user_id="u1", session_id="s1", speaker="Bo", text="You love sushi."),
        ]
    )
    assert _subjects(memory, "u1", "PREFERS") == [("Ana", "sushi")]


def test_you_is_the_other_speaker_already_stored(memory: Memory) -> None:
    memory.write_batch([WriteRequest(user_id="u1", session_id="s1", speaker="Ana", text="Hello.")])
    memory.write_batch(
        [
            WriteRequest(
                user_id="u1", session_id="s1", speaker="Bo", text="You're allergic to latex."
            )
        ]
    )
    assert _subjects(memory, "u1", "ALLERGIC_TO") == [("Ana", "latex")]
    # Another session of the user has no such speaker: "you" there names nobody.
    memory.write_batch(
        [WriteRequest(user_id="u1", session_id="s2", speaker="Bo", text="You love jazz.")]
    )
    assert _subjects(memory, "u1", "PREFERS") == []


def test_the_requests_addressee_wins(memory: Memory) -> None:
    memory.write_batch(
        [
            WriteRequest(user_id="u1", session_id="s1", speaker="Ana", text="Hi."),
            WriteRequest(
                user_id="u1", session_id="s1", speaker="Bo", addressee="Cy", text="You love tea."
            ),
        ]
    )
    assert _subjects(memory, "u1", "PREFERS") == [("Cy", "tea")]
