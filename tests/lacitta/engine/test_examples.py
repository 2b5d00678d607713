"""The rulebooks' worked examples, played through the engine."""

from __future__ import annotations

from games.lacitta.engine.cities import city_limit
from games.lacitta.engine.constants import UNLIMITED
from games.lacitta.engine.engine import ENGINE
from games.lacitta.engine.phases import advance
from tests.lacitta.engine.helpers import (
    act,
    castle,
    enter,
    entries,
    make_state,
    play,
    put,
)
from tests.lacitta.engine.maps import line, walk

EXPENSIVE_ROW = ["palace", "hospital", "bathhouse", "cathedral", "university", "palace", "hospital"]


def test_classic_first_year_walkthrough():
    """Classic book, p. 7: castle on farmland 3+1 (4 food); growth to 4; a farm on 4
    symbols (8 food); a quarry; a market from the pool (5 citizens, limit 8); a
    bathhouse for 1 gold (no limit); the fifth round can only pass."""
    b = walk()
    s = make_state(b, 2, edition="classic", year=0, row=EXPENSIVE_ROW)
    home = castle(s, 0, b.cell(2, 1))
    castle(s, 1, b.cell(6, 10))
    s.players[0]["food"], s.players[1]["food"] = 4, 5
    s.phase, s.queue, s.qi = "setup", [], 0
    log: list = []
    advance(s, log)
    assert s.year == 1 and s.phase == "actions" and s.first == 0
    assert s.pop[home] == 4 and s.players[0]["food"] == 4  # growth: one of the four must stay in the castle

    s, log = play(s, 0, {"type": "build", "building": "farm", "cell": b.cell(2, 2)})
    assert s.players[0]["food"] == 8
    s, _ = play(s, 1, {"type": "pass"})
    s, _ = play(s, 0, {"type": "build", "building": "quarry", "cell": b.cell(1, 2)})
    s, _ = play(s, 1, {"type": "pass"})
    s, _ = play(s, 0, {"type": "build", "building": "market", "cell": b.cell(2, 0)})
    assert s.pop[home] == 5 and city_limit(s, home) == 8
    s, _ = play(s, 1, {"type": "pass"})
    slot = s.pol_row.index("bathhouse")
    s, _ = play(s, 0, {"type": "politics", "slot": slot, "building": "bathhouse", "cell": b.cell(2, 3)})
    assert s.players[0]["gold"] == 0 and city_limit(s, home) == UNLIMITED
    s, log = play(s, 1, {"type": "pass"})
    # Fifth round: no action card, no gold, no spare citizen: the pass is taken at once.
    assert entries(log, "lacitta.pass")[-1] == {"seat": 0, "drew": True}
    assert s.players[0]["passed"] and len(s.players[0]["taken"]) == 1
    s, log = play(s, 1, {"type": "pass"})
    # Year 2 (classic): the first player passes left, the quarry pays 1 gold, one more citizen.
    assert s.year == 2 and s.first == 1
    assert {"seat": 0, "gold": 1, "quarries": 1, "ports": 0} in entries(log, "lacitta.income")
    assert s.players[0]["gold"] == 1 and s.pop[home] == 6


def test_modern_migration_example_education_3_vs_1():
    """Modern book p. 7: two hexes apart along a path, green (3 Education) takes one
    citizen from blue (1 Education)."""
    b = line()
    s = make_state(b, 2, voice=["education", "education", "health", "culture"])
    green = castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "university", b.cell(1, 1))
    blue = castle(s, 1, b.cell(1, 4), 4)
    put(s, 1, "school", b.cell(1, 5))
    s, _ = enter(s, "reveal")
    assert s.voice_winners == ["education"]
    s, _ = enter(s, "choice")
    assert not s.choice_open
    s, log = enter(s, "migration")
    assert (s.pop[green], s.pop[blue]) == (5, 4)
    assert [(m["city"], m["from_city"]) for m in entries(log, "lacitta.migration")] == [(green, blue)]


def _blue_green(voice_tie):
    b = line()
    s = make_state(b, 2, first=1, voice=["culture", "education", "culture", "education"], voice_tie=voice_tie)
    a = castle(s, 1, b.cell(1, 0), 2)
    put(s, 1, "cathedral", b.cell(1, 1))    # A: Culture 3, Education 0
    green = castle(s, 0, b.cell(1, 4), 2)
    put(s, 0, "school", b.cell(1, 5))       # green: Culture 0, Education 1
    bb = castle(s, 1, b.cell(1, 8), 2)
    put(s, 1, "university", b.cell(1, 9))   # B: Culture 0, Education 3
    s, _ = enter(s, "reveal")
    return s, a, green, bb


