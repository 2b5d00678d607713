"""The seat colours the platform knows, in words (a game's pages name a seat's colour with them)."""

from django.utils.translation import gettext_lazy as _

COLOUR_NAMES = {
    "red": _("Red"), "blue": _("Blue"), "green": _("Green"), "yellow": _("Yellow"), "purple": _("Purple"),
    "orange": _("Orange"), "teal": _("Teal"), "brown": _("Brown"),
}
