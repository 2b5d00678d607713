"""A round's opening (CT21, G8, G9, G12): Production, Guild squares, then the contracts due at it."""

from __future__ import annotations

from kit.base import LogEntry

from .bundles import add
from .notices import Notice
from .powers import guild_squares, production


def open_round(state, number: int, log: list, notices: list) -> None:
    state.round = number
    state.stage = "window"
    log.append(LogEntry("cite.round", {"round": number}))
    for seat, s in enumerate(state.seats):
        gains = production(state, seat)
        add(s["res"], gains)
        add(state.flow["produced"], gains)
        granted = guild_squares(state, seat)
        s["squares"] = granted
        s["ledger"]["granted"] += granted
        s["done"] = False
        s["flea_used"] = 0
        s["offers_made"] = 0
        log.append(LogEntry("cite.production", {"seat": seat, "gains": gains, "guild_squares": granted}, seat))
    execute_contracts(state, log, notices)


def execute_contracts(state, log: list, notices: list) -> None:
    """G12: each side pays what it owes at this Production (every contract naming this round), as much as
    it can; a shortfall is a breach of that round, shown to everyone (public log line) and told to the seat
    that was owed; the contract's ``payments`` keep every round's."""
    for c in state.contracts:
        if state.round not in c["rounds"] or str(state.round) in c["payments"]:
            continue
        record = {}
        for payer, payee, side in ((c["a"], c["b"], "a_pays"), (c["b"], c["a"], "b_pays")):
            owed = c[side]
            res_payer, res_payee = state.seats[payer]["res"], state.seats[payee]["res"]
            paid = {k: min(n, res_payer[k]) for k, n in owed.items()}
            paid = {k: n for k, n in paid.items() if n}
            add(res_payer, paid, -1)
            add(res_payee, paid)
            short = {k: n - paid.get(k, 0) for k, n in owed.items() if paid.get(k, 0) < n}
            record[side] = {"paid": paid, "short": short}
            params = {"contract": c["id"], "payer": payer, "payee": payee, "owed": owed, "paid": paid,
                      "short": short, "round": state.round}
            if short:
                log.append(LogEntry("cite.contract_breached", params, payer))
                notices.append(Notice(payee, "cite.contract_breached", params))
            elif owed:
                log.append(LogEntry("cite.contract_paid", params, payer))
                notices.append(Notice(payee, "cite.contract_paid", params))
        c["payments"][str(state.round)] = record
        c["breached"] = any(p[side]["short"] for p in c["payments"].values() for side in p)
