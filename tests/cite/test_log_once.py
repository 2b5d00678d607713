"""Issue 42: each event is told once, in words that fit it. The engine's notices are written beside its public
log lines (for their seat's stream and mail); on the page, the full log and "since your last visit" the event
reads once: "alice makes offer o3 to bob" and not also "alice made you an offer", a withdrawal once, an unpaid
contract (G12) once, and "paid nothing", not "paid only nothing"; in English and in French."""

import re
from html import unescape

import pytest
from django.test import override_settings
from django.urls import reverse

from play import texts
from tests.cite.test_pages import page, table, to_round_two  # noqa: F401  (a fixture)
from tests.platform.factories import move_committed

pytestmark = pytest.mark.django_db


_move = move_committed


def log_lines(html: str) -> list[str]:
    """The game page's log section, one string per line."""
    part = re.search(r'<ul class="log-lines"[^>]*>(.*?)</ul>', html, re.S).group(1)
    return [re.sub(r"<[^>]+>", "", unescape(li)).strip() for li in re.findall(r"<li[^>]*>(.*?)</li>", part, re.S)]


def full_log(client, user, game, lang="en") -> list[str]:
    client.force_login(user)
    html = client.get(reverse("games:log", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", unescape(li))).strip()
            for li in re.findall(r"<li[^>]*>(.*?)</li>", html, re.S)]


def count(lines, words) -> int:
    return sum(1 for line in lines if words in line)


@override_settings(LANGUAGE_CODE="en")
def test_ct22_an_offer_and_its_withdrawal_are_each_one_line_for_the_reader_it_is_made_to(client, table):  # noqa: F811
    game, users = table
    to_round_two(client, game, users)
    alice, bob, carol = users
    _move(game, alice, {"type": "offer", "to": [1], "get": {"gold": 1}})
    offer = game.state["offers"][-1]["id"]
    for lines in (log_lines(page(client, bob, game)), full_log(client, bob, game)):
        assert count(lines, f"makes offer {offer}") == 1
        assert count(lines, "made you an offer") == 0
    line = f"alice makes offer {offer} to bob: gives nothing, wants 1 Gold"
    assert count(log_lines(page(client, bob, game)), line) == 1
    _move(game, alice, {"type": "cancel", "offer": offer})
    for lines in (log_lines(page(client, bob, game)), full_log(client, bob, game)):
        assert count(lines, f"withdraws offer {offer}") == 1
        assert count(lines, "withdrew offer") == 0
    # In French too: one line each.
    lines = full_log(client, bob, game, "fr")
    assert count(lines, f"fait l'offre {offer} à bob") == 1 and count(lines, "vous fait une offre") == 0
    assert count(lines, f"retire l'offre {offer}") == 1 and count(lines, "a retiré l'offre") == 0
    # Carol, to whom nothing was offered, reads the same lines (public like table talk).
    assert count(full_log(client, carol, game), f"makes offer {offer} to bob") == 1


@override_settings(LANGUAGE_CODE="en")
def test_g12_an_unpaid_contract_is_one_line_saying_paid_nothing(client, table):  # noqa: F811
    game, users = table
    to_round_two(client, game, users)
    alice, bob, carol = users
    # Alice promises 5 Jewels at round 3's Production: she has none, so she pays nothing then.
    _move(game, alice, {"type": "offer", "to": [1], "get": {"gold": 1}, "later_give": {"jewel": 5},
                        "later_rounds": [3]})
    _move(game, bob, {"type": "accept", "offer": game.state["offers"][-1]["id"]})
    for user in users:
        _move(game, user, {"type": "done"})
    assert game.state["round"] == 3
    for lines in (log_lines(page(client, bob, game)), full_log(client, bob, game)):
        assert count(lines, "BREACHED") == 1
        assert count(lines, "alice owed bob 5 Jewel and paid nothing.") == 1
        assert count(lines, "only") == 0
    lines = full_log(client, bob, game, "fr")
    assert count(lines, "NON RESPECTÉ") == 1
    assert count(lines, "alice devait 5 Bijou à bob et n'a rien payé.") == 1 and count(lines, "payé que") == 0
    # The notice still goes to bob (its own line, kept for his stream and mail, not shown twice).
    assert any(e.get("notice") and e["key"] == "cite.contract_breached" for m in game.moves.all() for e in m.log)


def test_g12_a_contract_paid_in_part_says_paid_only_and_what_is_short():
    entry = {"key": "cite.contract_breached", "seat": 0, "params": {
        "contract": "c1", "payer": 0, "payee": 1, "owed": {"wood": 3}, "paid": {"wood": 1}, "short": {"wood": 2},
        "round": 3}}
    assert texts.log_line("cite", entry, ["alice", "bob"]) == ("Contract c1 BREACHED: alice owed bob 3 Wood and paid "
                                                              "only 1 Wood (short: 2 Wood).")


def test_a_line_naming_several_seats_names_each():
    assert texts.log_line("cite", {"key": "cite.offer", "seat": 0, "params": {
        "offer": "o1", "to": [1, 2], "give": {"wood": 1}, "get": {}, "later_give": {}, "later_get": {},
        "later_rounds": []}}, ["alice", "bob", "carol"]) == "alice makes offer o1 to bob and carol: gives 1 Wood, " \
                                                            "wants nothing."
