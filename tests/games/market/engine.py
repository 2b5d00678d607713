"""Market: a test game of offers made at any time (what Cité's trading needs from the platform).

Each seat holds goods (wood, stone, gold). In turn, one seat OWES a decision: "done" ends its turn (it
alone has a clock). Every other seat MAY act at any time without owing (``may_act``), and so may the
seat whose turn it is: make an offer (give a bundle of its goods to one or more players: a move with
parameters, ``kit.params`` ranges), accept an offer made to it (the goods move, if the giver still has
them), or decline one. The people concerned are told (``Notice``). After two rounds the game ends; a
seat scores 10 per kind of goods it holds plus 1 per good."""

from __future__ import annotations

import copy

from kit import params
from kit.base import ApplyResult, GameResult, IllegalMove, InvalidOptions, LogEntry, Notice, OptionSpec
from kit.contract import Capabilities
from kit.rules_engine import RulesEngine

GOODS = ("wood", "stone", "gold")
START = ({"wood": 3, "stone": 1}, {"stone": 3, "gold": 1}, {"gold": 3, "wood": 1}, {"wood": 2, "gold": 2})


class MarketEngine(RulesEngine):
    capabilities = Capabilities(hidden_information=False, acts_out_of_turn=True, time_out_rule=True,
                                ranged_moves=True, solo=False)
    slug = "market"
    name = "Market"
    min_players = 2
    max_players = 4
    options = (OptionSpec("rounds", ("1", "2"), "2"),)

    def check_options(self, options: dict, players: int) -> None:
        # An option that depends on the player count (kit: check_options(options, players)).
        if options["rounds"] == "1" and players > 2:
            raise InvalidOptions("A market of one round is for two players.", key="market.one_round",
                                 params={"players": players})

    @staticmethod
    def make_state(options, players, seed, log):
        log.append(LogEntry("market.start", {"rounds": int(options["rounds"])}))
        return {"schema_version": 1, "players": players, "goods": [dict(START[i]) for i in range(players)],
                "offers": [], "next_offer": 1, "turn": 0, "round": 1, "rounds": int(options["rounds"]),
                "over": False}

    @staticmethod
    def advance(state, log):
        pass

    nothing_hidden = True  # every good and every offer is on the table

    def scramble_unknown(self, state, seat, seed):
        return state

    def seat_part(self, state, seat):
        """A seat's goods: an accepted offer moves them, so it is not its mover's alone to take back."""
        return state["goods"][seat]

    def pending(self, state):
        return set() if state["over"] else {state["turn"]}

    def may_act(self, state):
        return set() if state["over"] else set(range(state["players"])) - {state["turn"]}

    def legal_moves(self, state, seat):
        if state["over"]:
            return []
        moves = [{"type": "done"}] if seat == state["turn"] else []
        mine = {k: v for k, v in state["goods"][seat].items() if v}
        if mine:
            others = [s for s in range(state["players"]) if s != seat]
            moves.append({"type": "offer", "ranges": {
                "give": {"kind": "bundle", "of": mine, "min_total": 1, "max_total": sum(mine.values())},
                "to": {"kind": "subset", "of": others, "min": 1, "max": len(others)}}})
        for offer in state["offers"]:
            if seat in offer["to"]:
                giver = state["goods"][offer["from"]]
                if all(giver.get(g, 0) >= n for g, n in offer["give"].items()):
                    moves.append({"type": "accept", "offer": offer["id"]})
                moves.append({"type": "decline", "offer": offer["id"]})
        return moves

    def answers(self, state, seat):
        """A seat whose turn it is not answers the offers made to it (``kit.base.answers``: what a bot
        plays there; each answer takes the seat off the offer)."""
        return [m for m in self.legal_moves(state, seat) if m["type"] in ("accept", "decline")]

    def sample_move(self, state, seat, legal, rng):
        """Random play offers one good at a time to one player (uniform bundles would give everything)."""
        move = params.sample(legal, rng)
        if legal.get("type") == "offer":
            good = rng.choice(sorted(legal["ranges"]["give"]["of"]))
            move = {**move, "give": {good: 1}, "to": [rng.choice(legal["ranges"]["to"]["of"])]}
        return move

    def apply(self, state, seat, move):
        # Everything is checked against this position: the platform may apply a move chosen on an older one.
        if state["over"] or not 0 <= seat < state["players"]:
            raise IllegalMove("The market is closed.", key="market.closed")
        new = copy.deepcopy(state)
        log, notices = [], []
        kind = move.get("type")
        if kind == "done" and set(move) == {"type"}:
            if seat != state["turn"]:
                raise IllegalMove("It is not your turn.", key="market.not_your_turn")
            log.append(LogEntry("market.done", {}, seat=seat))
            new["turn"] = (seat + 1) % new["players"]
            if new["turn"] == 0:
                new["round"] += 1
                if new["round"] > new["rounds"]:
                    new["over"] = True
                    new["offers"] = []
                    log.append(LogEntry("market.closed", {}))
            if not new["over"]:
                notices.append(Notice(new["turn"], "market.your_turn", {}))
        elif kind == "offer" and set(move) == {"type", "give", "to"}:
            give, to = move["give"], move["to"]
            others = [s for s in range(state["players"]) if s != seat]
            held = state["goods"][seat]
            if not isinstance(give, dict) or not give or not all(
                    g in GOODS and isinstance(n, int) and not isinstance(n, bool) and 0 < n <= held.get(g, 0)
                    for g, n in give.items()):
                raise IllegalMove("You can offer only goods you hold.", key="market.not_yours")
            if not isinstance(to, list) or not to or len(set(map(str, to))) != len(to) or not all(
                    isinstance(s, int) and s in others for s in to):
                raise IllegalMove("Offer to one or more other players.", key="market.bad_to")
            offer = {"id": new["next_offer"], "from": seat, "to": sorted(to), "give": dict(give)}
            new["next_offer"] += 1
            new["offers"].append(offer)
            log.append(LogEntry("market.offer", {"offer": offer["id"], "goods": _words(give), "to": sorted(to)},
                                seat=seat))
            notices += [Notice(s, "market.offered", {"giver_seat": seat, "goods": _words(give), "offer": offer["id"]})
                        for s in offer["to"]]
        elif kind in ("accept", "decline") and set(move) == {"type", "offer"}:
            offer = next((o for o in new["offers"] if o["id"] == move["offer"] and seat in o["to"]), None)
            if offer is None:
                raise IllegalMove("That offer is no longer open to you.", key="market.no_offer")
            if kind == "accept":
                giver = new["goods"][offer["from"]]
                if any(giver.get(g, 0) < n for g, n in offer["give"].items()):
                    raise IllegalMove("The giver no longer holds those goods.", key="market.gone")
                for g, n in offer["give"].items():
                    giver[g] -= n
                    new["goods"][seat][g] = new["goods"][seat].get(g, 0) + n
                new["offers"].remove(offer)
                log.append(LogEntry("market.accept", {"offer": offer["id"]}, seat=seat))
                notices.append(Notice(offer["from"], "market.accepted", {"taker_seat": seat, "offer": offer["id"]}))
            else:
                offer["to"].remove(seat)
                if not offer["to"]:
                    new["offers"].remove(offer)
                log.append(LogEntry("market.decline", {"offer": offer["id"]}, seat=seat))
                notices.append(Notice(offer["from"], "market.declined", {"taker_seat": seat, "offer": offer["id"]}))
        else:
            raise IllegalMove("That is not a market move.", key="market.bad_move")
        return ApplyResult(new, log, notices)

    def time_out(self, state, seat):
        """The seat whose turn it is ran out of time: its turn ends and its open offers lapse (the
        platform's hook, ``kit.base.time_out``; those offered to are told)."""
        if state["over"] or seat != state["turn"]:
            raise IllegalMove("This seat owes nothing now.", key="market.not_your_turn")
        lapsed = [o for o in state["offers"] if o["from"] == seat]
        applied = self.apply({**state, "offers": [o for o in state["offers"] if o["from"] != seat]}, seat,
                             {"type": "done"})
        log = [LogEntry("market.timed_out", {}, seat=seat)] + list(applied.log)
        notices = [Notice(s, "market.lapsed", {"offer": o["id"]}) for o in lapsed for s in o["to"]]
        return ApplyResult(applied.state, log, notices + list(applied.notices))

    def view(self, state, seat):
        return {"goods": copy.deepcopy(state["goods"]), "offers": copy.deepcopy(state["offers"]),
                "turn": state["turn"], "round": state["round"], "rounds": state["rounds"], "over": state["over"]}

    def is_over(self, state):
        return state["over"]

    def result(self, state):
        if not state["over"]:
            return None
        scores = [10 * sum(1 for n in g.values() if n) + sum(g.values()) for g in state["goods"]]
        return GameResult(scores=scores, ranks=[1 + sum(1 for o in scores if o > s) for s in scores])

    def dump(self, state):
        return copy.deepcopy(state)

    def load_state(self, data):
        return copy.deepcopy(data)


def _words(bundle: dict) -> str:
    return ", ".join(f"{n} {g}" for g, n in sorted(bundle.items()) if n)


def goods_kept(state) -> str | None:
    """No good is made or lost by trading."""
    total = sum(sum(g.values()) for g in state["goods"])
    start = sum(sum(START[i].values()) for i in range(state["players"]))
    return None if total == start else f"{total} goods instead of {start}"


MarketEngine.invariants = (goods_kept,)
ENGINE = MarketEngine()
