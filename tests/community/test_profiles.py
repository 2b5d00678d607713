"""Profiles, privacy, invitations, match history, head-to-head."""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from community.models import MemberSettings
from play import services
from play.models import Game
from tests.community.helpers import finish
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def set_privacy(user, **fields):
    MemberSettings.objects.update_or_create(user=user, defaults=fields)


# --- invitations ----------------------------------------------------------------------------------


def test_nobody_may_invite_a_player_who_said_so(client, alice, bob):
    set_privacy(bob, invite_policy=MemberSettings.InvitePolicy.NOBODY)
    before = Game.objects.count()
    with pytest.raises(services.NotAllowed, match="does not accept invitations"):
        race_game(alice, [bob])
    assert Game.objects.count() == before
    client.force_login(alice)
    response = client.post(
        reverse("games:new"),
        {
            "game_type": "race",
            "players": "2",
            "opt_target": "10",
            "seat_2": "invite",
            "seat_2_user": "bob",
            "initial_days": "3",
            "increment_days": "1",
            "max_days": "7",
            "timeout_rule": "bot",
            "timeout_bot_level": "random",
        },
    )
    assert Game.objects.count() == before
    assert response.status_code == 400 and "bob does not accept invitations" in response.content.decode()
    # …but bob can still join an open seat himself.
    game = race_game(alice, open_seats=1)
    services.game_join(game_id=game.pk, user=bob)


def test_anyone_may_invite_by_default(alice, bob):
    assert race_game(alice, [bob]).seats.filter(user=bob, kind="invited").exists()


def test_privacy_form_saves_and_refuses_bad_input(client, alice):
    client.force_login(alice)
    url = reverse("community:privacy")
    assert client.get(url).status_code == 200
    response = client.post(
        url,
        {"display_name": "Alice L.", "country": "FR", "invite_policy": "nobody", "visibility": "played_with"},
    )
    assert response.status_code == 302
    member = MemberSettings.objects.get(user=alice)
    assert (member.display_name, member.country.code, member.invite_policy, member.visibility) == (
        "Alice L.",
        "FR",
        "nobody",
        "played_with",
    )
    response = client.post(
        url, {"display_name": "x", "country": "ZZ", "invite_policy": "sometimes", "visibility": "public"}
    )
    assert response.status_code == 400
    assert MemberSettings.objects.get(user=alice).display_name == "Alice L."


# --- profile ------------------------------------------------------------------------------------


def test_profile_shows_facts_numbers_ratings_and_public_games_only(client, alice, bob, carol):
    set_privacy(alice, display_name="Alice the Builder", country="IT")
    finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    finish(accept_all(race_game(alice, [bob], target="15"), [bob]), [alice, bob])
    public_live = accept_all(race_game(alice, [bob]), [bob])
    private_live = accept_all(race_game(alice, [carol], private=True), [carol])
    page = client.get(reverse("community:profile", args=["alice"])).content.decode()
    assert "Alice the Builder" in page and "Italy" in page
    assert "Member since" in page and "Vacation left this year" in page
    assert "Target: 10" in page and "Target: 15" in page  # per option set, worded as the form does
    assert f"#{public_live.pk}" in page and f"#{private_live.pk}" not in page
    assert reverse("ratings:leaderboard", args=["race"]) in page
    assert reverse("games:replay", args=[Game.objects.filter(status="finished").first().pk]) in page


