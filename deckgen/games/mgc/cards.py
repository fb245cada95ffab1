"""Integer coding of an MGC deck for the engine: card ``i`` is deck card ``i``; a hand is an int
whose bit ``i`` is set when it holds card ``i``; the constraint in force is a small integer whose
legal-card mask is precomputed, so "which of my cards may I play?" is one ``&``.

The kind index (issue 41, item 1): cards the rules cannot tell apart (the same kind, coefficient and
degree, as card_types.Types merges them) share a type, with the mask of its cards; a hand is read
type by type (:func:`types_in`), so what a policy does with a hand of 3,000 cards of 16 types costs
16 steps, not 3,000. The legal cards are a :class:`Legal` sequence read from the mask: its length is
a bit count, its ``i``-th card a bisection over bit counts, ``in`` a bit test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Iterator

from deckgen.bitset import members

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
    kind_mask: tuple[int, ...]  # per rule kind (rules.BASIC...): the cards of that kind
    type_of: tuple[int, ...]  # per card: its type (cards the rules cannot tell apart share one)
    type_mask: tuple[int, ...]  # per type: its cards


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
    kind_mask = [0] * rules.KINDS
    type_index: dict[tuple, int] = {}
    type_of: list[int] = []
    type_mask: list[int] = []
    for i in range(n):
        kind_mask[kind[i]] |= bit[i]
        t = type_index.setdefault((kind[i], coef[i], deg[i]), len(type_mask))
        if t == len(type_mask):
            type_mask.append(0)
        type_mask[t] |= bit[i]
        type_of.append(t)
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
        kind_mask=tuple(kind_mask),
        type_of=tuple(type_of),
        type_mask=tuple(type_mask),
    )


cards_of = members  # the cards of a hand mask, in increasing order


def types_in(mask: int, t: Tables) -> Iterator[tuple[int, int, int]]:
    """The types of the cards in ``mask``, each once, by their lowest card: (type, lowest card,
    how many cards of the type). One step per type present, whatever the number of cards."""
    type_of, type_mask = t.type_of, t.type_mask
    while mask:
        low = (mask & -mask).bit_length() - 1
        ty = type_of[low]
        of_type = mask & type_mask[ty]
        yield ty, low, of_type.bit_count()
        mask ^= of_type


def nth(mask: int, i: int) -> int:
    """The ``i``-th card of ``mask`` in increasing order (from 0): a bisection over bit counts, so
    a few dozen integer operations, not ``i`` steps, in a hand of thousands of cards."""
    if i < 8:
        while i:
            mask &= mask - 1
            i -= 1
        return (mask & -mask).bit_length() - 1
    lo, hi = 0, mask.bit_length()
    while lo < hi:  # the fewest low bits holding i + 1 cards
        mid = (lo + hi) >> 1
        if (mask & ((1 << mid) - 1)).bit_count() > i:
            hi = mid
        else:
            lo = mid + 1
    return lo - 1


class Legal(Sequence):
    """The legal actions of a decision to play or draw: the legal cards (``mask``) in increasing
    order, then ``tail`` (DRAW, when it is legal), as the list state.legal_actions gave before, read
    without listing the cards: ``len``, indexing and ``in`` cost a few integer operations whatever
    the hand's size. Iterating lists them all (the searching players and the argument's check do)."""

    __slots__ = ("mask", "count", "tail")

    def __init__(self, mask: int, tail: tuple[int, ...] = ()) -> None:
        self.mask = mask
        self.count = mask.bit_count()
        self.tail = tail

    def __len__(self) -> int:
        return self.count + len(self.tail)

    def __getitem__(self, i):  # noqa: ANN001
        if isinstance(i, slice):
            return list(self)[i]
        n = self.count + len(self.tail)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal action index out of range")
        if i >= self.count:
            return self.tail[i - self.count]
        return nth(self.mask, i)

    def __contains__(self, action: object) -> bool:
        if action.__class__ is not int:
            return action in list(self)
        return action in self.tail or (action >= 0 and bool(self.mask >> action & 1))  # type: ignore[operator]

    def __iter__(self) -> Iterator[int]:
        yield from members(self.mask)
        yield from self.tail

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Legal, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))
