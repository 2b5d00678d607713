"""Patience: a one-seat test game (a solitaire). The seat draws cards (1 to 6) from a shuffled deck, one
at a time, and may stop whenever it likes; the total must come as near the target as possible without
going over. Stopping at the target or within 3 of it wins; going over, or stopping further away, loses.
The deck's order is hidden. ``GameResult.solo`` says won or lost and the rank reached."""

from __future__ import annotations

import copy

from kit import rng
from kit.base import ApplyResult, GameResult, IllegalMove, InvalidOptions, LogEntry, OptionSpec, SoloOutcome
from kit.contract import Capabilities
from kit.rules_engine import RulesEngine

TARGETS = ("15", "21")


class PatienceEngine(RulesEngine):
    capabilities = Capabilities(hidden_information=True, acts_out_of_turn=False, time_out_rule=False,
                                ranged_moves=False, solo=True)
    slug = "patience"
    name = "Patience"
    min_players = 1
    max_players = 1
    options = (OptionSpec("target", TARGETS, "15"), OptionSpec("jokers", ("no", "yes"), "no"))

    def check_options(self, options: dict, players: int) -> None:
        # A rule between an option and the player count (kit: check_options(options, players)).
        if options["jokers"] == "yes" and options["target"] != "21":
            raise InvalidOptions("Jokers are played with the target 21 only.", key="patience.jokers")

    @staticmethod
    def make_state(options, players, seed, log):
        deck = [1, 2, 3, 4, 5, 6] * 4 + ([0, 0] if options["jokers"] == "yes" else [])
        rng_state = rng.shuffle(rng.seed_state(seed), deck)
        log.append(LogEntry("patience.start", {"target": int(options["target"])}))
        return {"schema_version": 1, "deck": deck, "rng": rng_state, "drawn": [], "target": int(options["target"]),
                "over": False, "stopped": False}

    @staticmethod
    def advance(state, log):
        pass

    def apply(self, state, seat, move):
        if self.is_over(state) or seat != 0:
            raise IllegalMove("The game is over.", key="patience.over")
        new = copy.deepcopy(state)
        log = []
        if move == {"type": "draw"}:
            card = new["deck"].pop()
            new["drawn"].append(card)
            total = sum(new["drawn"])
            log.append(LogEntry("patience.draw", {"card": card, "total": total}, seat=0))
            if total > new["target"] or not new["deck"]:
                new["over"] = True
        elif move == {"type": "stop"}:
            new["over"] = new["stopped"] = True
            log.append(LogEntry("patience.stop", {"total": sum(new["drawn"])}, seat=0))
        else:
            raise IllegalMove("Draw a card or stop.", key="patience.bad_move")
        return ApplyResult(new, log)

    def scramble_unknown(self, state, seat, seed):
        # The deck's order is the only secret: the cards left, shuffled afresh.
        new = copy.deepcopy(state)
        rng.shuffle(rng.seed_state(seed), new["deck"])
        return new

    def pending(self, state):
        return set() if self.is_over(state) else {0}

    def legal_moves(self, state, seat):
        return [] if self.is_over(state) or seat != 0 else [{"type": "draw"}, {"type": "stop"}]

    def view(self, state, seat):
        return {"drawn": list(state["drawn"]), "total": sum(state["drawn"]), "target": state["target"],
                "left": len(state["deck"]), "over": state["over"]}

    def is_over(self, state):
        return state["over"]

    def result(self, state):
        if not self.is_over(state):
            return None
        total = sum(state["drawn"])
        busted = total > state["target"]
        score = 0 if busted else total
        won = not busted and state["target"] - total <= 3
        label = "patience.busted" if busted else ("patience.close" if won else "patience.far")
        return GameResult(scores=[score], ranks=[1], solo=SoloOutcome(won, label, {"total": total}))

    def dump(self, state):
        return copy.deepcopy(state)

    def load_state(self, data):
        return copy.deepcopy(data)

    def load(self, data):
        return copy.deepcopy(data)


def total_in_bounds(state) -> str | None:
    return None if 0 <= sum(state["drawn"]) <= state["target"] + 6 else f"total {sum(state['drawn'])}"


PatienceEngine.invariants = (total_in_bounds,)
ENGINE = PatienceEngine()
