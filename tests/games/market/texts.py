"""Market in words (French in this app's locale folder)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

MESSAGES = {
    "market.start": ngettext_lazy("The market opens for %(rounds)s round.", "The market opens for %(rounds)s rounds.",
                                  "rounds"),
    "market.done": _("%(seat)s ends their turn."),
    "market.closed": _("The market closes."),
    "market.offer": _("%(seat)s offers %(goods)s (offer %(offer)s)."),
    "market.accept": _("%(seat)s accepts offer %(offer)s."),
    "market.decline": _("%(seat)s declines offer %(offer)s."),
    "market.timed_out": _("%(seat)s ran out of time: their turn ends and their open offers lapse."),
    # Notices: what a seat is told (page, stream, mail).
    "market.offered": _("%(giver_seat)s made you an offer: %(goods)s."),
    "market.accepted": _("%(taker_seat)s accepted your offer %(offer)s."),
    "market.declined": _("%(taker_seat)s declined your offer %(offer)s."),
    "market.your_turn": _("It is your turn at the market."),
    "market.lapsed": _("Offer %(offer)s lapsed: its giver ran out of time."),
}
ERRORS = {
    "market.not_yours": _("You can offer only goods you hold."),
    "market.no_offer": _("That offer is no longer open to you."),
    "market.gone": _("The giver no longer holds those goods."),
    "market.one_round": _("A market of one round is for two players, not %(players)s."),
}
OPTION_LABELS = {"rounds": _("Rounds")}
FIELD_LABELS = {"give": _("Goods to give"), "to": _("To")}
GOOD_NAMES = {"wood": _("wood"), "stone": _("stone"), "gold": _("gold")}
MOVE_LABELS = {"done": _("End my turn"), "offer": _("Make an offer")}


def move_label(move: dict, names: list[str]) -> str:
    kind = move.get("type")
    if kind == "accept":
        return str(_("Accept offer %(offer)s")) % {"offer": move.get("offer")}
    if kind == "decline":
        return str(_("Decline offer %(offer)s")) % {"offer": move.get("offer")}
    return str(MOVE_LABELS.get(kind, kind))


def value_label(field: str, value, names: list[str]) -> str:
    if field == "to" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(GOOD_NAMES.get(value, value))
