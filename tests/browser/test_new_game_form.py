"""The new-game form in a browser: only the seats the chosen player count needs, and the username
box only for a seat that invites someone (static/js/new_game.js)."""

import pytest

from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_seats_follow_the_player_count(new_page, live_server):
    make_user("seater")
    page = new_page()
    log_in(page, live_server.url, "seater")
    page.goto(f"{live_server.url}/games/new/?game=lacitta")
    seat = lambda n: page.locator(f'[data-seat="{n}"]')  # noqa: E731
    assert seat(2).is_visible() and not seat(3).is_visible()
    assert not page.locator("text=Show the seats for this number of players").is_visible()
    page.select_option("select[name=players]", "4")
    assert seat(3).is_visible() and seat(4).is_visible() and not seat(5).is_visible()
    username = page.locator("#id_seat_3_user")
    assert not username.is_visible()
    page.select_option("select[name=seat_3]", "invite")
    assert username.is_visible()
    assert page.locator('label[for="id_seat_3_user"]').is_visible()