def test_modern_migration_example_2_2_culture_education_in_turn():
    """Modern book p. 7, in the book's order (« chaque joueur décide lors de son tour »):
    blue (first player) chooses for A and B on its turn and they migrate; then green,
    having seen that, chooses Education and takes one citizen back from A."""
    s, a, green, bb = _blue_green("in_turn")
    before = {c: s.pop[c] for c in (a, green, bb)}
    s, log = enter(s, "choice", run=True)
    both = ("culture", "education")
    assert sorted(s.choice_open) == [(a, 1, both), (bb, 1, both)] and ENGINE.pending(s) == {1}
    s, log = play(s, 1, {"type": "voice_choice", "city": a, "service": "culture"})
    assert ENGINE.pending(s) == {1} and not entries(log, "lacitta.migration")  # B still to choose
    s, log = play(s, 1, {"type": "voice_choice", "city": bb, "service": "education"})
    moves = [(m["city"], m["from_city"], m["service"]) for m in entries(log, "lacitta.migration")]
    assert moves == [(a, green, "culture"), (bb, green, "education")]
    assert ENGINE.pending(s) == {0} and s.pop[green] == before[green] - 2
    assert ENGINE.view(s, 0)["voice"]["choices"] == [{"seat": 1, "city": a, "service": "culture"},
                                                     {"seat": 1, "city": bb, "service": "education"}]
    s, log = play(s, 0, {"type": "voice_choice", "city": green, "service": "education"})
    assert [(m["city"], m["from_city"]) for m in entries(log, "lacitta.migration")] == [(green, a)]
    assert (s.pop[a], s.pop[bb], s.pop[green]) == (before[a], before[bb] + 1, before[green] - 1)


def test_modern_migration_example_2_2_culture_education():
    """Modern book p. 7 with the "at once" option: Culture and Education tie 2–2. Blue
    (first player) chooses city by city: A (3 Culture) takes a citizen from green with
    Culture, B (3 Education) with Education. Green (Culture 0, Education 1) has less
    Culture than its neighbours but more Education than A: it chooses Education and
    takes one citizen back from A."""
    b = line()
    s = make_state(b, 2, first=1, voice=["culture", "education", "culture", "education"], voice_tie="at_once")
    a = castle(s, 1, b.cell(1, 0), 2)
    put(s, 1, "cathedral", b.cell(1, 1))    # A: Culture 3, Education 0
    green = castle(s, 0, b.cell(1, 4), 2)
    put(s, 0, "school", b.cell(1, 5))       # green: Culture 0, Education 1
    bb = castle(s, 1, b.cell(1, 8), 2)
    put(s, 1, "university", b.cell(1, 9))   # B: Culture 0, Education 3
    before = {c: s.pop[c] for c in (a, green, bb)}
    s, _ = enter(s, "reveal")
    assert s.voice_winners == ["culture", "education"]
    s, log = enter(s, "choice")
    both = ("culture", "education")
    assert sorted(s.choice_open) == sorted([(a, 1, both), (green, 0, both), (bb, 1, both)])
    assert ENGINE.pending(s) == {0, 1}
    # Simultaneous choices: green answers first, it makes no difference.
    s, _ = act(s, 0, {"type": "voice_choice", "city": green, "service": "education"})
    s, _ = act(s, 1, {"type": "voice_choice", "city": a, "service": "culture"})
    s, _ = act(s, 1, {"type": "voice_choice", "city": bb, "service": "education"})
    s, log = enter(s, "migration")
    moves = [(m["city"], m["from_city"], m["service"]) for m in entries(log, "lacitta.migration")]
    assert moves == [(a, green, "culture"), (bb, green, "education"), (green, a, "education")]
    assert (s.pop[a], s.pop[bb], s.pop[green]) == (before[a], before[bb] + 1, before[green] - 1)
    assert entries(log, "lacitta.voice_choices")[0]["choices"] == [
        {"seat": 1, "city": a, "service": "culture"}, {"seat": 0, "city": green, "service": "education"},
        {"seat": 1, "city": bb, "service": "education"}]


def test_2_2_choice_that_changes_nothing_is_automatic():
    """Ruling: a city whose two services take from the same cities is not asked."""
    b = line()
    s = make_state(b, 2, voice=["culture", "health", "culture", "health"])
    a = castle(s, 0, b.cell(1, 0), 2)
    put(s, 0, "hospital", b.cell(1, 1))     # health 1, culture 0
    put(s, 0, "statue", b.cell(1, 2))       # culture 1: beats the neighbour in both
    c = castle(s, 1, b.cell(1, 5), 3)       # nothing at all
    s, _ = enter(s, "reveal")
    s, log = enter(s, "choice", run=True)
    auto = entries(log, "lacitta.voice_choice")
    assert auto == [{"seat": 0, "city": a, "service": "culture", "auto": True},
                    {"seat": 1, "city": c, "service": "culture", "auto": True}]  # c takes nothing either way
    assert [(m["city"], m["from_city"]) for m in entries(log, "lacitta.migration")] == [(a, c)]
