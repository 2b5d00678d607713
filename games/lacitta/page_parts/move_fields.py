"""The parts of each kind of La Città move: the order they are asked in, which are chosen on the board,
the move types' labels and each part's question."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

# The order in which the parts of each kind of move are asked.
FIELD_ORDER = {
    "build": ["building", "cell", "cells"],
    "found": ["cell", "from"],
    "politics": ["slot", "tier", "cubes", "citizens", "look", "building", "cell", "cells", "city", "service"],
    "demolish": ["cell", "city"],
    "voice_choice": ["city", "service"],
    "feeding_loss": ["city", "count"],
    "place_castle": ["cell"],
}
BOARD_KEYS = {"cell", "cells", "city", "from"}
# List fields chosen as a whole: which face-down cards to peek at (a pair or all three).
WHOLE_KEYS = frozenset({"look"})

TYPE_LABELS = {
    "take_gold": gettext_lazy("Take 2 gold"),
    "found": gettext_lazy("Found a city"),
    "build": gettext_lazy("Build a small building"),
    "politics": gettext_lazy("Take a politics card"),
    "pass": gettext_lazy("Pass (draw a politics card face down)"),
    "place_castle": gettext_lazy("Place a castle"),
    "voice_choice": gettext_lazy("Choose a service for a city"),
    "demolish": gettext_lazy("Demolish a building"),
    "relodge_done": gettext_lazy("Keep my remaining roads"),
    "feeding_loss": gettext_lazy("Remove starving citizens"),
}
ACTION_CARD_TYPES = {"take_gold", "found", "build"}

PROMPTS = {
    "type": gettext_lazy("What do you do?"),
    "slot": gettext_lazy("Which politics card?"),
    "tier": gettext_lazy("Which size of building?"),
    "cubes": gettext_lazy("How many cubes?"),
    "citizens": gettext_lazy("How many citizens?"),
    "look": gettext_lazy("Which cards do you look at?"),
    "building": gettext_lazy("Which building?"),
    "cell": gettext_lazy("Choose a highlighted hex on the board."),
    "cells": gettext_lazy("Choose a highlighted hex on the board for the road."),
    "city": gettext_lazy("Choose the castle of a highlighted city on the board."),
    "from": gettext_lazy("Choose the castle that gives a citizen."),
    "service": gettext_lazy("Which service?"),
    "count": gettext_lazy("How many citizens leave this city?"),
}


