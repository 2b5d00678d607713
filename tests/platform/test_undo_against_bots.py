"""Issue 29, undo against bots (DESIGN "Taking moves back"): when everyone who acted since a player's move is
a bot seat and nothing hidden was shown to that player, their take-back undoes their move and the bots'
replies together, through ``services.move_undo`` (one write path); the log keeps every row, marked as taken
back. A reply that showed the player anything hidden (a bot that knows something the player does not: a
hand, a secret card), a reply a bot could make before the player's move (a secret choice at the same
time), a person's move or a platform event since, and a bot standing in for a person, all refuse it.
Proven on the nim test game (nothing hidden: always taken back), on La Città
(whole random games against two bots: every take-back offered restores the position exactly) and on
Infinite City and race (a bot that holds a secret, a hand, a card, never replies "showing nothing")."""

from __future__ import annotations

import random
from html import unescape
from types import SimpleNamespace
from unittest import mock

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from kit import reveal
from play import registry, services, undo
from play.models import Game, Move, Seat
from play.replay import replay_final_state
from play.services import SeatSpec
from tests.platform.factories import committed, make_user, race_game

pytestmark = pytest.mark.django_db

WITNESS_SEED, WITNESS_SAMPLES = 10**6, 8  # more positions than the platform tries, other seeds


def page(client, user, game) -> str:
    client.force_login(user)
    return client.get(reverse("games:detail", args=[game.pk])).content.decode()


def offered(client, user, game) -> bool:
    return reverse("games:undo", args=[game.pk]) in page(client, user, game)


def play(game, user, move):
    """A person's move, then the bots' replies (run when the move's transaction commits)."""
    with committed():
        services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    return game


def take_back(client, user, game):
    client.force_login(user)
    with committed():
        response = client.post(reverse("games:undo", args=[game.pk]), {"version": str(game.version)},
                               HTTP_HX_REQUEST="true")
    game.refresh_from_db()
    return response


# --- the nim test game (nothing hidden): one person, one bot ----------------------------------------------


def nim_against_a_bot(name, *, people=()):
    ann = make_user(name)
    seats = [SeatSpec("me")] + [SeatSpec("invite", username=u.username) for u in people]
    with committed():
        game = services.game_create(creator=ann, game_type="nim", options={"pile": "21", "last": "wins"},
                                    seats=seats + [SeatSpec("bot", bot_level="random")])
        for user in people:
            services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seats.get(index=len(people) + 1).kind == Seat.Kind.BOT
    return ann, game


def test_a_take_back_undoes_the_move_and_the_bots_reply_together(client):
    ann, game = nim_against_a_bot("nb_ann")
    before, version = game.state, game.version
    game = play(game, ann, {"type": "take", "n": 1})
    own, reply = Move.objects.get(game=game, seq=version + 1), Move.objects.get(game=game, seq=version + 2)
    assert (own.seat, reply.seat, reply.by_bot) == (0, 1, "random") and game.version == version + 2
    assert own.acting_before == [] and reply.reveals_nothing_to == [0]  # nim hides nothing
    assert "Take back my last move and the bots’ replies" in unescape(page(client, ann, game)).replace("'", "’")

    response = take_back(client, ann, game)
    assert response.status_code == 200
    assert game.state == before and game.version == version + 3  # the bot did not move again: it is ann's turn
    rows = list(Move.objects.filter(game=game, seq__gt=version).order_by("seq"))
    assert [(r.seq, r.taken_back, r.undone_at is not None) for r in rows[:2]] == [
        (version + 1, True, True), (version + 2, True, True)]
    assert rows[2].kind == "undo" and rows[2].payload == {"type": "undo", "seq": version + 1, "last": version + 2}
    html = unescape(response.content.decode()).replace("'", "’")
    assert f"took back their move {version + 1} and the bots’ replies to it (up to move {version + 2})" in html
    assert "(taken back)" in html
    _engine, replayed = replay_final_state(game)
    assert registry.get("nim").dump(replayed) == game.state  # verify_games agrees
    assert not offered(client, ann, game)  # the last row is the take-back itself

    # The same move again: the bot replies again, and the take-back is offered again.
    game = play(game, ann, {"type": "take", "n": 1})
    assert game.version == version + 5 and offered(client, ann, game)


