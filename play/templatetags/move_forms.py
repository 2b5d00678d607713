"""The move form's plumbing, held once for every game (issue 40): where a move is sent (the game's move URL),
how htmx sends it (the answer replaces the game body; a refusal is said in the move panel's message box, the form
left as it was), the CSRF token and the version of the game the player saw.

    {% load move_forms %}
    {% move_form move=m.json class="my-move" %}<button class="primary">{{ m.label }}</button>{% end_move_form %}
    {% move_button move=m.json label=m.label class="primary" aria_label=long_label %}

``move`` is the move's JSON as the page input gives it (``legal_moves[].json``); a form without ``move`` names
it itself (a ``<select name="move">``). ``class`` (the form's classes, ``move-form`` always among them) and
``id`` are optional. The template's context must hold ``game`` (the game page's) and ``csrf_token``, as every
game template's does."""

from __future__ import annotations

from django import template
from django.template.base import token_kwargs
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

# The game body is replaced by the answer; a move sent while a refresh of the body is on its way replaces that.
HTMX = 'hx-target="#game-body" hx-swap="outerHTML" hx-sync="closest #game-body:replace"'
FORM_CLASS = "move-form"


def _opening(context, move, css: str, form_id: str) -> str:
    game = context["game"]
    url = reverse("games:move", args=[game.pk])
    classes = " ".join(dict.fromkeys([FORM_CLASS, *str(css or "").split()]))
    html = format_html('<form method="post" action="{}" hx-post="{}" ' + HTMX + ' class="{}"', url, url, classes)
    if form_id:
        html += format_html(' id="{}"', form_id)
    html += format_html('><input type="hidden" name="csrfmiddlewaretoken" value="{}">'
                        '<input type="hidden" name="version" value="{}">', context.get("csrf_token", ""), game.version)
    if move not in (None, ""):
        html += format_html('<input type="hidden" name="move" value="{}">', move)
    return html


class MoveFormNode(template.Node):
    def __init__(self, kwargs: dict, nodelist):
        self.kwargs, self.nodelist = kwargs, nodelist

    def render(self, context) -> str:
        values = {key: value.resolve(context) for key, value in self.kwargs.items()}
        return mark_safe(_opening(context, values.get("move"), values.get("class", ""), values.get("id", ""))
                         + self.nodelist.render(context) + "</form>")


@register.tag("move_form")
def move_form(parser, token):
    """{% move_form [move=json] [class=...] [id=...] %}…{% end_move_form %}"""
    bits = token.split_contents()[1:]
    kwargs = token_kwargs(bits, parser)
    if bits:
        raise template.TemplateSyntaxError(f"move_form takes only move=, class= and id=, not {bits!r}")
    unknown = set(kwargs) - {"move", "class", "id"}
    if unknown:
        raise template.TemplateSyntaxError(f"move_form does not know {sorted(unknown)}")
    nodelist = parser.parse(("end_move_form",))
    parser.delete_first_token()
    return MoveFormNode(kwargs, nodelist)


@register.simple_tag(takes_context=True)
def move_button(context, move, label, **options):
    """{% move_button move=json label=... [class=...] [aria_label=...] [form_class=...] %}: a form of one button
    that sends one move (an answer to an offer, a "done", a take); the button's class is "choice" unless told."""
    unknown = set(options) - {"class", "aria_label", "form_class"}
    if unknown:
        raise template.TemplateSyntaxError(f"move_button does not know {sorted(unknown)}")
    button = format_html('<button class="{}"', options.get("class") or "choice")
    if options.get("aria_label"):
        button += format_html(' aria-label="{}"', options["aria_label"])
    button += format_html(">{}</button>", label)
    return mark_safe(_opening(context, move, options.get("form_class", "inline"), "") + button + "</form>")
