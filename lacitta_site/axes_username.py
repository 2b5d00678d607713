"""The login name django-axes counts failures for: allauth's form field is
"login" (a username or an e-mail), while authenticate() receives "username"
or "email"; all must map to the same key or a lock-out never triggers.

An e-mail address of an account counts as that account's username: a guesser
who alternates between the two gets one budget per account, not two."""

from django.contrib.auth import get_user_model


def login_name(request, credentials) -> str:
    credentials = credentials or {}
    name = (
        credentials.get("username")
        or credentials.get("email")
        or (request.POST.get("login") if request is not None and hasattr(request, "POST") else None)
        or ""
    )
    name = str(name).strip().lower()
    if "@" in name:
        from allauth.account.models import EmailAddress

        addresses = EmailAddress.objects.filter(email__iexact=name).order_by("-verified")  # the owner's first
        owner = addresses.values_list("user__username", flat=True).first()
        if owner is None:
            users = get_user_model().objects.filter(email__iexact=name)
            owner = users.values_list("username", flat=True).first()
        if owner is not None:
            return owner.lower()
    return name
