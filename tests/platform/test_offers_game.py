"""Market (tests/games/market/), a game of offers at any time, played through the pages and the API: the
seat whose turn it is OWES "done" (a clock, "your turn", a bot may take it on time-out); every other seat
MAY act (offer, accept, decline) with no clock; an offer is a move with parameters (a bundle of goods, a
set of players); the people concerned are told (notices: stream events, mails); and two seats acting at
the same version both land (concurrent moves), while a seat's own stale move and a move no longer legal
are refused with the reason."""

import json

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from notifications.models import Notification
from play import events, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import accept_all, committed, make_user

pytestmark = pytest.mark.django_db


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def market(alice, bob, django_capture_on_commit_callbacks):
    carol = make_user("carol")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(creator=alice, game_type="market", options={"rounds": "2"},
                                    seats=[SeatSpec("me"), SeatSpec("invite", username="bob"),
                                           SeatSpec("invite", username="carol")])
        accept_all(game, [bob, carol])
    return game, alice, bob, carol


def test_the_seat_that_owes_has_a_clock_and_the_others_may_act_without_one(market):
    game, alice, bob, carol = market
    seats = {s.index: s for s in game.seats.all()}
    assert seats[0].owes_move and seats[0].deadline is not None
    assert not seats[1].owes_move and seats[1].deadline is None and not seats[2].owes_move
    detail = api_for(bob).get(f"/api/games/{game.pk}/").json()
    assert detail["pending"] == [0] and detail["may_act"] == [1, 2]
    legal = api_for(bob).get(f"/api/games/{game.pk}/legal-moves/").json()
    assert legal["owes"] is False
    offer = next(m for m in legal["moves"] if m["type"] == "offer")
    assert offer["ranges"] == {"give": {"kind": "bundle", "of": {"stone": 3, "gold": 1}, "min_total": 1,
                                        "max_total": 4},
                               "to": {"kind": "subset", "of": [0, 2], "min": 1, "max": 2}}
    assert api_for(alice).get(f"/api/games/{game.pk}/legal-moves/").json()["owes"] is True
    # The streams say who owes (a clock) and who may act (none).
    hub = events.HUB.subscribe([events.user_channel(bob.pk), events.game_channel(game.pk)])
    try:
        with committed():
            services.move_apply(game_id=game.pk, user=bob, expected_version=game.version,
                                move={"type": "offer", "give": {"stone": 1}, "to": [0]})
        told = list(iter(lambda: hub.get(0.2), None))
    finally:
        hub.close()
    state = next(e for e in told if e["type"] == "gameState" and "seat" not in e)
    assert state["pending"] == [0] and state["may_act"] == [1, 2]
    mine = next(e for e in told if e.get("seat") == 1 and e["type"] != "notice")
    assert mine["my_turn"] is False and mine["may_act"] is True
    # Only the seat that owes is told "your turn".
    assert list(Notification.objects.filter(kind="your_turn").values_list("user__username", flat=True)) == ["alice"]