def test_the_undo_line_is_french_too(client):
    ann, game = nim_against_a_bot("nb_fr")
    version = game.version
    game = play(game, ann, {"type": "take", "n": 2})
    take_back(client, ann, game)
    client.force_login(ann)
    html = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"a repris son coup {version + 1} et les réponses des bots (jusqu’au coup {version + 2})" in html


def test_a_take_back_through_the_api_with_a_bots_reply(client):
    ann, game = nim_against_a_bot("nb_api")
    before = game.state
    game = play(game, ann, {"type": "take", "n": 3})
    api = APIClient()
    api.force_authenticate(ann)
    with committed():
        response = api.post(f"/api/games/{game.pk}/undo/", {"version": game.version}, format="json")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state == before


def test_no_take_back_once_a_person_acted_after_the_bot(client):
    bob = make_user("nb_p2")
    ann, game = nim_against_a_bot("nb_p1", people=[bob])
    game = play(game, ann, {"type": "take", "n": 1})  # ann (seat 0), then bob (seat 1) owes: no bot replied
    assert offered(client, ann, game)  # nobody else since: her plain undo
    game = play(game, bob, {"type": "take", "n": 1})  # bob, then the bot (seat 2) replies
    assert Move.objects.get(game=game, seq=game.version).by_bot == "random"
    assert offered(client, bob, game) and not offered(client, ann, game)  # a person (bob) moved after ann
    with pytest.raises(services.NotAllowed):
        services.move_undo(game_id=game.pk, user=ann, expected_version=game.version)


def test_a_bot_holding_a_secret_replies_with_no_take_back(client):
    """Race: each seat holds a secret card. Its bot's "add 2" shows nothing new on the board, yet a bot that
    weighs its card (any level may) tells something by its choice: never taken back with it."""
    ann = make_user("rb_ann")
    with committed():
        game = race_game(ann, bots=("random",), target="15")
    game.refresh_from_db()
    version = game.version
    game = play(game, ann, {"type": "add", "n": 1})
    reply = Move.objects.get(game=game, seq=version + 2)
    assert reply.by_bot == "random" and reply.reveals_nothing_to == []
    assert Move.objects.get(game=game, seq=version + 1).reveals_nothing  # her move alone hid nothing
    assert not offered(client, ann, game)
    with pytest.raises(services.NotAllowed):
        services.move_undo(game_id=game.pk, user=ann, expected_version=game.version)


# --- the rule itself, on rows: what refuses ------------------------------------------------------------------


def rows(*specs, version=None):
    out = [SimpleNamespace(seq=i + 1, kind=s.get("kind", "move"), undone_at=None, seat=s["seat"],
                           by_bot=s.get("bot", ""), by_user_id=s.get("user"), reveals_nothing=s.get("rn", False),
                           acting_before=s.get("ab"), reveals_nothing_to=s.get("rnt"))
           for i, s in enumerate(specs)]
    game = SimpleNamespace(status=Game.Status.ACTIVE, version=version or len(out))
    return game, out


ME = SimpleNamespace(index=0, user_id=7, kind=Seat.Kind.HUMAN, played_by_bot="", resigned=False, forfeited=False)
MINE = {"seat": 0, "user": 7, "rn": True, "ab": []}
REPLY = {"seat": 1, "bot": "greedy", "rnt": [0]}


@pytest.mark.parametrize("case, specs, expected", [
    ("the move alone", [MINE], 1),
    ("two bots' replies", [MINE, REPLY, {**REPLY, "seat": 2}], 3),
    ("a reply showed me something", [MINE, {**REPLY, "rnt": []}], None),
    ("a bot standing in for a person (no check kept)", [MINE, {**REPLY, "rnt": None}], None),
    ("the bot could act before my move", [{**MINE, "ab": [1]}, REPLY], None),
    ("an old row: who could act is unknown", [{**MINE, "ab": None}, REPLY], None),
    ("my move showed me something", [{**MINE, "rn": False}, REPLY], None),
    ("a person's move since", [MINE, {"seat": 1, "user": 8, "rn": True, "ab": []}], None),
    ("a platform event since", [MINE, REPLY, {"seat": None, "kind": "timeout"}], None),
    ("my move, made by a bot standing in", [{**MINE, "user": None, "bot": "greedy"}, REPLY], None),
])
def test_which_rows_a_take_back_undoes(case, specs, expected):
    game, newest = rows(*specs)
    found = undo.undoable_moves(game, ME, newest)
    assert (len(found) if found else None) == expected, case
    if found:
        assert found[0] is newest[0] and found == newest  # the own move first, every reply after it


