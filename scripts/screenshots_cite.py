"""Screenshots of Cité for the README (docs/screenshots/cite-*.png).

Run with the demo site up (`make run` in another terminal), from the project root:
    .venv/bin/python scripts/screenshots_cite.py
(SITE=http://127.0.0.1:8112 for a site on another port). It photographs the demo game (rival's offer
waiting for demo in round 2) at desktop size and at 390×844, demo placing a building (the squares
to tap highlighted), and a game between demo, rival and a greedy bot played to its end by the bots'
levels (the final scores)."""

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

ENGINE = registry.get("cite")
OUT = "docs/screenshots"


def demo_game() -> Game:
    return Game.objects.filter(game_type="cite", created_by__username="demo",
                               status=Game.Status.ACTIVE).order_by("pk").first()


def finished_game(seed: int) -> Game:
    """demo, rival and a greedy bot; the people's seats played by the expert and greedy levels."""
    User = get_user_model()
    demo, rival = User.objects.get(username="demo"), User.objects.get(username="rival")
    game = services.game_create(creator=demo, game_type="cite", options={"first_game_gift": "no"},
                                seats=[SeatSpec("me"), SeatSpec("open"), SeatSpec("bot", bot_level="greedy")])
    Game.objects.filter(pk=game.pk).update(seed=seed)
    services.game_join(game_id=game.pk, user=rival)
    users = {0: demo, 1: rival}
    levels = {0: "expert", 1: "greedy"}
    for step in range(5000):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        state = ENGINE.load(game.state)
        seat = min(s for s in ENGINE.pending(state) | ENGINE.may_act(state) if s in users) \
            if (ENGINE.pending(state) | ENGINE.may_act(state)) & set(users) else None
        if seat is None:
            continue
        move = bots.choose_move("cite", levels[seat], ENGINE, state, seat, seed=seed * 10_000 + step)
        services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
    return game


def main(parts=("desktop", "phone", "build", "end")):
    game = demo_game()
    if "desktop" in parts:
        shoot(game, f"{OUT}/cite-desktop.png", width=1280, height=800)
    if "phone" in parts:
        shoot(game, f"{OUT}/cite-phone.png", width=390, height=844, phone=True)
    state = ENGINE.load(game.state)
    build = next((m for m in ENGINE.legal_moves(state, 0) if m["type"] == "build"), None)
    if build is not None and "build" in parts:
        query = "?m=" + json.dumps({"kind": build["kind"], "type": "build"}, separators=(",", ":"))
        shoot(game, f"{OUT}/cite-build.png", width=1280, height=800, query=query, part=".ct-board")
    if "end" in parts:
        end = finished_game(random.Random(4).randrange(1000))
        shoot(end, f"{OUT}/cite-end.png", width=1280, height=800)


if __name__ == "__main__":
    main(tuple(sys.argv[1:]) or ("desktop", "phone", "build", "end"))
