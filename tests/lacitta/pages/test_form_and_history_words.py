"""Issue 13 polish: the new-game form shows only the seats the player count needs, every box
labelled; bot levels, options and empty histories worded for people, in English and French."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from play.models import Game, Seat
from play.services import SeatSpec
from tests.lacitta.helpers import lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db
COCAGNE = {"edition": "modern", "expansion": "cocagne", "setup": "advanced"}


def seat_rows(html):
    """{seat number: hidden?} of the form's seat rows."""
    return {int(n): bool(hidden) for n, hidden in re.findall(r'data-seat="(\d)"( hidden)?', html)}


def test_new_game_form_shows_only_the_seats_of_the_player_count_all_labelled(client):
    client.force_login(make_user("former"))
    html = client.get(reverse("games:new") + "?game=lacitta").content.decode()
    assert seat_rows(html) == {2: False, 3: True, 4: True, 5: True}  # 2 players by default
    for n in range(2, 6):
        for box in (f"id_seat_{n}", f"id_seat_{n}_user"):
            assert f'<label for="{box}">' in html, box
    assert "js/new_game.js" in html


def test_redrawing_the_form_without_javascript_keeps_the_choices(client):
    client.force_login(make_user("redraw"))
    html = client.post(reverse("games:new"), {"game_type": "lacitta", "players": "4", "seat_3": "bot:expert",
                                              "reload": "1"}).content.decode()
    assert seat_rows(html) == {2: False, 3: False, 4: False, 5: True}
    assert re.search(r'<option value="bot:expert" selected>', html)


def test_bot_levels_are_translated(client):
    user = make_user("botfr")
    client.force_login(user)
    with translation.override("fr"):
        html = client.get(reverse("games:new") + "?game=lacitta", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        from play import services
        game = services.game_create(creator=user, game_type="lacitta", options=COCAGNE,
                                    seats=[SeatSpec("me"), SeatSpec("bot", bot_level="greedy")])
        name = Seat.objects.get(game=game, index=1).display_name
    assert "Bot : aléatoire" in html and "Bot : glouton" in html and "Bot : expert" in html
    assert "(glouton)" in name and "greedy" not in name


def finished(users, options):
    game = lacitta_game(users, options=options)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now(), result={
        "scores": [10, 5], "ranks": [1, 2], "details": [{}, {}], "tiebreak": None, "left": []})
    return game


def test_profile_and_history_word_the_options_as_the_form_does(client):
    users = [make_user("hist1"), make_user("hist2")]
    finished(users, {"edition": "modern", "expansion": "none", "setup": "beginner"})
    client.force_login(users[0])
    profile = client.get(reverse("community:profile", args=["hist1"])).content.decode()
    history = client.get(reverse("community:history", args=["hist1"])).content.decode()
    for html in (profile, history):
        text = re.sub(r"<[^>]+>", "", html)  # what people read (the filter's option values stay keys)
        assert "edition=" not in text and "expansion=" not in text
        assert "New edition · Expansion: none · Beginner (fixed layout)" in html


def test_an_empty_history_says_so(client):
    client.force_login(make_user("nobody"))
    html = client.get(reverse("community:history", args=["nobody"])).content.decode()
    assert "nobody has not finished a game yet." in html
    filtered = client.get(reverse("community:history", args=["nobody"]) + "?result=won").content.decode()
    assert "No game matches." in filtered
