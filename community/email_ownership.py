"""An e-mail address belongs to the account that proved it (issue 26, point 7).

Anyone may type any address into their account; until its owner follows the link sent there, it
reserves nothing. So, beside allauth's ``ACCOUNT_UNIQUE_EMAIL`` (which counts unverified addresses too):

- sign-up with an address that is only unverified elsewhere goes ahead (``PolicySignupForm``); it was
  refused with "use password reset", and that reset logged the newcomer into the squatter's account;
- a password reset is sent only for an account that verified the address (``VerifiedResetPasswordForm``);
- when someone verifies an address, the unverified copies other accounts hold are dropped
  (``drop_unverified_copies``, on allauth's ``email_confirmed`` signal)."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from allauth.account.signals import email_confirmed
from django.contrib.auth import get_user_model
from django.db import transaction
from django.dispatch import receiver


def reserved(email: str) -> bool:
    """Whether an account owns this address: verified on it, or its account's own e-mail with no address
    records at all (accounts made before allauth kept them, or by the admin)."""
    if EmailAddress.objects.filter(email__iexact=email, verified=True).exists():
        return True
    legacy = get_user_model().objects.filter(email__iexact=email).exclude(emailaddress__isnull=False)
    return legacy.exists()


def verified_by(user, email: str) -> bool:
    return EmailAddress.objects.filter(user=user, email__iexact=email, verified=True).exists()


@receiver(email_confirmed, dispatch_uid="community.email_ownership.drop_unverified_copies")
def drop_unverified_copies(sender, request=None, email_address=None, **kwargs) -> None:
    """The address is now someone's: other accounts' unverified copies go (with the account's e-mail
    field where it named this address)."""
    if email_address is None:
        return
    email = email_address.email
    with transaction.atomic():
        copies = EmailAddress.objects.filter(email__iexact=email, verified=False).exclude(user=email_address.user)
        holders = list(copies.values_list("user_id", flat=True))
        copies.delete()
        for user in get_user_model().objects.filter(pk__in=holders, email__iexact=email):
            kept = EmailAddress.objects.filter(user=user).order_by("-primary", "-verified").first()
            user.email = kept.email if kept else ""
            user.save(update_fields=["email"])
