"""Secrets that travel in addresses are kept out of the operators' logs (issue 26, point 12).

A password-reset link, an e-mail confirmation link, a private game's invitation, an unsubscribe link
and an appeal link each carry a key in their path; whoever reads the log could use it. ``redact`` blanks
those keys (and ``token``, ``key`` and ``code`` query values) in any text: a path, a query, a referer,
a log message. ``RedactSecrets`` is a logging filter doing it to every record of Django's and the site's
loggers (``LOGGING``), ``AccessLogger`` gunicorn's access log (``deploy/gunicorn.conf.py``), which also
names the client by the trusted-proxy rule (``lacitta_site.client_ip``) rather than the balancer."""

from __future__ import annotations

import logging
import os
import re

REDACTED = "[redacted]"
_SECRET_SEGMENTS = re.compile(
    r"(/(?:password/reset/key|confirm-email|games/invite|unsubscribe|appeal/link)/)[^/?#\s\"']+"
)
_SECRET_PARAMETERS = re.compile(r"((?:^|[?&])(?:token|key|code|invite_token)=)[^&#\s\"']+", re.IGNORECASE)


def redact(text: str) -> str:
    if not text or "/" not in text and "=" not in text:
        return text
    return _SECRET_PARAMETERS.sub(rf"\g<1>{REDACTED}", _SECRET_SEGMENTS.sub(rf"\g<1>{REDACTED}", text))


def _clean(value):
    return redact(value) if isinstance(value, str) else value


class RedactSecrets(logging.Filter):
    """Blanks the keys of secret links in a record's message and its arguments (``Not Found: /…``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = _clean(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        return True


try:
    from gunicorn.glogging import Logger as _GunicornLogger
except ImportError:  # gunicorn is the web process's only
    _GunicornLogger = object


class AccessLogger(_GunicornLogger):
    """gunicorn's logger (``logger_class``) whose access lines name the client, not the balancer, and
    never carry a secret link's key: its atoms are rewritten before any format reads them."""

    REWRITTEN = ("r", "U", "q", "f")  # the request line, path, query, referer

    def atoms(self, resp, req, environ, request_time):
        from .client_ip import address_behind

        atoms = super().atoms(resp, req, environ, request_time)
        count = int(os.environ.get("TRUSTED_PROXY_COUNT", "0") or 0)
        client = address_behind(environ.get("REMOTE_ADDR", "") or "", environ.get("HTTP_X_FORWARDED_FOR", ""), count)
        atoms["h"] = client or "-"
        for atom in self.REWRITTEN:
            atoms[atom] = _clean(atoms.get(atom))
        for name in list(atoms):  # the request's headers and environ, as {name}i / {name}e atoms
            if name.startswith("{") and isinstance(atoms[name], str):
                atoms[name] = redact(atoms[name])
        return atoms
