"""A designer's deck beside the game's default deck: the same player counts, seeds and rule variants,
so the difference comes from the cards alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from deckgen.engine.simulate import Summary, run_games, seat_advantage, summarize
from deckgen.engine.validate import Report
from deckgen.model import Deck
from deckgen.registry import Game

Tick = Callable[[int, int], None]


@dataclass(frozen=True)
class Row:
    players: int
    name: str
    yours: float
    default: float

    @property
    def change(self) -> float | None:
        """Relative change (0.4 = 40% more than the default); None when the default is 0."""
        return None if self.default == 0 else self.yours / self.default - 1.0


def default_deck(game: Game, deck: Deck, default_options: Mapping[str, Any]) -> Deck:
    """The game's default deck, played under the same rule variants as ``deck``."""
    from deckgen.registry import BuildRequest

    rules = {o.name for o in game.options if o.scope == "rules"}
    options = {k: (deck.options[k] if k in rules and k in deck.options else v) for k, v in default_options.items()}
    return game.build(BuildRequest(options, deck.seed, deck.players))


def compare(game: Game, report: Report, base: Deck, *, workers: int = 1, progress: Callable[[str], Tick] | None = None) -> dict[int, Summary]:
    """Simulate ``base`` exactly as ``report``'s deck was simulated (same counts, games, seeds)."""
    engine = game.engine
    assert engine is not None
    variants = dict(engine.variants(base))  # the default deck under each summary's rule variant
    out = {}
    for key, s in report.summaries.items():
        deck = variants.get(s.variant, base)
        tick = progress(f"default deck, {key} players") if progress else None
        records = run_games(engine, deck, s.players, s.games, s.seed, workers=workers, policy=s.policy, progress=tick)
        out[key] = summarize(engine, deck, s.players, s.policy, s.seed, records, variant=s.variant)
    return out


def rows(game: Game, yours: Mapping[int, Summary], base: Mapping[int, Summary]) -> list[Row]:
    engine = game.engine
    assert engine is not None
    out = []
    for n, s in yours.items():
        b = base[n]
        out.append(Row(n, f"game length ({s.length_name}, mean)", s.length_mean, b.length_mean))
        out.append(Row(n, "seat advantage (points)", 100 * seat_advantage(s), 100 * seat_advantage(b)))
        for m in engine.measures:
            out.append(Row(n, m.name, s.measures.get(m.name, 0.0), b.measures.get(m.name, 0.0)))
    return out


def headline(game: Game, yours: Mapping[int, Summary], base: Mapping[int, Summary]) -> str:
    """One sentence on the length of games, the first thing a designer asks."""
    ys = sum(s.length_mean for s in yours.values())
    bs = sum(s.length_mean for s in base.values())
    if not bs:
        return ""
    change = ys / bs - 1.0
    name = next(iter(yours.values())).length_name
    if abs(change) < 0.05:
        return f"your deck makes games about as long as the default deck (within 5%, counted in {name})"
    word = "longer" if change > 0 else "shorter"
    return f"your deck makes games {abs(change) * 100:.0f}% {word} than the default deck (counted in {name})"


def comparison_lines(game: Game, yours: Mapping[int, Summary], base: Mapping[int, Summary]) -> list[str]:
    """The headline, then each figure's change from the default deck, one column per player count."""
    table = rows(game, yours, base)
    groups: dict[str, list] = {}  # one table per rule variant (mode), if the engine has several
    for key, s in yours.items():
        groups.setdefault(s.variant, []).append(key)
    names = list(dict.fromkeys(r.name for r in table))
    cell = {(r.name, r.players): r for r in table}
    width = max(len(n) for n in names) + 2
    lines = [f"beside the default deck: {headline(game, yours, base)}"]
    for variant, counts in groups.items():
        title = "change from the default deck" + (f" ({variant})" if variant else "")
        lines.append(f"  {title:<{width}}" + "".join(f"{f'{yours[n].players} pl.':>9}" for n in counts))
        for name in names:
            vals = []
            for n in counts:
                ch = cell[(name, n)].change
                vals.append("   n/a" if ch is None else f"{ch * 100:+.0f}%")
            lines.append(f"  {name:<{width}}" + "".join(f"{v:>9}" for v in vals))
    return lines


def comparison_json(game: Game, yours: Mapping[int, Summary], base: Mapping[int, Summary]) -> dict[str, Any]:
    return {
        "headline": headline(game, yours, base),
        "rows": [
            {"players": r.players, "measure": r.name, "yours": r.yours, "default": r.default, "change": r.change}
            for r in rows(game, yours, base)
        ],
    }
