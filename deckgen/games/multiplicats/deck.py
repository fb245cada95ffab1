"""The Multipli Cat's deck: multiplication cards a×b, product cards, and the special cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from deckgen.checks import Check, Counts, check, expect_equal
from deckgen.engine.words import players_tag
from deckgen.i18n import _
from deckgen.model import Card, Deck
from deckgen.registry import BuildRequest

MULTIPLICATION, PRODUCT, SPECIAL = "multiplication", "product", "special"
FACTORS_B = tuple(range(1, 11))  # the second factor always runs 1..10 ("la tabla del a")

# Special cards in rulebook order: id -> names. The Spanish name is the card's name in both languages.
SPECIALS: dict[str, dict[str, str]] = {
    "persecucion": {"es": "Persecución", "en": "Chase"},
    "sin_salida": {"es": "Sin salida", "en": "Dead end"},
    "magia": {"es": "Magia", "en": "Magic"},
    "balancin": {"es": "Balancín", "en": "Seesaw"},
    "emboscada": {"es": "Emboscada", "en": "Ambush"},
    "regalo": {"es": "Regalo", "en": "Gift"},
}
MIN_CARDS_PER_PILE = 5


def special_counts(n_tables: int) -> dict[str, int]:
    """How many of each special a deck with ``n_tables`` tables has.

    The rulebook's ranges: up to 6 tables 10 specials (2,2,2,2,1,1); 7-8 tables 14 (3,3,3,3,1,1);
    9-10 tables 18 (4,4,4,4,1,1). Other table sets scale the same way with their number of tables.
    """
    each = 2 if n_tables <= 6 else 3 if n_tables <= 8 else 4
    return {"persecucion": each, "sin_salida": each, "magia": each, "balancin": each, "emboscada": 1, "regalo": 1}


def products_of(tables: Sequence[int]) -> dict[int, list[tuple[int, int]]]:
    """Each distinct product of the deck's multiplications, with the (a, b) pairs that give it."""
    found: dict[int, list[tuple[int, int]]] = {}
    for a in sorted(tables):
        for b in FACTORS_B:
            found.setdefault(a * b, []).append((a, b))
    return dict(sorted(found.items()))


@dataclass(frozen=True)
class Composition:
    multiplications: int
    products: int
    specials: dict[str, int]

    @property
    def total(self) -> int:
        return self.multiplications + self.products + sum(self.specials.values())


def composition(options: Mapping[str, Any]) -> Composition:
    tables = options["tables"]
    specials = special_counts(len(tables)) if options.get("specials", True) else {k: 0 for k in SPECIALS}
    return Composition(len(tables) * len(FACTORS_B), len(products_of(tables)), specials)


def build(request: BuildRequest) -> Deck:
    options = request.options
    tables = options["tables"]
    cards: list[Card] = [Card(MULTIPLICATION, {"a": a, "b": b, "product": a * b}) for a in tables for b in FACTORS_B]
    for value, pairs in products_of(tables).items():
        cards.append(Card(PRODUCT, {"value": value, "multiplications": [list(p) for p in pairs]}))
    for special, n in composition(options).specials.items():
        cards.extend(Card(SPECIAL, {"special": special}) for _ in range(n))
    return Deck("multiplicats", options, request.seed, tuple(cards), request.players)




