"""Does remembering what an opponent could not follow help the search rung? (issue 27)

    python3 bench/seen_vs_blind.py --game monete [--games 200] [--worlds 16] [--mode jungla]

Plays the search player over informed worlds (the game's ``sample_seen``) against the same player
over blind worlds (``sample_hidden``: every hidden card dealt again at random) in 2-player games,
seats alternating, each game's deal fixed by its seed. Prints the informed player's win share
with a 95% interval (a shared win counts half).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.analysis.ladder import skill_deck  # noqa: E402
from deckgen.analysis.search import SearchPlayer  # noqa: E402
from deckgen.engine.state import CHANCE  # noqa: E402
from deckgen.registry import get_game  # noqa: E402
from deckgen.spec import spec_for  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="monete")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--mode", default="", help="a rule variant (Monete's mode); default the last")
    args = ap.parse_args()
    game = get_game(args.game)
    engine = game.engine
    variants = engine.variants(spec_for(game, cli={}).build())
    deck = skill_deck(engine, dict(variants)[args.mode] if args.mode else variants[-1][1])
    skill, steps = engine.skill, engine.max_steps(deck, 2)
    heur = engine.policies["heuristic"]
    seen = SearchPlayer(skill.sample_seen, args.worlds, heur, steps, skill.value)
    blind = SearchPlayer(skill.sample_hidden, args.worlds, heur, steps, skill.value)
    start, won = time.perf_counter(), []
    for g in range(args.games):
        rng = random.Random(g // 2)  # each deal twice, the informed player in either seat
        players = [seen, blind] if g % 2 == 0 else [blind, seen]
        state = engine.new_state(deck, 2, rng)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.chance(rng)
            else:
                state.apply_action(players[state.current_player()](state, rng))
        won.append(state.returns()[g % 2])
        if len(won) % 20 == 0:
            print(f"  {len(won)} games: {100 * sum(won) / len(won):.1f}%", file=sys.stderr, flush=True)
    n = len(won)
    mean = sum(won) / n
    se = (sum((w - mean) ** 2 for w in won) / (n - 1) / n) ** 0.5
    print(f"{args.game} {args.mode or variants[-1][0]}: informed over blind worlds ({args.worlds} worlds): wins {100 * mean:.1f}% "
          f"± {196 * se:.1f} of {n} games (95%; fair 50%); {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
