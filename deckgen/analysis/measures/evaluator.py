"""The evaluator: each seat's win probability at one decision, from rollouts of a named policy played
from the true position (the analyst sees every hand; what nobody knows, the order of the draw pile,
is shuffled for each rollout: ``Design.world``). These figures describe the game, not a player.

Every action is tried in the same worlds with the same random numbers (common random numbers), so
two actions are compared on equal luck and their difference's standard error is that of the paired
differences. The rollouts are read twice, at R (the first R) and at 4R (all of them): an evaluator
measure whose two readings disagree beyond its interval is "not converged"
(../shared/DESIGN-MEASURES.md, "Intervals").
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Sequence

from deckgen.analysis.measures.hooks import Design
from deckgen.engine.game import Engine
from deckgen.engine.loop import play

DELTA = 0.05  # a difference of win probability that matters (and it must exceed 2 standard errors)
SIGMAS = 2.0
OUT = 0.02  # a seat whose win probability is at most this under every action can no longer win
SHIFT = 0.2  # kingmaking: the win probability it moves between the two contenders, at least


@dataclass(frozen=True)
class Reading:
    """One decision read from ``rollouts`` rollouts per action."""

    rollouts: int
    gap: float  # best action's win probability minus the worst's, for the seat to act
    gap_se: float
    regret: float  # best action's minus the action played
    regret_se: float
    out: bool | None  # the seat can no longer win (3+ players), None with 2
    shift: float  # the most win probability one choice moves between the two leading contenders
    shift_se: float

    @property
    def matters(self) -> bool:
        return self.gap >= DELTA and self.gap > SIGMAS * self.gap_se

    @property
    def wrong(self) -> bool:
        return self.regret >= DELTA and self.regret > SIGMAS * self.regret_se

    @property
    def kingmaking(self) -> bool:
        return bool(self.out) and self.shift >= SHIFT and self.shift > SIGMAS * self.shift_se


@dataclass(frozen=True)
class Decision:
    """An evaluated decision: the seat, its legal actions, the clock, and the readings at R and 4R."""

    seat: int
    actions: int
    clock: int
    late: bool  # sampled among the second half's decisions (for kingmaking)
    at_r: Reading
    at_4r: Reading


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def rollouts(engine: Engine, design: Design, state: Any, players: int, policy: str, count: int, seed: str,
             max_steps: int) -> dict[int, list[tuple[float, ...]]] | None:
    """Each legal action's returns (one per seat) in ``count`` rollouts, the same worlds and random
    numbers for every action; None when the position cannot be copied."""
    assert design.world is not None
    actions = list(state.legal_actions())
    pol = engine.policies[policy]
    out: dict[int, list[tuple[float, ...]]] = {a: [] for a in actions}
    for r in range(count):
        world_seed, play_seed = f"{seed}:w{r}", f"{seed}:p{r}"
        for a in actions:
            world = design.world(state, random.Random(world_seed))
            if world is None:
                return None
            world.apply_action(a)
            record = play(world, [pol] * players, random.Random(play_seed), max_steps=max_steps)
            out[a].append(tuple(record.returns) if record.ended else (0.0,) * players)
    return out


def read(results: dict[int, list[tuple[float, ...]]], seat: int, played: int, count: int) -> Reading:
    """The decision read from the first ``count`` rollouts of each action."""
    actions = list(results)
    rows = {a: results[a][:count] for a in actions}
    mine = {a: [x[seat] for x in rows[a]] for a in actions}
    value = {a: sum(v) / len(v) for a, v in mine.items()}
    best = max(actions, key=lambda a: (value[a], -actions.index(a)))
    worst = min(actions, key=lambda a: (value[a], actions.index(a)))
    gap, gap_se = _mean_se([x - y for x, y in zip(mine[best], mine[worst])])
    if played == best or played not in mine:
        regret, regret_se = 0.0, 0.0
    else:
        regret, regret_se = _mean_se([x - y for x, y in zip(mine[best], mine[played])])
    players = len(next(iter(rows.values()))[0])
    out: bool | None = None
    shift, shift_se = 0.0, 0.0
    if players >= 3:
        out = max(value.values()) <= OUT
        others = [s for s in range(players) if s != seat]
        mean = {s: sum(x[s] for a in actions for x in rows[a]) / (len(actions) * count) for s in others}
        c1, c2 = sorted(others, key=lambda s: (-mean[s], s))[:2]
        lead = {a: [x[c1] - x[c2] for x in rows[a]] for a in actions}  # the contenders' difference, per rollout
        for i, a in enumerate(actions):
            for b in actions[i + 1 :]:
                m, se = _mean_se([x - y for x, y in zip(lead[a], lead[b])])
                if abs(m) / 2 > shift:
                    shift, shift_se = abs(m) / 2, se / 2
    return Reading(count, gap, gap_se, regret, regret_se, out, shift, shift_se)


def evaluate(engine: Engine, design: Design, state: Any, played: int, *, players: int, policy: str, rollouts_r: int, seed: str,
             max_steps: int, clock: int = 0, late: bool = False) -> Decision | None:
    """Read the decision in progress at R and 4R rollouts (the first R of the 4R)."""
    seat = state.current_player()
    results = rollouts(engine, design, state, players, policy, 4 * rollouts_r, seed, max_steps)
    if results is None:
        return None
    return Decision(seat, len(results), clock, late, read(results, seat, played, rollouts_r), read(results, seat, played, 4 * rollouts_r))
