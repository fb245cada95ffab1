"""Search, for every game, the worst deck files the README's limits allow, and time `deckgen validate
FILE --quiet` on them (the README promises at most 60 s on a 2-core machine).

    python3 bench/worst_deck.py                  # every game: 12 candidates scored, the 2 worst timed
    python3 bench/worst_deck.py maestras mgc     # only these games
    python3 bench/worst_deck.py --candidates 30 --timed 3 --seed 2

The search is over the shapes a deck file may take within the limits (deckgen/deckfile/limits.py:
at most 5,000 cards, 1,000 copies of one card), per game:

- Cartas Maestras: point cards by the thousand (points 1 to 8, or up to 99), few or many masters,
  empty cards, and the rules that make games longest or emptiest (``main_end = "stuck"``, 8-card
  paths, paths that stay, no in-line rule, links that never or always hold, the tie-break always,
  a hand of 1 or 10).
- MGC: draw cards (Toma cuatro, Toma dos, Elección...) by the thousand beside few monomials, 5,000
  distinct monomials, target scores up to 100,000.
- Monete: the default cards scaled up, action cards or comodines by the thousand, in every mode.
- Multipli Cat's: multiplication cards by the thousand beside one product card per product (the
  static checks ask for it), with and without specials, the infinite variant with 50 points and
  refills of 200.
- Hectoedra: custom number cards 1 to 999, each once (the static checks ask for it), the longest
  rules (20 rounds, 10 cards a player, hands of 10, penalties kept).

Each family draws its shape parameters (seeded: ``--seed``); the known offenders of issue 41 are
always among the candidates. Every candidate is scored in this process by the CPU time of one
heuristic game and one fully checked random game at its smallest and largest player count (each
bounded by the game's step budget); the worst ``--timed`` of each game are then run as the real
command, a fresh process with an empty figures cache and default settings (400 games at most, the
machine's cores as workers), and the table prints wall time, CPU time (the command and its workers),
the load average just before, the exit code and the verdict's first failing line. Exit 1 when any
run takes more than 60 s wall (``--limit``).

Figures taken on a busy machine are not the README's: the load average is printed beside each.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deckgen.deckfile.limits import MAX_CARDS, MAX_COPIES  # noqa: E402
from deckgen.deckfile.write import _value  # noqa: E402  (a TOML value as deck files write it)

LIMIT = 60.0  # seconds: the README's promise for validate on any deck file within the limits
TIMEOUT = 900  # a run longer than this is killed and shown as such


# ---------------------------------------------------------------- writing deck files


def table(kind: str, copies: int = 1, **face) -> str:
    """One [[cards]] table."""
    lines = ["[[cards]]", f'kind = "{kind}"']
    for k, v in face.items():
        lines.append(f"{k} = {_value(v)}")
    if copies > 1:
        lines.append(f"copies = {copies}")
    return "\n".join(lines) + "\n"


def deck_file(game: str, options: dict, tables: list[str]) -> str:
    head = f'game = "{game}"\n'
    if options:
        head += "[options]\n" + "".join(f"{k} = {_value(v)}\n" for k, v in options.items())
    return head + "".join(tables)


def spread(bodies: list[tuple[str, dict]], total: int) -> list[str]:
    """``total`` cards shared as evenly as the copy limit allows among ``bodies`` (kind, face)."""
    total = min(total, MAX_COPIES * len(bodies))
    each, extra = divmod(total, len(bodies))
    return [table(kind, min(MAX_COPIES, each + (i < extra)), **face) for i, (kind, face) in enumerate(bodies) if each + (i < extra)]


# ---------------------------------------------------------------- the shapes, per game

COLOURS = ("blue", "red", "green", "yellow")


def maestras(rng: random.Random) -> tuple[str, str]:
    top = rng.choice([8, 8, 20, 99])
    colours = COLOURS[: rng.choice([1, 2, 4, 4])]
    masters = rng.choice([1, 2, 50, 250])
    empties = rng.choice([0, 9, 300, 1000])
    options = {
        "main_end": rng.choice(["stuck", "stuck", "masters"]),
        "path_length": rng.choice([8, 8, 2]),
        "won_paths": rng.choice(["stay", "taken"]),
        "in_line": rng.choice(["off", "all", "links"]),
        "link": rng.choice(["either", "both", "colour", "points"]),
        "tiebreak": rng.choice(["when-tied", "always", "never"]),
        "play_drawn": rng.random() < 0.3,
        "refill": rng.random() < 0.7,
        "hand": rng.choice([1, 4, 10]),
        "corners": rng.random() < 0.3,
    }
    points = MAX_CARDS - 1 - masters * len(colours) - empties
    cards = ([table("central")] + [table("master", masters, colour=c) for c in colours]
             + spread([("points", {"points": p, "colour": c}) for p in range(1, top + 1) for c in colours], points)
             + ([table("empty", empties)] if empties else []))
    name = (f"{top} points x {len(colours)} colours, {masters} masters/colour, {empties} empties; "
            + ", ".join(f"{k}={v}" for k, v in options.items() if v is not False))
    return name, deck_file("maestras", options, cards)


MGC_DRAWS = ("toma_cuatro", "toma_dos", "eleccion_grado", "eleccion_coeficiente")
MGC_ACTIONS = MGC_DRAWS + ("retorno", "intermision")


def _monomials(n: int, rng: random.Random) -> list[str]:
    out = set()
    while len(out) < n:
        coef = rng.randint(1, 50)
        dx, dy, dz = rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 4)
        parts = [str(coef)] + [f"{v}**{d}" if d > 1 else v for v, d in (("x", dx), ("y", dy), ("z", dz)) if d]
        out.add("*".join(parts))
    return sorted(out)


def mgc(rng: random.Random) -> tuple[str, str]:
    draws = rng.sample(MGC_ACTIONS, rng.choice([1, 2, 3, 4, 6]))
    per_draw = min(rng.choice([0, 100, 1000]), (MAX_CARDS - 1000) // len(draws))  # within the limit, 1,000 monomials at least
    kinds = rng.choice([1, 13, 100, 1000])
    monomials = MAX_CARDS - per_draw * len(draws)
    options = {"target_score": rng.choice([500, 100_000]), "draw_freely": rng.random() < 0.5,
               "after_action": rng.choice(["monomial", "free"]), "last_card_draws": rng.random() < 0.7}
    cards = [table("action", per_draw, action=a) for a in draws if per_draw] + spread(
        [("monomial", {"monomial": m}) for m in _monomials(kinds, rng)], monomials)
    name = f"{per_draw} x {'+'.join(draws)}, {monomials} monomials of {kinds} kinds; " + ", ".join(f"{k}={v}" for k, v in options.items())
    return name, deck_file("mgc", options, cards)


def monete(rng: random.Random) -> tuple[str, str]:
    from deckgen.games.monete.deck import ACTIONS, COLOURS as MONETE_COLOURS

    numbers = [("number", {"value": v, "colour": c}) for v in range(1, 21) for c in MONETE_COLOURS]
    actions = [("action", {"value": v, "action": a}) for a in ACTIONS for v in (1, 10, 20)]
    heavy = rng.choice(["numbers", "actions", "wild", "mixed"])
    wild = {"numbers": 0, "actions": 0, "wild": 1000, "mixed": 200}[heavy]
    markers = [table("marker", rng.choice([1, 50]), marker=m, side=s) for m, s in (("number", "+"), ("number", "-"), ("colour", "same"), ("colour", "different"))]
    rest = MAX_CARDS - wild - sum(int(t.split("copies = ")[1]) if "copies" in t else 1 for t in markers)
    share = {"numbers": (rest, 0), "actions": (rest // 4, rest - rest // 4), "wild": (rest // 2, rest // 2), "mixed": (rest // 2, rest // 2)}[heavy]
    options = {"mode": rng.choice(["all", "jungla", "recreo", "siesta", "perezoso"]), "deck_out": rng.choice(["empty", "need"]),
               "give_taken": rng.random() < 0.5, "wild_discard": rng.random() < 0.5, "combo": rng.choice([1, 3])}
    cards = spread(numbers, share[0]) + (spread(actions, share[1]) if share[1] else []) + ([table("wild", wild)] if wild else []) + markers
    name = f"{heavy} heavy; " + ", ".join(f"{k}={v}" for k, v in options.items())
    return name, deck_file("monete", options, cards)


def multiplicats(rng: random.Random) -> tuple[str, str]:
    """A file that passes the static checks (validate plays no game otherwise): one product card per
    product, listing exactly the deck's multiplications that give it (at most four: products with
    more are left out), and the multiplication cards by the thousand."""
    from deckgen.games.multiplicats.deck import SPECIALS

    top = rng.choice([2, 5, 10])
    pairs = [(a, b) for a in range(1, top + 1) for b in range(1, 11)]
    by_product: dict[int, list[tuple[int, int]]] = {}
    for a, b in pairs:
        by_product.setdefault(a * b, []).append((a, b))
    by_product = {v: ps for v, ps in by_product.items() if len(ps) <= 4}
    pairs = [p for ps in by_product.values() for p in ps]
    specials = rng.choice([0, 10, (MAX_CARDS // 2) // len(SPECIALS)])  # each: at most half the deck in specials
    product_cards = [table("product", 1, value=v, multiplications=[[a, b] for a, b in ps]) for v, ps in sorted(by_product.items())]
    used = len(product_cards) + specials * len(SPECIALS)
    options = {"infinite": rng.random() < 0.5, "infinite_points": rng.choice([3, 50]), "infinite_refill": rng.choice([0, 200]),
               "end": rng.choice(["two-left", "first"]), "raton_call": rng.random() < 0.5, "magia_pairs": rng.choice(["one", "each"]),
               "miss_rate": rng.choice([0.1, 0.95]), "false_slap_rate": rng.choice([0.01, 0.5])}
    cards = product_cards + spread([("multiplication", {"a": a, "b": b}) for a, b in pairs], MAX_CARDS - used) + (
        [table("special", specials, special=s) for s in SPECIALS] if specials else [])
    name = f"tables 1-{top}, {len(product_cards)} products, {specials} of each special; " + ", ".join(f"{k}={v}" for k, v in options.items())
    return name, deck_file("multiplicats", options, cards)


def hectoedra(rng: random.Random) -> tuple[str, str]:
    from deckgen.games.hectoedra.deck import MAX_CUSTOM

    custom = rng.random() < 0.7
    options = {"rounds": rng.choice([0, 20]), "per_player": rng.choice([4, 10]), "hand": rng.choice([1, 10]),
               "keep_penalties": rng.random() < 0.5, "must_play": rng.random() < 0.5, "each_starts": rng.random() < 0.5}
    if not custom:
        return "generated cards; " + ", ".join(f"{k}={v}" for k, v in options.items()), deck_file("hectoedra", options, [])
    top = rng.choice([100, MAX_CUSTOM])  # every number once (a static check): at most MAX_CUSTOM cards
    cards = [table("number", value=v) for v in range(1, top + 1)]
    return f"values 1-{top} once each; " + ", ".join(f"{k}={v}" for k, v in options.items()), deck_file("hectoedra", options, cards)


def _maestras_offender(no_links: bool) -> Callable[[random.Random], tuple[str, str]]:
    def make(rng: random.Random) -> tuple[str, str]:
        options = {"main_end": "stuck", "path_length": 8, "won_paths": "stay", "in_line": "off"}
        if no_links:
            options["link"] = "both"
        cards = ([table("central")] + [table("master", 2, colour=c) for c in COLOURS]
                 + spread([("points", {"points": p, "colour": c}) for p in range(1, 9) for c in COLOURS], 4800) + [table("empty", 9)])
        return f"issue 41: 4,818 cards, stuck, 8-card paths that stay, no in-line rule{', no links' if no_links else ''}", deck_file("maestras", options, cards)

    return make


def _maestras_worst(rng: random.Random) -> tuple[str, str]:
    options = {"main_end": "stuck", "path_length": 2, "won_paths": "taken", "in_line": "all", "link": "both", "tiebreak": "always", "hand": 10, "refill": False}
    cards = ([table("central")] + [table("master", colour=c) for c in COLOURS]
             + spread([("points", {"points": p, "colour": c}) for p in range(1, 100) for c in COLOURS], MAX_CARDS - 1 - len(COLOURS) - 1000)
             + [table("empty", 1000)])
    return ("worst found (seed 1): 99 points x 4 colours, 1 master each, 1,000 empty cards; stuck, 2-card paths, links by colour and "
            "points, the tie-break always, hands of 10 and no refill (R.links asked millions of times before rules.LinkTable)", deck_file("maestras", options, cards))


def _mgc_offender(rng: random.Random) -> tuple[str, str]:
    cards = [table("action", 1000, action=a) for a in ("toma_cuatro", "toma_dos", "eleccion_grado")] + [
        table("monomial", 150, monomial=m) for m in ("x", "y", "z", "2*x", "3*y", "x*y", "2*x*z", "x**2", "y**2", "3", "5*z", "4*x*y", "7")]
    return "issue 41: 3,000 draw cards and 13 monomials x 150", deck_file("mgc", {}, cards)


def _mgc_all_playable(rng: random.Random) -> tuple[str, str]:
    cards = [table("action", 1000, action="eleccion_grado"), table("monomial", 1000, monomial="3*x*y")]
    options = {"target_score": 100_000, "after_action": "free", "last_card_draws": False}
    return ("worst found (seed 1): 1,000 Elección de grado and 1,000 3xy, every card always playable (the argument checked at every "
            "step, every player count), matches to 100,000 points", deck_file("mgc", options, cards))


FAMILIES: dict[str, Callable[[random.Random], tuple[str, str]]] = {
    "maestras": maestras, "mgc": mgc, "monete": monete, "multiplicats": multiplicats, "hectoedra": hectoedra,
}
KNOWN: dict[str, list[Callable[[random.Random], tuple[str, str]]]] = {
    "maestras": [_maestras_offender(False), _maestras_offender(True), _maestras_worst], "mgc": [_mgc_offender, _mgc_all_playable],
}


# ---------------------------------------------------------------- scoring and timing


def score(text: str) -> tuple[float, str]:
    """CPU seconds of one heuristic game and one checked random game at the smallest and largest
    player count the deck serves (-1 with the reason when the file is refused, serves nobody, or
    fails a static check: validate then plays no game)."""
    from deckgen.deckfile.load import read_deck_text
    from deckgen.engine.loop import play_seeded
    from deckgen.errors import DeckgenError
    from deckgen.spec import spec_for

    try:
        raw, game = read_deck_text(text, "candidate.toml", folder=None)
        deck = spec_for(game, file_layer=raw, cli={}).build()
    except DeckgenError as exc:
        return -1.0, str(exc).splitlines()[-1][:100]
    if game.engine is None:
        return -1.0, "no engine"
    failed = [c for c in list(game.checks(deck)) + [game.served_check(deck)] if not c.ok]
    if failed:  # validate stops before its games (engine/validate.py): such a file is cheap, whatever its games cost
        return -1.0, f"fails its static checks ({str(failed[0].name)[:60]}): validate plays no game"
    start = time.process_time()
    try:
        for _label, variant in game.engine.variants(deck):
            counts = list(game.player_counts(variant))
            for players in sorted({counts[0], counts[-1]}) if counts else []:
                play_seeded(game.engine, variant, players, 1)
                play_seeded(game.engine, variant, players, 2, policy="random", check=True, detect_loops=True)
    except DeckgenError as exc:
        return -1.0, str(exc)[:100]
    return time.process_time() - start, ""


def measure(path: Path) -> tuple[float, float, float, int, str]:
    """(wall s, CPU s, load average before, exit code, first failing line or the last error line):
    bench/largest_deck.py's run of `deckgen validate PATH --quiet`, with this bench's time limit."""
    from largest_deck import measure as validate_run  # bench/ is the script's folder on sys.path

    load = os.getloadavg()[0]
    wall, cpu, _peak_mb, code, summary = validate_run(path, timeout=TIMEOUT)
    return wall, cpu, load, code, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to search (default: all)")
    parser.add_argument("--candidates", type=int, default=12, help="shapes drawn per game (besides the known offenders)")
    parser.add_argument("--timed", type=int, default=2, help="worst candidates of each game timed with the real command")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=LIMIT)
    parser.add_argument("--keep", type=Path, help="write the timed deck files into this folder")
    args = parser.parse_args(argv)
    chosen = args.games or list(FAMILIES)
    rng = random.Random(args.seed)
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    timed: list[tuple[str, str, str]] = []
    for game in chosen:
        scored = []
        makers = KNOWN.get(game, []) + [FAMILIES[game]] * args.candidates
        for make in makers:
            name, text = make(rng)
            cpu, refused = score(text)
            scored.append((cpu, name, text, make in KNOWN.get(game, [])))
            print(f"  {game}: {'not timed: ' + refused if cpu < 0 else f'{cpu:6.2f} s cpu'}  {name}", flush=True)
        scored.sort(key=lambda s: -s[0])
        worst = [s for s in scored if s[0] >= 0][: args.timed]
        known = [s for s in scored if s[3] and s not in worst]
        timed += [(game, name, text) for _cpu, name, text, _k in worst + known]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        print(f"{'wall s':>7} {'cpu s':>7} {'load':>5} exit  game: shape -> verdict", flush=True)
        for i, (game, name, text) in enumerate(timed):
            path = folder / f"worst-{i:02d}-{game}.toml"
            path.write_text(text, encoding="utf-8")
            wall, cpu, load, code, summary = measure(path)
            rows.append((wall, cpu, load, code, game, name))
            print(f"{wall:7.1f} {cpu:7.1f} {load:5.1f} {code:4d}  {game}: {name} -> {summary}", flush=True)
    if not rows:
        print("no deck file was timed")
        return 0
    worst = max(rows)
    over = [r for r in rows if r[0] > args.limit]
    print(f"worst: {worst[0]:.1f} s wall, {worst[1]:.1f} s cpu, load {worst[2]:.1f} before ({worst[4]}: {worst[5]}); "
          f"{len(over)} of {len(rows)} over {args.limit:g} s")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
