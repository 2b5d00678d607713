"""What Nim's page shows beyond the platform's context: the pile as sticks."""


def context(*, request, game, gv, names, base_url, replay=False) -> dict:
    left = gv.view["left"]
    return {"nim_sticks": "|" * left, "nim_left": left}
