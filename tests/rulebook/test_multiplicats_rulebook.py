"""The Multipli Cat's rulebook, read back from the PDF: its facts are the deck's, in both languages."""

from __future__ import annotations

import re

import pytest

from deckgen.games.multiplicats import GAME
from deckgen.games.multiplicats.deck import MULTIPLICATION, PRODUCT, SPECIAL, SPECIALS
from deckgen.games.multiplicats.rulebook import context, deal, refill
from deckgen.rulebook.render import write_rulebook
from deckgen.spec import spec_for

from rulebook.rbtools import BASE14, flat, fonts_of, numbers, pdf_pages

# GAMES.md: range -> (multiplication, products, specials (Pers., Sin salida, Magia, Balancín, Emboscada, Regalo))
FACTS = {
    5: (50, 28, (2, 2, 2, 2, 1, 1)),
    6: (60, 32, (2, 2, 2, 2, 1, 1)),
    7: (70, 36, (3, 3, 3, 3, 1, 1)),
    8: (80, 39, (3, 3, 3, 3, 1, 1)),
    9: (90, 41, (4, 4, 4, 4, 1, 1)),
    10: (100, 42, (4, 4, 4, 4, 1, 1)),
}
WORDS = {
    "es": {
        "mult": "Cartas de multiplicar", "prod": "Cartas-producto", "spec": "Cartas especiales",
        "list": r"Los (\d+) productos del mazo: ([\d, ]+)\.", "this": "(este mazo)",
        "row": r"1 a (\d+)( \(este mazo\))? (\d+) (\d+) (\d+)(?: \(([\d, ]+)\))? (\d+)",
        "ranges": r"Tablas 1 a (\d+) \((\d+) productos\): ([\d, ]+)\.",
    },
    "en": {
        "mult": "Multiplication cards", "prod": "Product cards", "spec": "Special cards",
        "list": r"The (\d+) products in this deck: ([\d, ]+)\.", "this": "(this deck)",
        "row": r"1 to (\d+)( \(this deck\))? (\d+) (\d+) (\d+)(?: \(([\d, ]+)\))? (\d+)",
        "ranges": r"Tables 1 to (\d+) \((\d+) products\): ([\d, ]+)\.",
    },
}


def build_deck(tables: str, **options):
    spec = spec_for("multiplicats", cli={"options": {"tables": tables, **options}})
    return spec, spec.build()


