"""Screenshots of Infinite City for the README (docs/screenshots/infinitecity-*.png).

Run with the demo site up (`make run` in another terminal), from the project root:
    .venv/bin/python scripts/screenshots_infinitecity.py
(SITE=http://127.0.0.1:8203 for a site on another port). It plays two games between demo,
rival and a random bot in the site's database (random legal moves from fixed seeds): one
under way, photographed with a Port picked from demo's hand (its legal cells highlighted) at
desktop size and at 390×844, with demo's "since your last visit"; one played to its end,
photographed at its final scores."""

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from django.contrib.auth import get_user_model
from screenshots import shoot  # sets Django up, before the models are imported

from play import registry, services
from play.models import Game
from play.services import SeatSpec

ENGINE = registry.get("infinitecity")


def ic_game(seed: int, *, moves: int | None) -> Game:
    """demo, rival and a random bot; random moves for the people until demo owes a turn after
    ``moves`` moves (None: to the end). The bot plays on its own (Celery runs eagerly)."""
    User = get_user_model()
    demo, rival = User.objects.get(username="demo"), User.objects.get(username="rival")
    seats = [SeatSpec("me"), SeatSpec("open"), SeatSpec("bot", bot_level="random")]
    game = services.game_create(creator=demo, game_type="infinitecity", options={"marks": "known-only"},
                                seats=seats)
    Game.objects.filter(pk=game.pk).update(seed=seed)
    services.game_join(game_id=game.pk, user=rival)
    users = {0: demo, 1: rival}
    rng = random.Random(seed)
    played = 0
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        state = ENGINE.load(game.state)
        seat = min(ENGINE.pending(state))
        view = ENGINE.view(state, seat)
        if (moves is not None and played >= moves and seat == 0 and view["current"]["kind"] == "turn"
                and any(t["kind"] == "port" for t in view["players"][0]["hand"])):
            return game
        move = rng.choice(ENGINE.legal_moves(state, seat))
        services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
        played += 1


def pick_port(game: Game) -> str:
    """The query of the step "a Port picked from the hand": its legal cells highlighted."""
    view = ENGINE.view(ENGINE.load(game.state), 0)
    key = next(t["key"] for t in view["players"][0]["hand"] if t["kind"] == "port")
    return "?m=" + json.dumps({"tile": key, "type": "play"}, separators=(",", ":"))


def under_way_game(seed: int, moves: int) -> Game:
    """The first seed from ``seed`` on whose game is still under way with a Port in demo's hand."""
    while True:
        game = ic_game(seed, moves=moves)
        if game.status == Game.Status.ACTIVE:
            return game
        seed += 1


if __name__ == "__main__":
    under_way = under_way_game(16, moves=30)
    query = pick_port(under_way)
    shoot(under_way, "docs/screenshots/infinitecity-desktop.png", width=1400, height=1000, query=query)
    shoot(under_way, "docs/screenshots/infinitecity-phone.png", width=390, height=844, query=query, phone=True)
    shoot(under_way, "docs/screenshots/infinitecity-since-last-visit.png", width=1400, height=1000,
          part=".visit-summary")
    shoot(under_way, "docs/screenshots/infinitecity-since-last-visit-phone.png", width=390, height=844,
          part=".visit-summary", phone=True)
    ended = ic_game(17, moves=None)
    shoot(ended, "docs/screenshots/infinitecity-end.png", width=1400, height=1000, part=".ic-end")
    print("games", under_way.pk, ended.pk)
