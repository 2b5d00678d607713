"""Usernames people cannot be mistaken for (issue 12, item 10; issue 26, point 8).

A name is what others read in game logs, chats and invitations, so:

- it is stored in Unicode NFKC form (full-width ``ｄｅｍｏ`` is ``demo``), as Django's
  own ``create_user`` does; allauth's sign-up does not, so new accounts are normalised
  on save;
- names are unique without regard to case;
- a name that looks like an existing one is refused: both are reduced to a "skeleton" (``skeleton``:
  accents dropped, each non-Latin letter replaced by the Latin letter it looks like from the Unicode
  confusables data of ``confusable_homoglyphs``, the ASCII look-alikes folded: capital I, l, 1 and |;
  0 and O; rn and m; vv and w; cl and d; the dotless ı; punctuation at either end), so ``dеmo`` with a
  Cyrillic е, ``dem0``, ``rivaI``, ``adrnin``, ``admín`` and ``mallory.`` meet ``demo``, ``rival``,
  ``admin`` and ``mallory``; a name mixing alphabets whose letters look alike is refused outright.
  Each account's skeleton is kept, indexed (``players.UsernameSkeleton``), so the check is one lookup;
- ``deleted-<n>``, the name closed accounts take, is reserved.
"""

from __future__ import annotations

import re
import unicodedata

from confusable_homoglyphs import confusables
from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from django.utils.translation import gettext as _

RESERVED = re.compile(r"^deleted-\d*$")  # community.account.DELETED_PREFIX + the account id
# Characters that pass for others, before case is folded (a capital I looks like l, a small i does not).
LOOK_ALIKE_CHARACTERS = str.maketrans({"I": "l", "1": "l", "|": "l", "!": "l", "0": "o", "O": "o", "ı": "i"})
# Pairs of letters that read as one, after case is folded.
LOOK_ALIKE_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
EDGE_PUNCTUATION = "._-+@"  # the punctuation a username may hold, invisible at either end


def normalise(name: str) -> str:
    return unicodedata.normalize("NFKC", name or "").strip()


def _latin(char: str) -> str:
    """The ASCII character a non-ASCII one looks like, or the character itself."""
    if char.isascii():
        return char
    found = confusables.is_confusable(char, greedy=True, preferred_aliases=["latin"]) or []
    latin = [g["c"] for hit in found for g in hit["homoglyphs"] if g["c"].isascii()]
    return latin[0] if latin else char


def skeleton(name: str) -> str:
    """The name as it looks: two names with the same skeleton can be taken for each other."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", normalise(name)) if not unicodedata.combining(c))
    shape = "".join(_latin(c) for c in bare).translate(LOOK_ALIKE_CHARACTERS).casefold()
    for pair, single in LOOK_ALIKE_PAIRS:
        shape = shape.replace(pair, single)
    return shape.strip(EDGE_PUNCTUATION)


def validate_username(value: str) -> None:
    name = normalise(value)
    if RESERVED.match(name.casefold()):
        raise ValidationError(_("Names like “%(name)s” are kept for closed accounts; choose another.")
                              % {"name": name}, code="reserved")
    if confusables.is_dangerous(name):
        message = _("This name mixes alphabets whose letters look alike; write it in one alphabet.")
        raise ValidationError(message, code="mixed_script")
    users = get_user_model().objects
    if users.filter(username__iexact=name).exists():
        raise ValidationError(_("This name is taken."), code="taken")
    from players.models import UsernameSkeleton

    other = (UsernameSkeleton.objects.filter(skeleton=skeleton(name)).values_list("user__username", flat=True)
             .first())
    if other is not None:
        if normalise(other).casefold() == name.casefold():
            raise ValidationError(_("This name is taken."), code="taken")
        message = _("This name looks too much like “%(other)s”, a player's name; choose another.")
        raise ValidationError(message % {"other": other}, code="confusable")


# allauth's ACCOUNT_USERNAME_VALIDATORS (it replaces the model field's own validators).
USERNAME_VALIDATORS = [UnicodeUsernameValidator(), validate_username]


@receiver(pre_save, sender="auth.User", dispatch_uid="community.usernames.normalise")
def _normalise_new_usernames(sender, instance, **kwargs):
    if instance.pk is None and instance.username:
        instance.username = normalise(instance.username)


@receiver(post_save, sender="auth.User", dispatch_uid="community.usernames.skeleton")
def _keep_skeleton(sender, instance, created, update_fields=None, **kwargs):
    """Every account's skeleton, kept with it (a login's save of last_login does not touch it)."""
    if update_fields is not None and "username" not in update_fields:
        return
    from players.models import UsernameSkeleton

    UsernameSkeleton.objects.update_or_create(user=instance, defaults={"skeleton": skeleton(instance.username)})
