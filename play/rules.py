"""Rules pages: one per game variant (edition, expansion), in the reader's
language. The prose is long, so each language has its own template (named by
the game's definition in the registry, English as the fallback) rather than
hundreds of catalogue entries; the frame around it is translated as usual.
Rules are public; a game's own "Rules" link goes through the game page's
visibility check."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.utils.translation import get_language

from . import registry


def _rules_of(game_type: str) -> registry.RulesPages:
    try:
        rules = registry.definition(game_type).rules
    except KeyError:
        raise Http404 from None
    if rules is None:
        raise Http404
    return rules


def rules_page(request: HttpRequest, game_type: str, variant: str) -> HttpResponse:
    rules = _rules_of(game_type)
    if variant not in rules.variants:
        raise Http404
    language = (get_language() or "en").split("-")[0]
    body = select_template([rules.template.format(variant=variant, language=language),
                            rules.template.format(variant=variant, language="en")])
    return render(request, "games/rules.html", {
        "game_type": game_type, "variant": variant, "title": rules.variants[variant],
        "variants": list(rules.variants.items()), "body_template": body.template.name,
    })


def game_rules(request: HttpRequest, pk: int) -> HttpResponse:
    """The rules that apply to this game (as the game page: hidden games answer 404)."""
    from .views import _game_or_404

    game = _game_or_404(request, pk)
    rules = _rules_of(game.game_type)
    return redirect("games:rules", game_type=game.game_type, variant=rules.variant_of(game.options or {}))
