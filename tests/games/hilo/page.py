"""What Hilo's page shows beyond the platform's context, from the page input alone (no database): who has chosen
this round, the viewer's own choice, the rounds played, the two moves, and the end table's picks."""

from play import end_screen, move_builder

from . import texts


def context(page) -> dict:
    view, names, colours = page.view, page.names, page.colours

    def seat(index: int) -> dict:
        return {"seat": index, "name": names[index], "colour": colours[index]}

    history = [{"n": r + 1, "die": played["die"], "high": played["die"] >= 4,
                "picks": [{**seat(i), "word": texts.SIDE_WORDS[c], "hit": (c == "high") == (played["die"] >= 4)}
                          for i, c in enumerate(played["choices"])]}
               for r, played in enumerate(view["history"])]
    breakdown = [{"seat": i, "picks": " ".join(str(texts.SIDE_WORDS[p["choices"][i]]) for p in view["history"])}
                 for i in range(view["players"])]
    return {
        "hl_round": view["round"] + 1,
        "hl_rounds": view["rounds"],
        "hl_mine": texts.SIDE_WORDS[view["mine"]] if view["mine"] else None,
        "hl_waiting": [{**seat(i), "chosen": chosen} for i, chosen in enumerate(view["chosen"])],
        "hl_history": history,
        "hl_moves": [{"json": move_builder.encode(m), "label": texts.move_label(m, names)} for m in page.legal_moves],
        "hl_end": end_screen.frame("hilo", page.result, names, colours, breakdown) if page.finished else {},
    }
