"""The end screen: the platform's frame with the score's breakdown per seat, and the chart of
citizens per year."""

from __future__ import annotations

from django.utils.translation import gettext as _

from play import end_screen

from .. import svg as lacitta_svg


def citizens_by_year(lines) -> dict[int, list[int]]:
    """Each seat's citizens at each year's feeding, read from the public log's lines
    ("fed" and "famine" lines; a famine line counts the citizens left after it)."""
    year, series = 0, {}
    for line in lines:
        key, params = line.key, line.params
        if key == "lacitta.year_start":
            year = params.get("year", year + 1)
        elif key in ("lacitta.fed", "lacitta.famine"):
            citizens = params["citizens"] - params.get("excess", 0)
            points = series.setdefault(params["seat"], [])
            points.extend([None] * (year - len(points)))
            points[year - 1] = citizens
    return series


CHART_DASHES = ("", "7 3", "2 2.5", "9 3 2 3", "4 4")  # each seat's line: its dashes, not a colour only


def chart_svg(series: dict[int, list[int]], names: list[str]) -> dict | None:
    """A small line chart of citizens per year, one line per seat (its colour, its dashes and its letter at
    the end of the line), with its legend and the same numbers as a table."""
    from django.utils.html import escape
    from django.utils.safestring import mark_safe

    from play.templatetags.games_extras import seat_letter

    if not series:
        return None
    width, height, left, bottom = 360, 180, 34, 24
    years = max(len(v) for v in series.values())
    top_value = max((c for v in series.values() for c in v if c is not None), default=1) or 1
    sx = lambda i: left + (width - left - 18) * (i / max(years - 1, 1))  # noqa: E731
    sy = lambda c: 10 + (height - bottom - 10) * (1 - c / top_value)  # noqa: E731
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title" '
             f'xmlns="http://www.w3.org/2000/svg">']
    for i in range(years):
        parts.append(f'<text x="{sx(i):.0f}" y="{height - 6}" text-anchor="middle" class="axis">{i + 1}</text>')
    for tick in range(0, top_value + 1, max(top_value // 4, 1)):
        y = f"{sy(tick):.0f}"
        parts.append(f'<text x="{left - 6}" y="{sy(tick) + 3:.0f}" text-anchor="end" class="axis">{tick}</text>'
                     f'<line x1="{left}" x2="{width - 18}" y1="{y}" y2="{y}" class="grid"/>')
    legend = []
    for seat, values in sorted(series.items()):
        points = [(sx(i), sy(c)) for i, c in enumerate(values) if c is not None]
        colour = lacitta_svg.SEAT_FILL[seat]
        dash = CHART_DASHES[seat % len(CHART_DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"{dash_attr}>'
                     f'<title>{escape(names[seat])}</title></polyline>')
        parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in points]
        if points:
            x, y = points[-1]
            parts.append(f'<text x="{x + 6:.1f}" y="{y + 3:.1f}" class="axis line-letter">'
                         f'{seat_letter(seat)}</text>')
        key = (f'<svg viewBox="0 0 24 10" aria-hidden="true"><line x1="1" x2="23" y1="5" y2="5" '
               f'stroke="{colour}" '
               f'stroke-width="2.5"{dash_attr}/></svg>')
        legend.append({"seat": seat, "name": names[seat], "key": mark_safe(key)})
    parts.append("</svg>")
    rows = [{"name": names[seat], "values": list(values) + [None] * (years - len(values))}
            for seat, values in sorted(series.items())]
    return {"svg": mark_safe("".join(parts)), "legend": legend, "years": list(range(1, years + 1)),
            "rows": rows}


def end_context(page) -> dict:
    """The end screen: the platform's table (play/end_screen.py) with the score's breakdown per seat, and the chart
    (from the kept moves' public lines)."""
    result, names = page.result, page.names
    if not result or not result.get("details"):
        return {}
    breakdown = [{**detail, "seat": seat, "note": _("no building left") if detail.get("eliminated") else ""}
                 for seat, detail in enumerate(result["details"])]
    return {"lc_end": end_screen.frame("lacitta", result, names, page.colours, breakdown),
            "lc_chart": chart_svg(citizens_by_year(page.public_log), names)}
