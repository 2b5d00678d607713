"""Infinite City games between real users for page tests, driven by seeded bots or random moves."""

import random

from play import bots, registry, services
from play.models import Game
from play.services import SeatSpec

ENGINE = registry.get("infinitecity")


def ic_game(users, *, options=None, seed=1, bot_seats=0):
    """A started game between these users (seat order as given) and ``bot_seats`` random bots."""
    options = options or {"marks": "known-only"}
    creator, others = users[0], users[1:]
    seats = [SeatSpec("me")] + [SeatSpec("open") for _ in others]
    seats += [SeatSpec("bot", bot_level="random") for _ in range(bot_seats)]
    game = services.game_create(creator=creator, game_type="infinitecity", options=options, seats=seats)
    Game.objects.filter(pk=game.pk).update(seed=seed)
    for user in others:
        services.game_join(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk)


def seat_to_move(game) -> int | None:
    state = ENGINE.load(game.state)
    pending = sorted(ENGINE.pending(state))
    return pending[0] if pending else None


def play_one(game, users, *, rng: random.Random, level: str = "random", seed: int = 0):
    """One move of the seat to move (a user's seat), chosen by a bot of ``level`` or at random."""
    state = ENGINE.load(game.state)
    seat = seat_to_move(game)
    if level == "random":
        move = rng.choice(ENGINE.legal_moves(state, seat))
    else:
        move = bots.choose_move("infinitecity", level, ENGINE, state, seat, seed=seed)
    return services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)


def play_until(game, users, wanted, *, rng_seed=0, max_moves=600):
    """Random legal moves until the seat to move owes a decision of kind ``wanted`` (a frame kind or
    "turn"); returns (game, seat) or (game, None) when the game ended first."""
    rng = random.Random(rng_seed)
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game, None
        seat = seat_to_move(game)
        current = ENGINE.view(ENGINE.load(game.state), seat)["current"]
        if current and (current["kind"] == wanted or current.get("via") == wanted):
            return game, seat
        game = play_one(game, users, rng=rng)
    return game, None