def test_an_offer_through_the_page_fields_is_told_to_its_players_and_accepted_through_the_api(
        market, client, django_capture_on_commit_callbacks):
    game, alice, bob, carol = market
    client.force_login(bob)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "You may act now if you wish: nothing is owed, no clock runs." in page and "(Your move)" not in page
    # The offer's form: a number input per good of the bundle, a checkbox per player.
    assert 'name="field:give:stone" min="0" max="3"' in page and 'name="field:give:gold" min="0" max="1"' in page
    assert 'type="checkbox" name="field:to" value="0"> alice' in page
    assert 'type="checkbox" name="field:to" value="2"> carol' in page
    offer = next(m for m in game_legal(game, 1) if m["type"] == "offer")
    hub = events.HUB.subscribe([events.user_channel(carol.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            answer = client.post(reverse("games:move", args=[game.pk]), {
                "version": game.version, "move": json.dumps(offer), "field:give:stone": "2",
                "field:give:gold": "0", "field:to": ["0", "2"]})
        assert answer.status_code == 302
        told = [{k: v for k, v in e.items() if k != "event_id"}  # ids are the stream's (issue 31)
                for e in iter(lambda: hub.get(0.2), None) if e["type"] == "notice"]
    finally:
        hub.close()
    game.refresh_from_db()
    assert game.state["offers"] == [{"id": 1, "from": 1, "to": [0, 2], "give": {"stone": 2}}]
    assert told == [{"type": "notice", "game": game.pk, "game_type": "market", "version": game.version, "seat": 2,
                     "key": "market.offered", "params": {"giver_seat": 1, "goods": "2 stone", "offer": 1}}]
    mails = Notification.objects.filter(kind="notice").order_by("user__username")
    assert [m.user.username for m in mails] == ["alice", "carol"]
    # On the page, the seats told read it in the log; the others do not.
    client.force_login(carol)
    assert "bob made you an offer: 2 stone." in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    client.force_login(bob)
    assert "made you an offer" not in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "made you an offer" not in api_for(bob).get(f"/api/games/{game.pk}/log/").content.decode()
    assert "bob made you an offer" in str(api_for(alice).get(f"/api/games/{game.pk}/log/").json())
    # The notice mail is worded by the game's texts, in the reader's language.
    from notifications.emails import build
    assert "bob made you an offer: 2 stone." in build(mails[1]).body

    # Carol accepts through the API (she only may act); the goods move; bob is told.
    api = api_for(carol)
    legal = api.get(f"/api/games/{game.pk}/legal-moves/").json()
    assert {"type": "accept", "offer": 1} in legal["moves"]
    with django_capture_on_commit_callbacks(execute=True):
        done = api.post(f"/api/games/{game.pk}/moves/", {"version": legal["version"],
                                                          "move": {"type": "accept", "offer": 1}}, format="json")
    assert done.status_code == 200, done.json()
    game.refresh_from_db()
    assert game.state["goods"][2] == {"gold": 3, "wood": 1, "stone": 2} and game.state["offers"] == []
    assert Notification.objects.filter(kind="notice", user=bob).count() == 1


def game_legal(game, seat):
    from play import registry
    engine = registry.get("market")
    return engine.legal_moves(engine.load(game.state), seat)


def test_a_bundle_the_seat_does_not_hold_is_refused_in_the_game_words(market, client):
    game, alice, bob, carol = market
    client.force_login(bob)
    offer = next(m for m in game_legal(game, 1) if m["type"] == "offer")
    answer = client.post(reverse("games:move", args=[game.pk]), {
        "version": game.version, "move": json.dumps(offer), "field:give:stone": "7", "field:to": ["0"]})
    assert answer.status_code == 400
    unreadable = client.post(reverse("games:move", args=[game.pk]), {
        "version": game.version, "move": json.dumps(offer), "field:give:stone": "lots", "field:to": ["0"]})
    assert unreadable.status_code == 400 and "Give a value for “give”." in unreadable.content.decode()
    game.refresh_from_db()
    assert game.state["offers"] == [] and game.version == 1


def test_two_seats_acting_at_the_same_version_both_land(market, django_capture_on_commit_callbacks):
    """Concurrent moves: alice's offer to bob and carol; both answer having seen the same version."""
    game, alice, bob, carol = market
    services.move_apply(game_id=game.pk, user=alice, move={"type": "offer", "give": {"wood": 1}, "to": [1, 2]},
                        expected_version=1)
    seen = Game.objects.get(pk=game.pk).version
    bob_api, carol_api = api_for(bob), api_for(carol)
    first = bob_api.post(f"/api/games/{game.pk}/moves/", {"version": seen, "move": {"type": "decline", "offer": 1}},
                         format="json")
    second = carol_api.post(f"/api/games/{game.pk}/moves/",
                            {"version": seen, "move": {"type": "accept", "offer": 1}}, format="json")
    assert first.status_code == 200 and second.status_code == 200, second.json()
    game.refresh_from_db()
    assert game.version == seen + 2 and game.state["goods"][2]["wood"] == 2 and game.state["offers"] == []

    # The same submission again (its own move since): stale, nothing changes.
    again = carol_api.post(f"/api/games/{game.pk}/moves/",
                           {"version": seen, "move": {"type": "accept", "offer": 1}}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "stale_version"
    # Alice offers again; bob declines; carol, who saw the offer before bob's answer, can still accept it,
    # but not once alice no longer holds the goods: a conflict with the engine's reason.
    services.move_apply(game_id=game.pk, user=alice, move={"type": "offer", "give": {"wood": 2}, "to": [2]},
                        expected_version=game.version)
    services.move_apply(game_id=game.pk, user=alice, move={"type": "offer", "give": {"wood": 2}, "to": [1]},
                        expected_version=game.version + 1)
    seen = Game.objects.get(pk=game.pk).version
    assert bob_api.post(f"/api/games/{game.pk}/moves/", {"version": seen, "move": {"type": "accept", "offer": 3}},
                        format="json").status_code == 200
    late = carol_api.post(f"/api/games/{game.pk}/moves/", {"version": seen, "move": {"type": "accept", "offer": 2}},
                          format="json")
    assert late.status_code == 409 and late.json()["code"] == "market.gone"
    assert late.json()["detail"] == "The giver no longer holds those goods."
    game.refresh_from_db()
    assert game.version == seen + 1 and len(game.state["offers"]) == 1


def test_a_bot_plays_only_the_turn_it_owes(alice, django_capture_on_commit_callbacks):
    """A bot never takes a decision it only may take: it moves when its seat owes "done", not before."""
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(creator=alice, game_type="market", options={"rounds": "1"},
                                    seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
    game.refresh_from_db()
    assert game.version == 1  # the bot may act, owes nothing: it waits
    with django_capture_on_commit_callbacks(execute=True):
        services.move_apply(game_id=game.pk, user=alice, move={"type": "done"}, expected_version=1)
    game.refresh_from_db()
    bot_moves = game.moves.filter(seat=1)
    assert bot_moves.exists() and bot_moves.order_by("-seq").first().payload == {"type": "done"}
    assert game.status == Game.Status.FINISHED


def test_options_for_the_player_count_are_refused_as_a_form_error_and_a_400(alice, client):
    client.force_login(alice)
    form = {"game_type": "market", "players": "3", "opt_rounds": "1", "seat_2": "open", "seat_3": "open",
            "initial_days": "3", "increment_days": "1", "max_days": "7", "timeout_rule": "bot",
            "timeout_bot_level": "random"}
    page = client.post(reverse("games:new"), form, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400 and "A market of one round is for two players, not 3." in page.content.decode()
    made = api_for(alice).post("/api/games/", {"game_type": "market", "options": {"rounds": "1"},
                                               "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]},
                               format="json")
    assert made.status_code == 400 and made.json()["code"] == "market.one_round"
    assert not Game.objects.exists()
    assert client.post(reverse("games:new"), {**form, "players": "2"}).status_code == 302


def test_bots_selfplay_and_the_arena_send_concrete_moves_drawn_from_ranges():
    """The random bot, selfplay and the arena fill a legal move's ranges (the engine's ``sample_move``)."""
    import random

    from kit import arena, params, selfplay
    from play import bots, registry

    engine = registry.get("market")
    state = engine.new_game({"rounds": "2"}, 3, 5).state
    legal = engine.legal_moves(state, 1)
    drawn = [bots.choose_move("market", "random", engine, state, 1, seed=seed) for seed in range(40)]
    assert all("ranges" not in m and params.find_legal(legal, m) is not None for m in drawn)
    assert any(m["type"] == "offer" for m in drawn)
    for move in drawn:
        engine.apply(state, 1, move)  # the engine accepts each
    checks = selfplay.checks_for(engine, "full")
    final, moves, _cpu = selfplay.play(engine, {"rounds": "2"}, 3, 11, random.Random(11), checks=checks,
                                       counts={})
    assert engine.is_over(final) and moves > 6 and final["next_offer"] > 1  # offers were made
    game = arena.play_game(engine, bots.choosers_for("market"), {"rounds": "1"}, ["random", "random"], 3, 0)
    assert sorted(game["ranks"])[0] == 1


def test_a_rules_engine_notice_appended_to_the_log_becomes_a_notice():
    """``RulesEngine``: a ``Notice`` that ``apply_decision`` appends to its log list is one of the notices."""
    from kit.base import LogEntry, Notice
    from kit.rules_engine import RulesEngine

    class Tiny(RulesEngine):
        slug, name, min_players, max_players = "tiny", "Tiny", 2, 2

        @staticmethod
        def make_state(options, players, seed, log):
            return {"n": 0}

        @staticmethod
        def apply_decision(state, seat, move, log):
            state["n"] += 1
            log += [LogEntry("tiny.moved", {}, seat), Notice(1 - seat, "tiny.told", {"n": state["n"]})]

        @staticmethod
        def advance(state, log):
            pass

    engine = Tiny()
    applied = engine.apply(engine.new_game({}, 2, 1).state, 0, {"type": "go"})
    assert applied.log == [LogEntry("tiny.moved", {}, 0)] and applied.notices == [Notice(1, "tiny.told", {"n": 1})]


def test_a_notice_waits_for_the_daily_digest_of_a_player_who_chose_it(market, mailoutbox):
    from notifications.tasks import send_digests
    from players.models import Profile

    game, alice, bob, carol = market
    Profile.objects.filter(user=carol).update(email_digest=True, language="fr")
    with committed():
        services.move_apply(game_id=game.pk, user=bob, expected_version=game.version,
                            move={"type": "offer", "give": {"gold": 1}, "to": [2]})
    note = Notification.objects.get(kind="notice", user=carol)
    assert note.status == Notification.Status.DIGEST
    mailoutbox.clear()
    assert send_digests() == 1
    assert "bob vous a fait une offre : 1 gold." in mailoutbox[0].body


def test_a_page_move_overtaken_by_others_shows_the_engine_reason_and_the_game_as_it_is(market, client):
    game, alice, bob, carol = market
    services.move_apply(game_id=game.pk, user=alice, move={"type": "offer", "give": {"wood": 3}, "to": [1, 2]},
                        expected_version=1)
    seen = Game.objects.get(pk=game.pk).version
    services.move_apply(game_id=game.pk, user=bob, move={"type": "accept", "offer": 1}, expected_version=seen)
    client.force_login(carol)
    answer = client.post(reverse("games:move", args=[game.pk]),
                         {"version": seen, "move": json.dumps({"type": "accept", "offer": 1})},
                         HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 409
    page = answer.content.decode()
    assert "Cette offre ne vous est plus ouverte." in page and f'data-version="{seen + 1}"' in page


def test_a_trade_once_made_stays_made_and_a_decline_may_be_taken_back(market, client):
    """Issue 42 (« Les promesses, engagements et autres contrats entre les joueurs doivent être respectés »):
    accepting another seat's offer moves goods to and from that seat, so the accepting player cannot take it
    back alone (no button on the page, 403 on the page's form and the API, nothing changed); declining one
    changes nothing of anyone else's and may be taken back. Decided by the platform from what the move
    changed for the other seats (``play.undo.changes_only_own``)."""
    game, alice, bob, carol = market
    offer = {"type": "offer", "give": {"stone": 1}, "to": [2]}
    game = services.move_apply(game_id=game.pk, user=bob, move=offer, expected_version=game.version)
    before = dict(game.state)
    game = services.move_apply(game_id=game.pk, user=carol, move={"type": "decline", "offer": 1},
                               expected_version=game.version)
    client.force_login(carol)
    undo_url = reverse("games:undo", args=[game.pk])
    assert undo_url in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert client.post(undo_url, {"version": str(game.version)}).status_code == 302
    game.refresh_from_db()
    assert game.state == before and game.state["offers"][0]["to"] == [2]
    game = services.move_apply(game_id=game.pk, user=carol, move={"type": "accept", "offer": 1},
                               expected_version=game.version)
    traded = (game.version, game.state)
    assert game.state["goods"][2]["stone"] == 1
    assert undo_url not in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert client.post(undo_url, {"version": str(game.version)}).status_code == 403
    assert api_for(carol).post(f"/api/games/{game.pk}/undo/", {"version": game.version},
                               format="json").status_code == 403
    game.refresh_from_db()
    assert (game.version, game.state) == traded


def test_the_lobby_lists_a_game_where_an_offer_waits_for_the_answer_of_a_seat_that_owes_nothing(market, client):
    """Issue 42: the lobby's "Your move" list (like "my games") has the games where something addressed to the
    user waits for their answer (``Seat.answer_waits``, from the engine's ``answers``), though they owe nothing,
    said with the site's words when the game has none of its own; once answered, the game leaves the list."""
    game, alice, bob, carol = market
    client.force_login(carol)

    def lobby_list() -> str:
        html = client.get(reverse("games:lobby")).content.decode()
        return html.split("<h1>", 1)[0]  # the "Your move" card comes before the open games

    assert f"#{game.pk} " not in lobby_list()
    services.move_apply(game_id=game.pk, user=bob, expected_version=game.version,
                        move={"type": "offer", "give": {"stone": 1}, "to": [2]})
    game.refresh_from_db()
    assert game.seats.get(index=2).answer_waits and not game.seats.get(index=2).owes_move
    shown = lobby_list()
    assert "Your move" in shown and f"#{game.pk} " in shown and "Waiting for your answer" in shown
    assert "En attente de votre réponse" in client.get(reverse("games:lobby"),
                                                       HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # Bob, who made the offer and owes nothing, has no "your move" for it; Alice owes her turn (no answer waits).
    client.force_login(bob)
    assert f"#{game.pk} " not in lobby_list()
    client.force_login(alice)
    assert f"#{game.pk} " in lobby_list() and "Waiting for your answer" not in lobby_list()
    services.move_apply(game_id=game.pk, user=carol, expected_version=game.version,
                        move={"type": "decline", "offer": game.state["offers"][-1]["id"]})
    client.force_login(carol)
    assert f"#{game.pk} " not in lobby_list()


def test_an_answer_waiting_counts_as_something_to_do_in_the_api_list_the_streams_and_the_long_poll(market, client):
    """Issue 42: the API's ``my_turn`` filter, the user stream's ``myTurn`` and the long-poll counted only seats
    that owe a move, so a client reading them never heard of an offer made to it (the lobby listed it). Now
    an answer that waits is something to do there too, told apart by ``answer_waits`` (no clock runs)."""
    from play import stream
    from players import tokens

    game, alice, bob, carol = market
    key = tokens.token_create(user=carol, name="carol's bot", scopes=["read", "play"])[1]

    def my_turn_list(user) -> list[int]:
        return [g["id"] for g in api_for(user).get("/api/games/?my_turn=true").json()["results"]]

    assert my_turn_list(carol) == [] and my_turn_list(alice) == [game.pk]
    hub = events.HUB.subscribe([events.user_channel(carol.pk), events.user_channel(bob.pk)])
    try:
        with committed():
            services.move_apply(game_id=game.pk, user=bob, expected_version=game.version,
                                move={"type": "offer", "give": {"stone": 1}, "to": [2]})
        told = [e for e in iter(lambda: hub.get(0.2), None) if e["type"] != "notice"]
    finally:
        hub.close()
    to_carol = next(e for e in told if e["seat"] == 2)
    assert to_carol["type"] == "myTurn" and to_carol["answer_waits"] is True and to_carol["my_turn"] is False
    to_bob = next(e for e in told if e["seat"] == 1)  # who made the offer waits for nobody's answer of his own
    assert to_bob["type"] == "gameState" and to_bob["answer_waits"] is False
    assert my_turn_list(carol) == [game.pk] and my_turn_list(bob) == []
    first = next(e for e in stream._user_snapshot(carol) if e["game"] == game.pk)
    assert first["type"] == "myTurn" and first["answer_waits"] is True
    waited = client.get("/api/stream/wait/?timeout=5", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert waited.status_code == 200 and waited.json() == {"my_turn": [game.pk], "events": []}
    game.refresh_from_db()
    services.move_apply(game_id=game.pk, user=carol, expected_version=game.version,
                        move={"type": "decline", "offer": game.state["offers"][-1]["id"]})
    assert my_turn_list(carol) == []
    assert next(e for e in stream._user_snapshot(carol) if e["game"] == game.pk)["type"] == "gameState"
