"""``{% url %}`` that remembers its answers (a template builtin: every template
gets it in place of Django's).

Django walks the URL patterns on every ``reverse()``: about 17 µs, and a game
page reverses some twenty URLs. The answer depends only on the view name, the
arguments, the URLconf, the script prefix and the language, so it is kept
(a bounded cache; forgotten when ROOT_URLCONF changes, as Django's own are)."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url_tag
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.translation import get_language

register = template.Library()


@lru_cache(maxsize=8192)
def _reverse(view_name, args, kwargs, current_app, urlconf, prefix, language) -> str:
    # prefix and language are part of the key only: reverse() reads them itself.
    return reverse(view_name, args=args, kwargs=dict(kwargs), current_app=current_app, urlconf=urlconf)


def remembered_reverse(view_name, args=(), kwargs=None, current_app=None) -> str:
    kwargs = tuple(sorted((kwargs or {}).items()))
    try:
        return _reverse(view_name, tuple(args), kwargs, current_app, get_urlconf() or settings.ROOT_URLCONF,
                        get_script_prefix(), get_language())
    except TypeError:  # an unhashable argument: ask Django each time
        return reverse(view_name, args=args, kwargs=dict(kwargs), current_app=current_app)


@receiver(setting_changed)
def _forget(*, setting, **kwargs):
    if setting == "ROOT_URLCONF":
        _reverse.cache_clear()


class RememberedURLNode(URLNode):
    def render(self, context):
        # Django's URLNode.render, with remembered_reverse for reverse.
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        url = ""
        try:
            url = remembered_reverse(view_name, args, kwargs, current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


@register.tag
def url(parser, token):
    node = django_url_tag(parser, token)
    return RememberedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
