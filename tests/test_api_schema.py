"""Schemathesis over the OpenAPI document of the running service (uvicorn, real engine and
models): generated valid and invalid requests for every operation never get a 5xx, and every
answer matches the documented status codes, content types and schemas. Bounded examples per
operation and a fixed seed keep it to well under a minute."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (  # resolved lazily by schemathesis' check registry
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from graph_memory.api import create_app
from graph_memory.api.server import serving_in_thread
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

EXAMPLES_PER_OPERATION = 12
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, negative_data_rejection]


# The document is built without starting anything (the app opens Memory in its lifespan);
# the requests go to a running service. (schemathesis' fixture-based lazy loading does not
# work with pytest 9.)
schema = schemathesis.openapi.from_dict(create_app(Settings()).openapi())


@pytest.fixture(scope="module")
def base_url(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[str]:
    data_dir = tmp_path_factory.mktemp("schema") / "data"
    with (Memory.open(Settings(data_dir=data_dir), embedder=embedder, extractor=extractor) as m,
          serving_in_thread(create_app(memory=m)) as url):
        yield url


@schema.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: schemathesis.Case, base_url: str) -> None:
    case.call_and_validate(base_url=base_url, checks=CHECKS)


def test_the_document_states_the_bounds_the_validation_enforces() -> None:
    """Issue 12: the document was looser than the validation (schemathesis: schema-valid
    requests refused). Times, priorities and weights say their bounds."""
    from typing import get_args

    from graph_memory.recall.models import WeightName
    from graph_memory.recall.score import Weights

    bodies = create_app(Settings()).openapi()["components"]["schemas"]
    timestamp = bodies["WriteBody"]["properties"]["timestamp"]["anyOf"][0]
    assert timestamp["format"] == "date-time" and timestamp["pattern"].startswith("^(190")
    assert "1900-2200" in timestamp["description"]
    since = bodies["RecallFiltersBody"]["properties"]["since"]["anyOf"][0]
    assert since["pattern"] == timestamp["pattern"]
    priority = bodies["WriteBody"]["properties"]["priority"]["anyOf"][0]
    assert (priority["minimum"], priority["maximum"]) == (1, 10)
    weights = bodies["RecallBody"]["properties"]["weights"]["anyOf"][0]
    assert weights["propertyNames"]["enum"] == list(get_args(WeightName))
    assert list(get_args(WeightName)) == list(Weights.model_fields)  # one list of names
    assert weights["additionalProperties"]["minimum"] == 0
