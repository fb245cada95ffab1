"""MGC's engine against RLCard's UNO: random play, 2 players, one process, the same wall time each.

A "game" is one round for both: RLCard's UnoGame plays one round (deal 7 each, play until a hand is
empty), driven by its raw loop (init_game, get_legal_actions, step, is_over) with a uniformly random
legal action. MGC plays whole matches to 500 points from the default 108-card deck with its random
policy through MgcState.playout (the fast path, which plays the same games as the generic loop) and
counts the rounds: every round is dealt anew (7 each, one card turned up) and played to its end, and
the scoring between rounds is included. MGC's match tables are precomputed once per deck (as the
design intends), while RLCard's init_game builds its 108 card objects anew every game. Both run in alternating slices of a quarter second, so a busy machine slows them alike.

    pip install -e '.[bench]'
    python bench/mgc_vs_rlcard.py [--seconds 10]

The last line is ``ratio: X`` (MGC rounds per second / RLCard games per second); the target is 10.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SLICE = 0.25  # seconds per turn of each contestant


def rlcard_runner(seed: int):
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=2)
    game.np_random.seed(seed)
    rng = random.Random(seed)

    def run(seconds: float) -> int:
        games = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[int(rng.random() * len(legal))])
            games += 1
        return games

    return run


def mgc_runner(seed: int):
    from deckgen.games.mgc.engine import setup_for
    from deckgen.games.mgc.state import MgcState
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    deck = spec_for("mgc", cli={}).build()
    setup = setup_for(deck, 2)
    rng = random.Random(seed)

    def run(seconds: float) -> int:
        rounds = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(20):  # whole matches to 500 points; every round is dealt anew
                state = MgcState(setup, rng)
                state.playout(rng)
                rounds += state.rounds
        return rounds

    get_game("mgc")  # fail early if the game is not registered
    return run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time for each contestant (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        uno = rlcard_runner(args.seed)
    except ImportError:
        sys.exit("rlcard is not installed: pip install -e '.[bench]' (or pip install rlcard)")
    mgc = mgc_runner(args.seed)
    uno(0.2), mgc(0.2)  # warm up both
    spent = {"rlcard": 0.0, "mgc": 0.0}
    done = {"rlcard": 0, "mgc": 0}
    while spent["mgc"] < args.seconds:
        for name, run in (("rlcard", uno), ("mgc", mgc)):
            start = time.perf_counter()
            done[name] += run(SLICE)
            spent[name] += time.perf_counter() - start
    uno_rate = done["rlcard"] / spent["rlcard"]
    mgc_rate = done["mgc"] / spent["mgc"]
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"rlcard UnoGame, 2 players, random: {done['rlcard']} games in {spent['rlcard']:.1f} s = {uno_rate:,.0f} games/s")
    print(f"mgc round, 2 players, random (default deck): {done['mgc']} rounds in {spent['mgc']:.1f} s = {mgc_rate:,.0f} rounds/s")
    print(f"ratio: {mgc_rate / uno_rate:.2f}")


if __name__ == "__main__":
    main()
