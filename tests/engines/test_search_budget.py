"""kit.search's budget per decision (issue 39.3): wall time, CPU time or a count of playouts; out of budget,
the best candidate over the worlds finished so far, and the same move for a seed whenever the budget is not hit.
The clocks are fakes here, so nothing depends on the machine's speed."""

import random

from kit.search import Budget, BudgetSpent, Plan, budget_check, search, thinking


class FakeClock:
    """Time moves only when a playout says so."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def run(values, *, budget=None, worlds=4, seed=1, cost=None, clock=None, per_step_check=False, plan=None):
    """A toy search: candidate ``m`` is worth ``values[m]`` in world 0, and the world's index after (so the
    later worlds can change the answer)."""
    played = []

    def playout(world, seat, move, rng):
        played.append((world, move["m"]))
        if clock is not None and cost:
            for _ in range(10):  # a long playout in ten steps, each polling the budget
                clock.now += cost / 10
                if per_step_check:
                    budget_check()
        return values[move["m"]](world)

    counter = iter(range(100))

    def call():
        return search(view={}, seat=0, rng=random.Random(seed), candidates=[(0.0, {"m": m}) for m in values],
                      sample_world=lambda view, rng: next(counter), playout=playout,
                      worlds=lambda alive: worlds, plan=plan or Plan())

    if budget is None:
        return call(), played, None
    with thinking(budget) as spending:
        return call(), played, spending


# "a" is best in the first world, "b" over four.
VALUES = {"a": lambda w: 1.0 if w == 0 else 0.0, "b": lambda w: 0.0 if w == 0 else 2.0}


def test_not_hit_the_budget_changes_nothing():
    free, played_free, _ = run(VALUES)
    bounded, played_bounded, spending = run(VALUES, budget=Budget(playouts=100, seconds=60.0, cpu_seconds=60.0))
    assert free == bounded == {"m": "b"} and played_free == played_bounded
    assert not spending.hit and spending.playouts == 8


def test_a_playout_budget_stops_the_search_and_answers_the_best_over_the_finished_worlds():
    move, played, spending = run(VALUES, budget=Budget(playouts=3))
    # world 0 finished by both candidates; the third playout started world 1, which counts for nobody
    assert played == [(0, "a"), (0, "b"), (1, "a")]
    assert move == {"m": "a"} and spending.hit and spending.hits == ["playouts"]


def test_nothing_finished_answers_the_first_candidate():
    move, played, spending = run({"x": lambda w: 0.0, "y": lambda w: 5.0}, budget=Budget(playouts=1))
    assert played == [(0, "x")] and move == {"m": "x"} and spending.hit


def test_a_wall_clock_budget_is_checked_between_playouts():
    clock = FakeClock()
    move, played, spending = run(VALUES, budget=Budget(seconds=2.5, clock=clock), clock=clock, cost=1.0)
    assert len(played) == 3 and move == {"m": "a"} and spending.hits == ["seconds"]


def test_a_cpu_budget_is_checked_too():
    cpu = FakeClock()
    move, played, spending = run(VALUES, budget=Budget(cpu_seconds=4.5, cpu_clock=cpu), clock=cpu, cost=1.0)
    assert len(played) == 5 and move == {"m": "b"} and spending.hits == ["cpu_seconds"]


def test_a_long_playout_polling_the_budget_stops_inside_it():
    """A playout of 10 s polling between its steps stops a second after the budget, not at its end."""
    clock = FakeClock()
    move, played, spending = run(VALUES, budget=Budget(seconds=25.0, clock=clock), clock=clock, cost=10.0,
                                 per_step_check=True)
    assert played == [(0, "a"), (0, "b"), (1, "a")] and move == {"m": "a"}
    assert clock.now == 25.0


def test_the_budget_spent_exception_passes_a_playouts_own_except_exception():
    assert not issubclass(BudgetSpent, Exception)


def test_budget_check_outside_a_decision_does_nothing():
    budget_check()


def test_the_same_seed_gives_the_same_move_under_a_budget_not_hit():
    noisy = {m: (lambda w, m=m: random.Random(w * 7 + ord(m)).random()) for m in "abcde"}
    answers = {run(noisy, budget=Budget(playouts=1000), seed=4, plan=Plan(rounds=3))[0]["m"] for _ in range(5)}
    assert len(answers) == 1
