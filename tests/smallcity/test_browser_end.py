"""The end of a game in a browser (issue 41): at 1400×900 and at 390×844 the final table fits its frame whole
(at 390 it was 425 px wide: Money and the Promise cut off) and the page never scrolls sideways; a 3-player
game and a solo game with its rank ladder. Screenshots are kept in /tmp/sc3_shots for a person to look at."""

import pytest

from tests.browser.helpers import log_in
from tests.platform.factories import make_user
from tests.smallcity.pages import sc_game
from tests.smallcity.test_end_page import _finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/sc3_shots"
FITS = "b => b.scrollWidth <= b.clientWidth + 1"


def _look(browser, live_server, user, game, viewport, name):
    context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 700,
                                  has_touch=viewport["width"] < 700, locale="en",
                                  extra_http_headers={"Accept-Language": "en"})
    try:
        page = context.new_page()
        log_in(page, live_server.url, user.username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".sc-end table")
        page.locator(".sc-end").scroll_into_view_if_needed()
        page.locator(".sc-end").screenshot(path=f"{SHOTS}/{name}.png")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.locator(".sc-end .end-table-box").evaluate(FITS), name
        return page.inner_text(".sc-end")
    finally:
        context.close()


@pytest.mark.timeout(600)
def test_SC90_the_end_table_of_a_three_player_game_fits_on_a_desktop_and_a_phone(browser, live_server):
    users = [make_user("scbe0"), make_user("scbe1"), make_user("scbe2")]
    game = _finish(sc_game(users, seed=12), users)
    for viewport, name in (({"width": 1400, "height": 900}, "end_desktop"), ({"width": 390, "height": 844},
                                                                            "end_phone")):
        text = _look(browser, live_server, users[0], game, viewport, name)
        assert "How each score is made" in text and "In a tie:" in text


@pytest.mark.timeout(600)
def test_SC113_the_solo_end_shows_its_ladder_on_a_phone(browser, live_server):
    user = make_user("scbesolo")
    game = _finish(sc_game([user], seed=9, options={"difficulty": "citizen"}), [user])
    text = _look(browser, live_server, user, game, {"width": 390, "height": 844}, "end_solo_phone")
    assert "150+ Megalopolis (Mégalopole)" in text and "Rank 1" not in text
