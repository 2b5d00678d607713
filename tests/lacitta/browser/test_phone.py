"""La Città on a phone (390×844 and 360×740): the page never scrolls sideways, the
move panel and the board are on screen together, the board zooms so that a hex is
a finger's width, and a whole move is made by taps."""

import re

import pytest

from play.models import Game
from tests.browser.helpers import log_in
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# a choice of the move panel (the board's targets listed as buttons are clicked on the board here)
CHOICE = ".step .choice:not(.board-choices .choice)"

# A phone widens its layout to fit content that is too wide: the page must keep the screen's width.
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= screen.width && window.innerWidth === screen.width"

# The board as the player sees it: the size of a city name in CSS px, the zoom, and whether one of the
# player's castles is inside the box's visible part.
READABLE = """seat => { const box = document.querySelector('[data-board]'), svg = box.querySelector('svg');
  const b = box.getBoundingClientRect(), perUnit = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const castle = [...box.querySelectorAll(`.building.castle[data-owner="${seat}"]`)].some(c => {
    const r = c.getBoundingClientRect();
    return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom; });
  return {name_px: Math.round(9 * perUnit * 10) / 10, zoom: box.dataset.zoomLevel, castle_in_box: castle}; }"""


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_a_whole_move_by_taps_on_a_phone(browser, live_server, settings, width, height):
    settings.GAME_POLL_INTERVAL_MS = 60_000  # this test looks at one page; no refresh meanwhile
    users = [make_user(f"ph{width}a"), make_user(f"ph{width}b")]
    game = lacitta_game(users, seed=5)
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    user = game.seats.get(index=seat).user
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                                  locale="en", extra_http_headers={"Accept-Language": "en"})
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        log_in(page, live_server.url, user.username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        # The move panel and the board are on screen together, the log below them.
        moves = page.locator(".moves-card").bounding_box()
        board = page.locator("[data-board]").bounding_box()
        log = page.locator(".card.log").bounding_box()
        assert moves["y"] < board["y"] < height - 120 and log["y"] > board["y"]
        assert page.locator(".topbar").bounding_box()["height"] < 50  # the header is one line

        # Issue 29: the board opens at a readable size (city names 12 px or more), on the player's own
        # castle, and keeps that after a reload (it opened at 14×17 px hexes, then panned to an empty corner).
        readable = page.evaluate(READABLE, seat)
        assert readable["name_px"] >= 12 and readable["castle_in_box"], readable
        page.reload()
        assert page.evaluate(READABLE, seat) == readable

        page.locator(CHOICE, has_text="Build a small building").tap()
        page.locator(CHOICE, has_text="Farmhouse").tap()
        page.wait_for_selector("svg.board a.target")
        level = float(page.locator("[data-board]").get_attribute("data-zoom-level"))
        page.locator("[data-zoom=in]").tap()
        zoomed = page.locator("[data-board]").get_attribute("data-zoom-level")
        assert float(zoomed) > level
        assert page.evaluate(NO_SIDEWAYS_SCROLL)  # zooming scrolls inside the board, not the page
        target = page.locator("svg.board a.target").first
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40  # a finger's width
        title = target.locator("title").text_content()
        city = re.search(r"in (\w+) \(", title).group(1)
        target.tap()
        page.wait_for_selector("form.move-form button.primary")
        confirm = page.locator(".confirm-text").inner_text()
        assert confirm.startswith(f"Player card: build a farmhouse in {city}")  # the new edition's word (R23)
        before = game.version
        page.locator("form.move-form button.primary").tap()
        page.wait_for_selector(f'#game-body[data-version="{before + 1}"]')
        game.refresh_from_db()
        assert game.version == before + 1 and game.status == Game.Status.ACTIVE
        # the zoom stays (site.js sets it again on htmx:load, which comes after the swap has settled)
        page.wait_for_selector(f'[data-board][data-zoom-level="{zoomed}"]', timeout=3000)
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        assert f"builds a farmhouse in {city}" in page.inner_text(".log")
        # The chat shows messages only: the moves are in the live log above it, not repeated stale.
        page.wait_for_selector(".chat-lines", state="attached")
        assert page.locator(".chat-move").count() and not page.locator(".chat-move").first.is_visible()
        # Tapping a building says what it is.
        page.locator("svg.board g.building.farm").first.tap()
        assert "Farmhouse of" in page.inner_text("[data-board-info]")
    finally:
        context.close()
