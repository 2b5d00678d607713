"""A tiny game used only to test the platform (no real game's rules here).

"Race": players take turns adding 1, 2 or 3 to a shared total; whoever brings
it to the target or beyond ends the main phase. Each seat holds a secret card
drawn from a seeded deck (hidden information), and at the end every seat must
say "ready" (a simultaneous decision, several seats pending at once).
Score = secret card + 5 for the player who reached the target."""

from __future__ import annotations

import copy

from kit.base import ApplyResult, GameResult, IllegalMove, InvalidOptions, LogEntry, OptionSpec
from kit.contract import Capabilities
from kit.hidden import EVERYONE


def _shuffled(seed: int, n: int) -> list[int]:
    # A tiny LCG: deterministic and enough for a test engine.
    cards, x = list(range(1, n + 1)), seed & 0xFFFFFFFF
    for i in range(n - 1, 0, -1):
        x = (1103515245 * x + 12345) & 0x7FFFFFFF
        j = x % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


class RaceEngine:
    capabilities = Capabilities(hidden_information=True, acts_out_of_turn=False, time_out_rule=False,
                                ranged_moves=False, solo=False)
    slug = "race"
    name = "Race"
    min_players = 2
    max_players = 4
    options = (OptionSpec("target", ("10", "15"), "10"),)

    def validate_options(self, options: dict, players: int) -> dict:
        target = str(options.get("target", "10"))
        if target not in ("10", "15"):
            raise InvalidOptions("The target must be 10 or 15.")
        return {"target": target}

    def new_game(self, options, players, seed):
        deck = _shuffled(seed, 20)
        state = {"schema_version": 1, "total": 0, "target": int(options["target"]), "turn": 0,
                 "players": players, "secret": deck[:players], "phase": "race", "ready": [],
                 "winner": None}
        return ApplyResult(state, [LogEntry("race.start", {"target": state["target"]})]
                           + [LogEntry("race.secret", {"card": c}, seat=i, visible_to=(i,))
                              for i, c in enumerate(state["secret"])])

    def pending(self, state):
        if state["phase"] == "race":
            return {state["turn"]}
        if state["phase"] == "reveal":
            return set(range(state["players"])) - set(state["ready"])
        return set()

    def legal_moves(self, state, seat):
        if seat not in self.pending(state):
            return []
        if state["phase"] == "race":
            return [{"type": "add", "n": n} for n in (1, 2, 3)]
        return [{"type": "ready"}]

    def apply(self, state, seat, move):
        if seat not in self.pending(state):
            raise IllegalMove("It is not your turn.", key="race.not_your_turn")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("You can add 1, 2 or 3.", key="race.bad_add", params={"move": move.get("type")})
        new = copy.deepcopy(state)
        log = []
        if move["type"] == "add":
            new["total"] += move["n"]
            log.append(LogEntry("race.add", {"n": move["n"], "total": new["total"]}, seat=seat))
            if new["total"] >= new["target"]:
                new["phase"], new["winner"] = "reveal", seat
            else:
                new["turn"] = (seat + 1) % new["players"]
        else:
            new["ready"].append(seat)
            log.append(LogEntry("race.ready", {}, seat=seat))
            if len(new["ready"]) == new["players"]:
                new["phase"] = "over"
        return ApplyResult(new, log)

    def view(self, state, seat):
        return {"total": state["total"], "target": state["target"], "phase": state["phase"],
                "turn": state["turn"],
                "my_secret": state["secret"][seat] if seat is not None else None,
                "secrets": state["secret"] if state["phase"] == "over" else None}

    def is_over(self, state):
        return state["phase"] == "over"

    def result(self, state):
        if not self.is_over(state):
            return None
        scores = [c + (5 if i == state["winner"] else 0) for i, c in enumerate(state["secret"])]
        ranks = [1 + sum(1 for other in scores if other > s) for s in scores]
        return GameResult(scores=scores, ranks=ranks)

    def scramble_unknown(self, state, seat, seed):
        # The game's one answer to "a position this seat cannot tell from the real one" (kit.hidden): the other
        # seats' secret cards, while they are hidden, any of the cards this seat does not hold. For EVERYONE
        # (a moderator's rollback) nothing: every secret card is dealt and seen by its seat at the start.
        new = copy.deepcopy(state)
        if state["phase"] != "over" and seat is not EVERYONE:
            others = [i for i in range(state["players"]) if i != seat]
            mine = {state["secret"][seat]} if seat is not None else set()
            free = [c for c in range(1, 21) if c not in mine]
            drawn = _shuffled(seed, len(free))
            for i, k in zip(others, drawn):
                new["secret"][i] = free[k - 1]
        return new

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)


ENGINE = RaceEngine()

