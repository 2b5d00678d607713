"""Making La Città games in a chosen situation for page tests: a game between
real users, driven with random legal moves (seeded) until some seat owes the
wanted kind of decision."""

import random

from django.core.cache import cache

from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import make_user

ENGINE = registry.get("lacitta")


def lacitta_game(users, *, options=None, seed=1):
    """A started game between these users (seat order as given), with a fixed seed."""
    options = options or {"edition": "modern", "expansion": "none", "setup": "beginner"}
    creator, others = users[0], users[1:]
    game = services.game_create(creator=creator, game_type="lacitta", options=options,
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in others])
    Game.objects.filter(pk=game.pk).update(seed=seed)
    for user in others:
        services.game_join(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk)


def with_state(game, state: dict) -> None:
    """The snapshot replaced behind its version's back, to see what a page would show
    of another hidden state (a real change always brings a new version): the game
    bodies kept for this version (play/body_cache.py) are forgotten."""
    Game.objects.filter(pk=game.pk).update(state=state)
    cache.clear()


def play_until(game, users, wanted, *, rng_seed=0, max_moves=3000):
    """Random legal moves until a seat's view has decision.kind == wanted;
    returns (game, seat) or (game, None) if the game ended first."""
    rng = random.Random(rng_seed)
    by_seat = {s.index: s.user for s in game.seats.all()}
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game, None
        state = ENGINE.load(game.state)
        pending = sorted(ENGINE.pending(state))
        for seat in pending:
            decision = ENGINE.view(state, seat).get("decision") or {}
            if decision.get("kind") == wanted:
                return game, seat
        seat = rng.choice(pending)
        move = rng.choice(ENGINE.legal_moves(state, seat))
        services.move_apply(game_id=game.pk, user=by_seat[seat], move=move, expected_version=game.version)
    return game, None


def find_decision(wanted, *, players=2, options=None, tries=12):
    """A game (new users each try) where some seat owes ``wanted``."""
    for attempt in range(tries):
        users = [make_user(f"p{attempt}x{i}") for i in range(players)]
        game = lacitta_game(users, options=options, seed=100 + attempt)
        game, seat = play_until(game, users, wanted, rng_seed=attempt)
        if seat is not None:
            return game, seat, users
    raise AssertionError(f"no game reached a {wanted!r} decision")
