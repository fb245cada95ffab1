"""The language switch keeps the page's options without JavaScript too (README: "English is one click
away, and keeps the options"): its link was "?lang=en" whatever the address held, so a teacher without
JavaScript, or before the script ran, lost the options of a bookmarked or shared deck on switching."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlparse


def switch(page: str, lang: str) -> dict:
    found = re.search(rf'id="switch-lang-{lang}" href="([^"]*)"', page)
    assert found, "no language switch"
    return parse_qs(urlparse(html.unescape(found.group(1))).query, keep_blank_values=True)


def test_the_switch_keeps_the_addresses_options(client):
    page = client.get("/games/multiplicats?tables=2%2C5&deck_lang=es&players=3&lang=es").text
    assert switch(page, "en") == {"tables": ["2,5"], "deck_lang": ["es"], "players": ["3"], "lang": ["en"]}
    page = client.get("/games/hectoedra?lang=en&cards=1-40").text
    assert switch(page, "es") == {"cards": ["1-40"], "lang": ["es"]}
    assert switch(client.get("/").text, "en") == {"lang": ["en"]}


def test_markup_in_the_address_stays_inside_the_link(client):
    page = client.get('/games/multiplicats?tables="><script>alert(1)</script>').text
    assert "<script>alert(1)</script>" not in page
    assert switch(page, "en")["tables"] == ['"><script>alert(1)</script>']


def test_a_very_long_address_keeps_only_its_language(client):
    page = client.get("/games/multiplicats?" + "&".join(f"x{i}={'y' * 50}" for i in range(60))).text
    assert switch(page, "en") == {"lang": ["en"]}
