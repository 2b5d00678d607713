"""Decks: Voice of the People (R07/R20) and politics cards (R07/R23/R70).

Deck order is hidden information (R80): it lives only in the state, never in a view
or a log line."""

from __future__ import annotations

from kit.base import LogEntry
from kit.rng import shuffle

from .constants import BASE_DECK, EXPANSION_DECK, ROW_SIZE, VOICE_DECK
from .state import State


def politics_deck(expansion: bool) -> list[str]:
    table = EXPANSION_DECK if expansion else BASE_DECK  # R70: the expansion deck replaces the base one
    return [card for card, n in table.items() for _ in range(n)]


def voice_deck() -> list[str]:
    return [svc for svc, n in VOICE_DECK.items() for _ in range(n)]


def deal_politics(s: State, expansion: bool) -> None:
    deck = politics_deck(expansion)
    s.rng = shuffle(s.rng, deck)
    s.pol_row = deck[:ROW_SIZE]
    s.pol_deck = deck[ROW_SIZE:]
    s.pol_discard = []


def draw_politics(s: State, log: list) -> str | None:
    """Top card of the politics deck; an empty deck is rebuilt from the shuffled
    discard (R07). None when both are empty (ruling: the row slot stays empty, a pass
    takes nothing)."""
    if not s.pol_deck:
        if not s.pol_discard:
            return None
        deck = list(s.pol_discard)
        s.rng = shuffle(s.rng, deck)
        s.pol_deck = deck
        s.pol_discard = []
        log.append(LogEntry("lacitta.politics_reshuffled", {"cards": len(deck)}))
    card = s.pol_deck[-1]
    s.pol_deck = s.pol_deck[:-1]
    return card


def take_from_row(s: State, slot: int, log: list) -> str:
    card = s.pol_row[slot]
    new = draw_politics(s, log)
    row = s.pol_row[:]  # shared with other copies of the state
    row[slot] = new
    s.pol_row = row
    log.append(LogEntry("lacitta.row_refilled", {"slot": slot, "card": new}))
    return card
