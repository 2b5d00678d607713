"""Rules pages: one per game variant (edition, expansion), in the reader's
language. The prose is long, so each language has its own template
(``games/<game>/rules/<variant>.<lang>.html``, English as the fallback)
rather than hundreds of catalogue entries; the frame around it is translated
as usual. Rules are public; a game's own "Rules" link goes through the game
page's visibility check."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

# Per game: its variants with a rules page (in menu order), and which one a game's options select.
VARIANTS = {
    "lacitta": {"classic": _("Classic edition (2000)"), "modern": _("New edition"),
                "cocagne": _("Pays de Cocagne expansion")},
}
VARIANT_OF = {
    "lacitta": lambda options: ("cocagne" if options.get("expansion") == "cocagne"
                                else options.get("edition", "modern")),
}


def rules_page(request: HttpRequest, game_type: str, variant: str) -> HttpResponse:
    variants = VARIANTS.get(game_type, {})
    if variant not in variants:
        raise Http404
    language = (get_language() or "en").split("-")[0]
    body = select_template([f"{game_type}/rules/{variant}.{language}.html",
                            f"{game_type}/rules/{variant}.en.html"])
    return render(request, "games/rules.html", {
        "game_type": game_type, "variant": variant, "title": variants[variant],
        "variants": list(variants.items()), "body_template": body.template.name,
    })


def game_rules(request: HttpRequest, pk: int) -> HttpResponse:
    """The rules that apply to this game (as the game page: hidden games answer 404)."""
    from .views import _game_or_404

    game = _game_or_404(request, pk)
    choose = VARIANT_OF.get(game.game_type)
    if choose is None:
        raise Http404
    return redirect("games:rules", game_type=game.game_type, variant=choose(game.options or {}))
