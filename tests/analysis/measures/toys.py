"""Toy games whose design measures are known before any number is computed
(../shared/DESIGN-MEASURES.md, "Prove each measure on a game whose answer is known"). Each is a
State of the engine's protocol with a Design, played through the same code as the five games.

- CoinFlip: the turns change nothing; after each turn a coin names one player strictly last in the
  standing (the others tie at the top), and the winner is drawn at random at the end. Comebacks 1/n,
  seat edge 0, skill share 0, choices that matter 0; with three players or more nobody leads before
  the end, so the winner takes the lead for good at the last move (lock-in 1).
- HighCard: each player is dealt a card face up; the turns change nothing; the highest card wins.
  Decided at the deal: lock-in 0, the one last at half-time never wins, the one first always does;
  the standing never moves, so a close finish cannot be measured (not applicable).
- FirstSeat: the seat that moves first always wins; every turn it scores a point. Seat edge 1 - 1/n
  for that seat, balance 0.
- Forced: as CoinFlip, but every turn has one legal action: passive turns 100%, and the choice
  measures do not apply.
"""

from __future__ import annotations

import copy
import random
from typing import Mapping

from deckgen.analysis.measures.hooks import Design
from deckgen.engine.game import Engine, Skill, random_policy
from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.model import Deck


class Toy:
    """Turns of ``players`` seats in order, ``turns`` in all; after each a chance step (the coin)."""

    actions = 2

    def __init__(self, players: int, turns: int, rng: random.Random) -> None:
        self.n = players
        self.total = turns
        self.t = 0
        self.coin_due = False
        self.last = -1
        self.winner = -1
        self.deal(rng)

    def deal(self, rng: random.Random) -> None:
        pass

    def current_player(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        if self.coin_due or self.t >= self.total:
            return CHANCE
        return self.t % self.n

    def legal_actions(self) -> list[int]:
        return list(range(self.actions)) if self.current_player() >= 0 else []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"action {action}")
        self.t += 1
        self.coin_due = True

    def chance(self, rng: random.Random) -> None:
        if self.t >= self.total and not self.coin_due:
            self.winner = self.decide(rng)
            return
        self.coin_due = False
        self.last = rng.randrange(self.n)
        if self.t >= self.total:
            self.winner = self.decide(rng)

    def decide(self, rng: random.Random) -> int:
        return rng.randrange(self.n)

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.n)]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def action_to_string(self, action: int) -> str:
        return f"action {action}"

    def card_count(self) -> int:
        return 0

    def key(self) -> tuple:
        return (self.t, self.coin_due, self.last, self.winner)

    def length(self) -> int:
        return self.t

    def counts(self) -> Mapping[str, float]:
        return {}

    # the Design's standing: before the end, the one the coin named last below the others
    def standing(self) -> list[tuple]:
        if self.winner >= 0:
            return [(1,) if s == self.winner else (0,) for s in range(self.n)]
        return [(-1,) if s == self.last else (0,) for s in range(self.n)]


class CoinFlip(Toy):
    pass


class Forced(Toy):
    actions = 1


class HighCard(Toy):
    def deal(self, rng: random.Random) -> None:
        self.cards = rng.sample(range(1, 100), self.n)

    def decide(self, rng: random.Random) -> int:
        return self.cards.index(max(self.cards))

    def standing(self) -> list[tuple]:
        return [(c,) for c in self.cards]


class FirstSeat(Toy):
    def decide(self, rng: random.Random) -> int:
        return 0

    def standing(self) -> list[tuple]:
        if self.winner >= 0:
            return [(1,) if s == 0 else (0,) for s in range(self.n)]
        return [((self.t + self.n - 1) // self.n if s == 0 else 0,) for s in range(self.n)]


def first_policy(state, rng: random.Random) -> int:
    return state.legal_actions()[0]


def engine_for(kind: type, turns: int = 24, **design) -> Engine:
    def new_state(deck: Deck, players: int, rng: random.Random):
        return kind(players, turns, rng)

    d = Design(standing=lambda s: s.standing(), standing_words="the toy's standing",
               world=lambda s, rng: copy.deepcopy(s), games=160, evaluated_games=10, decisions=2, rollouts=4, skill_games=90)
    if design:
        from dataclasses import replace

        d = replace(d, **design)
    return Engine(new_state=new_state, policies={"random": random_policy, "heuristic": first_policy}, max_steps=lambda deck, n: 10_000,
                  skill=Skill(), design=d)


def deck(name: str = "toy") -> Deck:
    return Deck(name, {}, 1, ())