def test_profile_in_french(client, alice):
    page = client.get(
        reverse("community:profile", args=["alice"]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert 'lang="fr"' in page


def test_visibility_public_played_with_only_me(client, alice, bob, carol, mod):
    finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    urls = [reverse("community:profile", args=["alice"]), reverse("community:history", args=["alice"])]
    set_privacy(alice, visibility=MemberSettings.Visibility.PLAYED_WITH)
    for url in urls:
        assert client.get(url).status_code == 403  # anonymous
        client.force_login(carol)
        assert client.get(url).status_code == 403  # never played with alice
        client.force_login(bob)
        assert client.get(url).status_code == 200
        client.logout()
    set_privacy(alice, visibility=MemberSettings.Visibility.ONLY_ME)
    for url in urls:
        client.force_login(bob)
        response = client.get(url)
        assert response.status_code == 403 and "bob" not in response.content.decode().split("</header>")[1]
        client.force_login(alice)
        assert client.get(url).status_code == 200
        client.force_login(mod)
        assert client.get(url).status_code == 200
    client.force_login(bob)
    assert client.get(reverse("community:head_to_head", args=["bob", "alice"])).status_code == 403


def test_closed_and_unknown_accounts_have_no_profile(client, alice):
    alice.is_active = False
    alice.save()
    assert client.get(reverse("community:profile", args=["alice"])).status_code == 404
    assert client.get(reverse("community:profile", args=["nobody"])).status_code == 404


# --- match history ------------------------------------------------------------------------------


def test_history_lists_finished_games_with_replay_links_and_filters(client, alice, bob, carol):
    g1 = finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    g2 = finish(accept_all(race_game(alice, [carol], target="15"), [carol]), [alice, carol])
    g3 = finish(race_game(alice, bots=["random"]), [alice])
    live = accept_all(race_game(alice, [bob]), [bob])
    url = reverse("community:history", args=["alice"])

    def listed(**params):
        response = client.get(url, params)
        assert response.status_code == 200, response.content
        page = response.content.decode()
        return {g.pk for g in (g1, g2, g3, live) if reverse("games:replay", args=[g.pk]) in page}

    assert listed() == {g1.pk, g2.pk, g3.pk}
    assert listed(game="race") == {g1.pk, g2.pk, g3.pk}
    assert listed(options="target=15") == {g2.pk}
    assert listed(opponent="bob") == {g1.pk}
    assert listed(opponent="CAROL") == {g2.pk}
    won = {g.pk for g in (g1, g2, g3) if g.result["ranks"][0] == 1}
    assert listed(result="won") == won
    assert listed(result="lost") == {g1.pk, g2.pk, g3.pk} - won
    today = timezone.now().date()
    assert listed(date_from=today.isoformat(), date_to=today.isoformat()) == {g1.pk, g2.pk, g3.pk}
    assert listed(date_to=(today - timedelta(days=1)).isoformat()) == set()


def test_history_bad_filters_answer_400_with_a_message(client, alice):
    url = reverse("community:history", args=["alice"])
    response = client.get(url, {"opponent": "ghost"})
    assert response.status_code == 400 and "No player is called" in response.content.decode()
    assert client.get(url, {"date_from": "yesterday"}).status_code == 400
    assert client.get(url, {"result": "drawn-ish"}).status_code == 400
    assert client.get(url, {"options": "target=99"}).status_code == 400
    response = client.get(url, {"date_from": "2026-02-01", "date_to": "2026-01-01"})
    assert response.status_code == 400 and "after the end date" in response.content.decode()
    assert client.get(url, {"page": "x"}).status_code == 400


def test_private_games_stay_out_of_other_peoples_view(client, alice, bob, carol):
    private = finish(accept_all(race_game(alice, [bob], private=True), [bob]), [alice, bob])
    url = reverse("community:history", args=["alice"])
    replay = reverse("games:replay", args=[private.pk])
    client.force_login(carol)
    assert replay not in client.get(url).content.decode()
    client.force_login(bob)
    assert replay in client.get(url).content.decode()
    client.force_login(alice)
    assert replay in client.get(url).content.decode()


def test_head_to_head_record(client, alice, bob):
    games = [finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob]) for _ in range(3)]
    ahead = sum(1 for g in games if g.result["ranks"][0] < g.result["ranks"][1])
    behind = sum(1 for g in games if g.result["ranks"][0] > g.result["ranks"][1])
    level = 3 - ahead - behind
    response = client.get(reverse("community:head_to_head", args=["alice", "bob"]))
    page = response.content.decode()
    assert response.status_code == 200
    assert f"{ahead} ahead · {behind} behind · {level} level" in page
    assert all(reverse("games:replay", args=[g.pk]) in page for g in games)
    mirror = client.get(reverse("community:head_to_head", args=["bob", "alice"])).content.decode()
    assert f"{behind} ahead · {ahead} behind · {level} level" in mirror
    assert client.get(reverse("community:head_to_head", args=["alice", "alice"])).status_code == 400


def test_report_a_player(client, alice, bob):
    from community.models import Report

    client.force_login(alice)
    url = reverse("community:report_user", args=["bob"])
    assert client.post(url, {"reason": "   "}).status_code == 400
    assert client.post(url, {"reason": "insults in every game"}).status_code == 302
    assert Report.objects.get().reported_user == bob
    response = client.post(url, {"reason": "again"})
    assert response.status_code == 400 and "already reported" in response.content.decode()
    assert client.post(reverse("community:report_user", args=["alice"]), {"reason": "me"}).status_code == 400


def test_export_is_a_json_download_of_my_data_only(client, alice, bob):
    from community.services import chat_post

    game = finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    chat_post(game_id=game.pk, user=alice, text="good game")
    chat_post(game_id=game.pk, user=bob, text="thanks, you too")
    client.force_login(alice)
    response = client.get(reverse("community:export"))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["account"]["username"] == "alice" and data["account"]["email"] == "alice@example.com"
    assert {"language", "visibility", "invite_policy", "email_your_turn"} <= set(data["profile"])
    assert [g["id"] for g in data["games"]] == [game.pk]
    assert data["moves"] and all(m["game"] == game.pk for m in data["moves"])
    assert {m["seq"] for m in data["moves"]} == set(
        game.moves.filter(by_user=alice).values_list("seq", flat=True)
    )
    assert [c["text"] for c in data["chat_messages"]] == ["good game"]
    assert data["ratings"][0]["games"] == 1
    assert "seed" not in response.content.decode() and "secret" not in response.content.decode()
    client.logout()
    assert client.get(reverse("community:export")).status_code == 302


def test_a_user_row_made_later_still_gets_default_settings(client):
    make_user("zoe")
    assert client.get(reverse("community:profile", args=["zoe"])).status_code == 200


def test_private_games_do_not_count_in_numbers_for_those_who_may_not_see_them(client, alice, bob, carol):
    """Issue 12: head-to-head counts and profile statistics counted private games for everyone."""
    public = finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    private = [finish(accept_all(race_game(alice, [bob], private=True), [bob]), [alice, bob])
               for _ in range(2)]
    h2h = reverse("community:head_to_head", args=["alice", "bob"])
    profile = reverse("community:profile", args=["alice"])

    def numbers(viewer):
        client.force_login(viewer)
        record = client.get(h2h).context["record"]
        stats = client.get(profile).context["stats"]["race"]
        options = client.get(reverse("community:history", args=["alice"])).context["form"].option_sets
        return record.ahead + record.behind + record.level, stats["total"].played, len(options)

    assert numbers(carol) == (1, 1, 1)
    assert numbers(bob) == (3, 3, 1)
    assert numbers(alice)[1] == 3
    client.logout()
    assert client.get(profile).context["stats"]["race"]["total"].played == 1
    finished = set(Game.objects.filter(status="finished").values_list("pk", flat=True))
    assert {public.pk} | {g.pk for g in private} == finished
