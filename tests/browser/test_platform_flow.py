"""Sign up, open a game against another user and a bot, play from two
browsers, and see the other's move appear without reloading."""

import re

import pytest
from django.core import mail

from play.models import Game
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_two_players_and_a_bot_play_from_two_browsers(new_page, live_server):
    base = live_server.url
    make_user("alice", password="alice-password-1")

    # Bob is new: he signs up and confirms his e-mail.
    bob = new_page()
    bob.goto(f"{base}/accounts/signup/")
    bob.fill("input[name=email]", "bob@example.com")
    bob.fill("input[name=username]", "bob")
    bob.fill("input[name=password1]", "bob-password-123")
    bob.fill("input[name=password2]", "bob-password-123")
    bob.click("form button[type=submit]")
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+)", mail.outbox[-1].body).group(1)
    bob.goto(base + link)
    bob.click("form button[type=submit]")
    bob.wait_for_url(re.compile(r".*/games/mine/"))  # confirming in the browser that signed up logs Bob in

    # Alice opens a race game: herself, Bob invited, a random bot.
    alice = new_page()
    log_in(alice, base, "alice", "alice-password-1")
    alice.goto(f"{base}/games/new/?game=race")
    alice.select_option("select[name=players]", "3")
    alice.select_option("select[name=seat_2]", "invite")
    alice.fill("input[name=seat_2_user]", "bob")
    alice.select_option("select[name=seat_3]", "bot:random")
    alice.click("button.primary")
    alice.wait_for_url(re.compile(r".*/games/\d+/$"))
    game = Game.objects.get()
    assert game.status == Game.Status.OPEN

    # Bob takes his seat from his "my games" page; the game starts.
    bob.goto(f"{base}/games/mine/")
    bob.click(f"text=#{game.pk} Race")
    bob.click("text=Take a seat")
    bob.wait_for_selector("text=Waiting for the other players")

    # Alice's page notices the start by itself and offers her moves.
    alice.wait_for_selector("select[name=move]")
    # The game started under her eyes: the new game body had no chat, her page fetched it.
    chat = f"#chat-{game.pk} textarea"
    alice.wait_for_selector(chat)
    alice.fill(chat, "a draft")
    alice.select_option("select[name=move]", label="add (n: 2)")
    alice.click("form.move-form button")
    # Bob sees Alice's move (and then it is his turn) without reloading.
    bob.wait_for_selector("text=alice adds 2 (total 2).")
    bob.wait_for_selector("select[name=move]")
    bob.select_option("select[name=move]", label="add (n: 3)")
    bob.click("form.move-form button")
    # The bot answers; Alice sees both moves arrive.
    alice.wait_for_selector("text=bob adds 3 (total 5).")
    alice.wait_for_selector("text=Green bot (random) adds")
    # Game bodies came and went: the chat and her unsent draft stayed as they were.
    assert alice.locator(f"#chat-{game.pk}").count() == 1 and alice.input_value(chat) == "a draft"
    game.refresh_from_db()
    assert game.version >= 4
