"""Pages: lobby, new game, game page with polling and moves, joins, resign."""

import json
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from play.models import Game
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def login(client, user):
    client.force_login(user)
    return client


def test_lobby_lists_public_open_games_only(client, alice):
    public = race_game(alice, open_seats=1)
    private = race_game(alice, open_seats=1, private=True)
    html = client.get(reverse("games:lobby")).content.decode()
    assert f"#{public.pk} Race" in html and f"#{private.pk} Race" not in html


def test_new_game_form_creates_game(client, alice, bob):
    login(client, alice)
    page = client.get(reverse("games:new") + "?game=race")
    assert page.status_code == 200 and "opt_target" in page.content.decode()
    response = client.post(reverse("games:new"), {
        "game_type": "race", "players": "3", "opt_target": "15", "seat_2": "invite", "seat_2_user": "bob",
        "seat_3": "bot:random", "initial_days": "3", "increment_days": "1", "max_days": "7",
        "timeout_rule": "bot", "timeout_bot_level": "random",
    })
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("games:detail", args=[game.pk])
    assert game.options == {"target": "15"}
    assert [s.kind for s in game.seats.order_by("index")] == ["human", "invited", "bot"]


def test_new_game_form_errors_are_shown_and_create_nothing(client, alice):
    login(client, alice)
    response = client.post(reverse("games:new"), {
        "game_type": "race", "players": "2", "opt_target": "10", "seat_2": "invite", "seat_2_user": "nobody",
        "initial_days": "3", "increment_days": "1", "max_days": "7", "timeout_rule": "bot",
        "timeout_bot_level": "random",
    })
    assert response.status_code == 400
    assert "No player is called" in response.content.decode()
    response = client.post(reverse("games:new"), {
        "game_type": "race", "players": "2", "opt_target": "10", "seat_2": "invite", "seat_2_user": "",
        "initial_days": "5", "increment_days": "1", "max_days": "2", "timeout_rule": "bot",
        "timeout_bot_level": "random",
    })
    html = response.content.decode()
    assert response.status_code == 400 and "Enter the username" in html and "cannot be smaller" in html
    assert not Game.objects.exists()


