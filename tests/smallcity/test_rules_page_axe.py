"""Issue 28's done-when: axe finds no WCAG A/AA violation on Small City's rules page, in English and in
French (its tables of substitute values, its contents links)."""

import pytest

from tests.browser.axe import Audit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_rules_page_has_no_axe_violation(new_page, live_server):
    audit = Audit()
    for language in ("en", "fr"):
        page = new_page(language)
        response = page.goto(f"{live_server.url}/rules/smallcity/standard/")
        assert response.status == 200
        audit.check(page, f"Small City rules ({language})")
    audit.assert_clean()