def _is_factor(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 10


def _special_counts(counts: Mapping[str, int]) -> Counts:
    """The specials counted by their printed names (Spanish in every language: card names)."""
    return Counts(counts, {k: names["es"] for k, names in SPECIALS.items()})


def checks(deck: Deck) -> list[Check]:
    """Static checks: composition for the options, reachability both ways, sizes for the players."""
    mults = deck.of_kind(MULTIPLICATION)
    prods = deck.of_kind(PRODUCT)
    specials = deck.of_kind(SPECIAL)
    special_split = {k: sum(1 for c in specials if c.get("special") == k) for k in SPECIALS}
    rebuild = _("build the deck again from --tables")
    if deck.custom:  # an explicit card list: the counts are the designer's; the rules below still hold
        out = [
            check(_("multiplication cards"), True, _("{count} (custom list)", count=len(mults))),
            check(_("product cards"), True, _("{count} (custom list)", count=len(prods))),
            check(_("special cards"), True, _("{count} (custom list)", count=_special_counts(special_split))),
        ]
    else:
        expected = composition(deck.options)
        out = [
            expect_equal(_("multiplication cards"), len(mults), expected.multiplications, hint=rebuild),
            expect_equal(_("product cards"), len(prods), expected.products, hint=rebuild),
            expect_equal(_("special cards"), special_split, expected.specials, hint=_("build the deck again (--specials)"), show=_special_counts),
        ]
    malformed = [
        i for i, c in enumerate(deck.cards)
        if c.kind == MULTIPLICATION and not (_is_factor(c.get("a")) and _is_factor(c.get("b")))
        or c.kind == PRODUCT and not (isinstance(c.get("value"), int) and isinstance(c.get("multiplications"), list)
                                      and all(isinstance(m, list) and len(m) == 2 and all(_is_factor(x) for x in m) for m in c["multiplications"]))
    ]
    if malformed:
        return out + [check(_("card fields"), False, _("cards {cards} lack valid a/b or value/multiplications fields", cards=malformed[:5]),
                            hint=_("multiplication cards need a and b (1 to 10); product cards value and multiplications"))]
    unknown = sorted({c.kind for c in deck.cards} - {MULTIPLICATION, PRODUCT, SPECIAL})
    out.append(check(_("card kinds"), not unknown, _("unknown kinds {kinds}", kinds=unknown) if unknown else _("multiplication, product, special"),
                     hint=_('kind = "multiplication", "product" or "special" on every card')))
    bad_special = sorted({str(c.get("special")) for c in specials} - set(SPECIALS))
    out.append(check(_("special names"), not bad_special, _("unknown specials {names}", names=bad_special) if bad_special else _("all known"),
                     hint=_("special = one of the names in deck.json of the default deck")))
    mult_products = {c["a"] * c["b"] for c in mults}
    prod_values = [c["value"] for c in prods]
    unreachable = sorted(set(prod_values) - mult_products)
    out.append(
        check(
            _("every product card is reached by a multiplication card"),
            not unreachable,
            _("no multiplication gives {values}", values=unreachable) if unreachable else _("{n} products reached", n=len(prod_values)),
            hint=_("add a multiplication card for each value named, or take its product card out"),
        )
    )
    missing = sorted(mult_products - set(prod_values))
    out.append(
        check(
            _("every multiplication's product has a product card"),
            not missing,
            _("no product card for {values}", values=missing) if missing else _("{n} products have a card", n=len(mult_products)),
            hint=_("add a product card for each value named"),
        )
    )
    dup = sorted({v for v in prod_values if prod_values.count(v) > 1})
    out.append(check(_("product cards are distinct"), not dup, _("repeated: {values}", values=dup) if dup else _("no repeats"),
                     hint=_("keep one product card per value")))
    giving: dict[int, set[tuple[int, int]]] = {}  # product -> the deck's multiplications that give it
    for m in mults:
        giving.setdefault(m["a"] * m["b"], set()).add((m["a"], m["b"]))
    wrong = [
        c["value"]
        for c in prods
        if not 1 <= len(c["multiplications"]) <= 4
        or any(a * b != c["value"] for a, b in c["multiplications"])
        or len(c["multiplications"]) != len({tuple(m) for m in c["multiplications"]})
        or {tuple(m) for m in c["multiplications"]} != giving.get(c["value"], set())
    ]
    out.append(
        check(
            _("product cards list exactly the deck's multiplications (1 to 4)"),
            not wrong,
            _("wrong lists on {values}", values=wrong) if wrong else _("all lists match"),
            hint=_("list on each product card exactly the multiplications of the deck that give it"),
        )
    )
    if deck.players:
        piles = deck.players * (2 if deck.players == 2 else 1)
        per = len(deck.cards) // piles
        out.append(
            check(
                _("enough cards for {players}", players=players_tag(deck.players)),
                per >= MIN_CARDS_PER_PILE,
                _("{per} cards per pile (at least {least} needed)", per=per, least=MIN_CARDS_PER_PILE),
                hint=_("fewer --players, or more --tables (each table adds {n} multiplication cards)", n=len(FACTORS_B)),
            )
        )
    return out


def piles_for(players: int) -> int:
    return 4 if players == 2 else players


def player_counts(deck: Deck) -> list[int]:
    """2 to 8 players, as long as every pile gets enough cards."""
    return [p for p in range(2, 9) if len(deck.cards) // piles_for(p) >= MIN_CARDS_PER_PILE]
