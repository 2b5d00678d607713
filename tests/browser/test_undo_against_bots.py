"""Undo against a bot in a browser (issue 29): the player takes a stick, the bot replies at once, the button
offers to take back the move with the bot's reply; after it the pile is as before and it is the player's turn."""

import pytest

from play import services
from play.models import Game, Move
from play.services import SeatSpec
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_take_back_a_move_and_the_bots_reply_by_clicking(new_page, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 300  # the bot's answer comes after the move's own answer
    me = make_user("undobot")
    game = services.game_create(creator=me, game_type="nim", options={"pile": "21", "last": "wins"},
                                seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
    game.refresh_from_db()
    start = game.version
    page = new_page()
    log_in(page, live_server.url, me.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("form.nim-take button", has_text="Take 1 stick").click()
    page.wait_for_selector(f'#game-body[data-version="{start + 2}"]')  # my move, then the bot's
    button = page.locator("form.undo-form button")
    assert "the bots’ replies" in button.inner_text().replace("'", "’")
    button.click()
    page.wait_for_selector(f'#game-body[data-version="{start + 3}"]')
    assert page.locator(".nim-pile").get_attribute("data-left") == "21"
    assert page.locator("form.nim-take").count() == 3  # my turn again
    assert page.locator(".log-lines li.taken-back").count() == 2
    game = Game.objects.get(pk=game.pk)
    assert [m.taken_back for m in Move.objects.filter(game=game, seq__in=[start + 1, start + 2])] == [True, True]
