"""What a game registers to be simulated and validated: how to start a game, its policies, its
measures and the ranges in which it works."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from deckgen.checks import Check
from deckgen.engine.state import State
from deckgen.model import Deck

# A policy picks one of the legal actions of the seat to act.
Policy = Callable[[State, random.Random], int]


def random_policy(state: State, rng: random.Random) -> int:
    """Uniformly random among the legal actions."""
    actions = state.legal_actions()
    return actions[int(rng.random() * len(actions))]


@dataclass(frozen=True)
class Measure:
    """A figure computed over many games from the records' counts.

    ``per`` names the count it is divided by (a rate, summed over games: sum(num) / sum(per)); with
    ``per=None`` it is the mean per game. ``percent`` prints it as a percentage.
    """

    name: str
    num: str
    per: str | None = None
    percent: bool = False
    help: str = ""

    def value(self, totals: Mapping[str, float], games: int) -> float:
        den = totals.get(self.per, 0.0) if self.per else float(games)
        return totals.get(self.num, 0.0) / den if den else 0.0

    def show(self, value: float) -> str:
        return f"{100 * value:.1f}%" if self.percent else f"{value:.3f}"


@dataclass(frozen=True)
class Threshold:
    """The game works when ``measure`` lies in [lo, hi]; ``why`` says where the bound comes from."""

    measure: str
    lo: float | None = None
    hi: float | None = None
    why: str = ""

    def holds(self, value: float) -> bool:
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    def text(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"between {self.lo:g} and {self.hi:g}"
        return f"at least {self.lo:g}" if self.lo is not None else f"at most {self.hi:g}"


@dataclass(frozen=True)
class Engine:
    """A game's rules as seen by the shared simulator and validator."""

    # new_state(deck, players, rng): a game dealt from ``deck`` for ``players``, rule variants read
    # from deck.options. The dealing shuffle uses ``rng``.
    new_state: Callable[[Deck, int, random.Random], State]
    policies: Mapping[str, Policy]  # at least "random" and "heuristic"
    measures: tuple[Measure, ...] = ()
    # thresholds(deck, players): the ranges the measures must sit in for this deck and player count
    thresholds: Callable[[Deck, int], Sequence[Threshold]] = field(default=lambda deck, players: ())
    # exhaustive(deck, players_list): checks proven by counting or enumeration (every card can
    # enter play, every starting situation...), before any simulation
    exhaustive: Callable[[Deck, Sequence[int]], Sequence[Check]] = field(default=lambda deck, players: ())
    # a step bound beyond which a game counts as stalled
    max_steps: Callable[[Deck, int], int] = field(default=lambda deck, players: 100_000)
    # the player counts this deck can be played with (default: the game's whole range)
    player_counts: Callable[[Deck], Sequence[int]] | None = None
    length_name: str = "turns"
    # variants(deck): the rule variants (modes) one deck is played under, as (label, deck) pairs
    # whose decks carry each variant's options; simulation and validation run each one. The
    # default is the deck itself, unlabelled.
    variants: Callable[[Deck], Sequence[tuple[str, Deck]]] = field(default=lambda deck: (("", deck),))
    # positions may repeat in normal play (random games); a stall is flagged only after this many
    # visits to one position
    repeat_limit: int = 50
