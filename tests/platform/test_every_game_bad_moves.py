"""Malformed moves for every registered game (the ground rule: bad input is a 4xx with a message and changes
nothing, never a 500), through the game page's move form and the API.

Each game is played a few moves in by its bots, then the legal moves of the seat to move are bent one field at a
time: a field of the wrong type (text, a list, an object, a fraction, a boolean, null), a number out of any range,
a field missing, a field the game does not know, and the same inside list fields (the squares of a plan, the
goods of a bundle). A bent move the engine still finds legal may land (it is taken back after); any other is
refused with a reason, and the game is as it was."""

from __future__ import annotations

import json

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from play import bots, registry, services
from play.models import Game, Move
from players import tokens
from tests.platform.factories import make_user
from tests.platform.test_hidden_whole_games import mover, players_for, started

pytestmark = pytest.mark.django_db

BENT = [None, True, -1, 10**12, 1.5, "x", "", [], {}, [[[]]], {"type": "x"}]
PLAYED = 8  # bot moves before bending: past the opening's special cases
MOVES_BENT = 2  # legal moves of the seat to move whose fields are bent


def bent(move: dict):
    """Each way of bending one field of a legal move (and one element of a list field)."""
    for key, value in move.items():
        for wrong in BENT:
            yield {**move, key: wrong}
        rest = dict(move)
        del rest[key]
        yield rest
        if isinstance(value, list) and value:
            for wrong in BENT:
                yield {**move, key: [wrong, *value[1:]]}
            yield {**move, key: value + value}  # the same element twice, one too many
        if isinstance(value, dict) and value:
            first = next(iter(value))
            for wrong in BENT:
                yield {**move, key: {**value, first: wrong}}
    yield {**move, "unknown_field": 1}
    yield {"type": move.get("type", "x")}


def _last(game: Game) -> int:
    return Move.objects.filter(game=game).order_by("-pk").values_list("pk", flat=True).first() or 0


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("slug", sorted(d.slug for d in registry.definitions()))
def test_a_bent_move_is_refused_with_a_reason_and_changes_nothing(slug, settings):
    settings.RATELIMIT_ENABLE = False
    definition = registry.definition(slug)
    engine = definition.engine
    level = "greedy" if "greedy" in definition.bot_levels else "random"
    users = [make_user(f"bent{slug[:8]}{i}") for i in range(players_for(engine))]
    game = started(definition, users)
    for n in range(PLAYED):  # (short test games: never the move that ends the game)
        state = engine.load(game.state)
        seat = mover(engine, state)
        move = bots.choose_move(slug, level, engine, state, seat, seed=31_000 + n)
        if engine.is_over(engine.apply(engine.load(game.state), seat, move).state):
            break
        game = services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
    state = engine.load(game.state)
    seat = mover(engine, state)
    page = Client(raise_request_exception=False)
    page.force_login(users[seat])
    key = tokens.token_create(user=users[seat], name="t", scopes=["read", "play"])[1]
    api = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Bearer {key}")
    legal = engine.legal_moves(state, seat)
    # Some legal moves as listed (a move with ranges lists them: kit.params) and one a bot made concrete.
    chosen = bots.choose_move(slug, "random", engine, state, seat, seed=32_000)
    failures, refused = [], 0
    for move in [*legal[:: max(1, len(legal) // MOVES_BENT)][:MOVES_BENT], chosen]:
        for wrong in bent(move):
            for where, send in (
                ("page", lambda m: page.post(reverse("games:move", args=[game.pk]),
                                             {"version": str(game.version), "move": json.dumps(m)},
                                             HTTP_HX_REQUEST="true")),
                ("api", lambda m: api.post(f"/api/games/{game.pk}/moves/",
                                           json.dumps({"version": game.version, "move": m}),
                                           content_type="application/json")),
            ):
                last = _last(game)
                with transaction.atomic():  # a bent move the engine still finds legal is taken back after
                    response = send(wrong)
                    if response.status_code >= 500:
                        failures.append(f"{where} {wrong} → {response.status_code}")
                    elif response.status_code >= 400:
                        refused += 1
                        now = Game.objects.get(pk=game.pk)
                        if not response.content.strip():
                            failures.append(f"{where} {wrong} → {response.status_code} without a reason")
                        if (now.version, now.state, _last(game)) != (game.version, game.state, last):
                            failures.append(f"{where} {wrong} → {response.status_code} but the game changed")
                    transaction.set_rollback(True)
    assert not failures, f"{slug}: " + "\n".join(failures[:20])
    assert refused > 20, f"{slug}: only {refused} bent moves refused: the test bent nothing"
