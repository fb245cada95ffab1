"""Multipli Cat's deck composition, pinned to the rulebook (seed 004, chapter V) and GAMES.md."""

from __future__ import annotations

from collections import Counter

import pytest

from deckgen.options import resolve
from deckgen.registry import BuildRequest, get_game

GAME = get_game("multiplicats")

# The product cards of each range, typed from the rulebook's chapter V ("Para aprender las tablas").
# The rulebook does not print the 1-10 list; it is the 1-9 list plus 100 (its count line says 42).
RULEBOOK_PRODUCTS = {
    5: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 45, 50],
    6: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45,
        48, 50, 54, 60],
    7: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45,
        48, 49, 50, 54, 56, 60, 63, 70],
    8: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45,
        48, 49, 50, 54, 56, 60, 63, 64, 70, 72, 80],
    9: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45,
        48, 49, 50, 54, 56, 60, 63, 64, 70, 72, 80, 81, 90],
    10: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45,
         48, 49, 50, 54, 56, 60, 63, 64, 70, 72, 80, 81, 90, 100],
}

# range "1-N": (multiplication cards, product cards, specials in rulebook order
# Persecución, Sin salida, Magia, Balancín, Emboscada, Regalo)
RULEBOOK_COUNTS = {
    5: (50, 28, (2, 2, 2, 2, 1, 1)),
    6: (60, 32, (2, 2, 2, 2, 1, 1)),
    7: (70, 36, (3, 3, 3, 3, 1, 1)),
    8: (80, 39, (3, 3, 3, 3, 1, 1)),
    9: (90, 41, (4, 4, 4, 4, 1, 1)),
    10: (100, 42, (4, 4, 4, 4, 1, 1)),
}
SPECIAL_ORDER = ("persecucion", "sin_salida", "magia", "balancin", "emboscada", "regalo")

# The rulebook's own examples of product cards (chapter IV), in the full deck.
RULEBOOK_EXAMPLES = {
    49: {(7, 7)},
    15: {(3, 5), (5, 3)},
    36: {(6, 6), (4, 9), (9, 4)},
    30: {(3, 10), (5, 6), (6, 5), (10, 3)},
}


def make(tables: str, players: int | None = None, **extra):
    options = resolve(GAME.options, {"tables": tables, **extra})
    return GAME.build(BuildRequest(options, seed=7, players=players))


def kinds(deck) -> Counter:
    return Counter(c.kind for c in deck.cards)


def specials(deck) -> tuple[int, ...]:
    found = Counter(c["special"] for c in deck.of_kind("special"))
    assert set(found) <= set(SPECIAL_ORDER)
    return tuple(found.get(k, 0) for k in SPECIAL_ORDER)


def products(deck) -> list[int]:
    return [c["value"] for c in deck.of_kind("product")]


@pytest.mark.parametrize("n", sorted(RULEBOOK_COUNTS))
def test_rulebook_range(n):
    d = make(f"1-{n}")
    mult, prod, spec = RULEBOOK_COUNTS[n]
    assert kinds(d) == Counter(multiplication=mult, product=prod, special=sum(spec))
    assert specials(d) == spec
    assert sorted(products(d)) == RULEBOOK_PRODUCTS[n]
    assert len(RULEBOOK_PRODUCTS[n]) == prod  # the typed list agrees with the rulebook's count line
    assert len(d) == mult + prod + sum(spec)
    assert not [c for c in GAME.checks(d) if not c.ok]


def test_full_deck_is_160_cards():
    d = make("1-10")
    assert len(d) == 160
    assert kinds(d) == Counter(multiplication=100, product=42, special=18)
    assert specials(d) == (4, 4, 4, 4, 1, 1)
    pairs = [(c["a"], c["b"]) for c in d.of_kind("multiplication")]
    assert sorted(pairs) == [(a, b) for a in range(1, 11) for b in range(1, 11)]  # 4×6 and 6×4 both
    assert len(set(pairs)) == 100


def test_default_deck_is_the_full_game():
    options = resolve(GAME.options, {})
    deck_options = {o.name: options[o.name] for o in GAME.options if o.scope == "deck"}
    assert deck_options == {"tables": list(range(1, 11)), "specials": True}


@pytest.mark.parametrize("value,pairs", sorted(RULEBOOK_EXAMPLES.items()))
def test_rulebook_product_examples(value, pairs):
    card = next(c for c in make("1-10").of_kind("product") if c["value"] == value)
    assert {tuple(m) for m in card["multiplications"]} == pairs


