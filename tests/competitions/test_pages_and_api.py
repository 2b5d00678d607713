"""The competition pages (EN + FR) and the API: list, register / withdraw, standings, pairings, create."""

import pytest
from django.urls import reverse
from django.utils import translation

from competitions import services as cs
from competitions.models import Competition, Entry, Table
from tests.competitions.helpers import play_people, play_round
from tests.platform.factories import committed, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return make_user("organiser", staff=True)


def _cup(organiser, **kwargs):
    defaults = {"name": "Autumn cup", "kind": "swiss", "game_type": "race", "seats": 2, "rounds": 2,
                "max_players": 4}
    return cs.competition_create(creator=organiser, **{**defaults, **kwargs})


def test_register_and_withdraw_on_the_page(client, organiser):
    competition = _cup(organiser)
    alice = make_user("alice")
    client.force_login(alice)
    page = client.get(reverse("competitions:detail", args=[competition.pk]))
    assert page.status_code == 200 and "Register" in page.text
    client.post(reverse("competitions:register", args=[competition.pk]))
    assert Entry.objects.filter(competition=competition, user=alice).exists()
    page = client.get(reverse("competitions:detail", args=[competition.pk]))
    assert "You are registered." in page.text and "Withdraw" in page.text
    # Twice: refused with a message where the button was, nothing changes.
    response = client.post(reverse("competitions:register", args=[competition.pk]), follow=True)
    assert "You are already registered." in response.text
    assert Entry.objects.filter(competition=competition, user=alice).count() == 1
    client.post(reverse("competitions:withdraw", args=[competition.pk]))
    assert not Entry.objects.filter(competition=competition, user=alice).exists()


def test_invite_only_needs_the_link(client, organiser):
    competition = _cup(organiser, invite_only=True)
    alice = make_user("alice")
    client.force_login(alice)
    response = client.post(reverse("competitions:register", args=[competition.pk]), follow=True)
    assert "by invitation" in response.text
    assert not competition.entries.exists()
    client.post(reverse("competitions:register", args=[competition.pk]), {"token": competition.invite_token})
    assert competition.entries.filter(user=alice).exists()


def test_rating_bounds_and_bots_refused_where_not_allowed(organiser):
    competition = _cup(organiser, min_rating=10.0, bots_allowed=False)
    with pytest.raises(cs.ServiceError, match="outside"):
        cs.entry_register(competition_id=competition.pk, user=make_user("alice"))
    with pytest.raises(cs.ServiceError, match="Bots may not"):
        cs.entry_register(competition_id=competition.pk, user=organiser, bot_level="random")
    assert not competition.entries.exists()


