"""Integer coding of an MGC deck for the engine: card ``i`` is deck card ``i``; a hand is an int
whose bit ``i`` is set when it holds card ``i``; the constraint in force is a small integer whose
legal-card mask is precomputed, so "which of my cards may I play?" is one ``&``.
"""

from __future__ import annotations

from deckgen.bitset import members

from dataclasses import dataclass

from deckgen.model import Deck

from deckgen.games.mgc import rules
from deckgen.games.mgc.deck import ACTION, MONOMIAL


@dataclass(frozen=True)
class Tables:
    """Everything about the deck the rules look up, computed once per deck."""

    size: int
    kind: tuple[int, ...]  # per card: rules.BASIC or an action kind
    coefficient: tuple[int | None, ...]  # per card (None on action cards)
    degree: tuple[int | None, ...]
    points: tuple[int, ...]  # per card: its value in a hand at the end of a round
    bit: tuple[int, ...]  # per card: 1 << card
    follow: tuple[int, ...]  # per card: the constraint a monomial sets (-1 on action cards)
    masks: tuple[int, ...]  # per constraint: the cards that may be played on it
    constraints: tuple[tuple[int | None, int | None], ...]  # per constraint: (coefficient, degree), None = any
    coefficients: tuple[int, ...]  # the values an Elección de coeficiente may name
    degrees: tuple[int, ...]  # the values an Elección de grado may name
    coefficient_constraint: tuple[int, ...]  # constraint index per entry of ``coefficients``
    degree_constraint: tuple[int, ...]
    free: int  # the constraint "anything goes" (a round opened by an action card)


def tables(deck: Deck) -> Tables:
    kind: list[int] = []
    coef: list[int | None] = []
    deg: list[int | None] = []
    for card in deck.cards:
        if card.kind == MONOMIAL:
            kind.append(rules.BASIC)
            coef.append(int(card["coefficient"]))
            deg.append(int(card["degree"]))
        elif card.kind == ACTION:
            kind.append(rules.ACTION_KIND[card["action"]])
            coef.append(None)
            deg.append(None)
        else:
            raise ValueError(f"unknown card kind {card.kind!r}")
    n = len(kind)
    bit = tuple(1 << i for i in range(n))
    actions = 0
    by_coef: dict[int, int] = {}
    by_deg: dict[int, int] = {}
    for i in range(n):
        if kind[i] == rules.BASIC:
            by_coef[coef[i]] = by_coef.get(coef[i], 0) | bit[i]  # type: ignore[index]
            by_deg[deg[i]] = by_deg.get(deg[i], 0) | bit[i]  # type: ignore[index]
        else:
            actions |= bit[i]
    coefficients = tuple(sorted(by_coef))
    degrees = tuple(sorted(by_deg))
    constraints: list[tuple[int | None, int | None]] = []
    masks: list[int] = []
    index: dict[tuple[int | None, int | None], int] = {}

    def add(c: int | None, d: int | None, mask: int) -> int:
        index[(c, d)] = len(constraints)
        constraints.append((c, d))
        masks.append(mask | actions)
        return index[(c, d)]

    follow: list[int] = []
    for i in range(n):
        if kind[i] != rules.BASIC:
            follow.append(-1)
            continue
        key = (coef[i], deg[i])
        if key not in index:
            add(key[0], key[1], by_coef[key[0]] | by_deg[key[1]])  # type: ignore[index]
        follow.append(index[key])
    coefficient_constraint = tuple(add(c, None, by_coef[c]) for c in coefficients)
    degree_constraint = tuple(add(None, d, by_deg[d]) for d in degrees)
    free = add(None, None, (1 << n) - 1)
    points = tuple(rules.points(kind[i], coef[i]) for i in range(n))
    return Tables(
        size=n,
        kind=tuple(kind),
        coefficient=tuple(coef),
        degree=tuple(deg),
        points=points,
        bit=bit,
        follow=tuple(follow),
        masks=tuple(masks),
        constraints=tuple(constraints),
        coefficients=coefficients,
        degrees=degrees,
        coefficient_constraint=coefficient_constraint,
        degree_constraint=degree_constraint,
        free=free,
    )


cards_of = members  # the cards of a hand mask, in increasing order
