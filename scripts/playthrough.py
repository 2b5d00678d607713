"""Play a whole La Città game in Chromium by clicking, as a person would (issue 13's "done when").

Against a running development site (`make run`-style: SQLite, eager Celery, DEBUG outbox):
    .venv/bin/python scripts/playthrough.py --base http://127.0.0.1:8120 --out /tmp/playthrough

It signs up a new user through the browser (the confirmation mail is read from /dev/outbox/), opens a
4-player game (new edition + Pays de Cocagne, advanced setup) against greedy, expert and random bots,
and plays it to the end: the first half at 1280×900, the rest at 390×844 (--phone-from-year). At every
step it checks for a 5xx answer and sideways scroll; it records every confirmation sentence and takes
screenshots at key moments. Choices are random (seeded) with a preference for kinds not yet taken,
so every action kind and politics card gets its turn. Exit status 1 when a check failed.
"""

import argparse
import collections
import json
import random
import re
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

# A phone widens its layout to fit content that is too wide: the page must keep the screen's width.
NO_SIDEWAYS_SCROLL = ("document.documentElement.scrollWidth <= screen.width"
                      " && window.innerWidth === screen.width")
PASSWORD = "a-long-pass-phrase-42"


def sign_up(page, base, name):
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=email]", f"{name}@example.com")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("form button[type=submit]")
    page.click("text=Open the local outbox to read the e-mail")
    page.locator("a", has_text="/accounts/confirm-email/").first.click()
    page.locator("form button[type=submit]", has_text=re.compile("Confirm", re.I)).first.click()


def open_game(page, base):
    page.goto(f"{base}/games/new/?game=lacitta")
    page.select_option("select[name=opt_edition]", "modern")
    page.select_option("select[name=opt_expansion]", "cocagne")
    page.select_option("select[name=opt_setup]", "advanced")
    page.select_option("select[name=players]", "4")
    page.select_option("select[name=seat_2]", "bot:greedy")
    page.select_option("select[name=seat_3]", "bot:expert")
    page.select_option("select[name=seat_4]", "bot:random")
    page.click("text=Open the game")
    page.wait_for_url(re.compile(r".*/games/\d+/$"))
    return int(re.search(r"/games/(\d+)/", page.url).group(1))


class ClickDidNothing(Exception):
    pass


