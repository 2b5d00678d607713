"""Undo in a browser: a player takes 2 gold by clicking, takes it back with the button (htmx), and
the log keeps the move marked as taken back; once the other player has moved, no button."""

import pytest

from play import services
from play.models import Move
from tests.browser.helpers import log_in
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_take_back_a_move_by_clicking(new_page, live_server):
    users = [make_user("undoa"), make_user("undob")]
    game = lacitta_game(users)
    seat = min(ENGINE.pending(ENGINE.load(game.state)))
    me = game.seats.get(index=seat).user
    page = new_page()
    log_in(page, live_server.url, me.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator(".step .choice", has_text="Take 2 gold").click()
    page.locator("form.move-form button.primary").click()
    page.wait_for_selector(f'#game-body[data-version="{game.version + 1}"]')
    page.locator("form.undo-form button").click()
    page.wait_for_selector(f'#game-body[data-version="{game.version + 2}"]')
    assert page.locator(".log-lines li.taken-back", has_text="taken back").count() == 1
    assert page.locator("text=took back their move").count() == 1
    assert page.locator(".step .choice", has_text="Take 2 gold").count() == 1  # my turn again
    assert Move.objects.get(game=game, seq=game.version + 1).taken_back
    # Take gold again, then the other player moves: no button any more.
    page.locator(".step .choice", has_text="Take 2 gold").click()
    page.locator("form.move-form button.primary").click()
    page.wait_for_selector(f'#game-body[data-version="{game.version + 3}"]')
    assert page.locator("form.undo-form").count() == 1
    game.refresh_from_db()
    other = game.seats.exclude(index=seat).get().user
    services.move_apply(game_id=game.pk, user=other, move={"type": "take_gold"}, expected_version=game.version)
    page.wait_for_selector(f'#game-body[data-version="{game.version + 1}"]')  # the poll brings it
    assert page.locator("form.undo-form").count() == 0
