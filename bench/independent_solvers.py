"""deckgen's claims against the independent solvers (tests/independent/): random tiny decks with random
rule options, each solved exhaustively by the solver and judged by deckgen; prints every deck that
disagrees and the figures: decks tried, decks compared (the solver's search complete, and for MGC
deckgen's too), disagreements, CPU seconds.

    python3 bench/independent_solvers.py                       # MGC, 2 players, 40 decks of 15 to 18 cards
    python3 bench/independent_solvers.py --decks 100 --seed 3 --budget 300000
    python3 bench/independent_solvers.py --game hectoedra --decks 20   # validate's [proven] claims and failures
    python3 bench/independent_solvers.py --game monete --decks 20      # and the enumerated claims (a round closes...)
    python3 bench/independent_solvers.py --game maestras --decks 100   # and the enumerated claims (a path can be won...)
    python3 bench/independent_solvers.py --game multiplicats --decks 30  # 3 players: every game ends (sampled by validate)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


GAMES = ("mgc", "hectoedra", "monete", "maestras", "multiplicats")


def _game(game: str):
    """The compare module of ``game``: (compare, random_case)."""
    import importlib

    module = importlib.import_module(f"independent.{game}_compare")
    return module.compare, module.random_case


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=GAMES, default="mgc")
    ap.add_argument("--decks", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=200_000, help="positions each side may search per deck")
    ap.add_argument("--players", type=int, default=None, help="default: 2 (Multipli Cat's: 3, its solver has no two-player piles)")
    args = ap.parse_args()
    compare, random_case = _game(args.game)
    rng = random.Random(args.seed)
    start = time.process_time()
    compared = disagreements = proven = refuted = 0
    options: dict = {}
    for _ in range(args.decks):
        case = random_case(rng) if args.players is None else random_case(rng, args.players)
        got = compare(case, budget=args.budget)
        if args.game != "mgc":
            # judged: the solver's search complete, and validate past its static checks (a [proven] claim,
            # or, for Multipli Cat's, which has none, its report)
            both = (got["complete"] if "complete" in got else got["solver"].complete) and (got["proven"] > 0 or "report" in got)
            proven += got["proven"]
            refuted += bool(got["sampled_refuted"])
            if got["sampled_refuted"]:
                print(f"SAMPLED CLAIM REFUTED {got['case']}: {'; '.join(got['sampled_refuted'])}", flush=True)
        else:
            model = got["model"]
            both = got["solver"].complete and model is not None and model.complete
        compared += both
        solver = got["solver"]  # one verdict, or one per rule variant (Monete's modes)
        positions = sum(v.positions for v in solver.values()) if isinstance(solver, dict) else solver.positions
        print(f"{'compared' if both else 'not compared'}: {got['case']} ({positions:,} positions by the solver)", flush=True)
        if both:
            for k, v in case.options.items():
                options.setdefault(k, set()).add(v)
        if got["problems"]:
            disagreements += 1
            print(f"DISAGREE {got['case']}: {'; '.join(got['problems'])}", flush=True)
    cpu = time.process_time() - start
    what = (f"{compared} compared (the solver's search complete within {args.budget:,} positions and validate past its static checks; "
            f"{proven} [proven] claims checked), {refuted} with a sampled claim the solver refutes" if args.game != "mgc" else
            f"{compared} compared (both searches complete within {args.budget:,} positions)")
    print(f"{args.game}, {case.players} players: {args.decks} decks tried, {what}, {disagreements} disagreements, {cpu:.0f} CPU s "
          f"(seed {args.seed}, budget {args.budget:,})")
    print("options met among the compared decks: " + "; ".join(f"{k} {sorted(map(str, v))}" for k, v in sorted(options.items())))
    return 1 if disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
