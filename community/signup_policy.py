"""What is kept when an account is closed, for how long, and who may not sign up.

Closing an account erases the person (name, e-mail, profile, ordinary chat) but
not the moderation evidence: chat messages that were reported or hidden, every
chat message of a person who was ever sanctioned, the reports and sanctions
themselves, and for staff the link between ``deleted-<id>`` and the former
username. All that is kept for ``RETENTION_DAYS`` after closing, and for as long
as a ban or other sanction still holds; then ``closed_accounts_purge`` erases it.

Meanwhile nobody may sign up with the username or the e-mail address of a closed
account that a sanction still holds, or that a report still open watches (the e-mail is
kept only as a keyed hash, for any account closed with a sanction or an open report). The
refusal says no more than "cannot be used": a stranger typing an address learns nothing."""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _lazy

RETENTION_DAYS = 365


def email_digest(email: str) -> str:
    """A keyed hash: the address itself is not kept, but the same address is recognised."""
    key = f"closed-account-email:{settings.SECRET_KEY}".encode()
    return hmac.new(key, (email or "").strip().casefold().encode(), hashlib.sha256).hexdigest()


# Providers that ignore dots in the name part: jo.hn@ and john@ are one mailbox.
DOTLESS_DOMAINS = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


def mailbox(email: str) -> str:
    """The mailbox an address delivers to: casefolded, without a "+tag" (most providers deliver
    name+anything@ to name@), without dots where the provider ignores them. Signing up again as
    eve+2@ must not dodge what holds eve@."""
    local, at, domain = (email or "").strip().casefold().rpartition("@")
    if not at or not local:
        return (email or "").strip().casefold()
    local = local.split("+", 1)[0]
    if domain in DOTLESS_DOMAINS:
        local, domain = local.replace(".", ""), DOTLESS_DOMAINS[domain]
    return f"{local}@{domain}"


def kept_messages(user):
    """The chat messages of ``user`` that closing the account keeps as evidence."""
    from .models import ChatMessage, Report, Sanction

    mine = ChatMessage.objects.filter(author=user)
    if Sanction.objects.filter(user=user).exists() or Report.objects.filter(reported_user=user).exists():
        return mine
    return mine.filter(Q(hidden_at__isnull=False) | Q(reports__isnull=False)).distinct()


def record_closing(*, user, former_username: str, former_email: str) -> None:
    """Called by ``account.account_delete`` inside its transaction, before the user row is renamed."""
    from .models import ClosedAccount, Sanction

    now = timezone.now()
    # A sanction, or a report still open (it may end in a ban after closing): the address is kept.
    watched = Sanction.objects.filter(user=user).exists() or _reported({user.pk})
    ClosedAccount.objects.update_or_create(
        user=user,
        defaults={
            "former_username": former_username,
            "email_digest": email_digest(mailbox(former_email)) if watched and former_email else "",
            "closed_at": now,
            "keep_until": now + timedelta(days=RETENTION_DAYS),
            "purged_at": None,
        },
    )


def _held(user_ids) -> set[int]:
    """Those of ``user_ids`` that a sanction (other than a warning) still holds."""
    from .models import Sanction

    now = timezone.now()
    return {s.user_id for s in Sanction.objects.filter(user_id__in=list(user_ids), lifted_at__isnull=True)
            if s.is_active(now)}


def _reported(user_ids) -> set[int]:
    """Those of ``user_ids`` with a report the moderators have not decided yet."""
    from .models import Report

    return set(Report.objects.filter(reported_user_id__in=list(user_ids), status=Report.Status.OPEN)
               .values_list("reported_user_id", flat=True))


def _held_closed(accounts) -> object | None:
    """The first closed account a sanction holds, or (within the retention period) a report still
    open watches: signing up again must not dodge a decision that is coming."""
    now = timezone.now()
    accounts = list(accounts)
    held = _held(a.user_id for a in accounts)
    reported = _reported(a.user_id for a in accounts if a.keep_until > now)
    return next((a for a in accounts if a.user_id in held or a.user_id in reported), None)


# The same words whatever the cause: a stranger typing someone's name or address learns nothing.
REFUSED_USERNAME = _lazy("This username cannot be used to sign up. Choose another one.")
REFUSED_EMAIL = _lazy("This e-mail address cannot be used to sign up. If you think this is a mistake, "
                      "write to the site's staff.")


def username_refusal(username: str) -> str | None:
    """Why this username may not be taken now, or None."""
    from .models import ClosedAccount

    found = _held_closed(ClosedAccount.objects.filter(former_username__iexact=(username or "").strip(),
                                                      purged_at__isnull=True))
    if found is None:
        return None
    return str(REFUSED_USERNAME)


def email_refusal(email: str) -> str | None:
    """Why this e-mail address may not sign up now, or None."""
    from .models import ClosedAccount

    if not email:
        return None
    # Accounts closed before the mailbox rule kept the exact address's hash: both are looked for.
    digests = {email_digest(email), email_digest(mailbox(email))}
    closed = ClosedAccount.objects.filter(email_digest__in=digests, purged_at__isnull=True)
    if _held_closed(closed) is None and not _held_mailbox(email):
        return None
    return str(REFUSED_EMAIL)


def _held_mailbox(email: str) -> bool:
    """Whether a sanction holds an account (not closed) whose address delivers to the same mailbox
    (eve+2@ while eve@ is banned). The exact address is already taken: allauth refuses it."""
    from django.contrib.auth import get_user_model

    from .models import Sanction

    now = timezone.now()
    standing = (Sanction.objects.filter(lifted_at__isnull=True).exclude(kind=Sanction.Kind.WARN)
                .filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now)))
    held_ids = {s.user_id for s in standing if s.is_active(now)}
    wanted = mailbox(email)
    addresses = get_user_model().objects.filter(pk__in=held_ids).values_list("email", flat=True)
    return any(address and mailbox(address) == wanted for address in addresses)


def closed_accounts_purge(now=None) -> int:
    """Periodic: past the retention period and with no sanction holding, the kept
    evidence of a closed account is erased (chat text, former name, e-mail hash)."""
    from .models import ChatMessage, ClosedAccount

    now = now or timezone.now()
    due = list(ClosedAccount.objects.filter(purged_at__isnull=True, keep_until__lte=now))
    held = _held(a.user_id for a in due)
    count = 0
    for account in due:
        if account.user_id in held:
            continue
        with transaction.atomic():
            ChatMessage.objects.filter(author_id=account.user_id).exclude(text="").update(text="")
            account.former_username, account.email_digest, account.purged_at = "", "", now
            account.save(update_fields=["former_username", "email_digest", "purged_at"])
        count += 1
    return count


def former_name(user) -> str:
    """For staff pages: the name a closed account had ("" once erased, or if never closed)."""
    from .models import ClosedAccount

    if user is None:
        return ""
    account = ClosedAccount.objects.filter(user_id=user.pk).only("former_username").first()
    return account.former_username if account else ""
