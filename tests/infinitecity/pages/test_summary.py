""""Since your last visit" on an Infinite City page: the other players' turns since this seat's
own last move, in words and by player, the cells they changed outlined on the board, what only
another seat saw never shown, and gone once dismissed (the platform's ``summary_seen``)."""

import random
import re

import pytest
from django.urls import reverse

from games.infinitecity.summary import changed_cells
from play.models import Move, Seat
from tests.infinitecity.pages.helpers import ENGINE, ic_game, play_one, seat_to_move
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def page(client, user, game):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def summary(html):
    found = re.search(r'<section class="visit-summary".*?</section>', html, re.S)
    return found.group(0) if found else None


def until_back_to(game, users, seat, rng):
    """Random moves until ``seat`` owes a turn again after having moved once."""
    moved = False
    for _ in range(200):
        game.refresh_from_db()
        to_move = seat_to_move(game)
        if moved and to_move == seat and ENGINE.view(ENGINE.load(game.state), seat)["current"]["kind"] == "turn":
            return game
        moved |= to_move == seat
        game = play_one(game, users, rng=rng)
    raise AssertionError("the seat never came back")


def test_summary_lists_the_others_turns_by_player_until_dismissed(client):
    users = [make_user("isa"), make_user("isb"), make_user("isc")]
    game = until_back_to(ic_game(users, seed=5), users, 0, random.Random(5))
    html = page(client, users[0], game)
    box = summary(html)
    assert box and "Since your last visit" in box
    assert "<h3>isb&#x27;s turn</h3>" in box and "<h3>isc&#x27;s turn</h3>" in box
    assert re.search(r"<li>isb plays the [A-Z][\w ]+ tile at [A-Z]+-?\d+", box)  # the log's sentences
    last_own = Move.objects.filter(game=game, seat=0).order_by("-seq").first().seq
    assert "<li>isa " not in box  # none of her own turn
    cells = {c for row in Move.objects.filter(game=game, seq__gt=last_own) for e in row.log
             for c in changed_cells(e)}
    assert cells and 'class="mark changed"' in html  # the cells they changed, outlined

    # Bob's summary is his own: he moved later than alice, so he reads less.
    assert summary(page(client, users[1], game)) != box

    # Bad input changes nothing and says why; a user with no seat dismisses nothing.
    client.force_login(users[0])
    url = reverse("games:summary_seen", args=[game.pk])
    response = client.post(url, {"version": "soon"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "number" in response.content.decode()
    client.force_login(make_user("isout"))
    assert client.post(url, {"version": str(game.version)}).status_code in (400, 403)
    assert not Seat.objects.filter(game=game, seen_seq__gt=0).exists()

    # Dismissed: gone for alice until somebody moves again.
    client.force_login(users[0])
    response = client.post(url, {"version": str(game.version)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and summary(response.content.decode()) is None
    assert 'class="mark changed"' not in response.content.decode()
    assert summary(page(client, users[0], game)) is None


def test_summary_in_french(client):
    users = [make_user("ifa"), make_user("ifb")]
    game = until_back_to(ic_game(users, seed=8), users, 0, random.Random(8))
    client.force_login(users[0])
    html = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    box = summary(html)
    assert box and "Depuis votre dernière visite" in box and "<h3>Tour de ifb</h3>" in box
    assert "Vu, masquer" in box


def test_G16_summary_never_shows_what_another_seat_alone_saw(client):
    """A Library's tiles, a Temple's look or a drawn tile are the mover's alone: the others' summaries say
    that it happened, never what was seen."""
    users = [make_user("iga"), make_user("igb")]
    game = ic_game(users, seed=3)
    rng = random.Random(3)
    private = []
    for _ in range(300):
        game.refresh_from_db()
        if seat_to_move(game) == 0 and private:
            break
        game = play_one(game, users, rng=rng)
        last = Move.objects.filter(game=game).order_by("-seq").first()
        if last.seat == 1:
            private += [e for e in last.log if e.get("visible_to") == [1]]
        elif last.seat == 0:
            private = []
    assert private, "bob never saw anything alone"
    box = summary(page(client, users[0], game))
    assert box and "igb draws" in box
    for secret in ("You draw", "you see", "Your new hand", "the tile you took", " holds "):
        assert secret not in box