def test_standings_page_names_the_tie_breaks_and_shows_each_players_games(client, organiser):
    alice = make_user("alice")
    with committed():
        competition = _cup(organiser)
        cs.entry_register(competition_id=competition.pk, user=alice)
        for _ in range(3):
            cs.entry_register(competition_id=competition.pk, user=organiser, bot_level="random")
    competition.refresh_from_db()
    play_round(competition)
    client.force_login(alice)
    page = client.get(reverse("competitions:detail", args=[competition.pk])).text
    for words in ("Standings", "Head-to-head", "Buchholz", "Game score", "Round 1", "Round 2", "alice"):
        assert words in page
    game_ids = [t.game_id for r in competition.round_set.all() for t in r.tables.all()]
    for game_id in game_ids:
        assert reverse("games:detail", args=[game_id]) in page
    # The lobby and "My games" name the competition and round of her game.
    mine = client.get(reverse("games:mine")).text
    assert "Autumn cup, round 2" in mine
    with translation.override("fr"):
        client.cookies["django_language"] = "fr"
        page = client.get(reverse("competitions:detail", args=[competition.pk]), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Classement" in page and "Confrontation directe" in page and "Ronde 1" in page


def test_list_page_in_both_languages(client, organiser):
    _cup(organiser)
    assert "Autumn cup" in client.get(reverse("competitions:list")).text
    page = client.get(reverse("competitions:list"), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Compétitions" in page and "Inscriptions ouvertes" in page


def test_create_page_a_player_within_limits(client):
    alice = make_user("alice")
    client.force_login(alice)
    form = {"name": "Big one", "kind": "swiss", "game_type": "race", "seats": 2, "max_players": 200,
            "rounds": 3, "round_days": 14, "initial_days": 3, "increment_days": 1, "max_days": 7,
            "division_size": 8, "moves": 2, "seasons": 1, "bots_allowed": "on"}
    response = client.post(reverse("competitions:new"), form)
    assert response.status_code == 400
    assert "at most 32 players" in response.text and 'value="Big one"' in response.text
    assert not Competition.objects.exists()
    form["max_players"] = 8
    response = client.post(reverse("competitions:new"), form)
    assert response.status_code == 302
    assert Competition.objects.get().created_by == alice


def test_api_list_register_standings_pairings(client, organiser):
    competition = _cup(organiser)
    alice = make_user("alice")
    client.force_login(alice)
    listed = client.get("/api/competitions/").json()
    assert [c["name"] for c in listed["results"]] == ["Autumn cup"]
    response = client.post(f"/api/competitions/{competition.pk}/register/", {}, content_type="application/json")
    assert response.status_code == 201 and response.json()["entries"] == 1
    again = client.post(f"/api/competitions/{competition.pk}/register/", {}, content_type="application/json")
    assert again.status_code == 400 and again.json()["detail"] == "You are already registered."
    assert client.get("/api/competitions/999999/standings/").status_code == 404
    with committed():
        for _ in range(3):
            cs.entry_register(competition_id=competition.pk, user=organiser, bot_level="random")
    pairings = client.get(f"/api/competitions/{competition.pk}/pairings/").json()
    assert len(pairings) == 1 and len(pairings[0]["tables"]) == 2
    standings = client.get(f"/api/competitions/{competition.pk}/standings/").json()
    assert len(standings) == 4 and {"buchholz", "head_to_head", "game_score", "points"} <= set(standings[0])


def test_moderation_disqualify_adjudicates_and_logs(organiser):
    from community.models import ModerationAction
    from play.models import Game

    alice = make_user("alice")
    with committed():
        competition = _cup(organiser)
        cs.entry_register(competition_id=competition.pk, user=alice)
        for _ in range(3):
            cs.entry_register(competition_id=competition.pk, user=organiser, bot_level="random")
    entry = Entry.objects.get(user=alice)
    table = next(t for t in competition.round_set.get().tables.all() if entry.pk in t.entries)
    running = Game.objects.get(pk=table.game_id).status == Game.Status.ACTIVE
    with committed():
        cs.entry_disqualify(moderator=organiser, competition_id=competition.pk, entry_id=entry.pk,
                            reason="Played two accounts")
    entry.refresh_from_db()
    assert entry.status == Entry.Status.DISQUALIFIED
    game = Game.objects.get(pk=table.game_id)
    assert game.status == Game.Status.FINISHED
    if running:
        assert game.result["adjudicated"]
        assert game.result["ranks"][table.entries.index(entry.pk)] == 2
        assert ModerationAction.objects.filter(game=game, action="adjudicate").exists()
    assert competition.events.filter(kind="disqualified", entry=entry).exists()
    # A player without a moderator's tier may not.
    with pytest.raises(cs.ServiceError):
        cs.entry_disqualify(moderator=alice, competition_id=competition.pk, entry_id=entry.pk, reason="x" * 10)


@pytest.mark.parametrize("rated", [True, False])
def test_an_unrated_competitions_games_move_no_rating_a_rated_ones_do(organiser, rated):
    from ratings.models import RatingChange


    alice, bob = make_user("alice"), make_user("bob")
    with committed():
        competition = _cup(organiser, rated=rated, max_players=2, rounds=1)
        for user in (alice, bob):
            cs.entry_register(competition_id=competition.pk, user=user)
    competition.refresh_from_db()
    (table,) = Table.objects.filter(round__competition=competition)
    assert table.game.rated is rated
    play_people([table.game])
    table.game.refresh_from_db()
    assert table.game.status == "finished"
    assert RatingChange.objects.filter(game=table.game).exists() is rated


def test_a_round_robin_with_too_many_tables_is_refused(organiser):
    with pytest.raises(cs.ServiceError, match="would need 4845 tables"):
        _cup(organiser, kind="round_robin", seats=4, max_players=20)
    assert not Competition.objects.exists()
    assert _cup(organiser, kind="round_robin", seats=2, max_players=30).kind == "round_robin"  # 435 games


def test_create_page_game_options(client, organiser):
    client.force_login(organiser)
    form = {"name": "Long race", "kind": "swiss", "game_type": "race", "seats": 2, "max_players": 8,
            "rounds": 3, "round_days": 14, "initial_days": 3, "increment_days": 1, "max_days": 7,
            "division_size": 8, "moves": 2, "seasons": 1, "options": "target"}
    response = client.post(reverse("competitions:new"), form)
    assert response.status_code == 400 and "Write each option as name=value" in response.text
    form["options"] = "target=99"
    response = client.post(reverse("competitions:new"), form)
    assert response.status_code == 400 and "The target must be 10 or 15." in response.text
    assert 'value="target=99"' in response.text and not Competition.objects.exists()
    form["options"] = "target=15"
    assert client.post(reverse("competitions:new"), form).status_code == 302
    assert Competition.objects.get().options == {"target": "15"}
