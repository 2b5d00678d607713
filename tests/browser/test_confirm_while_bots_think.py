"""A move confirmed while the bots that follow take their time: the page's refresh (the poll)
must not swap in a half-way game body that drops the move's own answer, leaving the address at
`?m=<the move just made>` (a reload would reopen it at the confirm step, issue 13 defect 2)."""

import re
import time

import pytest

from play import bots
from play.models import Game
from play.services import SeatSpec, game_create
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_address_is_the_plain_game_page_after_a_move_the_bots_answer_slowly(
        new_page, live_server, settings, monkeypatch):
    settings.GAME_POLL_INTERVAL_MS = 300
    thinking = bots.choose_move

    def slow_bot(*args, **kwargs):
        time.sleep(0.8)  # an expert bot thinks for seconds on a real site
        return thinking(*args, **kwargs)

    user = make_user("slowpoke")
    game = game_create(creator=user, game_type="lacitta",
                       options={"edition": "modern", "expansion": "none", "setup": "beginner"},
                       seats=[SeatSpec("me"), SeatSpec("bot", bot_level="greedy"),
                              SeatSpec("bot", bot_level="greedy")])
    monkeypatch.setattr(bots, "choose_move", slow_bot)
    page = new_page()
    log_in(page, live_server.url, user.username)
    for _ in range(2):
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".moves-card h2:has-text('Your move')")
        page.locator(".step .choice", has_text="Take 2 gold").click()
        page.wait_for_selector("form.move-form button.primary")
        assert "?m=" in page.url
        with page.expect_response(re.compile(r"/move/$")) as answer:
            page.locator("form.move-form button.primary").click()
        assert answer.value.status == 200
        page.wait_for_timeout(300)  # the answer is swapped in
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        assert page.url == f"{live_server.url}/games/{game.pk}/"
        assert int(page.locator("#game-body").get_attribute("data-version")) == game.version
