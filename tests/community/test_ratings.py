"""Ratings: the changes after a game are exactly openskill Plackett-Luce's;
forfeits rank last; bots have one rating per game type and level; aborted,
abandoned and unrated-adjudicated games move nothing; leaderboards."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from openskill.models import PlackettLuce

from community.models import MemberSettings, ModerationAction
from play import services
from play.models import Game, Seat
from ratings import services as rating_services
from ratings import skill
from ratings.models import Rating, RatingChange
from tests.community.helpers import finish, play_until_over
from tests.platform.factories import accept_all, committed, make_user, race_game

pytestmark = pytest.mark.django_db


DECISIVE_SEED = 1


def expected(ranks):
    """What openskill itself gives fresh players finishing in this order."""
    model = PlackettLuce()
    teams = [[model.rating()] for _ in ranks]
    return [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=ranks)]


def rating(user=None, bot=""):
    if user is not None:
        return Rating.objects.get(game_type="race", user=user)
    return Rating.objects.get(game_type="race", user=None, bot_level=bot)


def test_two_player_game_moves_ratings_as_plackett_luce_says(alice, bob):
    game = race_game(alice, [bob])
    # A fixed deal: with a random one the two scores were sometimes equal (a draw moves no mu).
    Game.objects.filter(pk=game.pk).update(seed=DECISIVE_SEED)
    game = finish(accept_all(game, [bob]), [alice, bob])
    ranks = game.result["ranks"]
    assert sorted(ranks) == [1, 2]
    want = expected(ranks)
    for user, (mu, sigma) in zip([alice, bob], want):
        r = rating(user)
        assert r.mu == pytest.approx(mu) and r.sigma == pytest.approx(sigma)
        assert r.ordinal == pytest.approx(mu - 3 * sigma)
        assert r.games == 1
    winner = alice if ranks[0] == 1 else bob
    assert rating(winner).wins == 1 and rating(winner).mu > skill.DEFAULT_MU
    changes = RatingChange.objects.filter(game=game)
    assert sorted(c.rank for c in changes) == sorted(ranks)


def test_second_game_starts_from_the_first_games_ratings(alice, bob):
    finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    before = {u.pk: (rating(u).mu, rating(u).sigma) for u in (alice, bob)}
    game = finish(accept_all(race_game(bob, [alice]), [alice]), [bob, alice])
    model = PlackettLuce()
    teams = [[model.rating(mu=before[u.pk][0], sigma=before[u.pk][1])] for u in (bob, alice)]
    want = [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=game.result["ranks"])]
    assert (rating(bob).mu, rating(bob).sigma) == pytest.approx(want[0])
    assert (rating(alice).mu, rating(alice).sigma) == pytest.approx(want[1])
    assert rating(alice).games == 2


def test_timeout_forfeit_is_a_loss_ranked_last(alice, bob, carol):
    game = accept_all(race_game(alice, [bob, carol], timeout_rule="forfeit"), [bob, carol])
    Seat.objects.filter(game=game, index=0).update(deadline=timezone.now() - timedelta(minutes=1))
    with committed():
        services.seat_timeout(game_id=game.pk, seat_index=0)
    game = play_until_over(game, {1: bob, 2: carol})
    assert game.result["left"] == [0] and game.result["ranks"][0] == 3
    want = expected(game.result["ranks"])
    for user, (mu, sigma) in zip([alice, bob, carol], want):
        assert (rating(user).mu, rating(user).sigma) == pytest.approx((mu, sigma))
    assert rating(alice).mu < skill.DEFAULT_MU and rating(alice).wins == 0


def test_resignation_counts_as_a_loss(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    with committed():
        services.game_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.result["ranks"] == [2, 1]
    assert (rating(bob).mu, rating(bob).sigma) == pytest.approx(expected([2, 1])[1])


def test_bots_are_rated_per_game_and_level(alice):
    game = finish(race_game(alice, bots=["random"]), [alice])
    want = expected(game.result["ranks"])
    bot = rating(bot="random")
    assert bot.user is None and (bot.mu, bot.sigma) == pytest.approx(want[1])
    assert (rating(alice).mu, rating(alice).sigma) == pytest.approx(want[0])
    assert bot.label == "Bot (random)"


def test_one_bot_level_in_two_seats_is_one_identity_with_the_mean_update(alice):
    game = finish(race_game(alice, bots=["random", "random"]), [alice])
    want = expected(game.result["ranks"])
    bot = rating(bot="random")
    assert bot.games == 1
    assert bot.mu == pytest.approx((want[1][0] + want[2][0]) / 2)
    assert bot.sigma == pytest.approx((want[1][1] + want[2][1]) / 2)
    assert RatingChange.objects.filter(game=game, rating=bot).count() == 1


def test_aborted_game_is_not_rated(alice, bob, mod):
    game = accept_all(race_game(alice, [bob]), [bob])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 3}, expected_version=1)
    with committed():
        services.game_abort(game_id=game.pk, by_user=mod, reason="test")
    assert rating_services.game_rate(game_id=game.pk) == []
    assert not Rating.objects.exists()


def test_abandoned_and_unrated_results_are_not_rated(alice, bob):
    game = finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    seats = list(game.seats.order_by("index"))
    assert rating_services.unrated_reason(game, seats) == ""
    game.result = {**game.result, "left": [0, 1]}
    assert rating_services.unrated_reason(game, seats).startswith("abandoned")
    game.result = {**game.result, "left": [], "rated": False}
    assert rating_services.unrated_reason(game, seats) == "adjudicated as unrated"
    game.status = Game.Status.ABORTED
    assert rating_services.unrated_reason(game, seats) == "not finished"


def test_rating_a_game_twice_changes_nothing(alice, bob):
    game = finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    before = list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games"))
    assert rating_services.game_rate(game_id=game.pk) == []
    assert list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games")) == before
    assert RatingChange.objects.filter(game=game).count() == 2


def test_rate_games_command_catches_up(alice, bob, monkeypatch):
    from django.core.management import call_command

    from ratings import handlers

    monkeypatch.setattr(handlers, "on_game_changed", lambda **kw: None)
    game = accept_all(race_game(alice, [bob]), [bob])
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    game = finish(game, [alice, bob])
    Rating.objects.all().delete()  # as if the rating task had been lost
    call_command("rate_games")
    assert RatingChange.objects.filter(game=game).count() == 2


def test_leaderboard_minimum_games_bots_and_private_profiles(client, alice, bob, settings):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 2
    finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    url = reverse("ratings:leaderboard", args=["race"])
    assert "alice" not in client.get(url).content.decode()  # one game only
    finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    finish(race_game(alice, bots=["random"]), [alice])
    finish(race_game(alice, bots=["random"]), [alice])
    page = client.get(url).content.decode()
    assert "alice" in page and "bob" in page and "Bot (random)" in page
    MemberSettings.objects.create(user=bob, visibility=MemberSettings.Visibility.ONLY_ME)
    page = client.get(url).content.decode()
    assert "alice" in page and ">bob<" not in page
    assert client.get(reverse("ratings:leaderboard", args=["nosuchgame"])).status_code == 404


def test_moderator_resets_a_rating_and_it_is_logged(client, alice, bob, mod):
    finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    r = rating(alice)
    client.force_login(mod)
    response = client.post(
        f"/admin/community/member/{alice.pk}/change/",
        {"op": "reset_rating", "rating-rating": r.pk, "rating-reason": "played on a shared account"},
    )
    assert response.status_code == 302
    r.refresh_from_db()
    assert (r.mu, r.sigma, r.games) == (skill.DEFAULT_MU, skill.DEFAULT_SIGMA, 0)
    entry = ModerationAction.objects.get(action="reset_rating")
    assert (
        entry.moderator == mod and entry.target_user == alice and entry.reason == "played on a shared account"
    )
    assert RatingChange.objects.filter(rating=r, reason="reset").exists()


def test_a_user_with_no_game_has_no_rating(alice):
    make_user("dave")
    assert not Rating.objects.exists()
