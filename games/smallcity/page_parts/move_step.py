"""The step of the Small City move being built (``play.move_builder``): fixed fields first, then the ranged
fields one by one (squares tapped on the board, other values as buttons), then the confirmation."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.smallcity.bots.determinize import sample_state
from games.smallcity.engine.params import example_move, legal_places, legal_squares
from kit import params
from play import move_builder

from .. import svg, texts
from .move_fields import BOARD_FIXED, BOARD_RANGES, FIELD_ORDER, PROMPTS, RANGE_ORDER, RANGES_KEY
from .move_forms import engine_move, ui_move
from .move_words import describe, option_label


def move_step(legal: list[dict], raw: str | None, view: dict, names: list[str], base_url: str) -> dict:
    partial = move_builder.decode(raw)
    chosen = partial.pop(RANGES_KEY, {}) if isinstance(partial.get(RANGES_KEY), dict) else {}
    partial.pop(RANGES_KEY, None)
    ui_legal, seen = [], set()
    for move in legal:
        for ui in ui_move(move):
            tag = move_builder.encode(ui)
            if tag not in seen:
                seen.add(tag)
                ui_legal.append(ui)
    # going back (take back a step, reopen the plan) after every way forward: the first choice a keyboard
    # user reaches moves the game on, it does not undo the step just made
    ui_legal.sort(key=lambda ui: ui["type"] in ("undo", "reopen"))
    builder = move_builder.build(ui_legal, partial, FIELD_ORDER)

    def url(p: dict, ranges: dict | None = None) -> str:
        p = dict(p)
        if ranges:
            p[RANGES_KEY] = ranges
        return f"{base_url}?m={move_builder.encode(p)}"

    ctx = {"targets": {}, "target_list": [], "buttons": [], "confirm": None, "question": "",
           "selected": set(), "cancel_url": base_url, "started": bool(partial) or bool(chosen)}
    if builder.move is None:
        step = builder.step
        if step is None:
            return ctx
        ctx["question"] = str(PROMPTS.get(step.key, ""))
        for option in step.options:
            if step.key in BOARD_FIXED:
                _target(ctx, option.value, url(option.partial),
                        _("Square %(sq)s") % {"sq": texts.square_name(option.value)})
            else:
                ctx["buttons"].append({"label": option_label(step.key, option.value, view, names, builder.partial),
                                       "url": url(option.partial)})
        for key in BOARD_FIXED:
            if isinstance(builder.partial.get(key), int):
                ctx["selected"].add(builder.partial[key])
        return ctx
    ui = move_builder.move_of(builder.move)
    legal_move = engine_move(ui, legal)
    if legal_move is None:
        return ctx
    fixed = params.fixed_part(legal_move) if params.has_ranges(legal_move) else dict(legal_move)
    ranges = legal_move.get("ranges") or {}
    chosen = {k: v for k, v in chosen.items() if k in ranges}
    ctx["started"] = True
    for name in sorted(ranges, key=lambda n: RANGE_ORDER.index(n) if n in RANGE_ORDER else 99):
        spec = ranges[name]
        value = chosen.get(name)
        if spec["kind"] == "subset":
            have = [q for q in value if q in spec["of"]] if isinstance(value, list) else []
            if name == "water":
                pool = [q for q in chosen.get("squares", []) if q in spec["of"]]
            else:
                pool = list(spec["of"])
            ctx["selected"].update(have)
            if len(have) >= spec["max"]:
                chosen[name] = have
                continue
            ctx["question"] = str(PROMPTS.get(name, name))
            ctx["progress"] = ngettext("%(have)s of %(need)s squares chosen", "%(have)s of %(need)s squares chosen",
                                       len(have)) % {"have": len(have), "need": spec["max"]}
            near = {q + d for q in have for d in (1, -1, 10, -10)}
            adds = [q for q in pool if q not in have and (not have or name == "water" or q in near)]
            # only the squares some whole build accepted by the engine holds (issue 41)
            lit = _lit(view, legal_move, {**chosen, name: have}, name)
            if lit is not None:
                adds = [q for q in adds if q in lit]
            # the squares of a building that fits come first, taking a square out last: the first choice
            # (a keyboard user's) always leads to a move the engine takes, never back and forth
            for q in _first(adds, _example(view, legal_move, {**chosen, name: have}), name):
                _target(ctx, q, url(ui, {**chosen, name: sorted(have + [q])}),
                        _("Square %(sq)s") % {"sq": texts.square_name(q)})
            for q in have:
                _target(ctx, q, url(ui, {**chosen, name: [x for x in have if x != q]}),
                        _("Square %(sq)s: take it out") % {"sq": texts.square_name(q)})
            return ctx
        values = spec["of"] if spec["kind"] == "choice" else list(range(spec["min"], spec["max"] + 1))
        if value in values:
            continue
        if len(values) == 1:
            chosen[name] = values[0]
            continue
        ctx["question"] = str(PROMPTS.get(name, name))
        if spec["kind"] == "choice":
            values = _first(values, _example(view, legal_move, chosen), name)
        if name in BOARD_RANGES:
            lit = _lit(view, legal_move, chosen, name)
            if lit is not None:
                values = [v for v in values if v in lit]
        for v in values:
            link = url(ui, {**chosen, name: v})
            if name in BOARD_RANGES:
                _target(ctx, v, link, _("Square %(sq)s") % {"sq": texts.square_name(v)})
            else:
                ctx["buttons"].append({"label": option_label(name, v, view, names, fixed), "url": link})
        return ctx
    move = {**fixed, **chosen}
    ctx["confirm"] = {"json": move_builder.encode(move), "text": describe(move, view, names)}
    for key in ("squares", "water"):
        ctx["selected"].update(move.get(key) or [])
    for key in ("square", "warehouse"):
        if isinstance(move.get(key), int):
            ctx["selected"].add(move[key])
    return ctx


def _lit(view: dict, legal_move: dict, chosen: dict, name: str) -> set[int] | None:
    """The squares of ``name`` the engine's checks accept next (``legal_squares`` / ``legal_places``, on a
    state drawn from the viewer's own view), or None when that cannot be told (then the range is shown as is)."""
    if legal_move.get("type") not in ("build", "council_build") or view.get("viewer") is None:
        return None
    try:
        state = sample_state(view, view["viewer"], random.Random(0))
        if name == "squares":
            return legal_squares(state, view["viewer"], legal_move, chosen)
        return legal_places(state, view["viewer"], legal_move, chosen, name)
    except Exception:  # the engine still judges the move
        return None


def _example(view: dict, legal_move: dict, chosen: dict) -> dict | None:
    """A legal build that keeps the choices made so far (on a state drawn from the viewer's own view: a
    building's fit depends on the viewer's district and plan only), or None."""
    if legal_move.get("type") not in ("build", "council_build") or view.get("viewer") is None:
        return None
    try:
        state = sample_state(view, view["viewer"], random.Random(0))
        return example_move(state, view["viewer"], legal_move, chosen)
    except Exception:  # ordering the choices is a convenience: the engine still judges the move
        return None


def _first(values: list, example: dict | None, name: str) -> list:
    """``values`` with the example's value(s) for ``name`` first, in the example's order."""
    if not example or name not in example:
        return list(values)
    lead = example[name] if isinstance(example[name], list) else [example[name]]
    lead = [v for v in lead if v in values]
    return lead + [v for v in values if v not in lead]


def _target(ctx: dict, square: int, link: str, title: str) -> None:
    ctx["targets"][square] = svg.Target(link, title)
    # "m": the link's encoded move, for the list form past 12 squares (a select sending it as the link would)
    ctx["target_list"].append({"label": title, "url": link, "m": link.partition("?m=")[2]})
