"""Fixed-seed digests: random legal games (the selfplay driver) for a few seeds and option
sets must end in exactly the same final state, move for move. Pins the engine's results so
that speed work cannot change a game; a rule change that alters games updates the pins on
purpose (and says why in its commit)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games.engines.lacitta.engine import ENGINE

OPTION_SETS = {
    "modern-cocagne-advanced-4": ({"edition": "modern", "expansion": "cocagne", "setup": "advanced"}, 4),
    "modern-none-beginner-3": ({"edition": "modern", "expansion": "none", "setup": "beginner"}, 3),
    "classic-none-advanced-2": ({"edition": "classic", "expansion": "none", "setup": "advanced"}, 2),
    "modern-none-advanced-5": ({"edition": "modern", "expansion": "none", "setup": "advanced"}, 5),
}
SEEDS = (1, 2, 3)


def digest(options: dict, players: int, seed: int) -> str:
    """Moves and final scores of one random game, drawn as selfplay draws them."""
    rnd = random.Random(seed)
    state = ENGINE.new_game(options, players, seed).state
    h = hashlib.sha256()
    moves = 0
    while not ENGINE.is_over(state):
        seats = sorted(ENGINE.pending(state))
        seat = seats[rnd.randrange(len(seats))]
        legal = ENGINE.legal_moves(state, seat)
        move = legal[rnd.randrange(len(legal))]
        h.update(json.dumps([seat, move], sort_keys=True).encode())
        state = ENGINE.apply(state, seat, move).state
        moves += 1
    h.update(json.dumps(ENGINE.result(state).scores).encode())
    return f"{moves}:{h.hexdigest()[:16]}"


PINNED = {
    "classic-none-advanced-2": ["85:f79ef58a653f4080", "62:c73f241dadce4604", "76:b62e901d969821fc"],
    "modern-cocagne-advanced-4": ["174:38e20c46c12ed459", "162:f16871a8f2612c11", "160:19d252c69afc28ba"],
    "modern-none-advanced-5": ["170:0b388f0041d17d51", "161:974ad27db2e2326d", "175:26d3e9d8a50c0241"],
    "modern-none-beginner-3": ["119:4bbe3d8fd378d999", "92:b4cccee0155f9a0d", "92:c3a422cab366155b"],
}


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_fixed_seed_games_end_exactly_as_pinned(name):
    options, players = OPTION_SETS[name]
    assert [digest(options, players, seed) for seed in SEEDS] == PINNED[name]
