"""A designer's deck beside the game's default deck: the same player counts, seeds, rule variants and
stopping rule, so the difference comes from the cards alone.

Every difference carries its 95% confidence interval (from both decks' standard errors); only a
difference larger than its interval counts as a change, anything else is "no measurable change".
The default deck's figures are cached (engine/cache.py), so a second comparison costs nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from deckgen.engine import cache
from deckgen.engine.sequential import BATCH, EXPLORE, MIN_GAMES, Plan, Stream, run_streams
from deckgen.engine.simulate import CHUNK, Pool, Summary, seat_advantage, seat_advantage_error
from deckgen.engine.validate import Report
from deckgen.model import Deck
from deckgen.registry import Game

Tick = Callable[[int, int], None]

Z95 = 1.96  # a 95% confidence interval is this many standard errors either side


@dataclass(frozen=True)
class Row:
    players: int | str
    name: str
    yours: float
    default: float
    yours_error: float = 0.0  # standard errors
    default_error: float = 0.0

    @property
    def change(self) -> float | None:
        """Relative change (0.4 = 40% more than the default); None when the default is 0."""
        return None if self.default == 0 else self.yours / self.default - 1.0

    @property
    def change_error(self) -> float:
        """The standard error of :attr:`change` (first-order, both decks' errors)."""
        if self.default == 0:
            return math.inf
        ratio = self.yours / self.default
        return math.sqrt(self.yours_error**2 + (ratio * self.default_error) ** 2) / abs(self.default)

    @property
    def significant(self) -> bool:
        """The difference is larger than its 95% confidence interval."""
        spread = math.sqrt(self.yours_error**2 + self.default_error**2)
        if not math.isfinite(spread):
            return False
        return abs(self.yours - self.default) > Z95 * spread

    def interval(self) -> tuple[float, float] | None:
        """The 95% confidence interval of the relative change."""
        ch = self.change
        if ch is None or not math.isfinite(self.change_error):
            return None
        return ch - Z95 * self.change_error, ch + Z95 * self.change_error


def default_deck(game: Game, deck: Deck, default_options: Mapping[str, Any]) -> Deck:
    """The game's default deck, played under the same rule variants as ``deck``."""
    from deckgen.registry import BuildRequest

    rules = {o.name for o in game.options if o.scope == "rules"}
    options = {k: (deck.options[k] if k in rules and k in deck.options else v) for k, v in default_options.items()}
    return game.build(BuildRequest(options, deck.seed, deck.players))


def _plan_key(games: int, sequential: bool) -> dict[str, Any]:
    return {"games": games, "sequential": sequential, "batch": BATCH, "min": MIN_GAMES, "chunk": CHUNK, "explore": EXPLORE}


def remember(game: Game, deck: Deck, report: Report, *, games: int, sequential: bool) -> None:
    """Keep the default deck's figures from its own validation, for later comparisons."""
    engine = game.engine
    variants = dict(engine.variants(deck))
    for s in report.summaries.values():
        variant = variants.get(s.variant, deck)
        cache.store(deck.game, cache.key(engine, variant, s.players, s.variant, {"seed": s.seed, **_plan_key(games, sequential)}), s)


def compare(
    game: Game,
    report: Report,
    base: Deck,
    *,
    games: int = 400,
    sequential: bool = True,
    pool: Pool | None = None,
    progress: Callable[[str], Tick] | None = None,
) -> dict[int | str, Summary]:
    """Simulate ``base`` exactly as ``report``'s deck was measured (same counts, seeds and stopping
    rule), or read its figures from the cache."""
    engine = game.engine
    assert engine is not None
    variants = dict(engine.variants(base))  # the default deck under each summary's rule variant
    out: dict[int | str, Summary] = {}
    todo: list[tuple[Stream, str]] = []
    for k, s in report.summaries.items():
        deck = variants.get(s.variant, base)
        digest = cache.key(engine, deck, s.players, s.variant, {"seed": s.seed, **_plan_key(games, sequential)})
        found = cache.load(base.game, digest)
        if found is not None:
            out[k] = found
            continue
        stream = Stream(k, s.variant, deck, s.players, tuple(engine.thresholds(deck, s.players)))
        stream.tick = progress(f"default deck, {k} players") if progress else None
        todo.append((stream, digest))
    if todo:
        seed = next(iter(report.summaries.values())).seed
        with pool or Pool(1) as running:
            run_streams(engine, [s for s, _ in todo], Plan(games, seed, sequential, explore=False), running)
        for s, digest in todo:
            if s.summary is not None and not s.broken:
                out[s.key] = s.summary
                cache.store(base.game, digest, s.summary)
    return {k: out[k] for k in report.summaries if k in out}


def rows(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> list[Row]:
    engine = game.engine
    assert engine is not None
    out = []
    for n, s in yours.items():
        b = base.get(n)
        if b is None:
            continue
        out.append(Row(n, f"game length ({s.length_name}, mean)", s.length_mean, b.length_mean, s.length_error, b.length_error))
        out.append(
            Row(n, "seat advantage (points)", 100 * seat_advantage(s), 100 * seat_advantage(b), 100 * seat_advantage_error(s), 100 * seat_advantage_error(b))
        )
        for m in engine.measures:
            out.append(Row(n, m.name, s.measures.get(m.name, 0.0), b.measures.get(m.name, 0.0), s.errors.get(m.name, math.inf), b.errors.get(m.name, math.inf)))
    return out


def headline(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> str:
    """One sentence on the length of games, the first thing a designer asks."""
    keys = [k for k in yours if k in base]
    if not keys:
        return ""
    name = yours[keys[0]].length_name
    total = Row(
        0,
        "length",
        sum(yours[k].length_mean for k in keys),
        sum(base[k].length_mean for k in keys),
        math.sqrt(sum(yours[k].length_error ** 2 for k in keys)),
        math.sqrt(sum(base[k].length_error ** 2 for k in keys)),
    )
    if not total.default:
        return ""
    if not total.significant:
        return f"your deck makes games about as long as the default deck (no measurable change, counted in {name})"
    change = total.change or 0.0
    word = "longer" if change > 0 else "shorter"
    pm = Z95 * total.change_error * 100
    return f"your deck makes games {abs(change) * 100:.0f}% {word} than the default deck (±{pm:.0f}%, counted in {name})"


def cell(row: Row) -> str:
    """A change with its 95% interval ("-49%±3"), or "·" when it is not measurable."""
    if not row.significant:
        return "·"
    ch = row.change
    if ch is None:
        return f"{row.yours - row.default:+.3g}"
    return f"{ch * 100:+.0f}%±{Z95 * row.change_error * 100:.0f}"


def comparison_lines(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> list[str]:
    """The headline, then each figure's change from the default deck, one column per player count;
    only measurable changes are shown, each with its 95% confidence interval."""
    table = rows(game, yours, base)
    if not table:
        return []
    groups: dict[str, list] = {}  # one table per rule variant (mode), if the engine has several
    for key, s in yours.items():
        if key in base:
            groups.setdefault(s.variant, []).append(key)
    names = list(dict.fromkeys(r.name for r in table))
    by_cell = {(r.name, r.players): r for r in table}
    width = max(len(n) for n in names) + 2
    lines = [f"beside the default deck: {headline(game, yours, base)}"]
    for variant, counts in groups.items():
        title = "change from the default deck" + (f" ({variant})" if variant else "")
        lines.append(f"  {title:<{width}}" + "".join(f"{f'{yours[n].players} pl.':>10}" for n in counts))
        for name in names:
            cells = [cell(by_cell[(name, n)]) for n in counts]
            if all(c == "·" for c in cells):
                lines.append(f"  {name:<{width}}  no measurable change")
            else:
                lines.append(f"  {name:<{width}}" + "".join(f"{c:>10}" for c in cells))
    lines.append("  (±: 95% confidence interval; ·: no measurable change, the difference is within its interval)")
    return lines


def comparison_json(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> dict[str, Any]:
    def finite(x: float | None) -> float | None:
        return x if x is not None and math.isfinite(x) else None

    out = []
    for r in rows(game, yours, base):
        ci = r.interval()
        out.append(
            {
                "players": r.players,
                "measure": r.name,
                "yours": r.yours,
                "yours_error": finite(r.yours_error),
                "default": r.default,
                "default_error": finite(r.default_error),
                "change": r.change,
                "change_interval_95": list(ci) if ci else None,
                "measurable": r.significant,
            }
        )
    return {"headline": headline(game, yours, base), "rows": out}