def test_rows_missing_from_the_window_refuse():
    game, newest = rows(MINE, REPLY, REPLY)
    assert undo.undoable_moves(game, ME, [newest[0], newest[2]]) is None  # a gap
    game.version = 4
    assert undo.undoable_moves(game, ME, newest) is None  # not the game's last row


# --- La Città against two bots: whole games, every take-back offered is checked -----------------------------


def observer_witness(engine, before, observer, mover, move, applied) -> bool:
    """Did the bot's move show ``observer`` something? More positions than the platform tries, other seeds."""
    return reveal.reveals_to(engine, before, observer, mover, move, applied, seed=WITNESS_SEED,
                             samples=WITNESS_SAMPLES)


def check_replies_against_witness(engine, game, since: int, observer: int):
    """Every bot row after ``since`` that the platform says showed ``observer`` nothing, the witness agrees."""
    checked = 0
    for row in Move.objects.filter(game=game, seq__gt=since, undone_at__isnull=True).order_by("seq"):
        if not row.by_bot or row.kind != "move" or observer not in (row.reveals_nothing_to or []):
            continue
        before = engine.load(replay_state_at(game, row.seq - 1))
        applied = engine.apply(before, row.seat, row.payload)
        assert not observer_witness(engine, before, observer, row.seat, row.payload, applied), row.payload
        checked += 1
    return checked


def replay_state_at(game, seq: int) -> dict:
    engine, state = replay_final_state(game, upto=seq)
    return engine.dump(state)


def bot_game(game_type, options, user, bots_level, n_bots, seed=29):
    """Dealt from a fixed seed: the tests' counts (replies seen, take-backs refused) are the same every run."""
    with committed(), mock.patch("play.models.secrets.randbits", return_value=seed):
        game = services.game_create(creator=user, game_type=game_type, options=options,
                                    seats=[SeatSpec("me")] + [SeatSpec("bot", bot_level=bots_level)] * n_bots)
    game.refresh_from_db()
    return game


@pytest.mark.timeout(900)
def test_la_citta_against_bots_takes_back_the_replies_that_showed_nothing(client):
    engine = registry.get("lacitta")
    ann = make_user("lc_undo_ann")
    game = bot_game("lacitta", {"edition": "modern", "expansion": "none", "setup": "beginner"}, ann, "greedy", 2)
    rng = random.Random(29)
    outcomes = {"with_replies": 0, "alone": 0, "refused": 0}
    witnessed = 0
    for _ in range(60):
        if game.status != Game.Status.ACTIVE:
            break
        state = engine.load(game.state)
        if 0 not in engine.pending(state):
            break
        move = rng.choice(engine.legal_moves(state, 0))
        before, version = game.state, game.version
        game = play(game, ann, move)
        if game.status != Game.Status.ACTIVE:
            break
        witnessed += check_replies_against_witness(engine, game, version, 0)
        rows_after = game.version - version
        can = offered(client, ann, game)
        newest = list(Move.objects.filter(game=game).order_by("-seq")[:undo.ROWS_READ])[::-1]
        assert can == (undo.undoable_moves(game, game.seats.get(index=0), newest) is not None)
        if not can:
            outcomes["refused"] += 1
            with pytest.raises(services.NotAllowed):
                services.move_undo(game_id=game.pk, user=ann, expected_version=game.version)
            continue
        outcomes["with_replies" if rows_after > 1 else "alone"] += 1
        assert take_back(client, ann, game).status_code == 200
        assert game.state == before  # exactly the position before the move: its replies are gone too
        assert 0 in engine.pending(engine.load(game.state))
        game = play(game, ann, move)  # the same move again: the bots reply as before (seeded by version)
        assert game.version > version + rows_after + 1  # (the bots may answer otherwise: their seed is the version)
    assert outcomes["with_replies"] >= 3, outcomes
    assert witnessed >= 3


