"""The components, read once from ``components.json`` (the one data file, each entry tagged seed /
inferred / substitute: see its ``about``)."""

from __future__ import annotations

import json
import pathlib

DATA = json.loads((pathlib.Path(__file__).with_name("components.json")).read_text(encoding="utf-8"))

BASE = tuple(DATA["resources"]["base"])                     # CT01
GOLD = DATA["resources"]["gold"]
CRAFTED = tuple(DATA["resources"]["crafted"])
RESOURCES = BASE + (GOLD,) + CRAFTED                        # the 11 kinds, in a fixed order
PROFESSIONS = {p["id"]: p["resource"] for p in DATA["professions"]["list"]}  # CT02
# CT02, the book's colours: « Verts pour le Scieur, Jaunes pour le Tailleur, Bleus pour le Forgeron et Rouges
# pour le Tisserand » (the sheet shows professions in them; a seat's own colour marks only its player's name).
PROFESSION_COLOURS = {p["id"]: p["colour"] for p in DATA["professions"]["list"]}
PROFESSION_ORDER = tuple(p["id"] for p in DATA["professions"]["list"])
BUILDINGS: dict[str, dict] = DATA["buildings"]
KINDS = tuple(BUILDINGS)
SQUARES = {k: b["squares"] for k, b in BUILDINGS.items()}
TRANSFORMERS = tuple(k for k, b in BUILDINGS.items() if b["power"] == "transform")
SHOPS = tuple(k for k, b in BUILDINGS.items() if b["power"] == "produce")
INVENTORY: dict[str, int] = DATA["inventory"]["per_colour"]            # G1 (substitute)
THREE_PLAYER_EXTRA: dict[str, int] = DATA["inventory"]["three_players_extra"]  # CT10
OPTIONAL_FOR_END = frozenset(DATA["inventory"]["optional_for_the_end"])
MARKED = [tuple(c) for c in DATA["district_sheet"]["marked_squares"]]  # G4 (substitute)
FIRST_ROUND_SQUARES = DATA["first_round_squares"]["value"]            # CT20
GIFT_GOLD = DATA["first_game_gift"]["gold"]                            # CT13
LAST_ROUND = DATA["rounds"]["value"]                                   # CT40
BANK_HOLDS = BUILDINGS["bank"]["holds"]
MARKET_GIVES = BUILDINGS["market"]["give"]
DISCOUNT = BUILDINGS["manufacture"]["discount"]


def produced_resource(kind: str, profession: str) -> str | None:
    """What a shop makes: its owner's resource, or its own (Comptoir: Gold; Weaver shop: Cloth)."""
    b = BUILDINGS[kind]
    if b["power"] != "produce":
        return None
    return PROFESSIONS[profession] if b["resource"] == "own" else b["resource"]


def inventory_for(players: int) -> dict[str, int]:
    """What one colour may build (G1), with the 3-player Weaver shop (CT10)."""
    inv = dict(INVENTORY)
    if players == 3:
        inv.update(THREE_PLAYER_EXTRA)
    return inv


def tag_of(entry: str) -> str:
    """The tag of a top-level entry or of a building (for pages that flag substitutes)."""
    if entry in BUILDINGS:
        return BUILDINGS[entry]["tag"]
    return DATA[entry]["tag"]