def test_join_from_the_game_page_starts_the_game(client, alice, bob):
    game = race_game(alice, open_seats=1)
    login(client, bob)
    response = client.post(reverse("games:join", args=[game.pk]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_game_page_shows_my_moves_and_my_secret_only(client, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    secrets = game.state["secret"]
    html = login(client, alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert f'&quot;my_secret&quot;: {secrets[0]}' in html
    assert f"Your secret card is {secrets[0]}." in html
    assert f"Your secret card is {secrets[1]}." not in html
    assert 'name="move"' in html
    client.logout()
    html = login(client, bob).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Waiting for the other players" in html and 'name="move"' not in html


def test_move_by_htmx_returns_the_new_partial(client, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    login(client, alice)
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": "1", "move": json.dumps({"type": "add", "n": 2})}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="game-body"' in html and 'data-version="2"' in html and "adds 2 (total 2)" in html


def test_repeated_move_submission_gets_409_with_message(client, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    login(client, alice)
    data = {"version": "1", "move": json.dumps({"type": "add", "n": 2})}
    assert client.post(reverse("games:move", args=[game.pk]), data, HTTP_HX_REQUEST="true").status_code == 200
    again = client.post(reverse("games:move", args=[game.pk]), data, HTTP_HX_REQUEST="true")
    assert again.status_code == 409
    html = again.content.decode()
    assert "Someone moved first — here is the game as it is now." in html and 'data-version="2"' in html
    game.refresh_from_db()
    assert game.version == 2


def test_bad_move_input_gets_400_and_changes_nothing(client, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    login(client, alice)
    url = reverse("games:move", args=[game.pk])
    bad_json = client.post(url, {"version": "1", "move": "{not json"}, HTTP_HX_REQUEST="true")
    assert bad_json.status_code == 400 and "could not be read" in bad_json.content.decode()
    illegal = client.post(url, {"version": "1", "move": json.dumps({"type": "add", "n": 9})}, HTTP_HX_REQUEST="true")
    assert illegal.status_code == 400 and "only add 1, 2 or 3" in illegal.content.decode()
    game.refresh_from_db()
    assert game.version == 1


def test_move_without_javascript_redirects_back(client, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    login(client, alice)
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": "1", "move": json.dumps({"type": "add", "n": 1})})
    assert response.status_code == 302
    follow = client.get(response["Location"])
    assert "adds 1 (total 1)" in follow.content.decode()


def test_poll_unchanged_is_204_in_one_query(client, alice, bob, django_assert_num_queries):
    game = accept_all(race_game(alice, [bob]), [bob])
    login(client, bob)
    url = reverse("games:poll", args=[game.pk]) + "?v=1"
    with django_assert_num_queries(1):  # the version lookup only
        assert client.get(url).status_code == 204
    game_moved = client.get(reverse("games:poll", args=[game.pk]) + "?v=0")
    assert game_moved.status_code == 200 and 'id="game-body"' in game_moved.content.decode()


def test_poll_marks_the_player_present_only_when_the_page_says_so(client, alice, bob):
    from play import presence

    game = accept_all(race_game(alice, [bob]), [bob])
    login(client, bob)
    url = reverse("games:poll", args=[game.pk])
    assert client.get(url, {"v": 1}).status_code == 204
    assert not presence.is_present(game.pk, bob.pk)  # a plain poll touches neither session nor cache
    assert client.get(url, {"v": 1, "here": "1"}).status_code == 204
    assert presence.is_present(game.pk, bob.pk) and not presence.is_present(game.pk, alice.pk)


def test_the_chat_is_fetched_once_and_kept_by_later_game_bodies(client, alice, bob):
    from community import services as community

    game = accept_all(race_game(alice, [bob]), [bob])
    community.chat_post(game_id=game.pk, user=alice, text="good luck")
    login(client, bob)
    panel_url = reverse("community:chat_panel", args=[game.pk])
    slot = (f'<div id="chat-slot-{game.pk}" hx-preserve="true" hx-get="{panel_url}" '
            'hx-trigger="load" hx-swap="innerHTML">')
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert slot in page and "good luck" not in page  # the page asks for the chat, it does not render it
    body = client.get(reverse("games:poll", args=[game.pk]), {"v": 0}).content.decode()
    assert slot in body and "good luck" not in body
    panel = client.get(panel_url).content.decode()
    assert f'id="chat-{game.pk}"' in panel and "good luck" in panel
    assert reverse("community:chat_post", args=[game.pk]) in panel


def test_chat_panel_of_a_private_game_is_404_for_outsiders(client, alice, bob):
    game = accept_all(race_game(alice, [bob], private=True), [bob])
    login(client, make_user("carol"))
    assert client.get(reverse("community:chat_panel", args=[game.pk])).status_code == 404


def test_poll_after_the_end_stops_polling(client, alice, bob):
    from play import services

    game = accept_all(race_game(alice, [bob]), [bob])
    services.game_resign(game_id=game.pk, user=bob)
    game.refresh_from_db()
    response = client.get(reverse("games:poll", args=[game.pk]) + f"?v={game.version}")
    assert response.status_code == 286


def test_other_player_sees_move_on_next_poll(client, alice, bob):
    from play import services

    game = accept_all(race_game(alice, [bob]), [bob])
    login(client, bob)
    assert client.get(reverse("games:poll", args=[game.pk]) + "?v=1").status_code == 204
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 3}, expected_version=1)
    response = client.get(reverse("games:poll", args=[game.pk]) + "?v=1")
    html = response.content.decode()
    assert response.status_code == 200 and "adds 3 (total 3)" in html and 'name="move"' in html


def test_poll_of_a_private_game_is_404_for_outsiders_changed_or_not(client, alice, bob):
    game = accept_all(race_game(alice, [bob], private=True), [bob])
    login(client, make_user("carol"))
    url = reverse("games:poll", args=[game.pk])
    assert client.get(url, {"v": game.version}).status_code == 404  # unchanged: still not a 204
    assert client.get(url, {"v": 0}).status_code == 404
    assert client.get(reverse("games:poll", args=[999999]), {"v": 0}).status_code == 404
    login(client, bob)
    assert client.get(url, {"v": game.version}).status_code == 204


def test_private_game_is_404_for_outsiders(client, alice, bob):
    game = race_game(alice, open_seats=1, private=True)
    login(client, bob)
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 404
    invite = client.get(reverse("games:invite", args=[game.invite_token]))
    assert invite.status_code == 200
    client.post(reverse("games:join", args=[game.pk]), {"token": game.invite_token})
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200


def test_resign_and_cancel_buttons(client, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    login(client, bob)
    client.post(reverse("games:resign", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    other = race_game(alice, open_seats=1)
    response = client.post(reverse("games:cancel", args=[other.pk]), follow=True)
    assert "Only the player who opened the game can cancel it" in response.content.decode()
    other.refresh_from_db()
    assert other.status == Game.Status.OPEN


def test_my_games_orders_my_turn_first(client, alice, bob):
    waiting_for_me = accept_all(race_game(alice, [bob]), [bob])
    waiting_for_bob = accept_all(race_game(bob, [alice]), [alice])
    html = login(client, alice).get(reverse("games:mine")).content.decode()
    mine_pos = html.index(f"#{waiting_for_me.pk} Race")
    theirs_pos = html.index(f"#{waiting_for_bob.pk} Race")
    assert html.index("Waiting for my move") < mine_pos < html.index("Waiting for others") < theirs_pos


def test_my_games_pages_the_long_lists_and_keeps_the_other_lists_page(client, alice, bob, monkeypatch):
    from play import selectors

    monkeypatch.setattr(selectors, "THEIR_TURN_PAGE", 2)
    theirs = [accept_all(race_game(bob, [alice]), [alice]) for _ in range(5)]
    mine = accept_all(race_game(alice, [bob]), [bob])
    login(client, alice)
    first = client.get(reverse("games:mine")).content.decode()
    newest_first = [g.pk for g in reversed(theirs)]
    assert all(f"#{pk} Race" in first for pk in newest_first[:2])
    assert not any(f"#{pk} Race" in first for pk in newest_first[2:])
    assert "Page 1 of 3 (5 games)" in first and f"#{mine.pk} Race" in first
    last = client.get(reverse("games:mine"), {"their_turn": 3, "my_turn": 1}).content.decode()
    assert f"#{newest_first[4]} Race" in last and f"#{newest_first[0]} Race" not in last
    assert f"#{mine.pk} Race" in last and "Page 3 of 3" in last
    assert "my_turn=1" in last and "their_turn=2" in last  # the "newer" link keeps the other list's page
    # A page number that is not one gives the nearest page, never an error.
    assert client.get(reverse("games:mine"), {"their_turn": "zz"}).status_code == 200


def test_lobby_lists_my_turn_games_and_links_to_all_of_them(client, alice, bob):
    waiting_for_me = accept_all(race_game(alice, [bob]), [bob])
    waiting_for_bob = accept_all(race_game(bob, [alice]), [alice])
    html = login(client, alice).get(reverse("games:lobby")).content.decode()
    assert f"#{waiting_for_me.pk} Race" in html and f"#{waiting_for_bob.pk} Race" not in html
    assert reverse("games:mine") in html


def test_pages_in_french(client, alice):
    login(client, alice)
    html = client.get(reverse("games:mine"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Mes parties" in html and 'lang="fr"' in html


def test_full_log_page_filters_private_lines(client, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    html = login(client, bob).get(reverse("games:log", args=[game.pk])).content.decode()
    assert f"Your secret card is {game.state['secret'][1]}." in html
    assert f"Your secret card is {game.state['secret'][0]}." not in html


def test_api_token_page(client, alice):
    """Several named tokens with scopes, the key shown once, each revocable (tests/platform/test_bot_api.py
    has the API's side)."""
    from players.models import ApiToken

    login(client, alice)
    made = client.post(reverse("players:api_tokens"), {"name": "my bot", "scopes": ["read", "play"]})
    html = made.content.decode()
    token = ApiToken.objects.get(user=alice)
    key = html.split('value="lct_', 1)[1].split('"', 1)[0]
    assert token.scopes == ["read", "play"] and token.name == "my bot" and token.prefix in "lct_" + key
    assert "lct_" + key not in client.get(reverse("players:api_tokens")).content.decode()  # shown once
    assert client.post(reverse("players:api_tokens"), {"name": "", "scopes": ["read"]}).status_code == 400
    client.post(reverse("players:api_tokens"), {"action": "revoke", "token": token.pk})
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_replay_of_a_finished_game_steps_through_moves(client, alice, bob):
    from play import services

    game = accept_all(race_game(alice, [bob]), [bob])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 3}, expected_version=1)
    services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 2}, expected_version=2)
    url = reverse("games:replay", args=[game.pk])
    assert client.get(url).status_code == 302  # not over yet
    services.game_resign(game_id=game.pk, user=alice)
    at_two = client.get(url + "?at=2").content.decode()
    assert "&quot;total&quot;: 3" in at_two and "Move 2 of 4" in at_two
    assert "&quot;my_secret&quot;: null" in at_two  # the public view by default
    as_bob = client.get(url + "?at=3&seat=1").content.decode()
    assert "&quot;total&quot;: 5" in as_bob and f"&quot;my_secret&quot;: {game.state['secret'][1]}" in as_bob
    assert client.get(url + "?at=x").status_code == 400
    assert client.get(url + "?seat=7").status_code == 400


def test_one_account_opens_a_limited_number_of_games_per_hour(client, alice, settings):
    """Issue 12: flooding the lobby and others' invitation lists."""
    settings.GAMES_PER_HOUR = 3
    login(client, alice)
    form = {"game_type": "race", "players": "2", "opt_target": "10", "seat_2": "open", "initial_days": "3",
            "increment_days": "1", "max_days": "7", "timeout_rule": "bot", "timeout_bot_level": "random"}
    for _ in range(3):
        assert client.post(reverse("games:new"), form).status_code == 302
    refused = client.post(reverse("games:new"), form)
    assert refused.status_code == 429 and "3 games in the last hour" in refused.content.decode()
    assert Game.objects.filter(created_by=alice).count() == 3
    Game.objects.filter(created_by=alice).update(created_at=timezone.now() - timedelta(hours=2))
    assert client.post(reverse("games:new"), form).status_code == 302
    other = make_user("other")
    login(client, other)
    assert client.post(reverse("games:new"), form).status_code == 302  # per account


def test_the_skip_link_names_where_it_leads(client, alice, bob):
    """A player of an active game skips to the move panel; a spectator, whose #move-panel is the board,
    is told so (the link said "move panel" and led to the board)."""
    game = accept_all(race_game(alice, [bob]), [bob])
    url = reverse("games:detail", args=[game.pk])
    client.force_login(alice)
    html = client.get(url).content.decode()
    assert 'href="#move-panel">Skip to the move panel</a>' in html
    client.force_login(make_user("carol"))
    html = client.get(url).content.decode()
    assert 'href="#move-panel">Skip to the board</a>' in html and "Skip to the move panel" not in html
    assert 'class="card board-card" id="move-panel"' in html


def test_no_script_that_swaps_an_error_in_for_the_whole_page_even_with_debug(client, alice, bob, settings):
    """Issue 40: with DEBUG on (make run, the demo), django-htmx's htmx_script tag adds django-htmx.js, which
    replaces the whole document with any 400/403/404 answer to htmx — a refused move's message became the page.
    Every page loads htmx itself, and site.js after it (which says a refusal in the move panel)."""
    settings.DEBUG = True
    game = race_game(alice, [bob])
    accept_all(game, [bob])
    html = login(client, alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert "django-htmx.js" not in html
    assert [s for s in scripts if "htmx" in s] == ["/static/django_htmx/htmx-2.min.js"]
    assert scripts.index("/static/django_htmx/htmx-2.min.js") < scripts.index("/static/js/site.js")
