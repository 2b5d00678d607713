"""Infinite City on a phone (390×844): the board's cells keep a finger's size (44 CSS px) however wide
the city grows — the board pans inside its box instead, the page never scrolls sideways, and a
highlighted cell out of sight is brought into view."""

import random

import pytest

from play.models import Game
from tests.browser.helpers import log_in
from tests.infinitecity.pages.helpers import ENGINE, ic_game, play_one, seat_to_move
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TAP = 44  # CSS px: a finger's tap (WCAG 2.5.5, Apple's guidelines)
MEASURE = """() => {
  const box = document.querySelector('[data-board]'), b = box.getBoundingClientRect();
  const cells = [...document.querySelectorAll('svg.ic-board a.target rect')].map(r => r.getBoundingClientRect());
  const seen = cells.filter(t => t.right > b.left && t.left < b.right && t.bottom > b.top && t.top < b.bottom);
  return {cell: cells.length ? Math.min(...cells.map(t => t.width)) : 0, seen: seen.length, targets: cells.length,
          boxWidth: box.clientWidth, boardWidth: box.scrollWidth,
          page: document.documentElement.scrollWidth, window: window.innerWidth};
}"""

FITS = """() => { const box = document.querySelector('[data-board]');
  const svg = box.querySelector('svg').getBoundingClientRect();
  return {svg_w: svg.width, svg_h: svg.height, box_w: box.clientWidth, box_h: box.clientHeight,
          zoom: box.dataset.zoomLevel}; }"""


def test_cells_stay_tappable_on_a_phone_and_the_board_pans(browser, live_server):
    users = [make_user("ictap0"), make_user("ictap1")]
    game = ic_game(users, seed=16)
    rng = random.Random(16)
    for _ in range(400):  # a city wider than a phone's screen at 44 px a cell, seat 0 to play
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        state = ENGINE.load(game.state)
        xs = [x for x, _y in state.cells]
        if max(xs) - min(xs) + 3 > 9 and seat_to_move(game) == 0 and state.stage == "turn" and state.hands[0]:
            break
        game = play_one(game, users, rng=rng)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale="en", extra_http_headers={"Accept-Language": "en"})
    try:
        page = context.new_page()
        log_in(page, live_server.url, users[0].username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.locator(".turn-tiles a.choice").first.click()  # on a phone the hand is listed by the question
        page.wait_for_selector("svg.ic-board a.target")
        seen = page.evaluate(MEASURE)
        assert seen["cell"] >= TAP * 60 / 64 - 0.5, seen  # a target's square is 60 of the cell's 64 units
        assert seen["boardWidth"] > seen["boxWidth"], seen  # wider than the screen: it pans
        assert seen["page"] <= seen["window"], seen  # never the page sideways
        assert seen["seen"] >= 1, seen  # a highlighted cell in sight
        page.locator("[data-board]").evaluate("b => { b.scrollLeft = b.scrollWidth; b.scrollTop = b.scrollHeight; }")
        page.locator("[data-zoom=in]").click()
        bigger = page.evaluate(MEASURE)
        assert bigger["cell"] > seen["cell"] * 1.4, (seen, bigger)  # zooming in still works
        # Issue 29: "Whole city" shows the whole city in the box, however wide or tall (it stopped at zoom 1,
        # wider than the box), and zoom-out goes below 1 too
        page.locator("[data-zoom=fit]").click()
        fits = page.evaluate(FITS)
        assert fits["svg_w"] <= fits["box_w"] + 1 and fits["svg_h"] <= fits["box_h"] + 1, fits
        assert float(fits["zoom"]) < 1, fits
    finally:
        context.close()
