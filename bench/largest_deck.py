"""`deckgen validate FILE` on the largest and worst deck files the README's limits allow, one per
game and kind of abuse: each run's wall time, CPU time and peak memory, the slowest last.

    python3 bench/largest_deck.py [NAME ...]      # default: every file below

Each run is the real command (`python3 -m deckgen validate FILE --quiet`, a fresh process with an
empty figures cache, default settings: 400 games at most, the machine's cores as workers), so the
times include start-up, the default deck's figures for the comparison and every player count.
The README promises at most 60 s on a 2-core machine. The last line is `worst: X s` (wall).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MOST_CARDS = 5000  # the README's limits: at most 5,000 cards, 1,000 copies of one card
MOST_COPIES = 1000
TIMEOUT = 600  # seconds: a run that takes longer is killed and shown as such


def cards(entries: list[str]) -> str:
    return "".join(f"\n[[cards]]\n{e}\n" for e in entries)


def spread(kinds: list[str], total: int = MOST_CARDS) -> list[str]:
    """``total`` cards shared as evenly as copies allow among the given card bodies."""
    each, extra = divmod(total, len(kinds))
    return [f"{k}\ncopies = {min(MOST_COPIES, each + (i < extra))}" for i, k in enumerate(kinds)]


def mgc_monomials() -> str:
    """5,000 distinct monomials: coefficients 1..50 times 100 shapes of degree 0..9 in x, y, z."""
    shapes = []
    for dx in range(10):
        for dy in range(10 - dx):
            for dz in range(10 - dx - dy):
                shapes.append((dx, dy, dz))
    shapes = shapes[:100]
    entries = []
    for coef in range(1, 51):
        for dx, dy, dz in shapes:
            parts = [str(coef)] + [f"{v}**{d}" if d > 1 else v for v, d in (("x", dx), ("y", dy), ("z", dz)) if d]
            entries.append(f'kind = "monomial"\nmonomial = "{"*".join(parts)}"')
    return 'game = "mgc"\n' + cards(entries)


def mgc_actions() -> str:
    """Every action card, 5,000 in all: no monomial, so nothing can follow an action."""
    actions = ["toma_dos", "retorno", "intermision", "eleccion_coeficiente", "eleccion_grado", "toma_cuatro"]
    return 'game = "mgc"\n' + cards(spread([f'kind = "action"\naction = "{a}"' for a in actions]))


def scaled(game: str, options: str = "", once: tuple[str, ...] = ()) -> str:
    """The game's default deck with every card's copies multiplied as far as the limits allow (the
    kinds in ``once`` stay as they are)."""
    sys.path.insert(0, str(ROOT))
    from deckgen.deckfile.write import _value
    from deckgen.pipeline import make_deck
    from deckgen.spec import spec_for

    deck, _ = make_deck(spec_for(game, cli={}))
    groups: dict = {}
    for card in deck.cards:
        groups[card] = groups.get(card, 0) + 1
    fixed = sum(n for c, n in groups.items() if c.kind in once)
    grown = {c: n for c, n in groups.items() if c.kind not in once}
    factor = max(1, min((MOST_CARDS - fixed) // sum(grown.values()), min(MOST_COPIES // n for n in grown.values())))
    entries = []
    for card, n in groups.items():
        body = [f"kind = {_value(card.kind)}"] + [f"{k} = {_value(v)}" for k, v in card.face.items()]
        entries.append("\n".join(body) + f"\ncopies = {n if card.kind in once else n * factor}")
    return f'game = "{game}"\n' + (f"[options]\n{options}\n" if options else "") + cards(entries)


DECKS = {
    "mgc: target score 100,000": lambda: 'game = "mgc"\n[options]\ntarget_score = 100000\ndraw_freely = true\n',
    "mgc: 5,000 distinct monomials": mgc_monomials,
    "mgc: 5,000 action cards": mgc_actions,
    "mgc: toma_cuatro x 1,000": lambda: 'game = "mgc"\n' + cards(['kind = "action"\naction = "toma_cuatro"\ncopies = 1000']),
    "multiplicats: multiplications x many, infinite to 50": lambda: scaled(
        "multiplicats", "infinite = true\ninfinite_points = 50\ninfinite_refill = 200", once=("product",)),
    "multiplicats: multiplications x many": lambda: scaled("multiplicats", once=("product",)),
    "monete: default x 46": lambda: scaled("monete"),
    "maestras: 4,800 point cards": lambda: 'game = "maestras"\n' + cards(
        ['kind = "central"'] + [f'kind = "master"\ncolour = "{c}"\ncopies = 2' for c in ("blue", "red", "green", "yellow")]
        + spread([f'kind = "points"\npoints = {p}\ncolour = "{c}"' for p in range(1, 9) for c in ("blue", "red", "green", "yellow")], 4800)
        + ['kind = "empty"\ncopies = 5']
    ),
    "hectoedra: longest rules": lambda: 'game = "hectoedra"\n[options]\nrounds = 20\nper_player = 10\nhand = 10\n',
}


# runs the command and prints its CPU seconds and peak memory (the largest of it and its workers)
WRAPPER = """import resource, subprocess, sys
code = subprocess.run(sys.argv[1:]).returncode
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{u.ru_utime + u.ru_stime} {u.ru_maxrss / 1024}", file=sys.stderr)
sys.exit(code)
"""


def measure(path: Path) -> tuple[float, float, float, int, str]:
    """Wall s, CPU s (the command and its workers), peak MB of its largest process, exit code, summary."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=cache)
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", WRAPPER, sys.executable, "-m", "deckgen", "validate", str(path), "--quiet"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:  # the command and its workers (its process group) are killed
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return time.perf_counter() - start, float("nan"), float("nan"), -9, f"killed after {TIMEOUT} s"
        wall = time.perf_counter() - start
    *errors, usage = err.strip().splitlines() or ["nan nan"]
    cpu, mb = (float(x) for x in usage.split())
    fails = [line.strip() for line in out.splitlines() if line.strip().startswith("FAIL")]
    summary = fails[0][:110] if fails else (errors or ["ok"])[-1][:110]
    return wall, cpu, mb, proc.returncode, summary


def main() -> None:
    names = [n for n in DECKS if not sys.argv[1:] or any(a in n for a in sys.argv[1:])]
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(names):
            path = Path(tmp) / f"deck-{i}.toml"
            path.write_text(DECKS[name]())
            wall, cpu, mb, code, summary = measure(path)
            rows.append((wall, cpu, mb, code, name))
            print(f"{wall:7.1f} s  {cpu:7.1f} s cpu  {mb:7.1f} MB  exit {code}  {name}: {summary}", flush=True)
    worst = max(rows)
    print(f"worst: {worst[0]:.1f} s ({worst[4]}, {worst[1]:.1f} s cpu, {max(r[2] for r in rows):.1f} MB at most)")


if __name__ == "__main__":
    main()
