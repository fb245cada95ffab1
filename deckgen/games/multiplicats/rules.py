"""Pure rule functions of Multipli Cat's: dealing, seating, who may slap, who duels on a Balancín.

Piles are seats around the table. With three or more players each player has one pile; with two
players each plays two piles, seated A, B, A, B, and a player's own two piles never duel each other.
A *top* is the code of a pile's top face-up card (a product 1..100, a negative special code) or None.
"""

from __future__ import annotations

from collections import deque
from typing import Optional, Sequence

Top = Optional[int]


def pile_owners(players: int) -> list[int]:
    """Who plays each pile: [0, 1, 2, ...], or [0, 1, 0, 1] for two players."""
    return [0, 1, 0, 1] if players == 2 else list(range(players))


def deal(order: Sequence[int], piles: int) -> list[deque[int]]:
    """Deal ``order`` one card at a time from pile 0: sizes differ by at most one, first piles first.

    The first card dealt to a pile is its top (turned up first)."""
    out: list[deque[int]] = [deque() for _ in range(piles)]
    for i, card in enumerate(order):
        out[i % piles].append(card)
    return out


def next_pile(start: int, direction: int, can_reveal: Sequence[bool]) -> int | None:
    """The first pile after ``start`` (in ``direction``) that can turn up a card; None if none can."""
    n = len(can_reveal)
    p = start
    for _ in range(n):
        p = (p + direction) % n
        if can_reveal[p]:
            return p
    return None


def match_group(tops: Sequence[Top], owners: Sequence[int], revealer: int) -> list[int]:
    """Piles whose top shows the revealer's product, the revealer first; [] when nobody matches.

    A pile of the revealer's own player does not count (two-player game)."""
    value = tops[revealer]
    if value is None or value <= 0:
        return []
    group = [revealer] + [
        p for p, t in enumerate(tops) if p != revealer and t == value and owners[p] != owners[revealer]
    ]
    return group if len(group) >= 2 else []


def all_match_groups(tops: Sequence[Top], owners: Sequence[int]) -> list[list[int]]:
    """Every set of piles showing one product, held by at least two different players (Magia)."""
    by_value: dict[int, list[int]] = {}
    for p, t in enumerate(tops):
        if t is not None and t > 0:
            by_value.setdefault(t, []).append(p)
    return [g for _, g in sorted(by_value.items()) if len({owners[p] for p in g}) >= 2]


def balancin_sides(tops: Sequence[Top], owners: Sequence[int]) -> tuple[list[int], list[int]] | None:
    """The piles showing the highest and the lowest product, or None when there is no duel.

    No duel when fewer than two piles show a number card, when every number shown is equal, or when
    all the piles at both ends belong to one player."""
    shown = [(t, p) for p, t in enumerate(tops) if t is not None and t > 0]
    if len(shown) < 2:
        return None
    hi = max(t for t, _ in shown)
    lo = min(t for t, _ in shown)
    if hi == lo:
        return None
    high = [p for t, p in shown if t == hi]
    low = [p for t, p in shown if t == lo]
    if len({owners[p] for p in high + low}) < 2:
        return None
    return high, low


REFILL_MOST, REFILL_FEWEST = 30, 15  # the source's range for the infinite match, by number of players


def infinite_refill(n_cards: int, players: int, setting: int = 0) -> int:
    """Cards an emptied player receives in the infinite match: ``setting`` when given; otherwise the
    source's 15 to 30 by player count (30 with 2 or 3 players, 3 fewer for each player more, 15
    with 8), but never more than a fair share of the deck (``n_cards // players``), at least 1."""
    if setting:
        return setting
    by_players = max(REFILL_FEWEST, REFILL_MOST - 3 * max(0, players - 3))
    return max(1, min(by_players, n_cards // players))


def infinite_losers(points: Sequence[int]) -> list[int]:
    """The two players with the fewest points lose (with two players, the one with fewer); a tie on
    the second-lowest score makes every tied player a loser. Nobody loses when all are level."""
    if len(set(points)) == 1:
        return []
    k = min(2, len(points) - 1)
    cut = sorted(points)[k - 1]
    return [p for p, v in enumerate(points) if v <= cut and v < max(points)]


def slowest(candidates: Sequence[int], times: dict[int, float]) -> int:
    """The candidate with the latest time (NEVER counts as latest); ties go to the first listed."""
    best = candidates[0]
    for p in candidates[1:]:
        if times.get(p, float("inf")) > times.get(best, float("inf")):
            best = p
    return best
