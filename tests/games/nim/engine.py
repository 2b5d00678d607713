"""Nim (pure Python): players take 1, 2 or 3 sticks from one pile in turn; whoever takes
the last stick wins. No hidden information, no randomness beyond the seed (unused)."""

from __future__ import annotations

from kit.base import ApplyResult, GameResult, IllegalMove, InvalidOptions, LogEntry, OptionSpec
from kit.contract import Capabilities

PILES = ("12", "21")


class NimEngine:
    capabilities = Capabilities(hidden_information=False, acts_out_of_turn=False, time_out_rule=False,
                                ranged_moves=False, solo=False)
    slug = "nim"
    name = "Nim"
    min_players = 2
    max_players = 3
    options = (OptionSpec("pile", PILES, "12"), OptionSpec("last", ("wins", "loses"), "wins"))

    def validate_options(self, options: dict, players: int) -> dict:
        pile, last = str(options.get("pile", "12")), str(options.get("last", "wins"))
        if pile not in PILES or last not in ("wins", "loses"):
            raise InvalidOptions("The pile holds 12 or 21 sticks; taking the last one wins or loses.")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions("Nim is played by 2 or 3 players.")
        return {"pile": pile, "last": last}

    def new_game(self, options, players, seed):
        state = {"schema_version": 1, "left": int(options["pile"]), "last": options["last"], "turn": 0,
                 "players": players, "winner": None}
        return ApplyResult(state, [LogEntry("nim.start", {"pile": state["left"]})])

    def pending(self, state):
        return set() if self.is_over(state) else {state["turn"]}

    def legal_moves(self, state, seat):
        if seat not in self.pending(state):
            return []
        return [{"type": "take", "n": n} for n in (1, 2, 3) if n <= state["left"]]

    def apply(self, state, seat, move):
        if seat not in self.pending(state):
            raise IllegalMove("It is not your turn.", key="nim.not_your_turn")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("Take 1, 2 or 3 sticks, no more than are left.", key="nim.bad_take",
                              params={"left": state["left"]})
        new = dict(state, left=state["left"] - move["n"], turn=(seat + 1) % state["players"])
        log = [LogEntry("nim.take", {"n": move["n"], "left": new["left"]}, seat=seat)]
        if new["left"] == 0:
            # Taking the last stick wins, or (misère) the next player wins.
            new["winner"] = seat if state["last"] == "wins" else new["turn"]
            log.append(LogEntry("nim.won", {"seat": new["winner"]}))
        return ApplyResult(new, log)

    def view(self, state, seat):
        return {"left": state["left"], "last": state["last"], "turn": state["turn"], "winner": state["winner"]}

    def is_over(self, state):
        return state["left"] == 0

    nothing_hidden = True

    def scramble_unknown(self, state, seat, seed):
        return state  # nothing hidden: every move may be taken back

    def result(self, state):
        if not self.is_over(state):
            return None
        scores = [1 if i == state["winner"] else 0 for i in range(state["players"])]
        return GameResult(scores=scores, ranks=[1 if s else 2 for s in scores])

    def dump(self, state):
        return dict(state)

    def load(self, data):
        return dict(data)


def sticks_left(state) -> str | None:
    """The engine's own invariant (run by selfplay and the every-engine tests)."""
    return None if 0 <= state["left"] <= 21 else f"{state['left']} sticks left"


NimEngine.invariants = (sticks_left,)
ENGINE = NimEngine()
