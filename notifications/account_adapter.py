"""django-allauth's account mails (sign-up confirmation, password reset, e-mail
change…) through the notifications outbox: the web request only writes a row,
a worker sends it with a timeout and retries, as every other mail. A mail
server that refuses or hangs no longer turns a sign-up into a 500 with an
account nobody can confirm."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.sites.shortcuts import get_current_site


class OutboxAccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        from .services import account_mail

        # The context allauth's own send_mail builds; only the sending differs.
        ctx = {"request": self.request, "email": email, "current_site": get_current_site(self.request)}
        ctx.update(context)
        message = self.render_mail(template_prefix, email, ctx)
        account_mail(message=message, user=context.get("user"))
