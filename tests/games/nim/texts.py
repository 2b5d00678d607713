"""Nim in words (translated in this app's own locale folder)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

MESSAGES = {
    "nim.start": _("A pile of %(pile)s sticks is on the table."),
    "nim.take": _("%(seat)s takes %(n)s (%(left)s left)."),
    "nim.won": _("%(seat)s wins the pile."),
}
ERRORS = {"nim.bad_take": _("Take 1, 2 or 3 sticks, no more than the %(left)s left.")}

OPTION_LABELS = {
    "pile": _("Pile"),
    "last": _("The last stick"),
    # With a context: the site's own catalogue has "wins" (a count of victories), and it comes first.
    "wins": pgettext_lazy("the last stick", "wins"),
    "loses": pgettext_lazy("the last stick", "loses"),
}


def move_label(move: dict, names: list[str]) -> str:
    n = move.get("n", 0)
    return ngettext("Take %(n)d stick", "Take %(n)d sticks", n) % {"n": n}
