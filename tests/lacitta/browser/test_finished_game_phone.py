"""The end of a La Città game on a phone (390×844): the final scores table and the chart must not
widen the page (found playing a whole game, scripts/playthrough.py: the score table sized the board's
card to itself, the phone widened the page to 566 px and cut the board, chart and text at the right)."""

import pytest

from play.models import Game
from tests.browser.helpers import log_in
from tests.lacitta.helpers import lacitta_game, play_until
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = ("document.documentElement.scrollWidth <= screen.width"
                      " && window.innerWidth === screen.width")


def test_the_end_screen_fits_a_phone(browser, live_server, settings):
    users = [make_user("endphone1"), make_user("endphone2_with_a_long_name")]
    game = lacitta_game(users, seed=7)
    game, seat = play_until(game, users, "no such decision: play to the end")
    assert seat is None and game.status == Game.Status.FINISHED
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale="en", extra_http_headers={"Accept-Language": "en"})
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        log_in(page, live_server.url, users[0].username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".lc-end table")
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        for selector in (".board-card", ".lc-end", "svg.chart", "[data-board]", ".lc-top"):
            box = page.locator(selector).first.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, selector  # nothing cut off at the right
        # the table keeps its columns and scrolls inside its own box
        assert page.evaluate("(() => { const e = document.querySelector('.lc-end');"
                             " return e.scrollWidth >= e.clientWidth; })()")
    finally:
        context.close()
