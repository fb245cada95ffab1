"""The competitive game's rules as pure functions: what may be played, who starts, how rounds score."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from deckgen.games.hectoedra.numbers import is_prime, link

CARDS_PER_PLAYER = 10  # the game deck holds 10 cards per player
HAND = 4  # cards in hand, refilled after every turn while the draw pile lasts


# remembered, as numbers.is_prime is: a game asks it of every card in hand at every turn (most of a
# simulated game's time), always of the same few thousand pairs; bounded whatever the deck file
@lru_cache(maxsize=1 << 16)
def why_legal(card: int, top: int | None) -> str | None:
    """Why ``card`` may go on ``top`` ("first" on an empty pile, "multiple", "common", "primes"), or None."""
    if top is None:
        return "first"
    return link(card, top, "full")


def is_legal(card: int, top: int | None) -> bool:
    return why_legal(card, top) is not None


def legal_cards(hand: Sequence[int], top: int | None) -> list[int]:
    return [c for c in hand if why_legal(c, top) is not None]


def primes_in(hand: Sequence[int]) -> int:
    return sum(1 for c in hand if is_prime(c))


def first_starter(hands: Sequence[Sequence[int]]) -> tuple[int, bool]:
    """The seat with the fewest primes in hand, and whether that was a tie (settled by the lowest seat,
    the youngest player, who sits at seat 0)."""
    counts = [primes_in(h) for h in hands]
    fewest = min(counts)
    tied = [i for i, c in enumerate(counts) if c == fewest]
    return tied[0], len(tied) > 1


def next_starter(candidate: int, started: Sequence[int], players: int) -> int:
    """Who starts the next round: ``candidate`` (who played the last card) unless they have already
    started a round of this cycle; then the next seat in turn order that has not. ``started`` lists
    every round's starter so far; each run of ``players`` rounds is a cycle in which everyone starts
    once (so with more rounds than players a new cycle begins and ``candidate`` starts again)."""
    done = set(started[len(started) - len(started) % players :])
    for k in range(players):
        seat = (candidate + k) % players
        if seat not in done:
            return seat
    return candidate  # pragma: no cover - ``done`` never holds every seat


def round_winners(penalties: Sequence[int]) -> list[int]:
    """Seats with the fewest penalty cards this round (several on a tie)."""
    fewest = min(penalties)
    return [i for i, p in enumerate(penalties) if p == fewest]


def match_winners(totals: Sequence[int]) -> list[int]:
    """Seats with the fewest penalty points over all rounds (several on a tie)."""
    return round_winners(totals)
