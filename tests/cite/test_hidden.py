"""Nothing in Cité is hidden (CT01: resources are open; offers are public like table talk, RULES.md
"Digital shape"), and nothing more than that is shown to anyone: over random whole games (offers,
answers and contracts included), every seat's view is the spectator's view but for who is looking, every
log line is public, and each notice goes only to the seat concerned (an offer to its recipients, an
answer to the offerer, a contract's payment to the seat owed). Undo may therefore be offered
(``scramble_unknown`` returns the position itself) whenever nobody else has acted."""

import random

import pytest

from games.cite.engine.engine import ENGINE
from kit import params
from kit import rng as kit_rng
from kit.base import acting

GAMES = [(3, 1), (4, 2), (3, 3)]


def _without_viewer(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "viewer"}


@pytest.mark.parametrize("players,seed", GAMES)
def test_ct01_every_view_is_public_and_notices_reach_only_the_seats_concerned(players, seed):
    rng = random.Random(seed)
    state = ENGINE.new_game({}, players, seed).state
    offers_seen = {}
    moves = 0
    while not ENGINE.is_over(state):
        public = _without_viewer(ENGINE.view(state, None))
        for seat in range(players):
            assert _without_viewer(ENGINE.view(state, seat)) == public
            assert ENGINE.view(state, seat)["viewer"] == seat
        seat = rng.choice(sorted(acting(ENGINE, state)))
        legal = ENGINE.legal_moves(state, seat)
        if not legal:
            continue
        move = params.concrete(ENGINE, state, seat, rng.choice(legal), rng)
        result = ENGINE.apply(state, seat, move)
        assert all(entry.visible_to is None for entry in result.log)
        for o in result.state.offers:
            offers_seen[o["id"]] = o
        for notice in result.notices:
            key, p = notice.key, notice.params
            if key == "cite.offer_made":
                assert notice.seat in offers_seen[p["offer"]]["to"] and p["from"] == seat
            elif key in ("cite.offer_accepted", "cite.offer_declined"):
                assert notice.seat == offers_seen[p["offer"]]["from"] and p["by"] == seat
            elif key in ("cite.offer_taken", "cite.offer_cancelled", "cite.offer_lapsed"):
                assert notice.seat in offers_seen[p["offer"]]["to"] + [offers_seen[p["offer"]]["from"]]
            elif key in ("cite.contract_paid", "cite.contract_breached"):
                assert notice.seat == p["payee"]
            else:
                raise AssertionError(f"unexpected notice {key}")
        # Undo's test (kit/reveal.py): every position the mover cannot tell apart is this one.
        assert ENGINE.dump(ENGINE.scramble_unknown(state, seat, moves)) == ENGINE.dump(state)
        state = result.state
        moves += 1
    assert moves > 50


def _numbers(data) -> set[int]:
    if isinstance(data, dict):
        return set().union(*(_numbers(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_numbers(v) for v in data)) if data else set()
    return {data} if isinstance(data, int) and not isinstance(data, bool) else set()


def _draws(seed: int, players: int) -> set[int]:
    """Every value Cité's RNG takes while drawing professions and quarters (CT10) from ``seed``."""
    state = kit_rng.seed_state(seed)
    values = {state}
    for items in (list(range(players)), [0, 1, 2, 3]):
        for i in range(len(items) - 1, 0, -1):
            while True:
                value, state = kit_rng.next_u64(state)
                values |= {value, state}
                if value < (1 << 64) - ((1 << 64) % (i + 1)):
                    break
    return values


@pytest.mark.parametrize("players,seed", [(3, 123456789), (4, 987654321)])
def test_no_view_carries_the_rng_nor_a_value_drawn_from_it(players, seed):
    """Issue 39.9 / 42 "Privacy": Cité's view returned the whole state with its ``rng``, from which the secret
    game seed can be recovered (the mixing is invertible). No seat's view nor the spectator's carries it, nor
    any value the RNG took, at the start and through a game; the state kept has spent it."""
    rng = random.Random(seed)
    secret = _draws(seed, players)
    state = ENGINE.new_game({}, players, seed).state
    assert state.rng not in secret
    for _ in range(60):
        for seat in [None, *range(players)]:
            view = ENGINE.view(state, seat)
            assert "rng" not in view and not (_numbers(view) & secret)
        if ENGINE.is_over(state):
            break
        seat = rng.choice(sorted(acting(ENGINE, state)))
        legal = ENGINE.legal_moves(state, seat)
        move = params.concrete(ENGINE, state, seat, rng.choice(legal), rng)
        state = ENGINE.apply(state, seat, move).state
