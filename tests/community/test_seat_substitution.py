"""Issue 30, points 10 and 13, replayed as a new game moderator would: a seat is offered to a
volunteer who accepts it (nobody is put in a game they did not choose); the player who abandoned
the seat leaves a trace (history, rating as finishing last, the profile's count); the substitute
is rated only for the part of the seat they played."""

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from openskill.models import PlackettLuce

from community import game_moderation
from community.models import ModerationAction, SeatOffer
from notifications.models import Notification
from play import services
from play.models import Game, Move, Seat, SeatDeparture
from play.services import ServiceError
from ratings.models import Rating, RatingChange
from tests.community.helpers import play_until_over
from tests.platform.factories import accept_all, committed, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def gm(db):
    return make_user("gm", staff=True)


@pytest.fixture
def game(alice, bob):
    game = accept_all(race_game(alice, [bob], target="15"), [bob])
    for user in (alice, bob, alice, bob):  # two moves each: bob leaves after move 4 of the game
        game = Game.objects.get(pk=game.pk)
        services.move_apply(game_id=game.pk, user=user, move={"type": "add", "n": 1},
                            expected_version=game.version)
    return Game.objects.get(pk=game.pk)


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


def offer_page(offer):
    return reverse("community:seat_offer", args=[offer.pk])


# --- point 10: the new seat holder accepts ---------------------------------------------------------


def test_an_offered_seat_changes_hands_only_when_the_player_accepts(gm, alice, bob, carol, game):
    with committed():
        offer = game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="Carol",
                                           reason="bob asked to stop")
    assert Seat.objects.get(game=game, index=1).user == bob  # nothing changed yet
    assert ModerationAction.objects.filter(action="seat_offer", target_user=carol).exists()
    to_carol = [m for m in mail.outbox if m.to == [carol.email]]
    assert len(to_carol) == 1 and offer_page(offer) in to_carol[0].body
    assert not [m for m in mail.outbox if m.to == [bob.email]]  # bob is told when it happens

    page = client_of(carol).get(offer_page(offer))
    assert page.status_code == 200 and "Accept the seat" in page.content.decode()
    with committed():
        response = client_of(carol).post(offer_page(offer), {"answer": "accept"})
    assert response.status_code == 302
    seat = Seat.objects.get(game=game, index=1)
    assert seat.user == carol and seat.kind == "human"
    assert SeatOffer.objects.get(pk=offer.pk).status == "accepted"
    entry = ModerationAction.objects.get(action="seat_user")
    assert entry.moderator == gm and entry.target_user == carol and entry.reason == "bob asked to stop"
    told = set(Notification.objects.filter(kind="mod_game").values_list("user__username", "data__what"))
    assert {("bob", "seat_lost"), ("carol", "seat_given"), ("carol", "seat_offered")} <= told


def test_a_declined_offer_changes_nothing_and_others_cannot_answer_it(gm, alice, bob, carol, game):
    offer = game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="carol",
                                       reason="bob asked to stop")
    for stranger in (alice, make_user("dave")):  # someone else's offer does not exist for them
        assert client_of(stranger).get(offer_page(offer)).status_code == 404
        assert client_of(stranger).post(offer_page(offer), {"answer": "accept"}).status_code == 404
    assert Client().get(offer_page(offer)).status_code == 302  # to the login page
    bad = client_of(carol).post(offer_page(offer), {"answer": "maybe"})
    assert bad.status_code == 400 and SeatOffer.objects.get(pk=offer.pk).status == "pending"
    assert client_of(carol).post(offer_page(offer), {"answer": "decline"}).status_code == 302
    assert SeatOffer.objects.get(pk=offer.pk).status == "declined"
    assert Seat.objects.get(game=game, index=1).user == bob
    again = client_of(carol).post(offer_page(offer), {"answer": "accept"})
    assert again.status_code == 400 and Seat.objects.get(game=game, index=1).user == bob
    assert not SeatDeparture.objects.exists()


def test_an_offer_no_longer_stands_once_the_game_is_over_or_another_replaces_it(gm, alice, bob, carol, game):
    first = game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="carol", reason="x")
    dave = make_user("dave")
    second = game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="dave", reason="y")
    assert SeatOffer.objects.get(pk=first.pk).status == "closed"
    assert client_of(carol).post(offer_page(first), {"answer": "accept"}).status_code == 400
    game_moderation.game_abort(moderator=gm, game_id=game.pk, reason="broken")
    response = client_of(dave).post(offer_page(second), {"answer": "accept"})
    assert response.status_code == 409 and "no longer stands" in response.content.decode()
    assert SeatOffer.objects.get(pk=second.pk).status == "closed"
    assert Seat.objects.get(game=game, index=1).user == bob
    with pytest.raises(ServiceError):  # and no new offer for a game that is over
        game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="carol", reason="z")


def test_offering_needs_a_game_moderator_and_a_real_free_player(alice, bob, carol, game):
    from play.errors import NotAllowed

    with pytest.raises(NotAllowed):
        game_moderation.seat_offer(moderator=carol, game_id=game.pk, seat_index=1, username="carol", reason="me")
    gm = make_user("gm", staff=True)
    with pytest.raises(ServiceError, match="already has a seat"):
        game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="alice", reason="x")
    with pytest.raises(ServiceError, match="No player is called"):
        game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="ghost", reason="x")
    assert not SeatOffer.objects.exists()


# --- point 13: substitutes' ratings and abandonment records -----------------------------------------