@pytest.mark.parametrize("tables", ["1-5", "1-6", "1-10", "6-9", "2,5,10", "1", "3,7"])
def test_product_cards_list_exactly_the_decks_multiplications(tables):
    d = make(tables)
    mults = [(c["a"], c["b"]) for c in d.of_kind("multiplication")]
    for card in d.of_kind("product"):
        listed = [tuple(m) for m in card["multiplications"]]
        assert 1 <= len(listed) <= 4, card
        assert len(set(listed)) == len(listed)
        assert sorted(listed) == sorted(m for m in mults if m[0] * m[1] == card["value"])
    # and every multiplication is listed on exactly one product card
    listed_all = [tuple(m) for c in d.of_kind("product") for m in c["multiplications"]]
    assert sorted(listed_all) == sorted(mults)


def test_product_lists_shrink_with_the_range():
    """30 = 3×10 = 5×6 = 6×5 = 10×3 in the full deck, but 10×3 is not in tables 1-6."""
    card = next(c for c in make("1-6").of_kind("product") if c["value"] == 30)
    assert sorted(tuple(m) for m in card["multiplications"]) == [(3, 10), (5, 6), (6, 5)]
    card = next(c for c in make("6-9").of_kind("product") if c["value"] == 36)
    assert sorted(tuple(m) for m in card["multiplications"]) == [(6, 6), (9, 4)]


def test_products_run_one_to_four_multiplications_in_the_full_deck():
    sizes = Counter(len(c["multiplications"]) for c in make("1-10").of_kind("product"))
    # 1×1, 7×7, 8×8, 9×9, 10×10, ... have one; 12, 30, 40 ... have four
    assert set(sizes) == {1, 2, 3, 4}
    assert sum(sizes.values()) == 42
    assert sum(k * v for k, v in sizes.items()) == 100


# ---------------------------------------------------------------- custom ranges

CUSTOM = {
    # tables: (multiplication cards, product values, specials)
    "6-9": (
        40,
        [6, 7, 8, 9, 12, 14, 16, 18, 21, 24, 27, 28, 30, 32, 35, 36, 40, 42, 45, 48, 49, 54, 56, 60, 63,
         64, 70, 72, 80, 81, 90],
        (2, 2, 2, 2, 1, 1),
    ),
    "2,5,10": (
        30,
        [2, 4, 5, 6, 8, 10, 12, 14, 15, 16, 18, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100],
        (2, 2, 2, 2, 1, 1),
    ),
    "1": (10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (2, 2, 2, 2, 1, 1)),
}


@pytest.mark.parametrize("tables", sorted(CUSTOM))
def test_custom_range(tables):
    d = make(tables)
    mult, prods, spec = CUSTOM[tables]
    assert len(d.of_kind("multiplication")) == mult
    assert sorted(products(d)) == prods
    assert specials(d) == spec
    assert len(d) == mult + len(prods) + sum(spec)
    assert not [c for c in GAME.checks(d) if not c.ok]


def test_custom_range_tables_are_the_first_factor():
    d = make("2,5,10")
    assert {c["a"] for c in d.of_kind("multiplication")} == {2, 5, 10}
    assert {c["b"] for c in d.of_kind("multiplication")} == set(range(1, 11))
    assert all(c["product"] == c["a"] * c["b"] for c in d.of_kind("multiplication"))


@pytest.mark.parametrize(
    "tables,expected",
    [
        ("1", 10), ("3,7", 10), ("1-5", 10), ("2-7", 10), ("1,3,5,7,9,10", 10),  # up to 6 tables
        ("2-8", 14), ("1-7", 14), ("1-8", 14), ("3-10", 14),  # 7 or 8 tables
        ("2-10", 18), ("1-9", 18), ("1-10", 18),  # 9 or 10 tables
    ],
)
def test_specials_scale_with_the_number_of_tables(tables, expected):
    d = make(tables)
    spec = specials(d)
    assert sum(spec) == expected
    each = (expected - 2) // 4
    assert spec == (each, each, each, each, 1, 1)


def test_no_specials():
    d = make("1-6", specials=False)
    assert kinds(d) == Counter(multiplication=60, product=32)
    assert not [c for c in GAME.checks(d) if not c.ok]
    assert GAME.out_name(d.options) == "multiplicats-1-6-nospecials"


def test_output_folder_names():
    assert GAME.out_name(resolve(GAME.options, {"tables": "1-6"})) == "multiplicats-1-6"
    assert GAME.out_name(resolve(GAME.options, {"tables": "2,5,10"})) == "multiplicats-2_5_10"


def test_table_lists_are_canonical():
    assert make("6-9").options["tables"] == [6, 7, 8, 9]
    assert make("10,2,5").options["tables"] == [2, 5, 10]
    assert make("1-3,7").options["tables"] == [1, 2, 3, 7]


def test_build_is_reproducible():
    assert make("1-10").cards == make("1-10").cards
