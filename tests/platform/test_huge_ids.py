"""An id beyond the database's integer range, in any URL that takes one, is a game (or a chat line, an offer…)
that does not exist: never a 500. PostgreSQL refuses such a number in a query ("value out of range"), SQLite
cannot even bind it; Django's converter accepts any run of digits."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.platform.factories import make_user

HUGE = [2**31, 2**63, 10**30]
TEXT = ["-1", "0x1f", "%20"]  # what only the API router's id lets through


def _patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, route)
        elif isinstance(entry, URLPattern):
            yield route, entry


API_ID = "(?P<pk>[^/.]+)"  # the API router's id: any text but a slash or a dot


def _int_routes() -> list[str]:
    """Every route whose only parameters are ids: Django's ``<int:…>`` and the API router's ``pk``."""
    found = []
    for route, entry in _patterns():
        converters = getattr(entry.pattern, "converters", {})
        if converters and all(type(c).__name__ == "IntConverter" for c in converters.values()):
            found.append(re.sub(r"<int:\w+>", "{id}", route))
        elif API_ID in route and "(?P<format>" not in route:
            found.append(route.replace(API_ID, "{id}").replace("^", "").replace("$", ""))
    return sorted(set(found))


def test_the_site_has_routes_with_ids():
    routes = _int_routes()
    assert "games/{id}/" in routes and "api/games/{id}/moves/" in routes and len(routes) > 30, routes


@pytest.mark.django_db
@pytest.mark.parametrize("number", HUGE + TEXT)
def test_an_id_out_of_range_or_not_a_number_is_a_thing_that_does_not_exist(number, settings):
    settings.RATELIMIT_ENABLE = False
    client = Client(raise_request_exception=False)
    client.force_login(make_user("alice"))
    failures = []
    for route in _int_routes():
        path = "/" + route.format(id=number)
        for method in ("get", "post"):
            accept = "application/json" if path.startswith("/api/") else "text/html"
            response = getattr(client, method)(path, HTTP_ACCEPT=accept)
            if response.status_code >= 500:
                failures.append(f"{method.upper()} {path} → {response.status_code}")
    assert not failures, failures
