"""The facts the Multipli Cat's rulebook prints, computed from the deck actually built.

Counts, the product list, the specials, examples of product cards and a matching pair, how a deal
splits the deck, and the six "learning the tables" ranges, each built by the deck builder itself.
Rule variants are read from the deck's options (with their defaults when an option is absent).
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from deckgen.model import Card, Deck
from deckgen.options import compact_ranges
from deckgen.registry import BuildRequest
from deckgen.render.palette import INK
from deckgen.render.pen import Pen, fit_size
from deckgen.rulebook.spec import Rulebook

from deckgen.games.multiplicats import deck as deck_module
from deckgen.games.multiplicats import rules
from deckgen.games.multiplicats.deck import MIN_CARDS_PER_PILE, MULTIPLICATION, PRODUCT, SPECIAL, SPECIALS, special_counts
from deckgen.games.multiplicats.faces import ACCENT, SPECIAL_BAND, TABLE_TINT, cat_face, mouse

RANGES = (5, 6, 7, 8, 9, 10)  # "tablas de 1 a N"
# The rule variants and their defaults (the options of the rule engine); a deck built before an
# option existed still gets its rulebook, with the default rule.
RULE_DEFAULTS: dict[str, Any] = {
    "end": "two-left",
    "next_after_exchange": "loser",
    "raton_call": False,
    "raton_own_pile": False,
    "magia_pairs": "one",
    "infinite": False,
    "infinite_points": 3,
    "infinite_refill": 0,
}


def _indexed(deck: Deck, kind: str) -> list[tuple[int, Card]]:
    return [(i, c) for i, c in enumerate(deck.cards) if c.kind == kind]


def times(a: int, b: int) -> str:
    return f"{a} × {b}"


def ranges(deck: Deck) -> list[dict[str, Any]]:
    """The six ranges 1-5 .. 1-10, each built by the deck builder with this deck's other options."""
    out = []
    for n in RANGES:
        tables = list(range(1, n + 1))
        built = deck_module.build(BuildRequest({**deck.options, "tables": tables}, deck.seed, deck.players))
        specials = {k: sum(1 for c in built.of_kind(SPECIAL) if c["special"] == k) for k in SPECIALS}
        out.append(
            {
                "n": n,
                "label": f"1-{n}",
                "tables": tables,
                "multiplications": len(built.of_kind(MULTIPLICATION)),
                "products": len(built.of_kind(PRODUCT)),
                "product_list": [c["value"] for c in built.of_kind(PRODUCT)],
                "specials": specials,
                "specials_total": sum(specials.values()),
                "specials_text": ", ".join(str(v) for v in specials.values()),
                "total": len(built),
                "current": not getattr(deck, "custom", False) and sorted(deck.options["tables"]) == tables,
            }
        )
    return out


def deal(n_cards: int, players: int) -> dict[str, Any]:
    """How the engine's deal splits ``n_cards``: the piles (two per player with two players), their sizes."""
    piles = len(rules.pile_owners(players))
    sizes = [len(p) for p in rules.deal(range(n_cards), piles)]
    low, high = min(sizes), max(sizes)
    return {"players": players, "piles": piles, "low": low, "high": high, "extra": sizes.count(high) if high > low else 0}


def refill(n_cards: int, players: int, setting: int) -> int:
    """Cards an emptied player receives in the infinite match: the setting, or automatic (0)."""
    return rules.infinite_refill(n_cards, players, setting)