def _substituted_and_finished(gm, alice, carol, game):
    offer = game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="carol",
                                       reason="bob asked to stop")
    with committed():
        game_moderation.seat_offer_answer(user=carol, offer_id=offer.pk, accept=True)
    return play_until_over(game, {0: alice, 1: carol})


def test_the_substitute_is_rated_for_their_share_and_the_leaver_as_finishing_last(gm, alice, bob, carol, game):
    game = _substituted_and_finished(gm, alice, carol, game)
    assert game.status == "finished"
    ranks = game.result["ranks"]
    seat_moves = Move.objects.filter(game=game, seat=1, kind="move", undone_at__isnull=True)
    share = seat_moves.filter(by_user=carol).count() / seat_moves.count()
    assert 0 < share < 1 and seat_moves.filter(by_user=bob).count() == 2

    model = PlackettLuce()
    fresh = model.rating()
    two = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    alice_r, carol_r = (Rating.objects.get(game_type="race", user=u) for u in (alice, carol))
    assert alice_r.mu == pytest.approx(two[0][0].mu) and alice_r.sigma == pytest.approx(two[0][0].sigma)
    # carol played `share` of the seat: her update is that part of the full one.
    assert carol_r.mu == pytest.approx(fresh.mu + share * (two[1][0].mu - fresh.mu))
    assert carol_r.sigma == pytest.approx(fresh.sigma + share * (two[1][0].sigma - fresh.sigma))
    assert RatingChange.objects.get(rating=carol_r, game=game).share == pytest.approx(share)

    # bob abandoned: rated as if he had finished behind everyone.
    three = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[*ranks, max(ranks) + 1])
    bob_r = Rating.objects.get(game_type="race", user=bob)
    assert bob_r.mu == pytest.approx(three[2][0].mu) and bob_r.mu < fresh.mu
    assert bob_r.games == 1 and bob_r.wins == 0
    line = RatingChange.objects.get(rating=bob_r, game=game)
    assert line.reason == "abandoned" and line.rank is None

    # Annulled, the game no longer counts for anyone, the leaver included.
    admin = make_user("boss", staff=True)
    game_moderation.game_annul(moderator=admin, game_id=game.pk, reason="test")
    for user in (alice, bob, carol):
        rating = Rating.objects.get(game_type="race", user=user)
        assert rating.games == 0 and rating.mu == pytest.approx(fresh.mu)


def test_the_leaver_s_history_and_profile_show_the_abandoned_game(gm, alice, bob, carol, game):
    game = _substituted_and_finished(gm, alice, carol, game)
    departure = SeatDeparture.objects.get(game=game)
    assert (departure.user, departure.seat_index, departure.moves) == (bob, 1, 2)
    history = client_of(alice).get(reverse("community:history", args=["bob"])).content.decode()
    assert f"#{game.pk}" in history and "abandoned: the seat went to someone else" in history
    lost = client_of(alice).get(reverse("community:history", args=["bob"]), {"result": "lost"}).content.decode()
    assert f"#{game.pk}" in lost
    profile = client_of(alice).get(reverse("community:profile", args=["bob"])).content.decode()
    assert "Games abandoned</dt><dd>1<" in profile
    carol_history = client_of(alice).get(reverse("community:history", args=["carol"])).content.decode()
    assert f"#{game.pk}" in carol_history and "abandoned: the seat" not in carol_history


def test_a_clock_run_out_is_counted_on_the_profile(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    game = accept_all(race_game(alice, [bob]), [bob])
    profile = client_of(alice).get(reverse("community:profile", args=["bob"])).content.decode()
    assert "Clocks run out</dt><dd>0<" in profile
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1},
                        expected_version=Game.objects.get(pk=game.pk).version)
    Seat.objects.filter(game=game, index=1).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.seat_timeout(game_id=game.pk, seat_index=1)
    profile = client_of(alice).get(reverse("community:profile", args=["bob"])).content.decode()
    assert "Clocks run out</dt><dd>1<" in profile
    assert "Clocks run out</dt><dd>0<" in client_of(bob).get(
        reverse("community:profile", args=["alice"])).content.decode()


def test_the_offer_reads_in_the_player_s_language(gm, alice, bob, carol, game):
    from players.models import Profile

    Profile.objects.update_or_create(user=carol, defaults={"language": "fr"})
    with committed():
        offer = game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="carol",
                                           reason="bob asked to stop")
    message = next(m for m in mail.outbox if m.to == [carol.email])
    assert message.subject.endswith(f"Une place vous est proposée dans la partie n° {game.pk}")
    assert "Rien ne change tant que vous n'acceptez pas" in message.body and offer_page(offer) in message.body
    client = client_of(carol)
    client.cookies["django_language"] = "fr"
    page = client.get(offer_page(offer), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Accepter la place" in page and "Une place vous est proposée" in page
    assert "bob asked to stop" not in message.body + page  # the moderator's note is for staff


def test_a_pending_offer_is_listed_on_the_player_s_privacy_page(gm, alice, bob, carol, game):
    """Should the mail go astray, the offer is on the player's "Profile and privacy" page until answered."""
    offer = game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="carol", reason="x")
    page = client_of(carol).get(reverse("community:privacy")).content.decode()
    assert offer_page(offer) in page and "Seats offered to you" in page
    assert offer_page(offer) not in client_of(alice).get(reverse("community:privacy")).content.decode()
    game_moderation.seat_offer_answer(user=carol, offer_id=offer.pk, accept=False)
    assert "Seats offered to you" not in client_of(carol).get(reverse("community:privacy")).content.decode()
