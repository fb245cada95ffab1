"""Skill ladder benchmark: Monte Carlo rollouts per second per game (a rollout deals the hidden cards
again with the game's sample_hidden, plays one move and plays the game on to its end at random),
and the time of one game of each Monte Carlo level against random.

    python3 bench/skill.py [--seconds 3] [--players 2]

Single process, seeded; the figures depend on the machine and its load. Each rate is printed with
its spread over five equal slices of the measuring time (mean ± standard deviation).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.analysis.ladder import skill_deck  # noqa: E402
from deckgen.analysis.montecarlo import random_rollout  # noqa: E402
from deckgen.engine.state import CHANCE  # noqa: E402
from deckgen.registry import games  # noqa: E402
from deckgen.spec import spec_for  # noqa: E402


def positions(engine, deck, players: int, count: int):
    """Positions a few random moves into seeded games, at a decision with a choice."""
    out = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        state = engine.new_state(deck, players, rng)
        for _ in range(3 + seed % 7):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.chance(rng)
            else:
                acts = state.legal_actions()
                state.apply_action(acts[int(rng.random() * len(acts))])
        seed += 1
        if state.is_terminal() or state.current_player() == CHANCE:
            continue
        if engine.skill.sample_hidden(state, state.current_player(), rng) is not None:
            out.append(state)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    print(f"rollouts per second, {args.players} players, {args.seconds:g} s per game, one process")
    for gid, game in games().items():
        engine = game.engine
        if engine is None or engine.skill is None or engine.skill.sample_hidden is None:
            print(f"  {gid:<14} no choices: no rollouts (its ladder compares player profiles)")
            continue
        deck = skill_deck(engine, engine.variants(spec_for(game, cli={}).build())[0][1])
        states = positions(engine, deck, args.players, 20)
        rng = random.Random(1)
        rates = []
        for _ in range(5):
            n, t0 = 0, time.perf_counter()
            while time.perf_counter() - t0 < args.seconds / 5:
                s = states[n % len(states)]
                seat = s.current_player()
                w = engine.skill.sample_hidden(s, seat, rng)
                w.apply_action(w.legal_actions()[0])
                random_rollout(w, seat, rng, engine.max_steps(deck, args.players), engine.skill.value)
                n += 1
            rates.append(n / (time.perf_counter() - t0))
        print(f"  {gid:<14} {statistics.fmean(rates):8.0f} ± {statistics.stdev(rates):.0f} rollouts/s   (MC levels {', '.join(map(str, engine.skill.rollouts))} rollouts per move, {engine.skill.unit})")


if __name__ == "__main__":
    main()
