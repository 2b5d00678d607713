"""``ENGINE``: Cité's introductory game behind the platform's engine contract (v2 shape: ``pending``
owes, ``may_act`` may, ``Notice``s in the ``ApplyResult``, moves with ``ranges``).

Methods beyond the v1 protocol:
- ``may_act(state)``: seats that are done but may still answer an offer made to them or cancel
  their own (no clock, no "your turn" mail).
- ``answers(state, seat)``: a done seat's accept/decline of the offers made to it (what a bot plays there).
- ``time_out(state, seat)``: what the platform calls when a seat's clock runs out in a window: the
  seat is marked done and its open offers lapse (told to their recipients); the window closes if
  every seat is now done. In round 1 the seat's layout is kept as it is and marked done (a small shop
  placed on its marked square first if nothing covers it: CT20).
- ``sample_move(state, seat, legal_move, rng)``: a concrete move from a ranged one, with small
  sensible offers (uniform bundles would be huge and mostly unpayable).
- ``payment(state, seat, kind, cells)``: the payment helper for the pages (``costs.cheapest_payment``
  at the cost of that building at those cells, after the seat's squares at hand)."""

from __future__ import annotations

from kit.base import GameResult, LogEntry, OptionSpec
from kit.contract import Capabilities
from kit.rules_engine import RulesEngine

from . import moves as _moves
from . import trade
from .costs import cheapest_payment
from .errors import illegal
from .invariants import CHEAP
from .notices import ApplyResult
from .params import sample
from .powers import build_cost
from .scoring import game_result
from .setup import new_state
from .state import State
from .validate import load_state
from .view import view as _view


