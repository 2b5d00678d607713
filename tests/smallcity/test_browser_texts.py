"""Issue 41's texts in a browser: the news of the page as it opened ("Your game has started." for a solo game, which
starts at once; it said "Your game is open.") is not a line left at the top until the end of the game: it goes
once the game has moved on (static/js/game_live.js)."""

import pytest

from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_BODY = "v => { const b = document.querySelector('#game-body'); return b && b.dataset.version !== v; }"


def test_the_news_your_game_is_open_goes_once_the_game_moves_on(new_page, live_server):
    make_user("scnews")
    page = new_page()
    log_in(page, live_server.url, "scnews")
    page.goto(f"{live_server.url}/games/new/?game=smallcity")
    page.select_option("select[name=players]", "1")
    page.click("button.primary")
    page.wait_for_url(lambda url: "/games/new/" not in url)
    assert "Your game has started." in page.inner_text("main > ul.messages")
    assert "open" not in page.inner_text("main > ul.messages")
    version = page.get_attribute("#game-body", "data-version")
    page.locator(".sc-choices a.choice", has_text="Build your town hall").click()
    page.locator("svg.sc-district a.sc-target").first.click()  # the town hall's corner
    page.wait_for_selector("form.move-form button.primary")
    assert page.locator("main > ul.messages").count() == 1  # a step of a move: the game has not moved yet
    page.click("form.move-form button.primary")
    page.wait_for_function(NEW_BODY, arg=version)
    page.wait_for_timeout(200)
    assert page.locator("main > ul.messages").count() == 0
    assert "Your game has started." not in page.inner_text("main")
