"""Race in words (its French catalogue is in this app's locale folder)."""

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "race.start": _("The race to %(target)s begins."),
    "race.add": "%(seat)s adds %(n)s (total %(total)s).",
    "race.ready": "%(seat)s is ready.",
    "race.secret": "Your secret card is %(card)s.",
}
ERRORS = {"race.bad_add": "You can only add 1, 2 or 3."}

OPTION_LABELS = {"target": _("Target")}