def test_infinite_city_a_bots_tile_from_its_hand_is_never_taken_back(client):
    engine = registry.get("infinitecity")
    ann = make_user("ic_undo_ann")
    game = bot_game("infinitecity", {"marks": "known-only"}, ann, "random", 1)
    rng = random.Random(29)
    refused = 0
    for _ in range(6):
        state = engine.load(game.state)
        if game.status != Game.Status.ACTIVE or 0 not in engine.pending(state):
            break
        version = game.version
        game = play(game, ann, rng.choice(engine.legal_moves(state, 0)))
        replies = list(Move.objects.filter(game=game, seq__gt=version, by_bot="random").order_by("seq"))
        for row in replies:  # the bot's hand is its secret: no reply of it shows the person nothing
            assert row.reveals_nothing_to == [], row.payload
        if replies:
            assert not offered(client, ann, game)
            with pytest.raises(services.NotAllowed):
                services.move_undo(game_id=game.pk, user=ann, expected_version=game.version)
            refused += 1
    assert refused >= 1


def one_choice(decision) -> bool:
    return bool(decision) and decision["kind"] == "voice_choice" and len(decision["cities"]) == 1


def test_a_bots_secret_choice_made_at_the_same_time_is_never_taken_back_with_mine(client):
    """La Città, 2–2 choices at once (R50): the person chooses first, the bot (already choosing at the same time)
    after; the bot's choice shows on the board only when everyone has chosen. Taking back both would let the
    person choose again knowing the bot's choice: the bot could act before the person's move, so no take-back.
    Each seat holds one city's choice: with two, the bot's last choice shows the person its first (hidden until
    all are in), which refuses the take-back on its own. The games are dealt from fixed seeds."""
    engine = registry.get("lacitta")
    options = {"edition": "modern", "expansion": "none", "setup": "beginner", "voice_tie": "at_once"}
    for attempt in range(20):
        ann = make_user(f"lc_at_once{attempt}")
        with mock.patch("play.models.secrets.randbits", return_value=9100 + attempt):
            game = services.game_create(creator=ann, game_type="lacitta", options=options,
                                        seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
        # (no committed(): the bot's task does not run; this test moves the bot seat itself)
        rng = random.Random(attempt)
        for _ in range(3000):
            game.refresh_from_db()
            state = engine.load(game.state)
            pending = engine.pending(state)
            if game.status != Game.Status.ACTIVE or {0, 1} <= pending and all(
                    one_choice(engine.view(state, s).get("decision")) for s in (0, 1)):
                break
            seat = rng.choice(sorted(pending))
            move = rng.choice(engine.legal_moves(state, seat))
            services.move_apply(game_id=game.pk, user=ann if seat == 0 else None, seat_index=seat,
                                bot_level="" if seat == 0 else "random", move=move, expected_version=game.version)
        if game.status == Game.Status.ACTIVE:
            break
    else:
        pytest.fail("no 2–2 choice at once was reached")
    while 0 in engine.pending(state):  # the person's choice
        game = services.move_apply(game_id=game.pk, user=ann, move=rng.choice(engine.legal_moves(state, 0)),
                                   expected_version=game.version)
        state = engine.load(game.state)
    own = Move.objects.get(game=game, seq=game.version)
    assert 1 in own.acting_before  # the bot was choosing too
    assert one_choice(engine.view(state, 1).get("decision"))
    game = services.move_apply(game_id=game.pk, seat_index=1, bot_level="random",  # the bot's one choice
                               move=rng.choice(engine.legal_moves(state, 1)), expected_version=game.version)
    assert game.version > own.seq
    replies = list(Move.objects.filter(game=game, seq__gt=own.seq))
    # Everything else would allow it: only "the bot could act before" refuses.
    assert own.reveals_nothing and all(0 in r.reveals_nothing_to for r in replies), [
        (r.payload, r.reveals_nothing_to) for r in replies]
    assert not offered(client, ann, game)
    with pytest.raises(services.NotAllowed):
        services.move_undo(game_id=game.pk, user=ann, expected_version=game.version)
