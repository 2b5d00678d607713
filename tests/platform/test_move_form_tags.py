"""Issue 40: the platform owns the move form. ``{% move_form %}`` and ``{% move_button %}`` (play/templatetags/
move_forms.py) hold the htmx, CSRF and version plumbing once; no game's template writes it by hand (eight copies
in six games before, which differed)."""

from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template, TemplateSyntaxError

from play import registry

ROOT = Path(settings.BASE_DIR)
PLUMBING = ("hx-post=", "{% csrf_token %}", "name=\"version\"")


class _Game:
    pk, version = 7, 12


def _render(source: str, **context) -> str:
    return Template("{% load move_forms %}" + source).render(
        Context({"game": _Game(), "csrf_token": "tok", **context}))


def test_move_form_holds_the_plumbing_and_the_body():
    html = _render('{% move_form move=m class="ranged-move" id="f1" %}<button>Go</button>{% end_move_form %}',
                   m='{"type": "take", "n": "<2>"}')
    assert html.startswith('<form method="post" action="/games/7/move/" hx-post="/games/7/move/" '
                           'hx-target="#game-body" hx-swap="outerHTML" hx-sync="closest #game-body:replace" '
                           'class="move-form ranged-move" id="f1">')
    assert '<input type="hidden" name="csrfmiddlewaretoken" value="tok">' in html
    assert '<input type="hidden" name="version" value="12">' in html
    assert 'name="move" value="{&quot;type&quot;: &quot;take&quot;, &quot;n&quot;: &quot;&lt;2&gt;&quot;}"' in html
    assert html.endswith("<button>Go</button></form>")


def test_move_form_without_a_move_lets_the_form_name_it():
    html = _render('{% move_form %}<select name="move"></select>{% end_move_form %}')
    assert 'class="move-form"' in html and 'type="hidden" name="move"' not in html and ' id=' not in html


def test_move_button_is_a_form_of_one_button():
    html = _render('{% move_button move="{}" label=l class="primary" aria_label="Accept offer 3" %}', l="Accept & go")
    assert 'class="move-form inline"' in html
    assert '<button class="primary" aria-label="Accept offer 3">Accept &amp; go</button></form>' in html


MISSPELT = ['{% move_form moves=x %}{% end_move_form %}', '{% move_button move=x label=y klass="a" %}']


@pytest.mark.parametrize("source", MISSPELT)
def test_a_misspelt_option_is_an_error_not_silence(source):
    with pytest.raises(TemplateSyntaxError):
        _render(source, x="{}", y="y")


def _game_templates():
    folders = {ROOT / "templates" / "games"}
    for definition in registry.definitions():
        moves = definition.template("moves")
        if moves and not moves.startswith("games/"):
            game = moves.split("/")[0]
            folders |= {p.parent for p in ROOT.glob(f"**/templates/{game}/moves.html") if ".venv" not in p.parts}
    return sorted(p for folder in folders for p in folder.glob("**/*.html"))


def test_no_game_template_writes_the_move_forms_plumbing_by_hand():
    templates = _game_templates()
    assert len(templates) > 8  # the platform's, each registered game's own
    by_hand = [f"{p.relative_to(ROOT)}: {bit}" for p in templates for bit in PLUMBING
               if "games:move" in p.read_text() and bit in p.read_text()]
    assert not by_hand, "\n".join(by_hand)
