"""A player takes back their own last move (issue 13 "Undo", DESIGN "Taking moves back"):
offered only while nobody else has acted since and the move revealed nothing hidden; through
``services.move_undo``; the log keeps the move, marked as taken back; pages (htmx or not) and
the API. Random La Città games try it after moves of every type."""

import json
import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from kit import params
from play import registry, services, undo
from play.models import Game, Move
from play.replay import replay_final_state
from play.services import SeatSpec
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user
from tests.platform.undo_checks import try_undo

pytestmark = pytest.mark.django_db

# Log lines that say something hidden came to light: a move that writes one is never undoable.
REVEALING_KEYS = {"lacitta.peek_seen", "lacitta.row_refilled", "lacitta.politics_reshuffled",
                  "lacitta.voice_drawn", "lacitta.voice_revealed", "lacitta.pass"}
OPTION_SETS = [
    ({"edition": "classic", "expansion": "none", "setup": "advanced"}, 2),
    ({"edition": "modern", "expansion": "cocagne", "setup": "advanced"}, 3),
    ({"edition": "modern", "expansion": "none", "setup": "beginner"}, 4),
]
UNDO_TRIES_PER_TYPE = 3
# Every move type is played; these are the ones that never reveal anything by themselves, so an
# undo of each must have happened over the run (pass and politics cards draw from a deck).
UNDOABLE_TYPES = {"take_gold", "found", "build", "place_castle", "demolish", "feeding_loss", "voice_choice",
                  "relodge_done"}
ALL_TYPES = UNDOABLE_TYPES | {"pass", "politics"}


def undo_button(client, user, game) -> bool:
    client.force_login(user)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    return reverse("games:undo", args=[game.pk]) in html


