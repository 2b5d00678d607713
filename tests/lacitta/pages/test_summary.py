""""Since your last visit": the other seats' moves and the year's end, in words,
with the places they changed marked on the board, per seat until dismissed."""

import random
import re

import pytest
from django.urls import reverse

from play import services
from play.models import Game, Move, Seat
from tests.lacitta.helpers import ENGINE, lacitta_game
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


def random_move(game, by_seat, rng):
    state = ENGINE.load(game.state)
    seat = rng.choice(sorted(ENGINE.pending(state)))
    services.move_apply(game_id=game.pk, user=by_seat[seat], move=rng.choice(ENGINE.legal_moves(state, seat)),
                        expected_version=game.version)
    game.refresh_from_db()
    return seat


def test_summary_shows_the_others_moves_and_the_years_end_until_dismissed(client):
    alice, bob = make_user("sa"), make_user("sb")
    game = lacitta_game([alice, bob], seed=4)
    by_seat = {s.index: s.user for s in game.seats.all()}
    rng = random.Random(4)
    # Play until the year ended after alice's last move (she was away for it).
    for _ in range(400):
        random_move(game, by_seat, rng)
        last_alice = Move.objects.filter(game=game, seat=0).order_by("-seq").first()
        year_end = Move.objects.filter(game=game, seq__gt=last_alice.seq if last_alice else 0,
                                       log__icontains="lacitta.year_end").exists()
        if last_alice and year_end and 0 in ENGINE.pending(ENGINE.load(game.state)):
            break
    else:
        raise AssertionError("no year ended while alice was away")
    html = page(client, alice, game)
    box = summary(html)
    assert box and "Since your last visit" in box
    ended = int(re.search(r"<h3>Year (\d) ends</h3>", box).group(1))  # the year's end, in words
    assert f"Year {ended} ends.</li>" in box and ("starving" in box or "feeds all" in box)
    assert "<li>sb " in box  # the other seat's moves by name
    after = Move.objects.filter(game=game, seq__gt=last_alice.seq)
    assert not any(row.seat == 0 and "lacitta.year" not in str(row.log) for row in after)  # none of hers
    assert 'class="mark changed"' in html  # the places that changed, on the board

    # Bob's own summary is his: alice's view is not his.
    assert summary(page(client, bob, game)) != box

    # Bad input changes nothing and says why.
    client.force_login(alice)
    url = reverse("games:summary_seen", args=[game.pk])
    response = client.post(url, {"version": "soon"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "number" in response.content.decode()
    assert Seat.objects.get(game=game, index=0).seen_seq == 0
    # A user with no seat may not dismiss anything.
    carol = make_user("sc")
    client.force_login(carol)
    refused = client.post(url, {"version": str(game.version)})
    assert refused.status_code in (400, 403) and 'id="game-body"' in refused.content.decode()  # page + reason
    assert not Seat.objects.filter(game=game, seen_seq__gt=0).exists()

    # Dismissed: gone for alice until something new happens.
    client.force_login(alice)
    response = client.post(url, {"version": str(game.version + 50)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and summary(response.content.decode()) is None
    assert Seat.objects.get(game=game, index=0).seen_seq == game.version  # never past the game
    assert summary(page(client, alice, game)) is None


def test_summary_of_a_private_game_is_not_offered_to_outsiders(client):
    alice, bob, eve = make_user("pa"), make_user("pb"), make_user("pe")
    game = lacitta_game([alice, bob], seed=2)
    Game.objects.filter(pk=game.pk).update(is_private=True)
    client.force_login(eve)
    response = client.post(reverse("games:summary_seen", args=[game.pk]), {"version": "1"})
    assert response.status_code == 404
    missing = client.post(reverse("games:summary_seen", args=[987654]), {"version": "1"})
    assert missing.status_code == 404


def test_summary_never_shows_another_seats_secret_peek(client):
    """A seat that looks at face-down Voice cards (R45) learns them alone: the other
    seat's summary says that they looked, never what they saw."""
    alice, bob = make_user("ka"), make_user("kb")
    game = lacitta_game([alice, bob], seed=9)
    by_seat = {s.index: s.user for s in game.seats.all()}
    rng = random.Random(9)
    for _ in range(600):
        state = ENGINE.load(game.state)
        pending = sorted(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, 1) if 1 in pending else []
        peek = [m for m in legal if m["type"] == "politics" and "look" in m]
        if peek and Move.objects.filter(game=game, seat=0).exists():
            services.move_apply(game_id=game.pk, user=bob, move=peek[0], expected_version=game.version)
            game.refresh_from_db()
            break
        random_move(game, by_seat, rng)
    else:
        raise AssertionError("bob never could look at the Voice cards")
    row = Move.objects.filter(game=game).order_by("-seq").first()
    secret = next(e for e in row.log if e["key"] == "lacitta.peek_seen")
    assert secret["visible_to"] == [1]
    box = summary(page(client, alice, game))
    assert box and "kb looks at face-down Voice of the People cards." in box
    assert "You saw" not in box and "You saw" not in page(client, alice, game)


def test_summary_tells_the_years_end_that_the_viewers_own_move_brought(client):
    """Issue 29: when her own move ends the year, the Voice, migration, demolitions and feeding that follow
    are in her summary (they are lines of her own move's row); her own choice is not."""
    alice, bob = make_user("oa"), make_user("ob")
    game = lacitta_game([alice, bob], seed=4)
    by_seat = {s.index: s.user for s in game.seats.all()}
    rng = random.Random(4)
    for _ in range(600):
        if random_move(game, by_seat, rng) == 0 and game.status == Game.Status.ACTIVE:
            last = Move.objects.filter(game=game).order_by("-seq").first()
            if any(e["key"] == "lacitta.year_end" for e in last.log):
                break
        assert game.status == Game.Status.ACTIVE, "alice's move never ended a year of a running game"
    box = summary(page(client, alice, game))
    assert box, "her move ended the year: the year's end is news"
    ended = int(re.search(r"<h3>Year (\d) ends</h3>", box).group(1))
    assert f"Year {ended} ends.</li>" in box and ("starving" in box or "feeds all" in box)
    assert "<li>oa " not in box.split("ends</h3>")[0]  # nothing of hers before the year's end
