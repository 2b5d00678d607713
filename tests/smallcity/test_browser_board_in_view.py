"""The district while a square is chosen (issue 41): at 1400×900 the board and every lit square are in view
without scrolling; at 390×844 the page never scrolls sideways, the district pans inside its own frame and the
lit squares are in that frame's view (SC30)."""

import json
import random
from urllib.parse import quote

import pytest

from play.models import Game
from play.services.playing import move_apply
from tests.browser.helpers import log_in
from tests.platform.factories import make_user
from tests.smallcity.helpers import _first
from tests.smallcity.pages import ENGINE, sc_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/sc3_shots"
TARGETS_IN_VIEW = """() => {
  const out = [];
  for (const a of document.querySelectorAll('svg.sc-district a.sc-target')) {
    const r = a.getBoundingClientRect(), f = a.closest('div.sc-board').getBoundingClientRect();
    out.push(r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
             && r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1);
  }
  return out;
}"""


def _to_plan(game, user):
    """The solo game's moves made through the service (town hall, Promise, a card) up to its plan phase."""
    rng = random.Random(0)
    for _ in range(50):
        game = Game.objects.get(pk=game.pk)
        state = ENGINE.load(game.state)
        if state.phase == "plan":
            return game
        legal = ENGINE.legal_moves(state, 0)
        move_apply(game_id=game.pk, user=user, move=_first(state, 0, legal, rng) if legal[0]["type"] != "pick"
                   else legal[0], expected_version=game.version)
    raise AssertionError("no plan phase")


def _choosing(browser, live_server, viewport, mobile, name):
    user = make_user(f"scview{viewport['width']}")
    game = _to_plan(sc_game([user], seed=5, options={"difficulty": "mayor"}), user)
    context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile, locale="en",
                                  extra_http_headers={"Accept-Language": "en"})
    page = context.new_page()
    log_in(page, live_server.url, user.username)
    build = json.dumps({"type": "build", "kind": "park", "level": 2}, separators=(",", ":"), sort_keys=True)
    page.goto(f"{live_server.url}/games/{game.pk}/?m={quote(build)}")
    page.wait_for_selector("svg.sc-district a.sc-target")
    page.wait_for_timeout(300)
    page.screenshot(path=f"{SHOTS}/{name}.png")
    return context, page


def test_SC30_at_1400_by_900_the_lit_squares_are_in_view_without_scrolling(browser, live_server):
    context, page = _choosing(browser, live_server, {"width": 1400, "height": 900}, False, "choose_desktop")
    try:
        assert page.evaluate("window.scrollY") == 0
        seen = page.evaluate(TARGETS_IN_VIEW)
        assert seen and all(seen), seen
        assert page.locator(".sc-step .question").is_visible()
    finally:
        context.close()


def test_SC30_at_390_by_844_the_district_pans_in_its_frame_not_the_page(browser, live_server):
    context, page = _choosing(browser, live_server, {"width": 390, "height": 844}, True, "choose_phone")
    try:
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        frame = page.locator(".sc-district-box.active div.sc-board")
        assert frame.evaluate("f => f.scrollWidth > f.clientWidth")  # the district is wider: it pans
        seen = page.evaluate(TARGETS_IN_VIEW)
        assert seen and any(seen), seen
        frame.evaluate("f => { f.scrollLeft = f.scrollWidth; }")  # a swipe sideways moves the frame only
        assert frame.evaluate("f => f.scrollLeft > 0") and page.evaluate("window.scrollX") == 0
    finally:
        context.close()


def test_SC01_the_district_read_as_text_by_keyboard(browser, live_server):
    context, page = _choosing(browser, live_server, {"width": 1400, "height": 900}, False, "choose_desktop2")
    try:
        summary = page.locator(".sc-district-box.active details.sc-read > summary")
        summary.focus()
        page.keyboard.press("Enter")
        items = page.locator(".sc-district-box.active details.sc-read li")
        items.first.wait_for()
        items.first.scroll_into_view_if_needed()
        page.locator(".sc-district-box.active details.sc-read").screenshot(path=f"{SHOTS}/district_text.png")
        text = items.first.inner_text()
        assert text.startswith("Town hall: on A1, B1, A2, B2; on it: 3 × scview1400's citizen; 1 free place"), text
        assert "Your district as text: 1 entry" in summary.inner_text()
    finally:
        context.close()
