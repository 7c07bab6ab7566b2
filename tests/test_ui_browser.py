"""The explorer in a real browser: Debian's headless Chromium driven by Playwright (never a
downloaded browser build) against a real uvicorn server over a real Memory.

Each test records every request the page makes and every console error: all requests must go
to this server (nothing to an outside host) and the console must stay clean. Each view is
screenshot at 1280x800; with GRAPH_MEMORY_SCREENSHOTS=docs/explorer the PNGs are written there
(committed, shown in the README).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Error,
    Page,
    Request,
    Response,
    expect,
    sync_playwright,
)

from graph_memory.api import create_app
from graph_memory.api.server import build_server
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

CHROMIUM = os.environ.get("GRAPH_MEMORY_CHROMIUM", "/usr/bin/chromium")
# scripts/setup installs Debian's chromium; in CI its absence is a failure, not a skip.
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists() and not os.environ.get("CI"), reason=f"no {CHROMIUM}"
)

SHOTS = os.environ.get("GRAPH_MEMORY_SCREENSHOTS")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
KEY = "ui-browser-key-0123456789abcdef"


def triple(subject: str, predicate: str, obj: str, obj_type: str) -> dict[str, Any]:
    return {"subject": {"name": subject, "type": "Person"}, "predicate": predicate,
            "object": {"name": obj, "type": obj_type}}


def seed(memory: Memory) -> dict[str, str]:
    """Emi moved from Lisbon to Porto (a supersession), is allergic to peanuts (a standing
    constraint), plays chess (to be forgotten), and two sources disagree on her employer (an
    open conflict). Returns the fact ids by name."""
    def write(minute: int, *triples: dict[str, Any], **extra: Any) -> str:
        result = memory.write(user_id="emi", triples=list(triples),
                              timestamp=T0 + timedelta(minutes=minute), **extra)
        [fact_id] = result.fact_ids
        return fact_id

    month = 60 * 24 * 30
    ids = {
        "lisbon": write(0, text="I live in Lisbon.", speaker="Emi", session_id="s1"),
        "peanuts": write(5, text="I'm allergic to peanuts.", speaker="Emi", session_id="s1"),
        "chess": write(10, text="I play chess on Sundays.", speaker="Emi", session_id="s1"),
        "porto": write(month, text="I moved to Porto last month.", speaker="Emi",
                       session_id="s2"),
        # Two sources a minute apart, equal priority: neither wins until someone confirms.
        "acme": write(month + 60, triple("Emi", "WORKS_AT", "Acme", "Organization"),
                      speaker="Emi"),
        "globex": write(month + 61, triple("Emi", "WORKS_AT", "Globex", "Organization"),
                        speaker="Ana"),
    }
    memory.write(user_id="ana", text="I like tea.", speaker="Ana")
    memory.working_set("emi", "s2", "task", "find a restaurant for Friday", memory_type="todo",
                       priority=7)
    memory.working_set("emi", "s2", "party size", "4 people")
    assert memory.get(ids["lisbon"]).status == "superseded"  # type: ignore[union-attr]
    assert memory.get(ids["globex"]).status == "conflicted"  # type: ignore[union-attr]
    return ids


@dataclass
class Site:
    base: str
    ids: dict[str, str]
    memory: Memory


def _serve(app: Any) -> tuple[Any, threading.Thread, str]:
    server = build_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, name="ui-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, thread, f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def memory(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("ui-browser") / "data")
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        yield opened


@pytest.fixture(scope="module")
def site(memory: Memory) -> Iterator[Site]:
    ids = seed(memory)
    server, thread, base = _serve(create_app(memory=memory))
    try:
        yield Site(base, ids, memory)
    finally:
        server.should_exit = True
        thread.join(timeout=20)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # Playwright gives the browser a fresh temporary profile of its own.
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@dataclass
class Watched:
    page: Page
    base: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # answers >= 400, to explain errors

    def shot(self, name: str) -> None:
        png = self.page.screenshot()
        assert png.startswith(b"\x89PNG")
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            (Path(SHOTS) / f"{name}.png").write_bytes(png)

    def fits_the_window(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 1280, f"horizontal scrolling at 1280 px: {width}"


def _watch(browser: Browser, base: str) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watched = Watched(page, base)

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            watched.errors.append(f"console {message.type}: {message.text}")

    def on_request(request: Request) -> None:
        watched.requests.append(request.url)

    def on_page_error(error: Error) -> None:
        watched.errors.append(f"page error: {error}")

    def on_response(response: Response) -> None:
        if response.status >= 400:
            watched.failed.append(f"{response.status} {response.url}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("request", on_request)
    page.on("response", on_response)
    yield watched
    context.close()
    origin = urlsplit(base).netloc
    outside = [u for u in watched.requests
               if urlsplit(u).scheme not in ("data", "blob") and urlsplit(u).netloc != origin]
    assert watched.requests, "no request was recorded"
    assert outside == [], f"requests to outside hosts: {outside}"
    assert watched.errors == [], (watched.failed, watched.requests)


@pytest.fixture()
def ui(browser: Browser, site: Site) -> Iterator[Watched]:
    yield from _watch(browser, site.base)


def open_view(ui: Watched, fragment: str) -> Page:
    page = ui.page
    page.goto(f"{ui.base}/ui#{fragment}")
    expect(page.locator("#user")).to_have_value("ana")  # the first user, by id
    page.fill("#user", "emi")
    page.press("#user", "Enter")
    return page


def recall(page: Page, text: str, top_k: int | None = None) -> None:
    if top_k is not None:
        page.locator("details summary").click()
        page.fill("input[name=top_k]", str(top_k))
    page.fill("input[name=query]", text)
    page.press("input[name=query]", "Enter")
    expect(page.locator("#status")).to_contain_text(f'for "{text}"')


def test_recall_shows_why_each_result_came_back(ui: Watched, site: Site) -> None:
    page = open_view(ui, "/recall")
    recall(page, "Where does Emi live now?", top_k=2)
    expect(page.locator(".results > ol.cards > li")).to_have_count(2)
    porto = page.locator(f".card[data-id='{site.ids['porto']}']")
    expect(porto).to_be_visible()
    expect(porto.locator(".scorebar .sig").first).to_be_visible()
    assert porto.locator(".scorebar .sig-semantic").count() == 1
    expect(porto.locator(".chip").first).to_be_visible()
    # The older version comes with it, as what it superseded.
    expect(porto.locator(".linked")).to_contain_text("Superseded")
    expect(porto.locator(f".linked a[href='#/fact/{site.ids['lisbon']}']")).to_be_visible()
    # The allergy is a standing constraint, shown whatever was asked.
    expect(page.locator(".constraints")).to_contain_text("peanut")
    expect(porto.locator(".entities a", has_text="Emi")).to_be_visible()
    ui.fits_the_window()
    page.locator("details summary").click()  # fold the options: the results fill the shot
    ui.shot("recall")
    page.locator("details summary").click()
    # The request's weights override the preset's: without semantic weight, no semantic part.
    page.fill("input[name=weights]", "semantic=0")
    page.click("button[type=submit]:has-text('Recall')")
    expect(page.locator(".card .scorebar .sig-keyword").first).to_be_visible()
    expect(page.locator(".card .scorebar .sig-semantic")).to_have_count(0)


def test_graph_opens_from_a_result_and_expands_on_click(ui: Watched, site: Site) -> None:
    page = open_view(ui, "/recall")
    recall(page, "Where does Emi live now?")
    porto = page.locator(f".card[data-id='{site.ids['porto']}']")
    porto.locator(".entities a", has_text="Emi").click()
    expect(page.locator("#graph-canvas canvas").first).to_be_attached()
    facts = page.locator(".fact-list")
    expect(facts).to_contain_text("Emi LIVES_IN Porto")
    expect(facts.locator("li", has_text="Emi LIVES_IN Lisbon")).to_contain_text("superseded")
    expect(facts.locator("li", has_text="Emi WORKS_AT Globex")).to_contain_text("conflicted")
    edges = page.evaluate("document.querySelectorAll('#graph-canvas canvas').length")
    assert edges >= 1
    # Expanding a neighbour adds it to the drawn graph.
    page.locator(".entity-list li", has_text="Porto").get_by_role("button", name="Expand").click()
    expect(page.locator(".entity-list li", has_text="Porto")).to_contain_text("expanded")
    page.get_by_role("button", name="Emi LIVES_IN Lisbon").click()
    expect(page.locator(".graph-detail")).to_contain_text("superseded")
    ui.fits_the_window()
    ui.shot("graph")


def test_the_fact_page_shows_its_use_history_after_a_recall_and_a_feedback(
    ui: Watched, site: Site
) -> None:
    page = open_view(ui, "/recall")
    recall(page, "Where does Emi live now?", top_k=2)
    porto = page.locator(f".card[data-id='{site.ids['porto']}']")
    expect(porto).to_be_visible()
    site.memory.flush()  # the recall's use, written now rather than within seconds
    porto.locator(f"a[href='#/fact/{site.ids['porto']}']").first.click()
    uses = page.locator("table.uses tbody tr")
    expect(uses.first).to_contain_text("returned by a recall")
    recalled = uses.count()
    page.locator("#action-reason").focus()
    page.keyboard.type("the move is right")
    for _ in range(3):  # Tab to Useful, as a keyboard user would
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Useful":
            break
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_contain_text("Feedback recorded")
    # Newest first: the feedback above the recall; one more row; confidence beside it.
    expect(uses).to_have_count(recalled + 1)
    expect(uses.first).to_contain_text("feedback: useful")
    expect(uses.nth(1)).to_contain_text("returned by a recall")
    expect(page.locator("table.uses caption")).to_contain_text(f"latest {recalled + 1}")
    expect(page.locator("meter[aria-label=confidence]")).to_be_visible()
    page.locator(".table-scroll").focus()  # the history scrolls by keyboard too
    assert page.evaluate("document.activeElement.classList.contains('table-scroll')")
    page.evaluate("document.activeElement.blur()")
    ui.fits_the_window()
    ui.shot("fact")


def test_following_a_supersession_on_the_fact_pages(ui: Watched, site: Site) -> None:
    page = open_view(ui, f"/fact/{site.ids['porto']}")
    timeline = page.locator("ol.timeline")
    expect(timeline.locator("li")).to_have_count(2)
    expect(timeline.locator("li").first).to_contain_text("superseded by")
    expect(page.locator("ul.sources mark")).to_contain_text("Porto")
    expect(page.locator("ul.sources blockquote")).to_contain_text("I moved to Porto last month.")
    ui.fits_the_window()
    timeline.locator(f"a[href='#/fact/{site.ids['lisbon']}']").first.click()
    expect(page.locator("#main h2").first).to_contain_text("Lisbon")
    expect(page.locator(".triple .badge")).to_have_text("superseded")
    expect(page.locator("ul.sources blockquote")).to_contain_text("I live in Lisbon.")
    expect(page.locator("ol.timeline li.this")).to_contain_text("superseded by")


def test_forgetting_a_fact_by_keyboard_leaves_a_tombstone_and_it_vanishes(
    ui: Watched, site: Site
) -> None:
    page = open_view(ui, "/recall")
    recall(page, "Does Emi play chess?", top_k=10)
    chess = page.locator(f".card[data-id='{site.ids['chess']}']")
    expect(chess).to_be_visible()
    chess.locator(f"a[href='#/fact/{site.ids['chess']}']").first.click()
    page.locator("#action-reason").focus()
    page.keyboard.type("Emi asked to forget her hobbies")
    for _ in range(5):  # Tab through the actions to Forget, as a keyboard user would
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Forget":
            break
    page.keyboard.press("Enter")
    tombstone = page.locator(".tombstone")
    expect(tombstone).to_contain_text("Forgotten")
    expect(tombstone).to_contain_text("Emi asked to forget her hobbies")
    ui.shot("forgotten")
    page.goto(f"{ui.base}/ui#/recall")
    recall(page, "Does Emi play chess?", top_k=10)
    expect(page.locator(f".card[data-id='{site.ids['chess']}']")).to_have_count(0)
    page.goto(f"{ui.base}/ui#/fact/{site.ids['chess']}")
    expect(page.locator(".tombstone")).to_contain_text("was forgotten at")


def test_working_memory_and_confirming_an_open_conflict(ui: Watched, site: Site) -> None:
    page = open_view(ui, "/working")
    page.fill("#session", "s2")
    page.press("#session", "Enter")
    slots = page.locator("table.slots")
    expect(slots).to_contain_text("find a restaurant for Friday")
    expect(slots).to_contain_text("4 people")
    conflicts = page.locator("ul.conflicts li.conflict")
    expect(conflicts).to_have_count(2)
    ui.fits_the_window()
    ui.shot("working")
    globex = page.locator(f"li.conflict[data-id='{site.ids['globex']}']")
    globex.locator("input").fill("Emi changed jobs")
    globex.get_by_role("button", name="Confirm").click()
    expect(page.locator("#main")).to_contain_text("emi has no open conflict")
    assert site.memory.get(site.ids["globex"]).status == "current"  # type: ignore[union-attr]
    assert site.memory.get(site.ids["acme"]).status == "superseded"  # type: ignore[union-attr]


def test_every_view_is_reachable_by_keyboard(ui: Watched) -> None:
    page = ui.page
    page.goto(f"{ui.base}/ui#/recall")
    expect(page.locator("input[name=query]")).to_be_visible()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.append(page.evaluate(
            "(e => e.getAttribute('href') || e.id || e.name || e.textContent)"
            "(document.activeElement)"
        ))
    for target in ("#main", "#/recall", "#/graph", "#/working", "user", "key-button", "query"):
        assert target in reached, (target, reached)
    page.locator("a[href='#/working']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#session")).to_be_visible()


def test_the_api_docs_work_offline(ui: Watched) -> None:
    page = ui.page
    page.goto(f"{ui.base}/docs")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible(timeout=20_000)
    expect(page.locator(".swagger-ui")).to_contain_text("/v1/recall")
    ui.shot("docs")
    page.goto(f"{ui.base}/redoc")
    expect(page.locator("redoc, [role=main], .api-content").first).to_contain_text(
        "/v1/recall", timeout=20_000
    )


def test_with_api_keys_the_page_asks_for_the_key_and_reads_nothing_without_it(
    browser: Browser, memory: Memory
) -> None:
    settings = memory.settings.model_copy(update={"api_keys": {KEY: "acme"}})
    server, thread, base = _serve(create_app(settings=settings, memory=memory))
    try:
        watcher = _watch(browser, base)
        ui = next(watcher)
        page = ui.page
        page.goto(f"{base}/ui#/recall")
        dialog = page.locator("#key-dialog")
        expect(dialog).to_be_visible()
        expect(page.locator("#status")).to_contain_text("needs an API key")
        # The refused request is the only console error expected here.
        assert all("401" in e for e in ui.errors), ui.errors
        ui.errors.clear()
        page.fill("#key", KEY)
        page.press("#key", "Enter")
        expect(dialog).to_be_hidden()
        expect(page.locator("#status")).to_contain_text("API key saved")
        assert page.evaluate("sessionStorage.getItem('graph-memory-api-key')") == KEY
        # The tenant's graph is empty: it sees none of the local user's memories.
        assert page.evaluate("fetch('/v1/users', {headers: {Authorization: 'Bearer ' + "
                             "sessionStorage.getItem('graph-memory-api-key')}})"
                             ".then(r => r.json())") == {"users": []}
        assert page.evaluate("fetch('/v1/users').then(r => r.status)") == 401
        ui.errors.clear()  # the 401 just provoked
        with pytest.raises(StopIteration):
            next(watcher)
    finally:
        server.should_exit = True
        thread.join(timeout=20)
