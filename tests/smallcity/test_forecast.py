"""The forecast above the move panel (issue 28: income, votes and pollution before confirming the phase):
this turn's SC55 votes, SC60 pollution and SC50-SC51 sure dollars for the viewer, the district as it
stands and its citizens staying, as the phases that follow will count them."""

from __future__ import annotations

from games.smallcity.engine.engine import ENGINE
from games.smallcity.page import forecast
from tests.smallcity.helpers import put, setup_done, to_phase


def test_SC55_SC60_SC50_the_forecast_counts_votes_pollution_and_sure_income():
    state = to_phase(setup_done(players=2, seed=4), "plan")
    for t in [t for t in state.tiles.values() if t["kind"] != "town_hall"]:
        del state.tiles[t["id"]]
    put(state, 0, "residential", [40, 41, 42], occupants=(0, 0))        # 1 + 2 votes
    put(state, 0, "park", [60])                                           # one less pollution
    put(state, 0, "commercial", [70], side="A", occupants=(1,))          # a visitor on `$1`: pays $1
    put(state, 1, "commercial", [70], side="A", occupants=(0,))          # seat 0 abroad on `$1`: $1
    got = forecast(ENGINE.view(state, 0))
    assert got == {"votes": 3, "money": 2, "pollution": 3 - 1}  # people 3 (the visitor too) − 1 park square
    assert forecast(ENGINE.view(state, None)) is None  # a spectator has no forecast
