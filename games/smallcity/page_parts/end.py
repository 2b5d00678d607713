"""The end screen's breakdown rows per seat (each score by its sources, SC90 / SC102-SC104, and the tie-break's
values, SC91 / G11), and a solo game's outcome with the book's rank ladder (SC113)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.smallcity.engine import components as C
from play.texts import clauses

from .. import texts

# The rank names as the rulebook prints them (SC113): shown beside their translation when it differs.
BOOK_RANKS = {"megalopole": "Mégalopole", "capitale": "Capitale", "metropole": "Métropole", "ville": "Ville",
              "banlieue": "Banlieue", "cite": "Cité", "bourg": "Bourg", "village": "Village", "hameau": "Hameau",
              "lieu_dit": "Lieu-dit"}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def score_parts(view: dict, d: dict) -> list[tuple[str, int]]:
    """What the score is made of, in the order the rulebook adds it up (the parts sum to the score)."""
    victory = view["options"]["victory"]
    expert = view["options"].get("council") == "expert"
    promise = [(_("Election Promise"), d["promise_points"])] if d.get("promise") is not None else []
    special = [(_("Special Promises"), d["special_points"])] if expert else []
    if victory == "electoral":  # SC90
        return [(_("votes"), d["votes"]), *promise, *special, (_("pollution"), -d["pollution"])]
    if victory == "economic":  # SC102
        return [(_("money"), d["money"]), (_("real estate"), d.get("real_estate") or 0), *promise, *special]
    if victory == "citizen":  # SC103, G11
        return [(_("citizens who came"), d.get("citizens") or 0)]
    return [(_("squares of cultural buildings"), d.get("cultural_squares") or 0)]  # SC104


def tiebreak_words(view: dict, d: dict) -> str:
    """The values a tie would be broken by (SC91, G11), in their order."""
    victory = view["options"]["victory"]
    pollution = _("pollution %(n)s%%") % {"n": d["pollution"]}
    if victory == "electoral":
        return _("%(pollution)s, then $%(money)s") % {"pollution": pollution, "money": d["money"]}
    if victory == "economic":
        return _("%(pollution)s, then %(votes)s votes") % {"pollution": pollution, "votes": d["votes"]}
    adjusted = d["votes"] + d["promise_points"] + d["special_points"]
    return _("%(pollution)s, then %(votes)s votes with the Promises, then $%(money)s") % {
        "pollution": pollution, "votes": adjusted, "money": d["money"]}


def end_rows(view: dict, names: list[str], colours: list[str]) -> list[dict]:
    result = view.get("result")
    if not result:
        return []
    rows = []
    for s, d in enumerate(result["details"]):
        promise = ""
        if d.get("promise") is not None:
            promise = _("#%(n)s %(text)s: %(verdict)s (%(points)+d)") % {
                "n": d["promise"], "text": str(texts.promise_text(d["promise"])).rstrip("."),
                "verdict": _("kept") if d["promise_kept"] else _("failed"), "points": d["promise_points"]}
        specials = clauses(
            _("#%(n)s %(text)s: %(verdict)s") % {"n": n, "text": str(texts.special_text(n)).rstrip("."),
                                                  "verdict": _("kept") if ok else _("failed (−5)")}
            for n, ok in d.get("specials") or [])
        parts = score_parts(view, d)
        pollution = _("pollution")
        sum_text = " ".join(
            (f"{value} {label}" if i == 0 else
             f"{'−' if value < 0 or label == pollution else '+'} {abs(value)} {label}")
            for i, (label, value) in enumerate(parts)) + f" = {result['scores'][s]}"
        rows.append({"seat": s, "name": names[s], "colour": colours[s], "rank": result["ranks"][s],
                     "score": result["scores"][s], "votes": d["votes"], "pollution": d["pollution"],
                     "money": d["money"], "promise": promise or "—", "specials": specials,
                     "promise_points": _signed(d["promise_points"]) if d.get("promise") is not None else "—",
                     "special_points": _signed(d["special_points"]),
                     "pollution_points": _signed(-d["pollution"]),
                     "real_estate": d.get("real_estate"),
                     "citizens": d.get("citizens"), "cultural": d.get("cultural_squares"),
                     "parts": [{"label": label, "value": _signed(v) if i else str(v)}
                               for i, (label, v) in enumerate(parts)],
                     "sum_text": sum_text, "tiebreak": tiebreak_words(view, d),
                     "eliminated": d["eliminated"], "note": _("pollution 100%: out") if d["eliminated"] else ""})
    return rows


def solo_end(view: dict) -> str:
    solo = (view.get("result") or {}).get("solo")
    if not solo:
        return ""
    key = solo["label_key"]
    return texts.MESSAGES[key] and str(texts.MESSAGES[key]) % {
        "score": solo["label_params"]["score"],
        "difficulty": texts.DIFFICULTIES.get(solo["label_params"]["difficulty"], "")}


def solo_ladder(view: dict) -> list[dict]:
    """SC113: the book's ranks, lowest first, with their score ranges and the one reached marked."""
    solo = (view.get("result") or {}).get("solo")
    if not solo:
        return []
    score = solo["label_params"]["score"]
    floors = sorted(C.SOLO_RANKS)
    out = []
    for i, (floor, key) in enumerate(floors):
        top = floors[i + 1][0] - 1 if i + 1 < len(floors) else None
        name = str(texts.SOLO_RANKS[key])
        out.append({"key": key, "name": name, "book": BOOK_RANKS[key] if BOOK_RANKS[key] != name else "",
                    "range": f"{floor}–{top}" if top is not None else f"{floor}+",
                    "reached": score >= floor and (top is None or score <= top)})
    return out