class CiteEngine(RulesEngine):
    capabilities = Capabilities(hidden_information=False, acts_out_of_turn=True, time_out_rule=True,
                                ranged_moves=True, solo=False)
    slug = "cite"
    name = "Cité"
    min_players = 3
    max_players = 4
    # CT13: the beginners' gift of 3 Gold; CT12/G13: only the introductory game exists.
    options = (OptionSpec("first_game_gift", ("no", "yes"), "no"),)
    invariants = CHEAP
    nothing_hidden = True  # CT01: resources are open; offers are public like table talk
    # What kit.arena counts per game (a game of negotiation: are the bots trading?).
    arena_counts = {"offers": "cite.offer", "trades": "cite.accepted", "contracts_paid": "cite.contract_paid",
                    "breaches": "cite.contract_breached"}

    make_state = staticmethod(new_state)
    load_state = staticmethod(load_state)
    copy_state = staticmethod(State.copy)  # fast; shares only what moves never change in place

    def check_options(self, options: dict, players: int) -> None:
        """No rule between options (v2 passes the player count)."""

    def new_game(self, options: dict, players: int, seed: int) -> ApplyResult:
        options = self.validate_options(options, players)
        log: list = []
        state = new_state(options, players, seed, log)
        return ApplyResult(state, log)

    def apply(self, state: State, seat: int, move: dict) -> ApplyResult:
        new = self.copy_state(state)  # the old state stays untouched
        log: list = []
        notices: list = []
        _moves.apply_decision(new, seat, move, log, notices)
        _moves.advance(new, log, notices)
        return ApplyResult(new, log, notices)

    def time_out(self, state: State, seat: int) -> ApplyResult:
        """The seat's clock ran out: it is done, its open offers lapse."""
        if not (isinstance(seat, int) and 0 <= seat < state.players) or state.stage == "over" \
                or state.seats[seat]["done"]:
            raise illegal("not_pending", "this seat owes nothing now")
        new = state.copy()
        log: list = []
        notices: list = []
        trade.lapse(new, seat, log, notices)
        if new.stage == "layout" and not _moves.marked_square_built(new, seat):
            _moves.place_on_mark(new, seat, log)  # CT20: round 1 builds on the marked square, even timed out
        new.seats[seat]["done"] = True
        log.append(LogEntry("cite.timed_out", {"seat": seat, "round": new.round}, seat))
        _moves.advance(new, log, notices)
        return ApplyResult(new, log, notices)

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return _moves.legal_moves(state, seat)

    def pending(self, state: State) -> set[int]:
        return _moves.pending(state)

    def may_act(self, state: State) -> set[int]:
        return _moves.may_act(state)

    def answers(self, state: State, seat: int) -> list[dict]:
        """What a seat that is done answers (``kit.base.answers``, the moves a bot plays there): accept or
        decline each offer made to it; an answer settles the offer, so a bot answers each once."""
        if seat not in self.may_act(state):
            return []
        return [m for m in trade.answer_moves(state, seat) if m["type"] in ("accept", "decline")]

    def scramble_unknown(self, state: State, seat: int | None, seed: int) -> State:
        """Undo's test (kit/reveal.py): nothing in Cité is hidden from anyone (resources and offers are
        public, and the only draw, the professions and quarters, is over before the first move), so every
        position a seat cannot tell from this one is this one."""
        return state.copy()

    def seat_part(self, state: State, seat: int) -> dict:
        """What is a seat's own (``play.undo.changes_only_own``: a move that changes another seat's is not its
        mover's alone to take back): its resources, its Bank and the contracts it is party to."""
        s = state.seats[seat]
        return {"res": s["res"], "bank": s["bank"],
                "contracts": [c for c in state.contracts if seat in (c["a"], c["b"])]}

    def move_reveals_hidden(self, before: State, after: State) -> bool:
        return False  # nothing is hidden in Cité (resources and offers are public)

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.stage == "over"

    def result(self, state: State) -> GameResult | None:
        return game_result(state.result) if state.result is not None else None

    def ending(self, state: State) -> str | None:
        """How the game ended: all_built (CT40, a colour built everything) or last_round."""
        return state.over_reason

    def payment(self, state: State, seat: int, kind: str, cells) -> dict:
        cost = build_cost(state, kind, cells)
        plan = cheapest_payment(state.seats[seat]["res"], max(0, cost - state.seats[seat]["squares"]))
        return dict(plan, cost_squares=cost, squares_at_hand=state.seats[seat]["squares"])

    def sample_move(self, state: State, seat: int, legal_move: dict, rng) -> dict:
        if legal_move["type"] in ("offer", "counter"):
            return small_offer(state, seat, legal_move, rng)
        return sample(legal_move, rng)


def small_offer(state, seat, legal_move, rng) -> dict:
    """An offer of 1-3 units of one held kind for 1-3 of a kind a recipient holds, sometimes with a
    small contract; what random self-play sends."""
    move = {k: v for k, v in legal_move.items() if k != "ranges"}
    r = legal_move["ranges"]
    if "to" in r:
        others = r["to"]["of"]
        move["to"] = rng.sample(list(others), rng.randint(1, len(others)))
    mine, theirs = r["give"]["of"], r["get"]["of"]
    move["give"], move["get"] = {}, {}
    if mine:
        k = rng.choice(sorted(mine))
        move["give"] = {k: rng.randint(1, min(3, mine[k]))}
    if theirs:
        k = rng.choice(sorted(theirs))
        move["get"] = {k: rng.randint(1, min(3, theirs[k]))}
    for side in ("later_give", "later_get"):
        if side in r:
            move[side] = {}
    if "later_rounds" in r:
        move["later_rounds"] = []
    if "later_give" in r and rng.random() < 0.3:
        side = rng.choice(("later_give", "later_get"))
        move[side] = {rng.choice(sorted(r[side]["of"])): rng.randint(1, 3)}
        later = r["later_rounds"]["of"]  # G12: next round's, or several named ones
        move["later_rounds"] = sorted(rng.sample(later, rng.randint(1, len(later)))) if rng.random() < 0.5 else []
    if not any(move[f] for f in ("give", "get", "later_give", "later_get") if f in move) and "later_get" in r:
        move["later_get"] = {"wood": 1}
    return move


ENGINE = CiteEngine()
