"""/ui, /docs and /redoc are served from the package, offline, under the API's key and loopback
rules; the page holds no data and gets none without a key (HTTP level; the browser tests are in
test_ui_browser.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from graph_memory.api import create_app
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.ui.router import STATIC

LOCAL = "http://127.0.0.1"
KEY = "ui-key-0123456789abcdef0123"
# Any absolute URL in a page we serve would be a request to another host.
OUTSIDE = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""", re.IGNORECASE)


@pytest.fixture(scope="module")
def ui_memory(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("ui") / "data")
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        opened.write("I live in Oslo.", user_id="emi")
        yield opened


@pytest.fixture(scope="module")
def local(ui_memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory=ui_memory), base_url=LOCAL) as client:
        yield client


@pytest.fixture(scope="module")
def keyed(ui_memory: Memory) -> Iterator[TestClient]:
    settings = ui_memory.settings.model_copy(update={"api_keys": {KEY: "acme"}})
    with TestClient(create_app(settings, memory=ui_memory), base_url="http://mem.example") as c:
        yield c


def test_the_page_and_its_modules_are_served_from_the_package(local: TestClient) -> None:
    page = local.get("/ui")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/ui/static/js/main.js">' in page.text
    assert not OUTSIDE.search(page.text)
    for path in ("js/main.js", "js/api.js", "js/recall.js", "js/graph.js", "js/fact.js",
                 "js/working.js", "js/dom.js", "app.css", "favicon.svg",
                 "vendor/cytoscape/cytoscape.esm.min.js"):
        asset = local.get(f"/ui/static/{path}")
        assert asset.status_code == 200, path
        assert asset.content == (STATIC / path).read_bytes()
    # Browsers run a module only when it is served as JavaScript.
    assert "javascript" in local.get("/ui/static/js/main.js").headers["content-type"]
    assert "javascript" in local.get(
        "/ui/static/vendor/cytoscape/cytoscape.esm.min.js").headers["content-type"]
    assert local.get("/ui/", follow_redirects=False).headers["location"] == "/ui"
    assert local.get("/ui/static/nothing.js").status_code == 404


def test_the_page_may_load_and_reach_only_this_service(local: TestClient) -> None:
    policy = local.get("/ui").headers["content-security-policy"]
    assert "default-src 'none'" in policy
    assert "script-src 'self';" in policy
    assert "connect-src 'self'" in policy
    assert "unsafe" not in policy
    assert local.get("/ui/static/app.css").headers["x-content-type-options"] == "nosniff"
    # The page's modules import only each other and the vendored library.
    for module in (STATIC / "js").glob("*.js"):
        for target in re.findall(r'from "([^"]+)"', module.read_text()):
            assert target.startswith("./") or target.startswith("../vendor/"), (module, target)


def test_vendored_libraries_carry_their_licence_and_pinned_version() -> None:
    vendor = STATIC / "vendor"
    versions = dict(line.split() for line in (vendor / "VERSIONS").read_text().splitlines())
    assert set(versions) == {"cytoscape", "swagger-ui-dist", "redoc"}
    script = (Path(__file__).resolve().parents[1] / "scripts" / "vendor-ui").read_text()
    assert f"CYTOSCAPE={versions['cytoscape']}" in script
    assert f"SWAGGER_UI={versions['swagger-ui-dist']}" in script
    assert f"REDOC={versions['redoc']}" in script
    for library in ("cytoscape", "swagger-ui", "redoc"):
        assert "Permission is hereby granted" in (vendor / library / "LICENSE").read_text() or (
            "Apache License" in (vendor / library / "LICENSE").read_text()
        )


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_api_docs_load_their_assets_from_this_service(local: TestClient, path: str) -> None:
    page = local.get(path)
    assert page.status_code == 200
    assert "/ui/static/vendor/" in page.text
    assert "/openapi.json" in page.text
    assert not OUTSIDE.search(page.text), re.findall(r"https?://[^\s'\"]+", page.text)
    assert "fonts.googleapis" not in page.text
    for asset in re.findall(r"""["'](/ui/static/vendor/[^"']+)["']""", page.text):
        assert local.get(asset).status_code == 200, asset
    assert "connect-src 'self'" in page.headers["content-security-policy"]


def test_docs_are_not_in_the_api_document(local: TestClient) -> None:
    paths = local.get("/openapi.json").json()["paths"]
    assert not any(p.startswith(("/ui", "/docs", "/redoc")) for p in paths)
    assert "/v1/memories/{memory_id}/confirm" in paths


def test_in_local_mode_the_page_answers_only_to_loopback_names(ui_memory: Memory) -> None:
    with TestClient(create_app(memory=ui_memory), base_url="http://evil.example") as client:
        assert client.get("/ui").status_code == 400
        assert client.get("/ui/static/js/main.js").status_code == 400
        assert client.get("/docs").status_code == 400
    with TestClient(create_app(memory=ui_memory), base_url=LOCAL) as client:
        refused = client.get("/v1/users", headers={"Origin": "http://evil.example"})
        assert refused.status_code == 403


def test_with_keys_the_page_is_served_but_reads_nothing_without_a_key(keyed: TestClient) -> None:
    assert keyed.get("/ui").status_code == 200  # the page holds no data
    assert keyed.get("/docs").status_code == 200
    for path in ("/v1/users", "/v1/users/emi/facts"):
        refused = keyed.get(path)
        assert refused.status_code == 401
        assert refused.json()["error"]["type"] == "unauthorized"
    allowed = keyed.get("/v1/users", headers={"Authorization": f"Bearer {KEY}"})
    assert allowed.status_code == 200
    assert allowed.json() == {"users": []}  # the tenant's own graph: not the local user's
