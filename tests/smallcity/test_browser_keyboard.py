"""The lit squares by keyboard alone (issue 41, as La Città and Cité): the district's lit squares are one stop in the
Tab order (a roving tabindex, the WAI-ARIA grid pattern); Tab enters the board on the current lit square (the first
one, then the last one that had the focus), the arrow keys go to the nearest lit square in that direction (the same
row or column first; none that way: the focus stays), Enter or Space picks it, Tab leaves the board. A Park of two
squares is placed so (SC30, SC31), then confirmed, without the mouse."""

import json
from urllib.parse import quote

import pytest

from tests.browser.helpers import log_in
from tests.platform.factories import make_user
from tests.smallcity.pages import sc_game
from tests.smallcity.test_browser_board_in_view import _to_plan

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/sc4_shots"
TARGET = "svg.sc-district a.sc-target"
FOCUSED = """() => { const a = document.activeElement;
  if (!a || !a.matches('svg.sc-district a.sc-target')) return null;
  return {x: +a.dataset.gridX, y: +a.dataset.gridY, label: a.getAttribute('aria-label')}; }"""
LIT = """() => [...document.querySelectorAll('svg.sc-district a.sc-target')].map(a => (
  {x: +a.dataset.gridX, y: +a.dataset.gridY, tab: a.getAttribute('tabindex'), label: a.getAttribute('aria-label')}))"""
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


def _tab_to_board(page, limit=60) -> int:
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED):
            return presses
    raise AssertionError("Tab never reached a lit square")


def _nearest(lit, here, dx, dy):
    """The lit square the arrow (dx, dy) leads to: the nearest one that way, the same row or column first."""
    best = None
    for t in lit:
        ex, ey = t["x"] - here["x"], t["y"] - here["y"]
        along, across = ex * dx + ey * dy, abs(ex * dy + ey * dx)
        if along <= 0:
            continue
        key = (along * along + 4 * across * across, across)
        if best is None or key < best[0]:
            best = (key, t)
    return best[1] if best else None


def _choosing_a_park(context, live_server, username: str):
    """A solo game in its plan phase (fixed deal), its player's page choosing a two-square Park: the page and the
    lit squares."""
    user = make_user(username)
    game = _to_plan(sc_game([user], seed=5, options={"difficulty": "mayor"}), user)
    page = context.new_page()
    page.set_default_timeout(15000)
    log_in(page, live_server.url, user.username)
    build = json.dumps({"type": "build", "kind": "park", "level": 2}, separators=(",", ":"), sort_keys=True)
    page.goto(f"{live_server.url}/games/{game.pk}/?m={quote(build)}")
    page.wait_for_selector(TARGET)
    return page, page.evaluate(LIT)


def _press(page, key):
    page.keyboard.press(key)
    return page.evaluate(FOCUSED)


def test_SC30_the_lit_squares_are_one_tab_stop_moved_between_with_the_arrow_keys(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en",
                                  extra_http_headers={"Accept-Language": "en"}, reduced_motion="reduce")
    try:
        page, lit = _choosing_a_park(context, live_server, "sckeys")
        assert len(lit) > 12, "a Park lights many squares"
        assert [t["tab"] for t in lit].count("0") == 1 and lit[0]["tab"] == "0", "one Tab stop: the first square"

        assert "With the keyboard: Tab to the board, the arrow keys to another highlighted square" in (
            page.locator(".sc-step .question").inner_text())
        # Tab enters the board once, on the first lit square; the next Tab leaves it
        page.locator(".sc-step .question").focus()
        _tab_to_board(page)
        here = page.evaluate(FOCUSED)
        assert (here["x"], here["y"]) == (lit[0]["x"], lit[0]["y"])
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED) is None, "one Tab leaves the board"
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED)["label"] == lit[0]["label"], "Shift+Tab comes back to the same square"

        # each arrow goes to the nearest lit square that way; at the edge the focus stays
        walked = 0
        for key, dx, dy in (("ArrowRight", 1, 0), ("ArrowUp", 0, -1), ("ArrowLeft", -1, 0), ("ArrowDown", 0, 1)):
            for _ in range(12):
                here = page.evaluate(FOCUSED)
                expected = _nearest(lit, here, dx, dy)
                after = _press(page, key)
                if expected is None:
                    assert after == here, f"{key} at the edge: the focus stays on {here['label']}"
                    break
                assert (after["x"], after["y"]) == (expected["x"], expected["y"]), (key, here, after)
                walked += 1
        assert walked >= 8, walked

        # Tab away and back: the board's stop is now the square the arrows left the focus on
        current = page.evaluate(FOCUSED)
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED) is None
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED) == current
        assert page.evaluate(LIT).count({**current, "tab": "0"}) == 1
        page.screenshot(path=f"{SHOTS}/keyboard_focus.png")

        # Enter picks it: the question says one square of two is chosen, the focus on it
        page.keyboard.press("Enter")
        page.wait_for_selector("text=1 of 2 squares chosen")
        page.wait_for_function(SETTLED)
        assert page.evaluate("() => document.activeElement.hasAttribute('data-step-focus')")
        # Tab to the board (its first lit square fits the Park), ArrowRight or not, Space picks it
        _tab_to_board(page)
        second = page.evaluate(FOCUSED)
        assert second["label"].startswith("Square ") and "take it out" not in second["label"]
        page.keyboard.press(" ")
        confirm = page.locator("[data-confirm-text]")
        confirm.wait_for()
        page.wait_for_function(SETTLED)
        text = confirm.inner_text()
        for square in (current["label"], second["label"]):
            assert square.removeprefix("Square ") in text, (square, text)
        # Tab to Confirm, Enter: the plan has the Park (the page's plan, as it leaves the district)
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.matches('#move-panel form button.primary')"):
                break
        else:
            raise AssertionError("Tab never reached Confirm")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => [...document.querySelectorAll('svg.sc-district .sc-tile')].some("
            "g => (g.getAttribute('aria-label') || '').startsWith('Park (level 2)'))")
    finally:
        context.close()


def test_SC30_past_12_lit_squares_the_list_picks_a_square_as_a_tap_would_on_a_phone(browser, live_server):
    """The list of lit squares (a select and its button, under the question) at 390×844: choosing the third square
    and pressing the button takes the same step as tapping it; the panel fits the phone's width."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en", is_mobile=True,
                                  has_touch=True, extra_http_headers={"Accept-Language": "en"})
    try:
        page, lit = _choosing_a_park(context, live_server, "sclist")
        pick = page.locator("#sc-square-pick")
        labels = pick.locator("option").all_inner_texts()
        assert labels == [t["label"] for t in lit], "the list holds every lit square, in the board's order"
        pick.select_option(index=2)
        page.screenshot(path=f"{SHOTS}/list_phone.png", full_page=False)
        page.get_by_role("button", name="Choose this square").click()
        page.wait_for_function(SETTLED)
        page.wait_for_function("() => document.querySelectorAll('svg.sc-district a.sc-target').length > 0")
        chosen = lit[2]["label"]
        assert chosen in page.locator(".sc-step").inner_text() or page.locator(
            "svg.sc-district [aria-label*='take it out']").count() == 1, "the chosen square is the building's first"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        # the focus follows to the next question, as after a tap: not left on <body>
        assert page.evaluate("() => !!document.activeElement.closest('[data-step-focus]')"), page.evaluate(
            "() => document.activeElement.outerHTML.slice(0, 200)")
    finally:
        context.close()
