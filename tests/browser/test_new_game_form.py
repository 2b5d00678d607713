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


def test_the_form_follows_the_chosen_game_at_once(new_page, live_server):
    """Issue 29: choosing Infinite City showed La Città's options until "Show its options" was pressed, then
    "This field is required" beside a filled field. Now its own options show at once, the clock set so far
    stays, and the game opens as chosen."""
    make_user("follower")
    page = new_page()
    log_in(page, live_server.url, "follower")
    page.goto(f"{live_server.url}/games/new/?game=lacitta")
    assert page.locator("select[name=opt_edition]").count() == 1
    page.fill("input[name=initial_days]", "5")
    page.select_option("select[name=game_type]", "infinitecity")
    page.wait_for_selector("select[name=opt_marks]")
    assert page.locator("select[name=opt_edition]").count() == 0
    assert page.input_value("input[name=initial_days]") == "5"
    assert not page.locator("button[name=reload]").first.is_visible()
    assert page.evaluate("document.activeElement.name") == "game_type"
    page.click("button.primary")
    page.wait_for_url(lambda url: "/games/new/" not in url)
    assert "Infinite City" in page.inner_text("h1")
