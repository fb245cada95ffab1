"""A determinized Monte Carlo player for any game on the State protocol.

For each move it searches, the player deals the cards it cannot see again ``rollouts`` times (the
game's ``sample_hidden``: a fresh, independent copy of the position that agrees with everything the
seat can see: a determinization), and in each such world plays every legal action and then the game
on to its end by uniformly random moves (flat Monte Carlo). It plays the heuristic's move unless
the rollouts show another move significantly better (its gain, world by world, beyond SWITCH standard
errors). The strength knob is ``rollouts`` per move (see :meth:`MonteCarloPlayer.results`).

The player never looks at a hidden card: everything it reads from the position goes through
``sample_hidden``, which rebuilds the hidden part from the rng alone; the heuristic reads only the
seat's own cards and public counts. Decisions the game cannot determinize (``sample_hidden`` returns
None) are left to the heuristic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from deckgen.engine.game import Policy
from deckgen.engine.state import CHANCE, State

Sampler = Callable[[State, int, random.Random], "State | None"]
Copier = Callable[[State], State]
SWITCH = 2.0  # standard errors of gain needed to leave the heuristic's move (k - 1 moves are compared)


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


def dealt_world(sample: Sampler, copy: Copier | None, dealt: State | None, state: State, seat: int, world_seed: int) -> State | None:
    """A fresh world of seed ``world_seed`` for one action to be tried: a copy of ``dealt`` (that
    world, dealt once) when the game can copy one, else the world dealt again from its seed (the
    same cards: ``sample`` depends on its rng alone)."""
    if copy is None:
        return sample(state, seat, random.Random(world_seed))
    return None if dealt is None else copy(dealt)


@dataclass(frozen=True)
class MonteCarloPlayer:
    """A policy (``player(state, rng) -> action``) of strength ``rollouts`` per move."""

    sample_hidden: Sampler
    rollouts: int
    fallback: Policy
    max_steps: int = 100_000
    value: Callable[[State, int], float] | None = None  # a finished rollout's worth (default: the win share)
    # an independent copy of a dealt world (Skill.copy_world): each world is then dealt once and
    # copied for every action tried; None: dealt again for each (the same world, from its seed)
    copy: Copier | None = None

    def results(self, state: State, rng: random.Random, keep: int | None = None) -> dict[int, list[float]] | None:
        """Every tried action's result in each determinization, or None when the decision cannot
        be searched. Uses only ``rng`` and what ``sample_hidden`` lets the seat see.

        The budget is ``rollouts`` per move. Each determinization deals the hidden cards once and
        plays every action tried in that same world, each followed by the same random numbers: the
        actions are compared on equal cards (common random numbers), which removes most of the
        noise of the deal. With k legal actions there are rollouts // k determinizations; a budget
        smaller than k tries that many actions (``keep`` among them), picked at random, in one world."""
        actions = list(state.legal_actions())
        seat = state.current_player()
        k = len(actions)
        if self.rollouts < k:
            if keep is None:
                tried = sorted(rng.sample(range(k), max(1, self.rollouts)))
            else:
                kept = actions.index(keep)
                others = [i for i in range(k) if i != kept]
                tried = sorted(rng.sample(others, max(0, self.rollouts - 1)) + [kept])
            worlds = 1
        else:
            tried = list(range(k))
            worlds = self.rollouts // k
        out: dict[int, list[float]] = {actions[i]: [] for i in tried}
        for _ in range(worlds):
            world_seed, play_seed = rng.getrandbits(64), rng.getrandbits(64)
            dealt = self.sample_hidden(state, seat, random.Random(world_seed)) if self.copy is not None else None
            for i in tried:
                world = dealt_world(self.sample_hidden, self.copy, dealt, state, seat, world_seed)
                if world is None:
                    return None
                world.apply_action(actions[i])
                out[actions[i]].append(random_rollout(world, seat, random.Random(play_seed), self.max_steps, self.value))
        return out

    def values(self, state: State, rng: random.Random) -> dict[int, float] | None:
        """The mean result of every action tried (see :meth:`results`)."""
        res = self.results(state, rng)
        return None if res is None else {a: sum(v) / len(v) for a, v in res.items()}

    def __call__(self, state: State, rng: random.Random) -> int:
        """The heuristic's move, unless the rollouts show another move significantly better: its
        mean gain over the heuristic's move, world by world, exceeds SWITCH standard errors (the
        best such move). More rollouts find more of the moves where the heuristic is wrong."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        default = self.fallback(state, rng)
        res = self.results(state, rng, keep=default)
        if res is None or len(res[default]) < 2:
            return default
        base = res[default]
        n = len(base)
        choice, best = default, 0.0
        for a in actions:
            if a == default or a not in res:
                continue
            gains = [x - y for x, y in zip(res[a], base)]
            mean = sum(gains) / n
            var = sum((g - mean) ** 2 for g in gains) / (n - 1)
            if mean > best and mean > SWITCH * (var / n) ** 0.5:
                choice, best = a, mean
        return choice


def strength_name(rollouts: int) -> str:
    return f"mc{rollouts}"


def levels(rollouts: Sequence[int]) -> list[str]:
    """The ladder's level names: random, heuristic, then one Monte Carlo level per budget."""
    return ["random", "heuristic", *(strength_name(r) for r in rollouts)]
