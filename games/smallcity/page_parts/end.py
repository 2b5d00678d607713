"""The end screen's breakdown rows per seat and a solo game's outcome."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .. import texts


def end_rows(view: dict, names: list[str], colours: list[str]) -> list[dict]:
    result = view.get("result")
    if not result:
        return []
    rows = []
    for s, d in enumerate(result["details"]):
        promise = ""
        if d.get("promise") is not None:
            promise = _("#%(n)s %(text)s: %(verdict)s (%(points)+d)") % {
                "n": d["promise"], "text": texts.promise_text(d["promise"]),
                "verdict": _("kept") if d["promise_kept"] else _("failed"), "points": d["promise_points"]}
        specials = "; ".join(
            _("#%(n)s %(text)s: %(verdict)s") % {"n": n, "text": texts.special_text(n),
                                                  "verdict": _("kept") if ok else _("failed (−5)")}
            for n, ok in d.get("specials") or [])
        rows.append({"seat": s, "name": names[s], "colour": colours[s], "rank": result["ranks"][s],
                     "score": result["scores"][s], "votes": d["votes"], "pollution": d["pollution"],
                     "money": d["money"], "promise": promise or "—", "specials": specials,
                     "special_points": d["special_points"], "real_estate": d.get("real_estate"),
                     "citizens": d.get("citizens"), "cultural": d.get("cultural_squares"),
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
