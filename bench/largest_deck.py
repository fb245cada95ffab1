"""`deckgen validate FILE` on the largest and worst deck files the README's limits allow, one per
game and kind of abuse: each run's wall time, CPU time and peak memory, the slowest last.

    python3 bench/largest_deck.py [NAME ...]      # default: every file below
    python3 bench/largest_deck.py --search [N]     # also search the limits' space: N candidates a game

The listed files are the abuses we thought of; `--search` looks for worse ones. For each game it
draws N deck files at random from the space the README's limits allow (any card kinds of the game,
any copies up to 1,000, up to 5,000 cards, mixed towards extremes: one kind maxed out, a few kinds
only, the draw and penalty cards by the thousand), scores each by the work of a few heuristic games
in this process (the seconds they take, bounded by each game's step budget), climbs from the worst
by moving copies between cards, and then measures the worst file of each game with the real command
beside the listed ones.

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
    # issue 29: hands that grow by the thousand (each step reads the whole hand)
    "mgc: 3,000 draw cards and 13 monomials x 150": lambda: 'game = "mgc"\n' + cards(
        [f'kind = "action"\naction = "{a}"\ncopies = 1000' for a in ("toma_cuatro", "toma_dos", "eleccion_grado")]
        + [f'kind = "monomial"\nmonomial = "{m}"\ncopies = 150' for m in ("x", "y", "z", "2*x", "3*y", "x*y", "2*x*z", "x**2", "y**2", "3", "5*z", "4*x*y", "7")]
    ),
}


# runs the command and prints its CPU seconds and peak memory (the largest of it and its workers)
WRAPPER = """import resource, subprocess, sys
code = subprocess.run(sys.argv[1:]).returncode
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{u.ru_utime + u.ru_stime} {u.ru_maxrss / 1024}", file=sys.stderr)
sys.exit(code)
"""


def measure(path: Path, timeout: float = TIMEOUT) -> tuple[float, float, float, int, str]:
    """Wall s, CPU s (the command and its workers), peak MB of its largest process, exit code, summary
    (`deckgen validate PATH --quiet` with an empty figures cache, killed after ``timeout`` seconds)."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=cache)
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", WRAPPER, sys.executable, "-m", "deckgen", "validate", str(path), "--quiet"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:  # the command and its workers (its process group) are killed
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return time.perf_counter() - start, float("nan"), float("nan"), -9, f"killed after {timeout:g} s"
        wall = time.perf_counter() - start
    *errors, usage = err.strip().splitlines() or ["nan nan"]
    cpu, mb = (float(x) for x in usage.split())
    fails = [line.strip() for line in out.splitlines() if line.strip().startswith("FAIL")]
    summary = fails[0][:110] if fails else (errors or ["ok"])[-1][:110]
    return wall, cpu, mb, proc.returncode, summary


def _card_pool(game: str) -> list[str]:
    """Every distinct card body of the game's default deck, as deck-file text."""
    sys.path.insert(0, str(ROOT))
    from deckgen.deckfile.write import _value
    from deckgen.pipeline import make_deck
    from deckgen.spec import spec_for

    deck, _ = make_deck(spec_for(game, cli={}))
    bodies = []
    for card in dict.fromkeys(deck.cards):
        bodies.append("\n".join([f"kind = {_value(card.kind)}"] + [f"{k} = {_value(v)}" for k, v in card.face.items()]))
    return bodies


def _candidate(rng, pool: list[str]) -> dict[int, int]:
    """Copies per card of ``pool``, within the limits, drawn towards the extremes."""
    shape = rng.choice(["one maxed", "few kinds", "spread", "heavy tail"])
    picks = rng.sample(range(len(pool)), min(len(pool), {"one maxed": 1, "few kinds": rng.randint(2, 4)}.get(shape, rng.randint(5, len(pool)))))
    copies = {}
    left = MOST_CARDS
    for i in picks:
        n = MOST_COPIES if shape in ("one maxed", "few kinds") else rng.choice([1, 10, 100, MOST_COPIES])
        n = min(n, left)
        if n > 0:
            copies[i] = n
            left -= n
    return copies


def _text(game: str, pool: list[str], copies: dict[int, int]) -> str:
    return f'game = "{game}"\n' + cards([f"{pool[i]}\ncopies = {n}" for i, n in sorted(copies.items())])


def _score(text: str, games: int = 2, players: int = 2) -> float:
    """Seconds for a few seeded heuristic games of the deck (inf when it is refused)."""
    sys.path.insert(0, str(ROOT))
    from deckgen.deckfile.load import read_deck_text
    from deckgen.engine.loop import play_seeded
    from deckgen.errors import DeckgenError
    from deckgen.spec import spec_for

    try:
        raw, game = read_deck_text(text, "candidate.toml", folder=None)
        deck = spec_for(game, file_layer=raw, cli={}).build()
    except DeckgenError:
        return -1.0
    if game.engine is None or players not in game.player_counts(deck):
        return -1.0
    start = time.perf_counter()
    try:
        for _label, variant in game.engine.variants(deck):  # a Monete deck is played in each of its modes
            for seed in range(games):
                play_seeded(game.engine, variant, players, seed)
    except DeckgenError:
        return -1.0
    return time.perf_counter() - start


def search(per_game: int, seed: int = 1) -> dict:
    """The worst deck file found for each game: random draws, then a climb by moving copies."""
    import random

    rng = random.Random(seed)
    found = {}
    for game in ("mgc", "multiplicats", "monete", "maestras", "hectoedra"):
        pool = _card_pool(game)
        best, best_score = None, -1.0
        for _ in range(per_game):
            copies = _candidate(rng, pool)
            score = _score(_text(game, pool, copies))
            if score > best_score:
                best, best_score = copies, score
        for _ in range(per_game // 2):  # climb: move copies from one card to another
            if not best:
                break
            trial = dict(best)
            a = rng.choice(list(trial))
            b = rng.randrange(len(pool))
            moved = min(trial[a], rng.choice([10, 100, 500]), MOST_COPIES - trial.get(b, 0))
            trial[a] -= moved
            trial[b] = trial.get(b, 0) + moved
            trial = {k: v for k, v in trial.items() if v > 0}
            score = _score(_text(game, pool, trial))
            if score > best_score:
                best, best_score = trial, score
        print(f"search {game}: worst of {per_game + per_game // 2} candidates plays 2 games in {best_score:.1f} s", flush=True)
        if best:
            text = _text(game, pool, best)
            found[f"{game}: worst found by --search"] = lambda text=text: text
    return found


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--search"]:
        per_game = int(args[1]) if args[1:2] and args[1].isdigit() else 30
        args = args[1 + (args[1:2] != [] and args[1].isdigit()):]
        DECKS.update(search(per_game))
    names = [n for n in DECKS if not args or any(a in n for a in args)]
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(names):
            path = Path(tmp) / f"deck-{i}.toml"
            path.write_text(DECKS[name]())
            wall, cpu, mb, code, summary = measure(path)
            rows.append((wall, cpu, mb, code, name))
            print(f"{wall:7.1f} s  {cpu:7.1f} s cpu  {mb:7.1f} MB  exit {code}  {name}: {summary}", flush=True)
    if not rows:
        print("no deck file matched")
        return
    worst = max(rows)
    print(f"worst: {worst[0]:.1f} s ({worst[4]}, {worst[1]:.1f} s cpu, {max(r[2] for r in rows):.1f} MB at most)")


if __name__ == "__main__":
    main()
