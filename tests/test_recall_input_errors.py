"""Recall input that used to answer 500 or a null score is a clear 422 (issue 12 item 8):
lone surrogates in filters and weight keys, and non-finite weights."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from graph_memory.api import create_app
from graph_memory.errors import InvalidInputError
from graph_memory.memory import Memory


@pytest.fixture()
def client(memory: Memory) -> Iterator[TestClient]:
    memory.write("My favorite color is green.", user_id="sam", speaker="Sam")
    with TestClient(create_app(memory=memory), base_url="http://127.0.0.1") as test_client:
        yield test_client


def recall(client: TestClient, raw: str) -> tuple[int, str]:
    body = '{"query": "favorite color", "user_id": "sam", ' + raw + "}"
    response = client.post("/v1/recall", content=body.encode("ascii"),
                           headers={"content-type": "application/json"})
    return response.status_code, response.text


def test_bad_recall_input_is_a_422_naming_the_field(client: TestClient) -> None:
    assert recall(client, '"top_k": 3')[0] == 200  # the positive first
    for raw, field in (
        ('"filters": {"entities": ["Sam\\ud800"]}', "entities"),
        ('"filters": {"memory_types": ["\\udfff"]}', "memory_types"),
        ('"weights": {"\\ud800": 0.5}', "weights"),
        ('"weights": {"semantic": Infinity}', "weights"),
        ('"weights": {"semantic": NaN}', "weights"),
        ('"weights": {"semantic": 1e999}', "weights"),
        ('"query": "color \\ud800"', "query"),
    ):
        status, text = recall(client, raw)
        assert status == 422, (raw, status, text)
        assert field in text and "Traceback" not in text


def test_the_python_api_refuses_the_same(memory: Memory) -> None:
    with pytest.raises(InvalidInputError, match="finite"):
        memory.recall("color", user_id="sam", weights={"semantic": float("inf")})
    with pytest.raises(InvalidInputError, match="UTF-8"):
        memory.recall("color", user_id="sam", filters={"entities": ["\ud800"]})
