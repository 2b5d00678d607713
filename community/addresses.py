"""Addresses an account was used from through an API token or to send a move (web logins are
django-axes' ``AccessLog``): the collusion evidence of the member page, administrators only.

A request records its row at most once per ``REFRESH_SECONDS`` (the cache remembers), so a bot
sending a move a second costs no write per move. Rows are erased ``RETENTION_DAYS`` after their
last use, and so are the login records."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from datetime import timedelta

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from .models import SeenAddress

REFRESH_SECONDS = 3600
RETENTION_DAYS = 90
DEVICE_LENGTH = 200


def address_seen(*, user, ip: str, via: str, device: str = "") -> bool:
    """Note that ``user`` was seen at ``ip`` through ``via`` ("api", "move"); returns whether it wrote."""
    if not ip or user is None or not user.pk:
        return False
    device = (device or "")[:DEVICE_LENGTH]
    digest = hashlib.sha256(f"{user.pk}|{ip}|{via}|{device}".encode()).hexdigest()[:32]
    if not cache.add(f"seen-address:{digest}", 1, REFRESH_SECONDS):
        return False
    now = timezone.now()
    updated = SeenAddress.objects.filter(user=user, ip=ip, via=via, device=device).update(
        last_seen=now, uses=F("uses") + 1)
    if not updated:
        try:
            with transaction.atomic():
                SeenAddress.objects.create(user=user, ip=ip, via=via, device=device, first_seen=now, last_seen=now)
        except IntegrityError:  # a concurrent request made the row first
            SeenAddress.objects.filter(user=user, ip=ip, via=via, device=device).update(
                last_seen=now, uses=F("uses") + 1)
    return True


def addresses_purge(now=None) -> int:
    """Daily: erase the addresses (API, moves and logins) not used for ``RETENTION_DAYS``."""
    from axes.models import AccessLog

    cutoff = (now or timezone.now()) - timedelta(days=RETENTION_DAYS)
    seen, _ = SeenAddress.objects.filter(last_seen__lt=cutoff).delete()
    logins, _ = AccessLog.objects.filter(attempt_time__lt=cutoff).delete()
    return seen + logins


def addresses_of(member) -> list[dict]:
    """Every address the member was seen at, newest first: [{ip, how: {"login", "api", "move"}, devices,
    last_seen}]."""
    from axes.models import AccessLog

    rows: dict[str, dict] = {}

    def note(ip, how, device, when):
        row = rows.setdefault(ip, {"ip": ip, "how": set(), "devices": set(), "last_seen": when})
        row["how"].add(how)
        if device:
            row["devices"].add(device)
        row["last_seen"] = max(row["last_seen"], when)

    for ip, agent, when in (AccessLog.objects.filter(username=member.get_username())
                            .values_list("ip_address", "user_agent", "attempt_time")):
        if ip:
            note(ip, "login", agent, when)
    for ip, via, device, when in SeenAddress.objects.filter(user=member).values_list("ip", "via", "device",
                                                                                       "last_seen"):
        note(ip, via, device, when)
    return sorted(rows.values(), key=lambda r: r["last_seen"], reverse=True)


def shared_addresses(member, limit: int = 50) -> list[dict]:
    """Other accounts seen at an address the member used (logins, API tokens, moves): [{ip, usernames}]."""
    from axes.models import AccessLog
    from django.contrib.auth import get_user_model

    addresses = [row["ip"] for row in addresses_of(member)][:limit]
    found: dict[str, set] = defaultdict(set)
    for ip, username in (AccessLog.objects.filter(ip_address__in=addresses)
                         .exclude(username=member.get_username()).values_list("ip_address", "username").distinct()):
        found[ip].add(username)
    others = SeenAddress.objects.filter(ip__in=addresses).exclude(user=member).values_list("ip", "user_id").distinct()
    names = dict(get_user_model().objects.filter(pk__in={uid for _ip, uid in others})
                 .values_list("pk", "username"))
    for ip, user_id in others:
        found[ip].add(names.get(user_id, str(user_id)))
    return [{"ip": ip, "usernames": sorted(names)} for ip, names in sorted(found.items())]
