"""No view, page or API answer carries the RNG (issue 40): the RNG's state is the future of every draw, which
no seat may know. Over the registry, a game's first moves are played by its bot, and at each every seat's and a
spectator's view (the engine's), game page, poll and API answers are searched for the state's RNG values (every
``rng`` field of the dump) and the game's seed, and the views for a field named ``rng`` or ``seed``."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from play import bots, registry, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import make_user
from tests.platform.test_hidden_whole_games import mover, options_for, players_for

pytestmark = pytest.mark.django_db

SEED = 0x5EED_C0FFEE_1234  # a number no page shows by chance
MOVES = 8
SECRET_KEYS = ("rng", "seed")


def secrets_in(node, found: set) -> set:
    """Every int under a key named ``rng`` or ``seed``, anywhere in a dump."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in SECRET_KEYS and isinstance(value, int) and not isinstance(value, bool):
                found.add(value)
            secrets_in(value, found)
    elif isinstance(node, list):
        for value in node:
            secrets_in(value, found)
    return found


def keys_named(node, path="") -> list[str]:
    if isinstance(node, dict):
        return [p for k, v in node.items()
                for p in ([f"{path}.{k}"] if k in SECRET_KEYS else []) + keys_named(v, f"{path}.{k}")]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in keys_named(v, f"{path}[{i}]")]
    return []


@pytest.mark.parametrize("slug", sorted(d.slug for d in registry.definitions()))
def test_no_view_page_or_api_answer_carries_the_rng(slug):
    definition = registry.definition(slug)
    engine = definition.engine
    users = [make_user(f"rng{slug[:8]}{i}") for i in range(players_for(engine))]
    game = services.game_create(creator=users[0], game_type=slug, options=options_for(definition, len(users)),
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]])
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game = Game.objects.get(pk=game.pk)
    clients = {}
    for viewer, user in [*enumerate(users), (None, make_user(f"rngwatch{slug[:8]}"))]:
        clients[viewer] = Client()
        clients[viewer].force_login(user)
    read = 0
    for moves in range(MOVES):
        if game.status != Game.Status.ACTIVE:
            break
        state = engine.load(game.state)
        secrets = {str(value) for value in secrets_in(game.state, {SEED}) if value > 10**6}
        for viewer, client in clients.items():
            view = engine.view(state, viewer)
            assert not keys_named(view), f"{slug} move {moves}: viewer {viewer}'s view has {keys_named(view)}"
            texts = {"view": json.dumps(view)}
            for url in (reverse("games:detail", args=[game.pk]), f"{reverse('games:poll', args=[game.pk])}?v=0",
                        f"/api/games/{game.pk}/", f"/api/games/{game.pk}/log/"):
                response = client.get(url)
                assert response.status_code == 200, (slug, viewer, url, response.status_code)
                texts[url] = response.content.decode()
            for where, text in texts.items():
                shown = [s for s in secrets if s in text]
                assert not shown, f"{slug} move {moves}: {where} for viewer {viewer} carries the RNG {shown}"
                read += 1
        seat = mover(engine, state)
        move = bots.choose_move(slug, "random", engine, state, seat, seed=moves)
        game = services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
    assert read > 0
