"""The login name django-axes counts failures for: allauth's form field is
"login" (a username or an e-mail), while authenticate() receives "username"
or "email"; all must map to the same key or a lock-out never triggers."""


def login_name(request, credentials) -> str:
    credentials = credentials or {}
    name = (
        credentials.get("username")
        or credentials.get("email")
        or (request.POST.get("login") if request is not None and hasattr(request, "POST") else None)
        or ""
    )
    return name.strip().lower()
