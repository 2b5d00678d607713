"""What Bluff's page shows beyond the platform's context, from the page input alone (no database): the
viewer's own number, the last bid, the moves split into bids and the call, and the end table's numbers."""

from play import end_screen, move_builder

from . import texts


def context(page) -> dict:
    view, names = page.view, page.names
    bid = view["bid"]
    moves = [{"json": move_builder.encode(m), "label": texts.move_label(m, names)} for m in page.legal_moves]
    breakdown = [{"seat": seat, "number": n} for seat, n in enumerate(view["numbers"] or [])]
    return {
        "bf_mine": view["mine"],
        "bf_bid": {"seat": bid["seat"], "name": names[bid["seat"]], "colour": page.colours[bid["seat"]], "n": bid["n"]}
        if bid else None,
        "bf_bids": [m for m in moves if m["json"] != '{"type":"call"}'],
        "bf_call": next((m for m in moves if m["json"] == '{"type":"call"}'), None),
        "bf_end": end_screen.frame("bluff", page.result, names, page.colours, breakdown) if page.finished else {},
    }