class Player:
    def __init__(self, page, base, game_id, out, rng):
        self.page, self.base, self.game_id, self.out, self.rng = page, base, game_id, out, rng
        self.taken = collections.Counter()   # labels of choices clicked
        self.confirms = []                   # every confirmation sentence
        self.problems = []
        self.shots = 0
        self.server_errors = []
        page.on("response", self.on_response)

    def on_response(self, response):
        if response.status >= 500:
            self.server_errors.append(f"{response.status} {response.url}")

    def shot(self, name):
        """A full-page screenshot; on a phone, also the page in screen-high pieces (readable at full size)."""
        self.shots += 1
        path = self.out / f"{self.shots:03d}-{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        viewport = self.page.viewport_size
        if viewport["width"] < 600:
            height = self.page.evaluate("document.documentElement.scrollHeight")
            for piece, top in enumerate(range(0, min(height, viewport["height"] * 5), viewport["height"])):
                clip = {"x": 0, "y": top, "width": viewport["width"],
                        "height": min(viewport["height"], height - top)}
                self.page.screenshot(path=str(path.with_suffix(f".{piece}.png")), full_page=True, clip=clip)
        return path

    def click_and_wait(self, locator, **kwargs):
        """Click a link that swaps #game-body (htmx) or loads a page, and wait for the new body."""
        self.page.evaluate(
            "() => { const b = document.querySelector('#game-body'); if (b) b.dataset.old = '1'; }")
        box = locator.bounding_box()
        locator.click(**kwargs)
        try:
            self.page.wait_for_function(
                "() => { const b = document.querySelector('#game-body'); return b && !b.dataset.old; }")
        except Exception:
            covering = self.page.evaluate(
                "([x, y]) => { const e = document.elementFromPoint(x, y);"
                " return e ? e.outerHTML.slice(0, 200) : null; }",
                [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]) if box else None
            self.problems.append(f"a click did nothing: {locator.get_attribute('aria-label')!r}, "
                                 f"covered by {covering}")
            self.shot("click-did-nothing")
            raise ClickDidNothing from None
        self.page.wait_for_load_state()

    def check_page(self, where):
        if not self.page.evaluate(NO_SIDEWAYS_SCROLL):
            width = self.page.evaluate("document.documentElement.scrollWidth")
            self.problems.append(f"sideways scroll ({width}px) at {where}")
            self.shot("overflow")
        if self.server_errors:
            self.problems.append(f"server error at {where}: {self.server_errors}")
            self.server_errors.clear()

    def version(self):
        return int(self.page.locator("#game-body").get_attribute("data-version"))

    def year(self):
        text = self.page.locator("#game-body").inner_text()
        found = re.search(r"Year (\d) of 6", text)
        return int(found.group(1)) if found else 0

    def finished(self):
        return self.page.locator(".game-head .status.finished").count() > 0

    def my_move(self):
        return self.page.locator(".moves-card h2", has_text="Your move").count() > 0

    def pick_choice(self, choices):
        labels = [c.inner_text().strip() for c in choices]
        kinds = [label.split("\n")[0][:40] for label in labels]
        fresh = [i for i, k in enumerate(kinds) if not self.taken[k]]
        prefer_fresh = fresh and self.rng.random() < 0.8
        index = self.rng.choice(fresh) if prefer_fresh else self.rng.randrange(len(choices))
        self.taken[kinds[index]] += 1
        return choices[index], labels[index]

    def one_move(self):
        """Click through one move's steps to the confirmation, read it, confirm."""
        page = self.page
        steps = []
        for _ in range(12):
            confirm = page.locator("form.move-form button.primary")
            if confirm.count():
                sentence = page.locator(".confirm-text").inner_text().strip() if page.locator(
                    ".confirm-text").count() else ""
                self.confirms.append({"year": self.year(), "steps": steps, "confirm": sentence})
                if not sentence:
                    self.problems.append(f"confirmation without words after {steps}")
                before = self.version()
                # The bots answer inside the move's request (eager Celery): wait for that answer,
                # not for the first refresh that shows a newer game.
                with page.expect_response(re.compile(r"/move/$"), timeout=60000) as answer:
                    confirm.first.click()
                if answer.value.status != 200:
                    self.problems.append(f"Confirm answered {answer.value.status} after {steps}")
                page.wait_for_function(
                    f"() => {{ const b = document.querySelector('#game-body');"
                    f" return b && Number(b.dataset.version) > {before}; }}", timeout=30000)
                if "?m=" in page.url:
                    self.problems.append(f"address keeps the move after Confirm: {page.url}")
                return
            # (the board's targets are listed as buttons too: this script clicks them on the board)
            choices = page.locator(".moves-card .choice:not(.board-choices .choice)").all()
            targets = page.locator("svg.board a.target").all()
            if choices:
                choice, label = self.pick_choice(choices)
                steps.append(label.replace("\n", " ")[:80])
                self.click_and_wait(choice)
            elif targets:
                target = self.rng.choice(targets)
                steps.append("board: " + (target.get_attribute("aria-label") or "?"))
                self.click_and_wait(target, force=True)
            else:
                self.problems.append(f"no choice, target nor confirm after {steps}")
                self.shot("stuck")
                return
            self.check_page(f"step {steps[-1]!r}")
        self.problems.append(f"no confirmation after {steps}")

    def play(self, max_moves, phone_from_year, browser):
        moves = 0
        on_phone = False
        seen_years = set()
        while moves < max_moves:
            self.page.goto(f"{self.base}/games/{self.game_id}/")
            self.check_page("game page")
            if self.finished():
                break
            year = self.year()
            if year not in seen_years:
                seen_years.add(year)
                self.shot(f"year{year}-{'phone' if on_phone else 'desktop'}")
            if not on_phone and year >= phone_from_year:
                self.page = switch_to_phone(browser, self.page, self)
                on_phone = True
                continue
            if not self.my_move():
                time.sleep(0.5)
                continue
            try:
                self.one_move()
            except ClickDidNothing:
                continue
            moves += 1
            self.check_page("after a move")
        self.shot("end")
        return moves


def switch_to_phone(browser, page, player):
    state = page.context.storage_state()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale="en", storage_state=state)
    phone = context.new_page()
    phone.set_default_timeout(15000)
    phone.on("response", player.on_response)
    page.context.close()
    return phone


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="http://127.0.0.1:8120")
    parser.add_argument("--out", default="/tmp/playthrough")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--max-moves", type=int, default=200)
    parser.add_argument("--phone-from-year", type=int, default=4)
    parser.add_argument("--user", default=None)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    name = args.user or f"player{int(time.time()) % 100000}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en")
        page = context.new_page()
        page.set_default_timeout(15000)
        sign_up(page, args.base, name)
        game_id = open_game(page, args.base)
        player = Player(page, args.base, game_id, out, random.Random(args.seed))
        moves = player.play(args.max_moves, args.phone_from_year, browser)
        page = player.page
        result = page.locator("#game-body").inner_text()
        report = {"user": name, "game": game_id, "moves": moves, "finished": player.finished(),
                  "choices": dict(player.taken), "problems": player.problems, "confirms": player.confirms}
        (out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
        print(f"game #{game_id}: {moves} moves by {name}, finished={player.finished()}")
        print(f"{len(player.problems)} problems")
        for problem in player.problems:
            print(" -", problem)
        print(result[:600])
        browser.close()
    return 1 if player.problems or not report["finished"] else 0


if __name__ == "__main__":
    sys.exit(main())