def range_deck(n: int):
    """The deck "tablas de 1 a n", built independently of the rulebook (through a spec)."""
    return build_deck(f"1-{n}")[1]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Rulebooks for each of the six ranges, alternating the language so both are read back."""
    out = tmp_path_factory.mktemp("rulebooks")
    books = {}
    for n in FACTS:
        lang = "es" if n % 2 else "en"
        spec, deck = build_deck(f"1-{n}")
        path = write_rulebook(out / f"rulebook-{n}-{lang}.pdf", GAME, deck, lang, spec.print)
        books[n] = (lang, deck, flat(" ".join(pdf_pages(path, body=True))), path)
    return books


@pytest.mark.parametrize("n", sorted(FACTS))
def test_contents_are_the_decks(rendered, n):
    lang, deck, text, _ = rendered[n]
    w = WORDS[lang]
    mults, prods, specials = deck.of_kind(MULTIPLICATION), deck.of_kind(PRODUCT), deck.of_kind(SPECIAL)
    assert re.search(rf"{w['mult']} {len(mults)} ", text)
    assert re.search(rf"{w['prod']} {len(prods)} ", text)
    assert re.search(rf"{w['spec']} {len(specials)} ", text)
    assert re.search(rf"Total {len(deck)}\b", text)
    count, listed = re.search(w["list"], text).groups()
    assert int(count) == len(prods) and numbers(listed) == [c["value"] for c in prods]
    # and these are the rulebook's own figures (GAMES.md)
    mult_n, prod_n, special_n = FACTS[n]
    assert (len(mults), len(prods), len(specials)) == (mult_n, prod_n, sum(special_n))
    for key, expected in zip(SPECIALS, special_n):
        name = SPECIALS[key]["es"]
        assert f"{expected} {name}" in text, name  # "2 Persecución" in the contents table


@pytest.mark.parametrize("n", sorted(FACTS))
def test_learning_the_tables_lists_all_six_ranges(rendered, n):
    lang, deck, text, _ = rendered[n]
    w = WORDS[lang]
    rows = re.findall(w["row"], text)
    assert [int(r[0]) for r in rows] == sorted(FACTS)
    lists = {int(m[0]): (int(m[1]), numbers(m[2])) for m in re.findall(w["ranges"], text)}
    assert sorted(lists) == sorted(FACTS)
    for r in rows:
        size = int(r[0])
        built = range_deck(size)
        mult_n, prod_n, special_n = FACTS[size]
        marked = bool(r[1])
        assert marked == (size == n)
        assert (int(r[2]), int(r[3]), int(r[4])) == (len(built.of_kind(MULTIPLICATION)), len(built.of_kind(PRODUCT)), len(built.of_kind(SPECIAL)))
        assert (int(r[2]), int(r[3]), tuple(numbers(r[5]))) == (mult_n, prod_n, special_n)
        assert int(r[6]) == len(built)
        assert lists[size] == (prod_n, [c["value"] for c in built.of_kind(PRODUCT)])
    assert text.count(w["this"]) == 1


def test_accents_and_times_sign_come_out_right(rendered):
    es = rendered[5][2]
    for piece in ("¿Qué se aprende?", "Preparación", "pequeños", "¡al ratón!", "Balancín", "Persecución", "3 × 8 y 4 × 6 valen 24"):
        assert piece in es, piece
    en = rendered[6][2]
    for piece in ("What children learn", "Persecución – Chase", "3 × 8 and 4 × 6 are both 24", "slap the mouse!"):
        assert piece in en, piece
    assert re.search(r"página 1 de \d+", pdf_pages(rendered[5][3])[0]) and re.search(r"page 2 of \d+", pdf_pages(rendered[6][3])[1])


def test_fonts_embedded(rendered):
    fonts = fonts_of(rendered[6][3])
    assert fonts and all(f["embedded"] for f in fonts)
    assert not any(f["name"].split("+")[-1] in BASE14 for f in fonts)


def test_other_table_sets_and_no_specials():
    spec, deck = build_deck("2,5,10", specials=False)
    ctx = context(deck, "es")
    assert ctx["counts"] == {"multiplication": 30, "product": len({a * b for a in (2, 5, 10) for b in range(1, 11)}), "special": 0, "total": len(deck)}
    assert ctx["specials"] == [] and ctx["current_range"] is None
    # without specials every learning range is built without them too
    assert [r["specials_total"] for r in ctx["ranges"]] == [0] * 6
    assert [r["products"] for r in ctx["ranges"]] == [FACTS[n][1] for n in sorted(FACTS)]


def test_context_examples_are_real_cards():
    spec, deck = build_deck("1-6")
    ctx = context(deck, "en")
    for e in ctx["product_examples"]:
        card = deck.cards[e["index"]]
        assert card.kind == PRODUCT and card["value"] == e["value"] and len(card["multiplications"]) == e["ways"]
    assert sorted(e["ways"] for e in ctx["product_examples"]) == [1, 2, 3, 4]
    m = ctx["match"]
    a, b = (deck.cards[i] for i in m["indexes"][:2])
    assert a.kind == b.kind == MULTIPLICATION and a["product"] == b["product"] == m["value"]
    assert {a["a"], a["b"]} != {b["a"], b["b"]}  # not just the same pair turned round
    assert deck.cards[m["indexes"][2]]["value"] == m["value"]
    assert [s["count"] for s in ctx["specials"]] == [2, 2, 2, 2, 1, 1]
    assert all(deck.cards[s["index"]]["special"] == s["id"] for s in ctx["specials"])


def test_deal_and_refill_arithmetic():
    assert deal(102, 4) == {"players": 4, "piles": 4, "low": 25, "high": 26, "extra": 2}
    assert deal(160, 2) == {"players": 2, "piles": 4, "low": 40, "high": 40, "extra": 0}
    assert deal(102, 3)["high"] == 34
    # the source's 15 to 30 by player count (27 with 4 players), never more than an even share (30 cards, 8 players: 3)
    assert refill(160, 4, 0) == 27 and refill(30, 8, 0) == 3 and refill(160, 4, 12) == 12


def test_rule_variants_change_the_text(tmp_path):
    """Rule options (when the engine defines them) switch the paragraphs the rulebook prints."""
    spec, deck = build_deck("1-5")
    varied = type(deck)(deck.game, {**deck.options, "end": "first", "raton_call": True, "next_after_exchange": "next"}, deck.seed, deck.cards)
    infinite = type(deck)(deck.game, {**deck.options, "infinite": True, "infinite_points": 5}, deck.seed, deck.cards)
    default = flat(" ".join(pdf_pages(write_rulebook(tmp_path / "a.pdf", GAME, deck, "en", spec.print), body=True)))
    changed = flat(" ".join(pdf_pages(write_rulebook(tmp_path / "b.pdf", GAME, varied, "en", spec.print), body=True)))
    endless = flat(" ".join(pdf_pages(write_rulebook(tmp_path / "c.pdf", GAME, infinite, "en", spec.print), body=True)))
    assert "until only two players are left" in default and "stops right then" not in default
    assert "stops right then" in changed and "until only two players are left" not in changed
    # ¡Ratón! is a rule of the source (for experienced players): printed always, switched on or not
    assert "a rule for experienced players" in default and "a rule for experienced players" in changed
    assert "this rulebook plays without it" in default and "this rulebook plays with it" in changed and "plays with it;" not in default
    assert "the table's variant, not the cards'" in default
    assert "This deck is played as an infinite match" in endless and "This deck is played as an infinite match" not in default
    # the players end the infinite match when they like; the target score is only a suggestion
    assert "end the match whenever they like" in endless and "end the match whenever they like" in default
    assert "when someone reaches 5 points" in endless and "when someone reaches 3 points" in default
    assert "The match ends when someone reaches" not in default
    assert "the two with the fewest points lose" in default
    assert "until only two players are left" not in endless
    assert "the player who has just received the cards turns up the next card" in default
    assert "the player after the one who turned up the last card turns up the next card" in changed
    # the 2-player reading and the gula qualifier
    assert "you lose it only if the other player slaps first" in default
    assert "After a case of gula in which nobody with the right slapped" in default
    assert "only the pair of the first hand on it exchanges" in default
    assert "so nobody calls it" in default
    two = type(deck)(deck.game, {**deck.options, "raton_own_pile": True, "magia_pairs": "each"}, deck.seed, deck.cards)
    both = flat(" ".join(pdf_pages(write_rulebook(tmp_path / "d.pdf", GAME, two, "en", spec.print), body=True)))
    assert "you may call from your pile outside the pair" in both and "so nobody calls it" not in both
    assert "every pair slaps and exchanges on its own" in both and "Magia with two pairs: when" in both


def test_rulebook_defaults_and_arithmetic_agree_with_the_game_and_engine():
    import random

    from deckgen.games.multiplicats.rulebook import RULE_DEFAULTS
    from deckgen.games.multiplicats.state import MultiplicatsState

    assert RULE_DEFAULTS == {name: GAME.option(name).default for name in RULE_DEFAULTS}
    _, deck = build_deck("1-6")
    for players in (3, 4, 8):
        state = MultiplicatsState(deck, players, random.Random(1))
        assert state.refill == refill(len(deck), players, 0)
        sizes = sorted(len(p) for p in state.piles)
        d = deal(len(deck), players)
        assert (sizes[0], sizes[-1], len(sizes)) == (d["low"], d["high"], d["piles"])
    state = MultiplicatsState(deck, 2, random.Random(1))
    assert len(state.piles) == deal(len(deck), 2)["piles"] == 4
