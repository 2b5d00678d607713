"""Screenshots of Small City Deluxe (docs/screenshots/smallcity-*.png).

Run with the demo site up (`make run` in another terminal), from the project root:
    .venv/bin/python scripts/screenshots_smallcity.py
(SITE=http://127.0.0.1:8111 for a site on another port). It plays games between demo, rival and a bot in the
site's database (the greedy bot's moves for the people, fixed seeds) and photographs demo's page: a building
being placed in Phase 2 (its squares tapped one by one), at desktop size and at 390×844; a solo game and a
3-player game at their final scores."""

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from django.contrib.auth import get_user_model
from screenshots import shoot  # sets Django up, before the models are imported

from play import bots, registry, services
from play.models import Game
from play.services import SeatSpec

ENGINE = registry.get("smallcity")


def sc_game(seed: int, *, players: int = 3, options=None, until=None) -> Game:
    """demo (and rival and a random bot): the greedy bot's moves for the people until ``until(state)``
    holds while demo owes a move (None: to the end). The bot plays on its own (Celery runs eagerly)."""
    User = get_user_model()
    demo, rival = User.objects.get(username="demo"), User.objects.get(username="rival")
    seats = [SeatSpec("me")] + ([SeatSpec("open"), SeatSpec("bot", bot_level="random")] if players == 3 else [])
    game = services.game_create(creator=demo, game_type="smallcity", options=options or {}, seats=seats)
    if players == 3:
        services.game_join(game_id=game.pk, user=rival)
    users = {0: demo, 1: rival}
    rng = random.Random(seed)
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        state = ENGINE.load(game.state)
        owing = sorted(s for s in ENGINE.pending(state) if s in users)
        if until is not None and 0 in owing and until(state):
            return game
        seat = owing[0]
        move = bots.choose_move("smallcity", "greedy", ENGINE, state, seat, seed=rng.randrange(10**6))
        services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)


def building_step(game: Game) -> str:
    """A Residential zone of level 2 chosen, one square tapped: the next squares highlighted."""
    state = ENGINE.load(game.state)
    legal = ENGINE.legal_moves(state, 0)
    build = next((m for m in legal if m["type"] == "build" and m["kind"] == "residential" and m["level"] == 2),
                 next(m for m in legal if m["type"] == "build" and m["level"] >= 2))
    move = ENGINE.sample_move(state, 0, build, random.Random(1))
    partial = {"type": "build", "kind": build["kind"], "level": build["level"], "_r": {"squares": move["squares"][:1]}}
    return "?m=" + json.dumps(partial, separators=(",", ":"), sort_keys=True)


if __name__ == "__main__":
    mid = sc_game(5, until=lambda s: s.phase == "plan" and s.step["plans"].get("0") and any(
        m["type"] == "build" and m["level"] >= 2 for m in ENGINE.legal_moves(s, 0)))
    step = building_step(mid)
    shoot(mid, "docs/screenshots/smallcity-desktop.png", width=1280, height=800, query=step)
    shoot(mid, "docs/screenshots/smallcity-phone.png", width=390, height=844, query=step, phone=True)
    end = sc_game(6)
    shoot(end, "docs/screenshots/smallcity-end.png", width=1280, height=800)
    solo = sc_game(7, players=1, options={"difficulty": "mayor"})
    shoot(solo, "docs/screenshots/smallcity-solo-end.png", width=390, height=844, phone=True)
    print("games", mid.pk, end.pk, solo.pk)
