"""A small fixed-seed strength check of the experts on the shared search (issue 34): a few whole games
against greedy bots, the same games every run (the bots' work is fixed by counts and seeded, so the
result is too). Not the win-rate figure (bench/README, search section: 200 games on untuned seeds), but
an expert made weaker, or one that stopped searching, loses some of these games and fails here."""

from games.cite import measure as cite_measure
from games.cite.bots import LEVELS as CITE_LEVELS
from games.cite.engine.engine import ENGINE as CITE
from games.infinitecity.bots import LEVELS as IC_LEVELS
from games.infinitecity.engine.engine import ENGINE as IC
from kit import arena


def test_infinite_city_expert_beats_a_greedy_player_in_fixed_two_player_games():
    wins = mine = theirs = 0
    for g in range(3):  # seats rotate: the expert moves first in games 0 and 2
        levels = ["expert", "greedy"] if g % 2 == 0 else ["greedy", "expert"]
        r = arena.play_game(IC, IC_LEVELS, IC.validate_options({}, 2), levels, 61, g)
        me = levels.index("expert")
        wins += r["ranks"][me] == 1
        mine += r["scores"][me]
        theirs += r["scores"][1 - me]
    assert wins >= 2 and mine > theirs


def test_cites_expert_beats_two_greedy_players_in_fixed_games():
    wins = 0
    for g in range(6):
        levels = [["expert", "greedy", "greedy"][(i + g) % 3] for i in range(3)]
        r = cite_measure.play_game(CITE, CITE_LEVELS, {}, levels, 61, g)
        wins += r["ranks"][levels.index("expert")] == 1
    assert wins >= 5
