"""What Nim's page shows beyond the platform's context: the pile as sticks."""


def context(page) -> dict:
    left = page.view["left"]
    return {"nim_sticks": "|" * left, "nim_left": left}
