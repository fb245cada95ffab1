"""The state every game's rules implement (after OpenSpiel's ``State``).

A state knows whose turn it is (a seat, or CHANCE when the world decides: a shuffle, a race of
reactions), which actions are legal, how an action changes it, and when and how the game ended.
Randomness only ever comes from the ``random.Random`` passed to :meth:`State.chance`.
"""

from __future__ import annotations

import random
from typing import Hashable, Mapping, Protocol, Sequence

CHANCE = -1
TERMINAL = -4


class IllegalAction(Exception):
    """An action that the rules do not allow in this state (a bug in a policy or a test)."""


class State(Protocol):
    def current_player(self) -> int:
        """The seat to act, CHANCE, or TERMINAL."""
        ...

    def legal_actions(self) -> Sequence[int]:
        """Legal actions of the seat to act (empty at chance and terminal nodes)."""
        ...

    def apply_action(self, action: int) -> None:
        """Play ``action`` for the seat to act; raises IllegalAction if it is not legal."""
        ...

    def chance(self, rng: random.Random) -> None:
        """Resolve a chance node with ``rng``."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> Sequence[float]:
        """Per seat: 1 for a win, 0 for a loss, a share for a tie (the game says)."""
        ...

    def action_to_string(self, action: int) -> str: ...

    def card_count(self) -> int:
        """Every card accounted for, wherever it is: must equal the deck size at every step."""
        ...

    def key(self) -> Hashable:
        """The whole game position; the same key twice means the same position."""
        ...

    def winners(self) -> Sequence[int]:
        """Seats that won (several on a tie); empty if the game has not ended."""
        ...

    def length(self) -> int:
        """The game's natural length so far (turns, reveals...)."""
        ...

    def counts(self) -> Mapping[str, float]:
        """The game's own tallies (draws, penalties, slaps...), read at the end of a game."""
        ...


# Optional fast path. A state may also offer
#
#     playout_policies: Sequence[str]          # the policy names it can play by itself
#     def playout(self, rng, policy, max_steps) -> int
#
# which plays the game on to its end with that policy (the same policy function the engine
# registers), spending ``rng`` exactly as the generic loop would, and returns the steps taken.
# ``play_seeded`` uses it when no per-step checking is asked for; a game that offers it must show
# by a test that both paths give identical records. The design measures' traced games have their
# counterpart, a game's own traced loop (``Design.playout``, analysis/measures/hooks.py).


# Optional exploration methods, for the model checker (engine/modelcheck.py). A state that offers
# them can be explored over every deal and every legal move:
#
#     def clone(self) -> State                        # an independent copy
#     def chance_outcomes(self) -> Iterable[Hashable] # every outcome of positive probability here
#     def apply_chance_outcome(self, outcome) -> None # resolve the chance node with that outcome
#     def outcome_to_string(self, outcome) -> str     # "seat 1 draws 2*x**2"
#     def canonical_key(self) -> Hashable             # key() with identical cards merged and seats
#                                                     # rotated where the rules are symmetric
#     def position_to_string(self) -> str             # the position, for a counterexample
#
# and, to tell a counterexample in every language (engine/replay.py), the same as terms
# ``(name, args)`` with the templates of their words in ``words`` (the game's labels.py):
#
#     words: Mapping[str, Mapping[str, str]]          # {"plays": {"en": "plays {0}", "es": ...}}
#     def action_term(self, action) -> tuple          # ("plays", ("2*x**2",))
#     def outcome_term(self, outcome) -> tuple        # ("draws", (1, ("card", ("x",))))
#     def position_term(self) -> tuple
#
# A game whose rules bound its length may also offer
#
#     def length_variant(self) -> tuple                    # a quantity or lexicographic tuple that
#                                                     # never increases, and strictly decreases
#                                                     # from each turn to the next (``length()``)
#
# which the loop asserts at every step of a checked game (``play(..., check=True)``); the model
# checker asserts that it never increases on any edge it explores.
#
# Only the support of the chance outcomes matters to the claims it proves (no dead end, an end
# always reachable, no trap), not their probabilities.
#
# Optional promise record. A state whose rules deal or refill cards after the first deal (a new
# round, a refill) may keep
#
#     shortfalls: list[str]
#
# one sentence for every deal that did not give what the rulebook prints ("round 3 dealt 6 cards a
# player, not the 10 printed"). Validation fails a deck whose games ever add one (engine/validate.py
# names the first, with its seed, and the engine's ``deal_promise`` hint).


def copy_position(state: object) -> object:
    """An independent copy of a state whose position is held in lists and dicts (of numbers, or of
    lists of numbers): those are copied two levels deep, everything else (the deck's tables, rule
    variants, tuples) is shared. Much faster than ``copy.deepcopy`` for searching players."""
    import copy

    world = copy.copy(state)
    for name, value in vars(state).items():
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for v in value]
        elif isinstance(value, dict):
            value = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
        else:
            continue
        setattr(world, name, value)
    return world
