"""Issue 12, item 9: behind the load balancer every request comes from its address.
The client's address comes from X-Forwarded-For only as far as our own proxies
(``TRUSTED_PROXY_COUNT``), and every limit uses that same address: django-axes
lock-outs, allauth's sign-up/login/reset limits, django-ratelimit keys. Login
failures count per account whether the username or the e-mail was typed."""

import os
import subprocess
import sys

import pytest
from allauth.account.adapter import get_adapter
from django.conf import settings as django_settings
from django.test import RequestFactory
from django_ratelimit.core import is_ratelimited

from lacitta_site.client_ip import client_ip
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

BALANCER = "10.0.0.5"


def login(client, login, password, forwarded):
    return client.post("/accounts/login/", {"login": login, "password": password},
                       REMOTE_ADDR=BALANCER, HTTP_X_FORWARDED_FOR=forwarded)


@pytest.fixture
def behind_one_proxy(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    settings.ACCOUNT_RATE_LIMITS = False  # django-axes alone decides
    return settings


def test_behind_the_balancer_one_guesser_does_not_lock_out_the_owner(client, behind_one_proxy):
    make_user("target", password="the-real-password-1")
    for _ in range(behind_one_proxy.AXES_FAILURE_LIMIT):
        login(client, "target", "wrong", "203.0.113.9")
    locked = login(client, "target", "the-real-password-1", "203.0.113.9")
    assert locked.status_code in (403, 429) and "Too many failed logins" in locked.content.decode()
    # The owner, through the same balancer from another address, still gets in.
    owner = login(client, "target", "the-real-password-1", "198.51.100.7")
    assert owner.status_code == 302


def test_without_trusted_proxy_the_forwarded_header_is_not_believed(client, settings):
    """Default (0): a guesser cannot buy a fresh budget by writing X-Forwarded-For."""
    settings.ACCOUNT_RATE_LIMITS = False
    assert settings.TRUSTED_PROXY_COUNT == 0
    make_user("target", password="the-real-password-1")
    for i in range(settings.AXES_FAILURE_LIMIT):
        login(client, "target", "wrong", f"203.0.113.{i}")
    locked = login(client, "target", "the-real-password-1", "198.51.100.7")
    assert locked.status_code in (403, 429)


def test_failures_count_per_account_whether_username_or_email_was_typed(client, settings):
    settings.ACCOUNT_RATE_LIMITS = False
    make_user("target", password="the-real-password-1")
    for i in range(settings.AXES_FAILURE_LIMIT):
        name = "target" if i % 2 else "Target@Example.com"
        client.post("/accounts/login/", {"login": name, "password": "wrong"})
    for name in ("target", "target@example.com"):
        locked = client.post("/accounts/login/", {"login": name, "password": "the-real-password-1"})
        assert locked.status_code in (403, 429), name


@pytest.mark.parametrize("count,forwarded,expected", [
    (0, "203.0.113.9", BALANCER),
    (1, "203.0.113.9", "203.0.113.9"),
    (1, "1.2.3.4, 203.0.113.9", "203.0.113.9"),  # the client wrote 1.2.3.4 itself: not believed
    (2, "1.2.3.4, 203.0.113.9, 10.0.0.2", "203.0.113.9"),
    (2, "203.0.113.9, 10.0.0.2", "203.0.113.9"),
])
def test_every_limit_uses_the_same_client_address(settings, count, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = settings.ALLAUTH_TRUSTED_PROXY_COUNT = count
    request = RequestFactory().get("/", REMOTE_ADDR=BALANCER, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == expected
    assert get_adapter(request).get_client_ip(request) == expected  # allauth's sign-up/login/reset limits
    from axes.helpers import get_client_ip_address

    assert get_client_ip_address(request) == expected  # django-axes


def test_ratelimit_keys_by_the_client_address(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    factory = RequestFactory()
    one = factory.get("/", REMOTE_ADDR=BALANCER, HTTP_X_FORWARDED_FOR="203.0.113.9")
    other = factory.get("/", REMOTE_ADDR=BALANCER, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert not is_ratelimited(one, group="t", key="ip", rate="1/m", increment=True)
    assert is_ratelimited(one, group="t", key="ip", rate="1/m", increment=True)
    assert not is_ratelimited(other, group="t", key="ip", rate="1/m", increment=True)


@pytest.mark.parametrize("value", ["0", "2"])
def test_the_environment_sets_one_count_for_every_library(value):
    """Both settings, as production reads them: a misspelled setting would be ignored silently."""
    code = ("import django; django.setup(); from django.conf import settings as s; "
            "print(s.TRUSTED_PROXY_COUNT, s.ALLAUTH_TRUSTED_PROXY_COUNT, s.AXES_CLIENT_IP_CALLABLE, "
            "s.RATELIMIT_IP_META_KEY)")
    env = dict(os.environ, TRUSTED_PROXY_COUNT=value, DJANGO_SETTINGS_MODULE="lacitta_site.settings.base")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                         cwd=django_settings.BASE_DIR).stdout.split()
    assert out == [value, value, "lacitta_site.client_ip.client_ip", "lacitta_site.client_ip.client_ip"]


@pytest.fixture
def site_limits(settings):
    """Behind one proxy, with the site's own limits (allauth's and django-axes's) as configured."""
    settings.TRUSTED_PROXY_COUNT = 1
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    return settings


def test_failures_from_one_address_do_not_lock_the_account_for_another(client, site_limits):
    """Issue 26 point 4: five wrong passwords from any address locked the account for every address
    (allauth's login_failed counted per account); now failures count per (account, address)."""
    make_user("target", password="the-real-password-1")
    for _ in range(site_limits.AXES_FAILURE_LIMIT + 2):
        login(client, "target", "wrong", "203.0.113.9")
    assert login(client, "target", "the-real-password-1", "203.0.113.9").status_code != 302  # refused there
    owner = login(client, "target", "the-real-password-1", "198.51.100.7")
    assert owner.status_code == 302, "a guesser elsewhere locked the owner out"


def test_an_address_failing_across_many_accounts_is_capped(client, site_limits):
    """The site's cap (LOGIN_FAILED_RATE: 10 a minute, 50 an hour per address), whatever the accounts."""
    assert site_limits.ACCOUNT_RATE_LIMITS["login_failed"] == "10/m/ip,50/h/ip"
    names = [f"player{i}" for i in range(11)]
    for name in names:
        make_user(name, password="the-real-password-1")
    for name in names[:10]:  # one guess per account: no (account, address) pair reaches its limit
        assert login(client, name, "wrong", "203.0.113.9").status_code == 200
    capped = login(client, names[10], "the-real-password-1", "203.0.113.9")  # even the right password
    assert capped.status_code != 302 and "Too many failed login attempts" in capped.content.decode()
    assert login(client, names[10], "the-real-password-1", "198.51.100.7").status_code == 302
