"""The pages in a real browser: Debian's Chromium driven by Playwright, against `judge serve`.

Run alone:  python -m pytest -m browser        (screenshots land in build/screenshots/)

Chromium comes from the system (apt-get install chromium; Playwright cannot download browsers
here). Without Chromium or Playwright these tests skip, except in CI (CI=true), where they fail.
The card page and "Ask a judge" tests skip when this build has no such routes.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_server_live import Server, get

pytestmark = pytest.mark.browser

SHOTS = ROOT / "build" / "screenshots"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str | None:
    for name in (os.environ.get("JUDGE_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and (found := shutil.which(name)):
            return found
    return None


def unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests must run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed (pip install playwright)")
    path = chromium_path()
    if path is None:
        unavailable("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """`judge serve` on the bundled corpus."""
    tmp = tmp_path_factory.mktemp("browser")
    server = Server(tmp, bundled=True)
    yield f"http://127.0.0.1:{server.port}"
    server.stop()


@pytest.fixture
def page(browser, site, request):
    context = browser.new_context(base_url=site, viewport={"width": 1100, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    pg = context.new_page()
    problems: list[str] = []
    pg.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: problems.append(str(e)))
    yield pg
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    # a Content-Security-Policy violation, or any script error, shows up on the console
    unexpected = [p for p in problems if "404" not in p or "nowhere" not in request.node.name]
    assert not unexpected, unexpected


def route_exists(site: str, path: str, method: str = "GET") -> bool:
    port = int(site.rsplit(":", 1)[1])
    if method == "GET":
        return get(port, path)[0] != 404
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, body=b"{}", headers={"Content-Type": "application/json"})
    status = conn.getresponse().status
    conn.close()
    return status != 404


def test_search_and_open_an_entry(page):
    page.goto("/")
    page.fill("#search-q", "can my crew beam onto an enemy ship")
    page.press("#search-q", "Enter")
    page.wait_for_url(re.compile(r"/search\?"))
    first = page.locator("ol.results li h2 a").first
    title = first.inner_text()
    assert page.locator("ol.results li").count() >= 3
    assert page.locator("ol.results mark").count() > 0
    first.click()
    page.wait_for_load_state()
    assert page.locator("article.entry h1").inner_text() == title
    assert page.locator("nav.crumbs a").count() >= 2


def test_copy_the_forum_link(page, site):
    page.goto("/2e/rulebook/beaming")
    button = page.locator("section.share button.copy-link")
    button.click()
    page.wait_for_function("document.querySelector('section.share button.copy-link').textContent == 'Copied'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site}/2e/rulebook/beaming"
    quote = page.locator("#q-md").input_value()
    assert quote.startswith("> ") and f"({site}/2e/rulebook/beaming)" in quote
    page.goto("/search?q=beaming")   # the same button on every search result
    page.locator("ol.results button.copy-link").first.click()
    assert page.evaluate("navigator.clipboard.readText()").startswith(site + "/")


def test_open_a_card_page(page, site):
    if not route_exists(site, "/api/cards?q=enterprise"):
        pytest.skip("this build has no card pages yet (/api/cards answers 404)")
    found = page.request.get("/api/cards?q=enterprise").json()
    card = found["results"][0]
    page.goto(card["url"])
    assert card["title"].lower() in page.locator("h1").inner_text().lower()


def test_parse_a_card_text(page):
    page.goto("/parse")
    page.fill("#text", "Once each turn, you may download {Brainwash} here. Or you may zork the blorp.")
    page.select_option("#edition", "1e")
    page.click("form.parse-form button[type=submit]")
    page.wait_for_selector("section.parse-result")
    assert page.locator("article.ability").count() >= 1
    page.locator("section.parse-result details summary").click()
    shown = page.locator("section.parse-result details pre").inner_text()
    assert "\\u0027" not in shown and "&#39;" not in shown and "&amp;" not in shown
    unparsed = page.locator("ul.unparsed").inner_text()
    assert "&#39;" not in unparsed and "&amp;" not in unparsed


def test_ask_a_scenario_from_a_template(page, site):
    if not route_exists(site, "/api/ask", "POST"):
        pytest.skip("this build has no Ask a judge page yet (/api/ask answers 404)")
    page.goto("/ask")
    options = page.locator("#template option").all()
    chosen = next(o.get_attribute("value") for o in options if o.get_attribute("value").startswith("play-"))
    page.select_option("#template", chosen)
    page.click("form.ask-templates button[type=submit]")
    page.wait_for_url(re.compile(r"template="))
    assert "question:" in page.locator("#scenario").input_value()
    page.click("form.ask-form button[type=submit]")
    page.wait_for_selector("section.ask-answer")
    assert page.locator("section.ask-answer .verdict").inner_text().strip()
    assert page.locator("ul.citations li a").count() >= 1


def test_keyboard_only_navigation_of_the_search_page(page):
    page.goto("/search")
    for _ in range(8):   # skip to the search box with Tab alone
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "search-q":
            break
    assert page.evaluate("document.activeElement.id") == "search-q"
    page.keyboard.type("dilemma cost limit")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"q=dilemma"))
    page.wait_for_selector("ol.results li h2 a")
    target = page.locator("ol.results li h2 a").first.get_attribute("href")
    for _ in range(40):   # Tab on to the first result's link and follow it with Enter
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('href')") == target:
            break
    assert page.evaluate("document.activeElement.getAttribute('href')") == target
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"   # focus is visible
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(re.escape(target) + "$"))
    assert page.locator("article.entry h1").is_visible()


def test_an_unknown_url_nowhere(page):
    response = page.goto("/2e/rulebook/no-such-entry-at-all")
    assert response.status == 404
    assert "no entry" in page.locator("p.error").inner_text().lower()
    assert page.locator("header form.searchbar input").is_visible()
    response = page.goto("/nowhere/at/all/really")
    assert response.status == 404


def test_screenshots_are_saved():
    """Runs last in this module: every page test above left its screenshot."""
    shots = {p.stem for p in Path(SHOTS).glob("*.png")} if SHOTS.is_dir() else set()
    assert {"test_search_and_open_an_entry", "test_parse_a_card_text", "test_an_unknown_url_nowhere"} <= shots
