"""Small City's pages through the platform (issue 28): a whole game played through the page's own links by
two people beside a bot, every seat's page read after every move; the kept Promise never on another seat's
page (SC12); a solo game to its rank (SC113); the rules page and the new-game form name the substitutes (G1)."""

import random

import pytest
from django.urls import reverse

from games.smallcity import texts
from play.models import Game
from tests.platform.factories import make_user
from tests.smallcity.pages import ENGINE, acting_user, client_for, page_move, sc_game

pytestmark = pytest.mark.django_db


def _promise_texts(state, seat):
    s = state.seats[seat]
    return [str(texts.PROMISES[n]) for n in ([s["promise"]] if s["promise"] else []) + s["offer"]]


@pytest.mark.timeout(900)
def test_SC12_a_three_player_game_played_by_clicks_to_the_end_hides_each_promise(
        django_capture_on_commit_callbacks):
    users = [make_user("scp0"), make_user("scp1")]
    with django_capture_on_commit_callbacks(execute=True):  # the bot's turns are queued on commit
        game = sc_game(users, seed=3, bot_seats=1)
    clients = [client_for(u) for u in users]
    rng = random.Random(3)
    kinds = set()
    for _ in range(1500):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat, user = acting_user(game, users)
        assert seat is not None, "only the bot owes a move, yet it did not play"
        state = ENGINE.load(game.state)
        other = 1 - seat
        page = clients[other].get(reverse("games:detail", args=[game.pk])).content.decode()
        if state.phase != "over":
            for text in _promise_texts(state, seat):  # SC12: my Promise is on my page only
                if text not in _promise_texts(state, other):
                    assert text not in page
        with django_capture_on_commit_callbacks(execute=True):
            move = page_move(clients[seat], game, rng)
        kinds.add(move.split('"type":"')[1].split('"')[0])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    html = clients[0].get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Final scores" in html
    assert {"place_town_hall", "keep_promise", "pick", "build", "done"} <= kinds, kinds


@pytest.mark.timeout(600)
def test_SC113_a_solo_game_played_by_clicks_ends_with_its_rank():
    user = make_user("scsolo")
    game = sc_game([user], seed=4, options={"difficulty": "mayor"})
    client = client_for(user)
    rng = random.Random(4)
    for _ in range(800):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        page_move(client, game, rng)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["solo"]
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Final scores" in html and "points, Mayor" in html


def test_G1_rules_page_and_new_game_form_name_the_substitutes():
    client = client_for(make_user("scrules"))
    rules = client.get(reverse("games:rules", args=["smallcity", "standard"])).content.decode()
    assert "house substitutes, not the published cards" in rules
    assert "residential supply" in rules and "(20, 18, 16, 14, 10)" not in rules and "20 / 18 / 16 / 14 / 10" in rules
    form = client.get(reverse("games:new") + "?game=smallcity").content.decode()
    assert "house substitutes, not the published cards" in form and "Without Promises" in form
    client.cookies.load({"django_language": "fr"})
    rules_fr = client.get(reverse("games:rules", args=["smallcity", "standard"]),
                          HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "pas les cartes publiées" in rules_fr
