"""The client's address, the same for every limit (django-axes lock-outs, allauth's
sign-up/login/reset limits, django-ratelimit keys by address).

Behind the load balancer of docs/deploy.md every request comes from the balancer's
address; the client's is in X-Forwarded-For, which the client can also write. So
the header is believed only as far as proxies we run append to it:
``TRUSTED_PROXY_COUNT`` (environment, default 0 = no proxy, use REMOTE_ADDR) is
how many of the right-most entries were written by our proxies, and the client is
the entry those proxies saw (``ips[-count]``, allauth's own rule for
``ALLAUTH_TRUSTED_PROXY_COUNT``, which settings set to the same number)."""

from __future__ import annotations

from ipaddress import ip_address

from django.conf import settings


def client_ip(request) -> str:
    return address_behind(request.META.get("REMOTE_ADDR", "") or "", request.META.get("HTTP_X_FORWARDED_FOR", ""),
                          getattr(settings, "TRUSTED_PROXY_COUNT", 0))


def address_behind(remote: str, forwarded_for: str, count: int) -> str:
    """The rule itself, without Django (gunicorn's access log uses it too: lacitta_site.log_redaction)."""
    if count <= 0:
        return remote
    forwarded = [part.strip() for part in (forwarded_for or "").split(",")]
    if len(forwarded) < count or not forwarded[-count]:
        return remote  # the request did not come through our proxies (or a misconfiguration)
    candidate = forwarded[-count]
    try:
        return str(ip_address(candidate))
    except ValueError:
        return remote