def _product_examples(deck: Deck) -> list[dict[str, Any]]:
    """One product card for each number of multiplications (1 to 4) the deck has, near the middle."""
    out = []
    by_count: dict[int, list[tuple[int, Card]]] = {}
    for i, c in _indexed(deck, PRODUCT):
        by_count.setdefault(len(c["multiplications"]), []).append((i, c))
    for k in sorted(by_count):
        group = by_count[k]
        i, c = group[len(group) // 2]
        out.append({"index": i, "value": c["value"], "ways": k, "pairs": [times(a, b) for a, b in c["multiplications"]]})
    return out


def _match_example(deck: Deck) -> dict[str, Any] | None:
    """Two multiplication cards with the same product and that product's card: a slap."""
    mults = _indexed(deck, MULTIPLICATION)
    by_product: dict[int, list[tuple[int, Card]]] = {}
    for i, c in mults:
        by_product.setdefault(c["product"], []).append((i, c))
    products = {c["value"]: i for i, c in _indexed(deck, PRODUCT)}
    # prefer a pair that is not just a turned-round one (3 × 8 and 4 × 6 rather than 4 × 6 and 6 × 4)
    best = None
    for value, group in sorted(by_product.items()):
        for x in range(len(group)):
            for y in range(x + 1, len(group)):
                (i, a), (j, b) = group[x], group[y]
                distinct = {a["a"], a["b"]} != {b["a"], b["b"]}
                score = (distinct, 6 <= value <= 40, -abs(value - 24))
                if best is None or score > best[0]:
                    best = (score, value, i, j, a, b)
    if best is None:
        return None
    _, value, i, j, a, b = best
    return {
        "value": value,
        "indexes": [i, j] + ([products[value]] if value in products else []),
        "pairs": [times(a["a"], a["b"]), times(b["a"], b["b"])],
    }


def _turned_pair(deck: Deck) -> list[str] | None:
    """a × b and b × a, both cards of this deck (a ≠ b), nearest 4 × 6; None when the deck has none."""
    have = {(c["a"], c["b"]) for _, c in _indexed(deck, MULTIPLICATION)}
    pairs = [(a, b) for a, b in have if a < b and (b, a) in have]
    if not pairs:
        return None
    a, b = min(pairs, key=lambda p: (abs(p[0] - 4) + abs(p[1] - 6), p))
    return [times(a, b), times(b, a)]


def _first_multiplication(deck: Deck) -> dict[str, Any] | None:
    """A multiplication card of this deck and its product (for an example when no pair matches)."""
    mults = [c for _, c in _indexed(deck, MULTIPLICATION)]
    if not mults:
        return None
    c = min(mults, key=lambda c: (abs(c["product"] - 12), c["a"], c["b"]))
    return {"pair": times(c["a"], c["b"]), "value": c["product"]}


def _table_labels(deck: Deck) -> list[str]:
    """The four face-up cards of the table drawing, all cards of this deck: the matching pair (two
    players show the same product), another multiplication and a product card."""
    labels: list[str] = []
    match = _match_example(deck)
    shown: set[int] = set()  # the products on the table: one match only, never a second one beside it
    if match:
        labels += [p.replace(" ", "") for p in match["pairs"]]
        shown.add(match["value"])
    for _, c in _indexed(deck, MULTIPLICATION):
        label = f"{c['a']}×{c['b']}"
        if len(labels) < 3 and label not in labels and c["product"] not in shown:
            labels.append(label)
            shown.add(c["product"])
    for _, c in _indexed(deck, PRODUCT):
        if len(labels) < 4 and c["value"] not in shown:
            labels.append(str(c["value"]))
            shown.add(c["value"])
    return labels[:4]


def _showcase(deck: Deck) -> list[int]:
    """A multiplication card of a middle table, the product card it matches, and a special."""
    mults = _indexed(deck, MULTIPLICATION)
    out: list[int] = []
    if mults:
        tables = sorted({c["a"] for _, c in mults})
        a = tables[(len(tables) - 1) // 2 + (1 if len(tables) > 2 else 0)]
        i, card = min(((i, c) for i, c in mults if c["a"] == a), key=lambda ic: abs(ic[1]["b"] - 7))
        out.append(i)
        out.extend(j for j, p in _indexed(deck, PRODUCT) if p["value"] == card["product"])
    specials = _indexed(deck, SPECIAL)
    if specials:
        out.append(specials[0][0])
    return out


def context(deck: Deck, lang: str) -> Mapping[str, Any]:
    opts = deck.options
    products = _indexed(deck, PRODUCT)
    mults = _indexed(deck, MULTIPLICATION)
    # the tables the cards actually hold (a custom deck file may differ from the option)
    tables = sorted({c["a"] for _, c in mults}) or sorted(opts["tables"])
    specials = _indexed(deck, SPECIAL)
    special_rows = []
    for key, names in SPECIALS.items():
        found = [i for i, c in specials if c["special"] == key]
        if found:
            special_rows.append({"id": key, "name": names["es"], "name_en": names["en"], "count": len(found), "index": found[0]})
    rule_values = {name: opts.get(name, default) for name, default in RULE_DEFAULTS.items()}
    n = len(deck)
    all_ranges = ranges(deck)
    return {
        "tables": tables,
        "tables_text": compact_ranges(tables),
        "n_tables": len(tables),
        "counts": {
            "multiplication": len(mults),
            "product": len(products),
            "special": len(specials),
            "total": n,
        },
        "products": [c["value"] for _, c in products],
        "max_product": max((c["value"] for _, c in products), default=0),
        "specials": special_rows,
        "special_rule": {"small": special_counts(1), "medium": special_counts(7), "large": special_counts(9)},
        "product_examples": _product_examples(deck),
        "match": _match_example(deck),
        "turned": _turned_pair(deck),
        "one_multiplication": _first_multiplication(deck),
        "table_figure": "table;" + ",".join(_table_labels(deck)),
        "showcase": _showcase(deck),
        "ranges": all_ranges,
        "current_range": next((r for r in all_ranges if r["current"]), None),
        "deals": [deal(n, p) for p in range(2, 9)],
        "min_pile": MIN_CARDS_PER_PILE,
        "rules": rule_values,
        "refills": [{"players": p, "cards": refill(n, p, rule_values["infinite_refill"])} for p in range(3, 9)],
        "sim": {
            "reaction_ms": ", ".join(f"{float(x):g}" for x in opts.get("reaction_ms", [700.0])),
            "spread": float(opts.get("reaction_spread", 0.35)),
            "miss_pct": round(100 * float(opts.get("miss_rate", 0.10)), 1),
            "false_pct": round(100 * float(opts.get("false_slap_rate", 0.01)), 1),
        },
        "flags": {name: "--" + name.replace("_", "-") for name in (*RULE_DEFAULTS, "tables", "specials")},
    }


# ---------------------------------------------------------------- figures


LABELS = {
    "es": {"down": "boca abajo", "up": "boca arriba", "mouse": "ratón", "start": "empieza"},
    "en": {"down": "face down", "up": "face up", "mouse": "mouse", "start": "starts"},
}


def table_figure(pen: Pen, width: float, height: float, lang: str, shown: tuple[str, ...] = ()) -> None:
    """Four players round a table seen from above: each has a face-down pile and a face-up pile in
    front, the mouse in the middle, and the arrow of play (clockwise). The face-up cards show
    ``shown``, cards of the deck built (the first two a match); a player without one shows a back."""
    words = LABELS[lang]
    cx, cy = width / 2, height / 2
    ry = height / 2 - 11.0
    rx = min(width / 2 - 13.0, ry * 1.6)
    pen.ellipse(cx, cy, rx, ry, fill="#f3ede3", stroke="#b9a98f", width=0.5)
    card_w, card_h = 7.0, 9.8
    seats = [(0, 1), (-1, 0), (0, -1), (1, 0)]  # bottom, left, top, right: the order of play
    for n, (sx, sy) in enumerate(seats):
        # the cat sits outside the table; its two piles lie on the table in front of it
        px, py = cx + sx * (rx + 7.0), cy + sy * (ry + 6.5)
        cat_face(pen, px, py, 4.2)
        bx, by = cx + sx * (rx - 11.0), cy + sy * (ry - 9.0)
        ox, oy = (5.0, 0.0) if sy else (0.0, 5.5)
        down = (bx - ox - card_w / 2, by - oy - card_h / 2)
        up = (bx + ox - card_w / 2, by + oy - card_h / 2)
        for k in range(3):
            pen.rect(down[0] + k * 0.4, down[1] - k * 0.4, card_w, card_h, fill=SPECIAL_BAND, stroke="#ffffff", width=0.25, radius=0.7)
        if n >= len(shown):  # nothing face up yet on this pile
            continue
        pen.rect(up[0], up[1], card_w, card_h, fill="#ffffff", stroke=INK, width=0.3, radius=0.7)
        pen.rect(up[0] + 0.6, up[1] + 0.6, card_w - 1.2, card_h - 1.2, fill=TABLE_TINT[3 + n], radius=0.5)
        label = shown[n]
        pen.text(up[0] + card_w / 2, up[1] + card_h / 2 + 1.0, label, fit_size(label, card_w - 1.6, 7, bold=True), align="center", bold=True, color=INK)
        if n == 0:  # name the piles and the first player once, at the bottom
            mid = up[1] + card_h / 2 + 0.8
            pen.text(down[0] - 1.5, mid, words["down"], 6.5, align="right", color=INK)
            pen.text(up[0] + card_w + 1.5, mid, words["up"], 6.5, color=INK)
            pen.text(px + 6.5, py + 1.5, words["start"], 6.5, color=INK)
    mouse(pen, cx + 1.5, cy - 1.0, 4.0)
    pen.text(cx, cy + 6.0, words["mouse"], 6.5, align="center", bold=True, color=INK)
    # the arrow of play inside the table, clockwise as seen from above (bottom -> left -> top...)
    steps = 24
    a0, a1, k = 114.0, 158.0, 0.62
    pts = [(cx + k * rx * math.cos(math.radians(a)), cy + k * ry * math.sin(math.radians(a))) for a in (a0 + (a1 - a0) * i / steps for i in range(steps + 1))]
    pen.polyline(pts[:-1], stroke=ACCENT, width=0.7)
    (x1, y1), (x2, y2) = pts[-3], pts[-1]
    d = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    pen.polygon([(x2 + ux * 1.2, y2 + uy * 1.2), (x2 - ux * 1.4 - uy * 1.5, y2 - uy * 1.4 + ux * 1.5), (x2 - ux * 1.4 + uy * 1.5, y2 - uy * 1.4 - ux * 1.5)], fill=ACCENT)


class Figures(Mapping):
    """"table" or "table;3×8,4×6,6×7,15": the table drawing with those face-up cards (the context's
    ``table_figure`` names the deck's own cards)."""

    def __getitem__(self, name: str):
        base, _, labels = str(name).partition(";")
        if base != "table":
            raise KeyError(name)
        shown = tuple(x for x in labels.split(",") if x) if labels else ("3×8", "4×6", "6×7", "15")
        return lambda pen, w, h, lang: table_figure(pen, w, h, lang, shown)

    def __contains__(self, name: object) -> bool:
        return str(name).partition(";")[0] == "table"

    def __iter__(self):
        return iter(("table",))

    def __len__(self) -> int:
        return 1


RULEBOOK = Rulebook(context=context, figures=Figures())
