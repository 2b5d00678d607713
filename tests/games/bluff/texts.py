"""Bluff in words: the engine's log and error keys, its option labels and its moves' labels (French in this
app's own locale folder)."""

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "bluff.start": _("Each player holds a hidden number from 1 to %(top)s."),
    "bluff.dealt": _("Your hidden number is %(n)s."),  # a private line: only its seat reads it
    "bluff.bid": _("%(seat)s bids %(n)s."),
    "bluff.call": _("%(seat)s calls the bid of %(n)s: the numbers add up to %(total)s."),
    "bluff.won": _("%(winner_seat)s wins."),
}
ERRORS = {
    "bluff.not_your_turn": _("It is not your turn."),
    "bluff.bad_bid": _("Bid %(low)s or more, or call the last bid."),
}
OPTION_LABELS = {"top": _("Highest number")}


def move_label(move: dict, names: list[str]) -> str:
    if move.get("type") == "call":
        return str(_("Call the bid"))
    return str(_("Bid %(n)s")) % {"n": move.get("n")}