def check_undo(client, game, user, seat, before_state, move):
    """The move just made by ``user`` is undoable: the button is there (for them only), the undo
    restores the position exactly, and the same move made again gives the same position."""
    game.refresh_from_db()
    after_state, version = game.state, game.version
    others = [s.user for s in game.seats.all() if s.index != seat]
    assert undo_button(client, user, game)
    assert not any(undo_button(client, other, game) for other in others)
    client.force_login(user)
    response = client.post(reverse("games:undo", args=[game.pk]), {"version": str(version)},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Replace-Url"] == reverse("games:detail", args=[game.pk])
    game.refresh_from_db()
    assert game.state == before_state and game.version == version + 1
    row = Move.objects.get(game=game, seq=version)
    assert row.taken_back and row.undone_at is not None and row.payload == move
    event = Move.objects.get(game=game, seq=version + 1)
    assert event.kind == "undo" and event.payload["seq"] == version
    html = response.content.decode()
    assert "(taken back)" in html and "took back their move" in html
    assert seat in ENGINE.pending(ENGINE.load(game.state))
    assert not undo_button(client, user, game)  # one step only: the last row is the undo now
    _engine, replayed = replay_final_state(game)
    assert ENGINE.dump(replayed) == game.state  # verify_games still agrees
    services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    assert game.state == after_state


def check_refused(client, game, user):
    assert not undo_button(client, user, game)
    with pytest.raises(services.NotAllowed):
        services.move_undo(game_id=game.pk, user=user, expected_version=game.version)


@pytest.mark.slow
def test_undo_after_every_move_type_in_random_games(client):
    tried: dict[str, int] = {}
    undone, refused = set(), set()
    for options, players in OPTION_SETS:
        tag = "".join(v[0] for v in options.values())
        users = [make_user(f"u{tag}{i}") for i in range(players)]
        game = lacitta_game(users, options=options, seed=7)
        by_seat = {s.index: s.user for s in game.seats.all()}
        rng = random.Random(7)
        while game.status == Game.Status.ACTIVE:
            state = ENGINE.load(game.state)
            seat = rng.choice(sorted(ENGINE.pending(state)))
            move = rng.choice(ENGINE.legal_moves(state, seat))
            before = game.state
            game = services.move_apply(game_id=game.pk, user=by_seat[seat], move=move, expected_version=game.version)
            row = Move.objects.get(game=game, seq=game.version)
            # (a line only the mover reads is their own secret, e.g. a 2–2 choice: not a revelation)
            if any(e["key"] in REVEALING_KEYS or e.get("visible_to", [seat]) != [seat] for e in row.log):
                assert not row.reveals_nothing, (move, row.log)
            kind = move["type"]
            if tried.get(kind, 0) >= UNDO_TRIES_PER_TYPE or game.status != Game.Status.ACTIVE:
                continue
            tried[kind] = tried.get(kind, 0) + 1
            if row.reveals_nothing:
                check_undo(client, game, by_seat[seat], seat, before, move)
                undone.add(kind)
            else:
                check_refused(client, game, by_seat[seat])
                refused.add(kind)
            game.refresh_from_db()
    assert set(tried) == ALL_TYPES, ALL_TYPES - set(tried)
    assert UNDOABLE_TYPES <= undone, UNDOABLE_TYPES - undone
    assert {"pass", "politics"} <= refused


def two_player_game(prefix):
    users = [make_user(f"{prefix}a"), make_user(f"{prefix}b")]
    game = lacitta_game(users)
    seat = min(ENGINE.pending(ENGINE.load(game.state)))
    me = game.seats.get(index=seat).user
    other = game.seats.exclude(index=seat).get().user
    return game, me, other


def test_no_undo_once_another_seat_has_moved(client):
    game, me, other = two_player_game("om")
    game = services.move_apply(game_id=game.pk, user=me, move={"type": "take_gold"}, expected_version=game.version)
    assert undo_button(client, me, game)
    game = services.move_apply(game_id=game.pk, user=other, move={"type": "take_gold"},
                               expected_version=game.version)
    assert Move.objects.get(game=game, seq=game.version).reveals_nothing  # only who moved last matters
    check_refused(client, game, me)


def test_undo_without_htmx_redirects_and_stale_undo_is_409(client):
    game, me, _other = two_player_game("nh")
    game = services.move_apply(game_id=game.pk, user=me, move={"type": "take_gold"}, expected_version=game.version)
    client.force_login(me)
    url = reverse("games:undo", args=[game.pk])
    stale = client.post(url, {"version": str(game.version - 1)})
    assert stale.status_code == 409 and "Someone moved first" in stale.content.decode()
    bad = client.post(url, {"version": "x"})
    assert bad.status_code == 400
    response = client.post(url, {"version": str(game.version)})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:detail", args=[game.pk]) + "#move-panel"
    assert Move.objects.get(game=game, seq=game.version).taken_back


def test_undo_of_a_game_one_may_not_see_answers_as_for_no_game(client):
    game, me, _other = two_player_game("pv")
    Game.objects.filter(pk=game.pk).update(is_private=True)
    game = services.move_apply(game_id=game.pk, user=me, move={"type": "take_gold"}, expected_version=game.version)
    client.force_login(make_user("outsider"))
    hidden = client.post(reverse("games:undo", args=[game.pk]), {"version": str(game.version)})
    missing = client.post(reverse("games:undo", args=[999999]), {"version": "1"})
    assert hidden.status_code == missing.status_code == 404
    assert not Move.objects.get(game=game, seq=game.version).undone_at


def test_undo_through_the_api(client):
    game, me, other = two_player_game("ap")
    game = services.move_apply(game_id=game.pk, user=me, move={"type": "take_gold"}, expected_version=game.version)
    api = APIClient()
    api.force_authenticate(other)
    url = f"/api/games/{game.pk}/undo/"
    assert api.post(url, {"version": game.version}, format="json").status_code == 403  # not their move
    api.force_authenticate(me)
    assert api.post(url, {}, format="json").status_code == 400
    response = api.post(url, {"version": game.version}, format="json")
    assert response.status_code == 200 and response.json()["version"] == game.version + 1
    game.refresh_from_db()
    log = api.get(f"/api/games/{game.pk}/log/").json()
    assert log[-1]["kind"] == "undo" and "took back their move" in json.dumps(log[-1]["text"])


def test_undo_gives_back_the_increment_and_charges_nobody(client):
    """Taking back and replaying a move must not earn clock time; the seat that was to move next
    stops owing without its clock charged or credited."""
    from play.models import Seat

    game, me, other = two_player_game("ck")
    mine = Seat.objects.get(game=game, user=me)
    bank_before = mine.bank_seconds
    game = services.move_apply(game_id=game.pk, user=me, move={"type": "take_gold"}, expected_version=game.version)
    mine.refresh_from_db()
    theirs = Seat.objects.get(game=game, user=other)
    assert theirs.owes_move and mine.bank_seconds > bank_before - 60  # the increment was added
    their_bank = theirs.bank_seconds
    services.move_undo(game_id=game.pk, user=me, expected_version=game.version)
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.owes_move and mine.deadline is not None
    assert bank_before - 60 <= mine.bank_seconds <= bank_before  # only the seconds spent thinking are gone
    assert not theirs.owes_move and theirs.deadline is None and theirs.bank_seconds == their_bank


def open_choice_seats(state) -> list[int]:
    """The seats still owing a 2–2 choice at once whose two services take from different cities."""
    return sorted({owner for _cid, owner, _opts in state.choice_open}) if state.phase == "choice" else []


def test_R50_2_2_at_once_the_last_chooser_sees_every_choice_and_cannot_take_its_own_back(client):
    """Issue 26 point 1: with 2–2 choices at once, the last seat to choose sees every other choice the moment
    its own comes in; its move was stored as "reveals nothing" (the page offered undo, the API took it) and it
    could choose again knowing them (failed before: row.reveals_nothing was True). The earlier choosers' moves
    showed them nothing and stay undoable."""
    options = {"edition": "modern", "expansion": "none", "setup": "beginner", "voice_tie": "at_once"}
    users = [make_user(f"tt{i}") for i in range(3)]
    game = lacitta_game(users, options=options, seed=4000)
    by_seat = {s.index: s.user for s in game.seats.all()}
    rng = random.Random(4000)
    while True:  # random legal moves until two seats or more owe a 2–2 choice that matters
        state = ENGINE.load(game.state)
        if len(open_choice_seats(state)) >= 2:
            break
        assert game.status == Game.Status.ACTIVE, "no 2–2 choice between several seats in this game"
        seat = rng.choice(sorted(ENGINE.pending(state)))
        game = services.move_apply(game_id=game.pk, user=by_seat[seat], move=rng.choice(ENGINE.legal_moves(
            state, seat)), expected_version=game.version)
    while len(open_choice_seats(state)) > 1:  # every chooser but the last: undone, then chosen again
        seat = open_choice_seats(state)[0]
        while seat in open_choice_seats(state) and len(open_choice_seats(state)) > 1:
            move = ENGINE.legal_moves(state, seat)[0]
            before = game.state
            game = services.move_apply(game_id=game.pk, user=by_seat[seat], move=move, expected_version=game.version)
            assert Move.objects.get(game=game, seq=game.version).reveals_nothing
            check_undo(client, game, by_seat[seat], seat, before, move)
            game.refresh_from_db()
            state = ENGINE.load(game.state)
    last = open_choice_seats(state)[0]
    hidden = {(c["seat"], c["city"]) for c in ENGINE.view(state, last)["voice"]["choices"]}
    while last in open_choice_seats(state):
        game = services.move_apply(game_id=game.pk, user=by_seat[last], move=ENGINE.legal_moves(state, last)[0],
                                   expected_version=game.version)
        game.refresh_from_db()
        state = ENGINE.load(game.state)
    shown = {(c["seat"], c["city"]) for c in ENGINE.view(state, last)["voice"]["choices"]} - hidden
    assert any(seat != last for seat, _city in shown)  # the others' choices are in its view now
    assert not Move.objects.get(game=game, seq=game.version).reveals_nothing
    check_refused(client, game, by_seat[last])
    api = APIClient()
    api.force_authenticate(by_seat[last])
    refused = api.post(f"/api/games/{game.pk}/undo/", {"version": game.version}, format="json")
    assert refused.status_code == 403
    assert Game.objects.get(pk=game.pk).version == game.version


@pytest.mark.timeout(1800)  # a whole game per registered game, undo tried after every move
@pytest.mark.parametrize("game_type", sorted(e.slug for e in registry.available()))
def test_every_game_tries_undo_after_every_move(client, game_type):
    """Issue 26 point 1, for every registered game: after every move of a random whole game, undo is tried; it
    is refused (page button, page form, API) whenever the move showed its mover something they could not have
    known, and otherwise, when offered, takes the move back exactly and lets it be made again."""
    engine = registry.get(game_type)
    options = engine.validate_options({}, engine.min_players)
    users = [make_user(f"ev{game_type[:6]}{i}") for i in range(engine.min_players)]
    game = services.game_create(creator=users[0], game_type=game_type, options=options,
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]])
    if game.status != Game.Status.ACTIVE:  # a one-seat game starts at once: its state is drawn from its own seed
        Game.objects.filter(pk=game.pk).update(seed=26)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game = Game.objects.get(pk=game.pk)
    by_seat = {s.index: s.user for s in game.seats.all()}
    rng = random.Random(26)
    outcomes = {"refused": 0, "undone": 0}
    traded = 0  # moves that changed another seat's part (issue 42: never the mover's alone to take back)
    while game.status == Game.Status.ACTIVE:
        state = engine.load(game.state)
        seat = rng.choice(sorted(engine.pending(state)))
        legal = rng.choice(engine.legal_moves(state, seat))
        move = params.concrete(engine, state, seat, legal, rng)  # the engine's sample_move when it has one
        before, version = game.state, game.version
        game = services.move_apply(game_id=game.pk, user=by_seat[seat], move=move, expected_version=game.version)
        if game.status != Game.Status.ACTIVE:
            break
        if engine.private_step(state, seat, move) if hasattr(engine, "private_step") else False:
            assert game.version == version  # a private step (issue 39.5): no row to take back; its game's own undo
            continue
        alone = undo.changes_only_own(engine, engine.load(before), seat, engine.load(game.state), len(users))
        traded += not alone
        game, outcome = try_undo(client, game, by_seat[seat], seat, before, move)
        outcomes[outcome] += 1
        assert alone or outcome == "refused", move
    assert game.status == Game.Status.FINISHED
    if getattr(engine, "scramble_unknown", None) is None:
        assert outcomes["undone"] == 0, outcomes
    elif getattr(engine, "nothing_hidden", False):  # nothing to reveal: every move its mover's alone may go back
        assert outcomes["refused"] == traded and outcomes["undone"] > 0, (outcomes, traded)
    # (else each move's outcome was checked by try_undo; a game may reveal at every move, as patience's draws)
