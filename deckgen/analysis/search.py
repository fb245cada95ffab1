"""The ladder's determinized-search rung (PIMC: perfect-information Monte Carlo with heuristic
rollouts), searching only worlds consistent with everything the seat has seen.

For each move the player deals the hidden cards again ``worlds`` times with the game's informed
sampler (``Skill.sample_seen``, falling back on ``Skill.sample_hidden``): besides the cards already
played (never dealt again, they are on the table), a world keeps what the seat has learnt in play:
an opponent who could not follow holds, of the cards it held then, none that follows (Hectoedra: a
penalty taken with no legal card; MGC: a draw with no legal card; Cartas Maestras: a draw or pass
with nothing to place; Monete: a forced draw or pass, a draw answering a ¡Monete!), a hand seen
with Espiar (Monete). In each world it plays each candidate move and then
the game on to its end with the heuristic for every seat (a far better guess at how the others play
than random moves), all candidates on the same world and the same random numbers. It plays the
heuristic's move unless another is better in the worlds by more than SWITCH standard errors of the
world-by-world gain.

It never looks at a hidden card: the worlds come from the sampler, which rebuilds the hidden part
from the rng and what the seat has seen alone (tests/analysis/test_search_rung.py re-deals hidden
cards and checks the move does not change).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from deckgen.analysis.montecarlo import Copier, Sampler, dealt_world
from deckgen.engine.game import Policy
from deckgen.engine.state import CHANCE, State

SWITCH = 2.0  # standard errors of gain needed to leave the heuristic's move (as the Monte Carlo levels)
CANDIDATES = 6  # moves tried in each world: the heuristic's and up to this many in all (others at random)
PREFIX = "pimc"


def heuristic_rollout(state: State, seat: int, policy: Policy, rng: random.Random, max_steps: int,
                      value: Callable[[State, int], float] | None = None) -> float:
    """Play ``state`` to its end with ``policy`` at every seat; ``seat``'s worth of the end."""
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.current_player() == CHANCE:
            state.chance(rng)
        else:
            state.apply_action(policy(state, rng))
        steps += 1
    if not state.is_terminal():
        return 0.0
    return value(state, seat) if value is not None else float(state.returns()[seat])


@dataclass(frozen=True)
class SearchPlayer:
    """A policy (``player(state, rng) -> action``): determinized search over ``worlds`` worlds."""

    sample: Sampler
    worlds: int
    heuristic: Policy
    max_steps: int = 100_000
    value: Callable[[State, int], float] | None = None
    copy: Copier | None = None  # as MonteCarloPlayer.copy: each world dealt once, copied for every candidate

    def results(self, state: State, rng: random.Random, keep: int) -> dict[int, list[float]] | None:
        """Each candidate move's result in each world (None: the decision cannot be searched)."""
        actions = list(state.legal_actions())
        seat = state.current_player()
        others = [a for a in actions if a != keep]
        tried = [keep] + (sorted(rng.sample(others, CANDIDATES - 1)) if len(others) > CANDIDATES - 1 else others)
        out: dict[int, list[float]] = {a: [] for a in tried}
        for _ in range(self.worlds):
            world_seed, play_seed = rng.getrandbits(64), rng.getrandbits(64)
            dealt = self.sample(state, seat, random.Random(world_seed)) if self.copy is not None else None
            for a in tried:
                world = dealt_world(self.sample, self.copy, dealt, state, seat, world_seed)
                if world is None:
                    return None
                world.apply_action(a)
                out[a].append(heuristic_rollout(world, seat, self.heuristic, random.Random(play_seed), self.max_steps, self.value))
        return out

    def __call__(self, state: State, rng: random.Random) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        default = self.heuristic(state, rng)
        res = self.results(state, rng, default)
        if res is None or len(res[default]) < 2:
            return default
        base = res[default]
        n = len(base)
        choice, best = default, 0.0
        for a, got in res.items():
            if a == default:
                continue
            gains = [x - y for x, y in zip(got, base)]
            mean = sum(gains) / n
            var = sum((g - mean) ** 2 for g in gains) / (n - 1)
            if mean > best and mean > SWITCH * (var / n) ** 0.5:
                choice, best = a, mean
        return choice


def level_name(worlds: int) -> str:
    return f"{PREFIX}{worlds}"


def worlds_of(name: str) -> int | None:
    """The worlds of a search level's name ("pimc16" -> 16), None for another level."""
    return int(name[len(PREFIX):]) if name.startswith(PREFIX) and name[len(PREFIX):].isdigit() else None
