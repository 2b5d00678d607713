"""``load`` checks the stored state: each kind of wrongly built position is refused with
an ``InvalidState`` that names what is wrong (and a good one loads unchanged)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from games.lacitta.engine.engine import ENGINE
from kit.base import InvalidState


def _midgame(seed=4, players=3, options=None):
    rnd = random.Random(seed)
    s = ENGINE.new_game(options or {"edition": "modern", "expansion": "cocagne", "setup": "advanced"},
                        players, seed).state
    while not (s.year == 2 and s.phase == "actions"):
        seat = rnd.choice(sorted(ENGINE.pending(s)))
        s = ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_moves(s, seat))).state
    return s


STATE = _midgame()
DATA = json.loads(json.dumps(ENGINE.dump(STATE)))


def _castle(data, seat=0):
    return next(c for c, (k, o) in enumerate(zip(data["kind"], data["owner"])) if k == "castle" and o == seat)


def _food(d):
    d["players"][0]["food"] += 1


def _pool(d):
    d["pool"] += 1


def _over_limit(d):
    c = _castle(d)
    extra = 9 - d["pop"][c]
    d["pop"][c] += extra
    d["pool"] -= extra


def _castle_twice(d):
    d["players"][0]["castles"] += 1


def _missing(d):
    del d["supply"]


def _unknown_building(d):
    d["kind"][_castle(d)] = "skyscraper"


def _card_twice(d):
    d["pol_deck"][0] = "cathedral" if d["pol_deck"][0] != "cathedral" else "palace"


def _voice_card(d):
    d["voice_deck"][0] = "commerce"


def _phase(d):
    d["phase"] = "lunch"


def _board_size(d):
    d["kind"].append(None)


def _players(d):
    d["nplayers"] = 7


def _orphan_building(d):
    c = next(c for c in STATE.geo.active_cells if d["kind"][c] is None)
    d["kind"][c], d["owner"][c], d["city"][c] = "farm", 0, c  # its city is no castle


def _schema(d):
    d["schema_version"] = 99


def _negative_gold(d):
    d["players"][1]["gold"] = -3


@pytest.mark.parametrize("breaks,names", [
    (_food, "food_matches_board: seat 0 food"),
    (_pool, "citizens_conserved"),
    (_over_limit, "cities_within_limit"),
    (_castle_twice, "supply_conserved: seat 0 castles"),
    (_missing, "missing field(s) supply"),
    (_unknown_building, "unknown building 'skyscraper'"),
    (_card_twice, "politics cards do not make the deck"),
    (_voice_card, "Voice cards do not make the deck: +commerce"),
    (_phase, "phase 'lunch'"),
    (_board_size, "kind has"),
    (_players, "nplayers 7"),
    (_orphan_building, "do not name a castle"),
    (_schema, "unsupported La Città state schema 99"),
    (_negative_gold, "seat 1 gold -3"),
])
def test_load_refuses_a_broken_state_and_names_the_problem(breaks, names):
    data = copy.deepcopy(DATA)
    breaks(data)
    with pytest.raises(InvalidState) as err:
        ENGINE.load(data)
    assert names in str(err.value)


def test_load_refuses_what_is_not_a_state():
    for bad in (None, [], "state", 3):
        with pytest.raises(InvalidState, match="JSON object"):
            ENGINE.load(bad)


def test_a_good_state_loads_unchanged_and_an_older_schema_loads_with_choices_at_once():
    assert ENGINE.load(copy.deepcopy(DATA)) == STATE
    old = copy.deepcopy(DATA)
    old["schema_version"] = 1
    del old["voice_tie"], old["migrated"]
    assert ENGINE.load(old).voice_tie == "at_once"


def test_invalid_state_is_a_value_error_for_callers_that_only_know_the_protocol():
    assert issubclass(InvalidState, ValueError)
