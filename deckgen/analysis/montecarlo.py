"""A determinized Monte Carlo player for any game on the State protocol.

For each move it searches, the player deals the cards it cannot see again ``rollouts`` times (the
game's ``sample_hidden``: a fresh, independent copy of the position that agrees with everything the
seat can see: a determinization), and in each such world plays every legal action and then the game
on to its end by uniformly random moves (flat Monte Carlo). The action with the best mean result is
chosen. The strength knob is ``rollouts`` per move (see :meth:`MonteCarloPlayer.values`).

The player never looks at a hidden card: everything it reads from the position goes through
``sample_hidden``, which rebuilds the hidden part from the rng alone. Decisions the game cannot
determinize (``sample_hidden`` returns None) are left to the fallback policy (the heuristic).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from deckgen.engine.game import Policy
from deckgen.engine.state import CHANCE, State

Sampler = Callable[[State, int, random.Random], "State | None"]


def random_rollout(state: State, seat: int, rng: random.Random, max_steps: int, value: Callable[[State, int], float] | None = None) -> float:
    """Play ``state`` to its end with uniformly random moves; ``seat``'s share of the win.
    A state offering the fast path (``playout``, see engine/state.py) plays itself."""
    fast = getattr(state, "playout", None)
    if fast is not None and "random" in getattr(state, "playout_policies", ()):
        fast(rng, "random", max_steps)
    else:
        steps = 0
        while not state.is_terminal() and steps < max_steps:
            if state.current_player() == CHANCE:
                state.chance(rng)
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.random() * len(actions))])
            steps += 1
    if not state.is_terminal():
        return 0.0
    return value(state, seat) if value is not None else float(state.returns()[seat])


@dataclass(frozen=True)
class MonteCarloPlayer:
    """A policy (``player(state, rng) -> action``) of strength ``rollouts`` per move."""

    sample_hidden: Sampler
    rollouts: int
    fallback: Policy
    max_steps: int = 100_000
    value: Callable[[State, int], float] | None = None  # a finished rollout's worth (default: the win share)

    def values(self, state: State, rng: random.Random) -> dict[int, float] | None:
        """The mean rollout result of the legal actions tried, or None when the decision cannot be
        searched. Uses only ``rng`` and what ``sample_hidden`` lets the seat see.

        The budget is ``rollouts`` per move. Each determinization deals the hidden cards once and
        plays every action tried in that same world, each followed by the same random numbers: the
        actions are compared on equal cards (common random numbers), which removes most of the
        noise of the deal. With k legal actions there are rollouts // k determinizations; a budget
        smaller than k tries that many actions, picked at random, in one world."""
        actions = list(state.legal_actions())
        seat = state.current_player()
        k = len(actions)
        if self.rollouts < k:
            tried = sorted(rng.sample(range(k), max(1, self.rollouts)))
            worlds = 1
        else:
            tried = list(range(k))
            worlds = self.rollouts // k
        total = [0.0] * len(tried)
        for _ in range(worlds):
            world_seed, play_seed = rng.getrandbits(64), rng.getrandbits(64)
            for j, i in enumerate(tried):
                world = self.sample_hidden(state, seat, random.Random(world_seed))
                if world is None:
                    return None
                world.apply_action(actions[i])
                total[j] += random_rollout(world, seat, random.Random(play_seed), self.max_steps, self.value)
        return {actions[i]: t / worlds for i, t in zip(tried, total)}

    def __call__(self, state: State, rng: random.Random) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        values = self.values(state, rng)
        if values is None:
            return self.fallback(state, rng)
        best = max(values.values())
        return next(a for a in actions if values.get(a) == best)  # ties: the first in the game's order


def strength_name(rollouts: int) -> str:
    return f"mc{rollouts}"


def levels(rollouts: Sequence[int]) -> list[str]:
    """The ladder's level names: random, heuristic, then one Monte Carlo level per budget."""
    return ["random", "heuristic", *(strength_name(r) for r in rollouts)]
