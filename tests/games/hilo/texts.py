"""Hilo in words: the engine's log and error keys, its option labels and its moves' labels (French in this app's
own locale folder)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

MESSAGES = {
    "hilo.start": _("Each round every player secretly chooses high or low; %(rounds)s rounds."),
    "hilo.chose": _("%(seat)s has chosen for round %(round)s."),  # public: that a seat chose, never what
    "hilo.mine": _("You chose %(side)s."),  # a private line: only the chooser reads it
    "hilo.showed": _("%(player_seat)s had chosen %(side)s."),  # player_seat: a seat, worded as its name
    "hilo.roll": _("Round %(round)s: the die shows %(die)s, %(side)s scores."),
}
ERRORS = {
    "hilo.over": _("The game is over."),
    "hilo.already_chosen": _("You have already chosen for round %(round)s."),
    "hilo.bad_choice": _("Choose high or low."),
}
OPTION_LABELS = {"rounds": _("Rounds")}

# A side in one word (the board's table, the end table's column); with a context, as the words are short.
SIDE_WORDS = {"high": pgettext_lazy("hilo side", "high"), "low": pgettext_lazy("hilo side", "low")}


def param(name: str, value, options: dict | None = None):
    """A log parameter in words: ``side`` ("high", "low") in the reader's language; any other as it is."""
    if name == "side" and value in SIDE_WORDS:
        return SIDE_WORDS[value]
    return value


def move_label(move: dict, names: list[str]) -> str:
    if move.get("side") == "high":
        return str(_("High (4 to 6)"))
    return str(_("Low (1 to 3)"))
