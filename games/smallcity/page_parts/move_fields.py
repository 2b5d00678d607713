"""The parts of each kind of Small City move: the ranged fields' order, which are chosen on the board, each
part's question and the move types' labels."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

RANGES_KEY = "_r"  # the values of a ranged legal move chosen so far, inside the partial move in the URL
RANGE_ORDER = ("squares", "water", "warehouse", "side", "activate", "waive", "to", "amount", "material")
BOARD_RANGES = ("squares", "water", "warehouse")
BOARD_FIXED = ("corner", "sq1", "sq2", "square")
FIELD_ORDER = {
    "build": ["kind", "level"], "council_build": ["kind", "level"], "pick": ["card", "gain"],
    "expand": ["tile", "square"], "council": ["disc", "row", "action", "pay", "take"],
    "place_mayor": ["sq1", "sq2"],
}

PROMPTS = {
    "type": gettext_lazy("What do you do?"),
    "kind": gettext_lazy("Which building?"),
    "level": gettext_lazy("Which level (its number of squares)?"),
    "card": gettext_lazy("Which card?"),
    "gain": gettext_lazy("Supporter: money or votes?"),
    "tile": gettext_lazy("Which building?"),
    "square": gettext_lazy("Choose a highlighted square on your district."),
    "corner": gettext_lazy("Choose the bottom-left square of your 2×2 town hall (highlighted squares)."),
    "sq1": gettext_lazy("Choose a square beside the street (highlighted)."),
    "sq2": gettext_lazy("Choose the square on the other side of the street."),
    "disc": gettext_lazy("Which disc?"),
    "row": gettext_lazy("Which department (row)?"),
    "action": gettext_lazy("Move the disc on, or start again in column 1?"),
    "pay": gettext_lazy("How do you pay?"),
    "take": gettext_lazy("Which reward?"),
    "from": gettext_lazy("Which citizen?"),
    "slot": gettext_lazy("Which place?"),
    "squares": gettext_lazy("Tap the squares of the building on your district, one by one."),
    "water": gettext_lazy("Port: tap the two squares of its water half."),
    "warehouse": gettext_lazy("Factory: tap the square of its new Warehouse (in the Factory's zone)."),
    "side": gettext_lazy("Which side of the tile (its printed squares)?"),
    "activate": gettext_lazy("Activate it at once with a citizen of your district?"),
    "waive": gettext_lazy("Architect: which raw material do you not pay?"),
    "to": gettext_lazy("Where does the citizen go?"),
    "amount": gettext_lazy("How many dollars do you pay for votes?"),
    "material": gettext_lazy("Which raw material?"),
}


# A kind of move, as the first question of the move panel lists them.
TYPE_LABELS = {
    "place_town_hall": gettext_lazy("Build your town hall"),
    "keep_promise": gettext_lazy("Keep one of your Election Promises"),
    "keep_special": gettext_lazy("Keep one of the Special Promises drawn"),
    "place_mayor": gettext_lazy("Put the Mayor on a street"),
    "pick": gettext_lazy("Take a special action card"),
    "build": gettext_lazy("Build"),
    "council_build": gettext_lazy("Council: build a tile"),
    "expand": gettext_lazy("Expand a building"),
    "demolish": gettext_lazy("Demolish a building"),
    "extend": gettext_lazy("Grow the buildable zone (one step of the size track)"),
    "undo": gettext_lazy("Take back the last step of my plan"),
    "done": gettext_lazy("Done"),
    "reopen": gettext_lazy("Change my plan (until the last plan is in)"),
    "move_citizen": gettext_lazy("Move a citizen"),
    "income": gettext_lazy("Use a Commercial square"),
    "income_done": gettext_lazy("No more income"),
    "kill": gettext_lazy("Pollution (Phase 6): one citizen in your district dies. Choose which: one of yours or "
                         "a visiting tourist (a tourist whose owner has an active Fire station goes home instead)"),
    "cemetery": gettext_lazy("Choose the square of the Cemetery for the citizen who died in your district"),
    "new_home": gettext_lazy("More empty level-1 Residential zones than town-hall citizens: choose where one "
                             "moves in"),
    "store": gettext_lazy("More products than room to store them: choose which one is stored next (the others "
                          "may be lost)"),
    "council": gettext_lazy("Move a disc on the council"),
    "pass": gettext_lazy("Pass"),
    "skip": gettext_lazy("Skip"),
}

