"""The local "outbox" of a development site: in DEBUG, without a mail server,
e-mails are written by Django's file-based backend into ``EMAIL_FILE_PATH``
(see settings), and this page lists them with clickable links, so that a new
visitor of ``make run`` can follow the sign-up confirmation from the browser.
Mail reaches the files however it was sent (at once or through the
notifications outbox). Outside DEBUG the page does not exist."""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from pathlib import Path

from django import template
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

SEPARATOR = b"\n" + b"-" * 79 + b"\n"  # what the file backend writes after each message
SHOWN = 50
FILE_BACKEND = "django.core.mail.backends.filebased.EmailBackend"


@dataclass
class Mail:
    subject: str
    to: str
    date: str
    body: str


def enabled() -> bool:
    return bool(settings.DEBUG) and settings.EMAIL_BACKEND == FILE_BACKEND


def _text(message) -> str:
    part = message.get_body(preferencelist=("plain", "html"))
    return part.get_content() if part is not None else ""


def recent_mails(folder: Path, limit: int = SHOWN) -> list[Mail]:
    """The newest mails first (file names start with a timestamp; messages in a file are in order)."""
    mails: list[Mail] = []
    files = sorted(folder.glob("*.log"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    for path in files:
        chunks = [c for c in path.read_bytes().split(SEPARATOR) if c.strip()]
        for chunk in reversed(chunks):
            message = email.message_from_bytes(chunk.lstrip(b"\n"), policy=email.policy.default)
            mails.append(Mail(str(message.get("Subject", "")), str(message.get("To", "")),
                              str(message.get("Date", "")), _text(message)))
            if len(mails) >= limit:
                return mails
    return mails


def outbox(request: HttpRequest) -> HttpResponse:
    if not enabled():
        raise Http404
    folder = Path(settings.EMAIL_FILE_PATH)
    mails = recent_mails(folder) if folder.is_dir() else []
    return render(request, "dev_outbox.html", {"mails": mails, "folder": folder})


# Template library ("dev_outbox" in TEMPLATES' libraries): the link from allauth's "check your e-mail" page.
register = template.Library()


@register.simple_tag
def dev_outbox_url() -> str:
    return reverse("dev_outbox") if enabled() else ""
