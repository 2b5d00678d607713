"""``make run``'s demo data: a game's demo script (``GameDefinition.demo_moves``) is played by
``seed_demo`` through the services as the seats' players, so the demo opens on a position worth seeing.
Proved on the test game market (an offer from rival waits for demo), and Cité's (issue 35: an offer
waiting for the demo user, accept/decline one click away on their page)."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from play.models import Game

pytestmark = pytest.mark.django_db


def seed(capture):
    with capture(execute=True):  # bots answer as they would after a real commit
        call_command("seed_demo", stdout=open("/dev/null", "w"))


def demo_game(slug: str) -> Game:
    return Game.objects.get(game_type=slug, created_by__username="demo", status=Game.Status.ACTIVE)


def test_seed_demo_opens_a_solo_game_for_the_demo_user_of_each_game_one_can_play_alone(
        django_capture_on_commit_callbacks):
    seed(django_capture_on_commit_callbacks)
    for slug in ("patience", "smallcity"):  # one-seat only; 1 to 4 seats (with its 2-player demo game too)
        solos = [g for g in Game.objects.filter(game_type=slug, created_by__username="demo")
                 if g.seats.count() == 1]
        assert len(solos) == 1 and solos[0].status == Game.Status.ACTIVE, slug
        assert solos[0].seats.get().user.username == "demo"
    assert Game.objects.filter(game_type="smallcity", created_by__username="demo").count() == 2
    assert not [g for g in Game.objects.filter(game_type="market") if g.seats.count() == 1]


def test_seed_demo_plays_a_games_demo_script_as_its_players(django_capture_on_commit_callbacks):
    seed(django_capture_on_commit_callbacks)
    game = demo_game("market")
    assert [(o["from"], o["to"]) for o in game.state["offers"]] == [(1, [0])]
    rows = list(game.moves.filter(kind="move").order_by("seq"))
    assert rows[-1].seat == 1 and rows[-1].by_user.username == "rival"


@pytest.mark.django_db(transaction=True)
def test_cite_demo_game_has_an_offer_waiting_for_the_demo_user(client):
    # Real commits, as under `make run`: the bot's layout (Celery eager, on commit) lands between the
    # people's moves, so round 2 opens before rival's offer.
    call_command("seed_demo", stdout=open("/dev/null", "w"))
    game = demo_game("cite")
    assert game.state["stage"] == "window" and game.state["round"] == 2
    assert any(o["from"] == 1 and o["to"] == [0] for o in game.state["offers"])
    client.force_login(game.created_by)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Offers made to you" in html and "Accept offer" in html
