"""Patience in words (French in this app's locale folder)."""

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "patience.start": _("A shuffled deck; the target is %(target)s."),
    "patience.draw": _("%(seat)s draws a %(card)s (total %(total)s)."),
    "patience.stop": _("%(seat)s stops at %(total)s."),
    # The rank a solo game reached (GameResult.solo.label_key).
    "patience.busted": _("Over the target (%(total)s)"),
    "patience.close": _("Close to the target (%(total)s)"),
    "patience.far": _("Far from the target (%(total)s)"),
}
ERRORS = {"patience.bad_move": _("Draw a card or stop."),
          "patience.jokers": _("Jokers are played with the target 21 only.")}
OPTION_LABELS = {"target": _("Target"), "jokers": _("Jokers"), "no": _("no"), "yes": _("yes")}
MOVE_LABELS = {"draw": _("Draw a card"), "stop": _("Stop here")}


def move_label(move: dict, names: list[str]) -> str:
    return str(MOVE_LABELS.get(move.get("type"), move.get("type")))
