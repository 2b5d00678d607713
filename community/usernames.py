"""Usernames people cannot be mistaken for (issue 12, item 10).

A name is what others read in game logs, chats and invitations, so:

- it is stored in Unicode NFKC form (full-width ``ｄｅｍｏ`` is ``demo``), as Django's
  own ``create_user`` does; allauth's sign-up does not, so new accounts are normalised
  on save;
- names are unique without regard to case;
- a name that looks like an existing one is refused: both are reduced to a Latin
  "skeleton" (each non-Latin letter replaced by the Latin letter it looks like, from
  the Unicode confusables data of ``confusable_homoglyphs``), so ``dеmo`` with a
  Cyrillic е meets ``demo``; a name mixing alphabets whose letters look alike is
  refused outright;
- ``deleted-<n>``, the name closed accounts take, is reserved.
"""

from __future__ import annotations

import re
import unicodedata

from confusable_homoglyphs import confusables
from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils.translation import gettext as _

RESERVED = re.compile(r"^deleted-\d*$")  # community.account.DELETED_PREFIX + the account id
NON_ASCII = r"[^ -~]"  # a database regex both SQLite and PostgreSQL read the same way


def normalise(name: str) -> str:
    return unicodedata.normalize("NFKC", name or "").strip()


def skeleton(name: str) -> str:
    """The name as it looks: case folded, each non-ASCII character that looks like a
    Latin letter replaced by it (Latin letters with accents stay themselves)."""
    out = []
    for char in normalise(name).casefold():
        if char.isascii():
            out.append(char)
            continue
        found = confusables.is_confusable(char, greedy=True, preferred_aliases=["latin"]) or []
        latin = [g["c"] for hit in found for g in hit["homoglyphs"] if g["c"].isascii()]
        out.append(latin[0].casefold() if latin else char)
    return "".join(out)


def validate_username(value: str) -> None:
    name = normalise(value)
    if RESERVED.match(name.casefold()):
        raise ValidationError(_("Names like “%(name)s” are kept for closed accounts; choose another.")
                              % {"name": name}, code="reserved")
    if confusables.is_dangerous(name):
        message = _("This name mixes alphabets whose letters look alike; write it in one alphabet.")
        raise ValidationError(message, code="mixed_script")
    shape = skeleton(name)
    users = get_user_model().objects.filter(
        Q(username__iexact=name) | Q(username__iexact=shape) | Q(username__regex=NON_ASCII))
    for other in users.values_list("username", flat=True).iterator():
        if normalise(other).casefold() == name.casefold():
            raise ValidationError(_("This name is taken."), code="taken")
        if skeleton(other) == shape:
            message = _("This name looks too much like “%(other)s”, a player's name; choose another.")
            raise ValidationError(message % {"other": other}, code="confusable")


# allauth's ACCOUNT_USERNAME_VALIDATORS (it replaces the model field's own validators).
USERNAME_VALIDATORS = [UnicodeUsernameValidator(), validate_username]


@receiver(pre_save, sender="auth.User", dispatch_uid="community.usernames.normalise")
def _normalise_new_usernames(sender, instance, **kwargs):
    if instance.pk is None and instance.username:
        instance.username = normalise(instance.username)
