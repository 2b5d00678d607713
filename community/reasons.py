"""The reasons a player reads for a moderation decision: chosen from these presets, worded in the
player's language when read. The moderator's own text is an internal note (the moderation log and
staff pages); it never reaches the player."""

from django.utils.translation import gettext_lazy as _

# Reasons moderators give again and again: one click, and an internal note can be added.
PRESETS = [
    ("insults", _("Insults or harassment in the chat")),
    ("hate", _("Hate speech")),
    ("spam", _("Spam or advertising")),
    ("farming", _("Collusion: farming rating or wins with another account")),
    ("stalling", _("Stalling: not playing a game in progress")),
    ("name", _("Offensive username or display name")),
    ("evasion", _("A new account to evade a sanction")),
    ("other", _("A breach of the site's rules")),
]
LABELS = dict(PRESETS)
DEFAULT = "other"


def public_label(key: str):
    """The words a player reads for ``key`` (in the active language); unknown keys: the default's."""
    return LABELS.get(key or DEFAULT, LABELS[DEFAULT])
