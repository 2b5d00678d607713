"""R80 after a moderator's rollback: ``redraw_hidden`` draws afresh what no seat has
seen (politics deck and face-down passed cards, Voice deck and the face-down Voice
cards nobody peeked at, the RNG) and nothing else: every seat's view, every legal
move and the card counts stay the same."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.lacitta.engine.engine import ENGINE

OPTIONS = [
    {"edition": "modern", "expansion": "cocagne", "setup": "beginner"},
    {"edition": "classic", "expansion": "none", "setup": "beginner"},
]


def positions(options, players, seed, *, every=3):
    """Positions of a random game (seeded), with peeks whenever a seat can look."""
    rnd = random.Random(seed)
    state = ENGINE.new_game(options, players, seed).state
    step = 0
    while not ENGINE.is_over(state):
        if step % every == 0:
            yield state
        seat = min(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, seat)
        looks = [m for m in legal if m.get("look")]
        state = ENGINE.apply(state, seat, looks[0] if looks else rnd.choice(legal)).state
        step += 1


def unseen_voice(s):
    if not s.voice or s.voice_revealed:
        return []
    peeked = {i for p in s.players for i, c in enumerate(p["peeks"]) if c is not None}
    return [1 + i for i in range(len(s.voice) - 1) if i not in peeked]


@pytest.mark.parametrize("options", OPTIONS, ids=["modern-cocagne", "classic"])
def test_R80_redraw_changes_nothing_any_seat_may_see(options):
    players = 3
    checked = peeks = passes = 0
    every = (state for seed in range(5, 11) for state in positions(options, players, seed))
    for state in every:
        before = ENGINE.dump(state)
        new = ENGINE.redraw_hidden(state, 1234 + checked)
        assert ENGINE.dump(state) == before, "the old state is untouched"
        for seat in [None, *range(players)]:
            assert ENGINE.view(new, seat) == ENGINE.view(state, seat), seat
        assert ENGINE.pending(new) == ENGINE.pending(state)
        for seat in ENGINE.pending(state):
            assert ENGINE.legal_moves(new, seat) == ENGINE.legal_moves(state, seat)
        # The same cards, only where nobody could tell.
        assert Counter(new.pol_deck + [c for p in new.players for c in p["passed"]]) == Counter(
            state.pol_deck + [c for p in state.players for c in p["passed"]])
        assert [len(p["passed"]) for p in new.players] == [len(p["passed"]) for p in state.players]
        hidden = unseen_voice(state)
        assert Counter(new.voice_deck + [new.voice[k] for k in hidden]) == Counter(
            state.voice_deck + [state.voice[k] for k in hidden])
        for k in range(len(state.voice)):
            if k not in hidden:
                assert new.voice[k] == state.voice[k], "a card some seat saw stays where it is"
        assert new.pol_row == state.pol_row and new.pol_discard == state.pol_discard
        assert new.voice_discard == state.voice_discard
        peeks += any(c is not None for p in state.players for c in p["peeks"])
        passes += any(p["passed"] for p in state.players)
        checked += 1
        if checked > 60 and peeks and passes:
            break
    assert checked > 20 and peeks and passes, "the game must have had peeks and passes to check"


def test_R80_redraw_gives_a_new_hidden_future_and_the_same_one_for_the_same_seed():
    state = ENGINE.new_game(OPTIONS[0], 4, 7).state
    one, again, other = (ENGINE.redraw_hidden(state, seed) for seed in (11, 11, 12))
    assert ENGINE.dump(one) == ENGINE.dump(again), "replays (verify_games) draw the same"
    assert one.pol_deck != state.pol_deck and one.pol_deck != other.pol_deck
    assert one.voice[1:] + one.voice_deck != state.voice[1:] + state.voice_deck
    assert one.rng != state.rng
    # The game goes on from the redrawn position.
    rnd = random.Random(3)
    while not ENGINE.is_over(one):
        seat = min(ENGINE.pending(one))
        one = ENGINE.apply(one, seat, rnd.choice(ENGINE.legal_moves(one, seat))).state
    assert ENGINE.result(one) is not None
