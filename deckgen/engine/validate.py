"""Is a deck playable? Static checks, exhaustive checks, then seeded simulation at every player count.

Playable (GAMES.md): the composition the rules need, every card able to enter play, every deal
leading to a game that ends by the rules, and the game's measures inside the range where it works.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from deckgen.checks import Check, check
from deckgen.engine.loop import InvariantBroken
from deckgen.engine.simulate import Summary, run_games, summarize
from deckgen.errors import DeckgenError
from deckgen.model import Deck
from deckgen.registry import Game

Tick = Callable[[int, int], None]
BUG = "nothing in your deck: this is a bug in deckgen's rules; report the command and the seed"


@dataclass
class Report:
    game: str
    static: list[Check] = field(default_factory=list)
    exhaustive: list[Check] = field(default_factory=list)
    simulated: list[Check] = field(default_factory=list)
    summaries: dict[int | str, Summary] = field(default_factory=dict)  # by player count ("mode 4" with variants)

    @property
    def checks(self) -> list[Check]:
        return self.static + self.exhaustive + self.simulated

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def player_counts(game: Game, deck: Deck, only: Sequence[int] | None = None) -> list[int]:
    allowed = game.player_counts(deck)
    if deck.players:
        allowed = [p for p in allowed if p == deck.players]
    if only:
        bad = [p for p in only if p not in allowed]
        if bad:
            served = f"{allowed[0]} to {allowed[-1]} players" if allowed else "no player count"
            raise DeckgenError(f"{game.title} with this deck is played by {served}, not {bad[0]}")
        return list(only)
    return allowed


def validate(
    game: Game,
    deck: Deck,
    *,
    players: Sequence[int] | None = None,
    games: int = 400,
    seed: int = 1,
    workers: int = 1,
    progress: Callable[[str], Tick] | None = None,
) -> Report:
    report = Report(game.id)
    report.static = list(game.checks(deck))
    engine = game.engine
    if engine is None:
        report.static.append(check("rule engine", False, f"{game.title} has no rule engine yet"))
        return report
    player_counts(game, deck, players)  # a player count the deck cannot take is refused first
    if not all(c.ok for c in report.static):
        report.simulated.append(check("simulation", False, "skipped: the deck fails its static checks",
                                        hint="fix the failing checks above first"))
        return report
    for label, variant in engine.variants(deck):
        counts = player_counts(game, variant, players)
        tag = f"{label}, " if label else ""
        report.exhaustive.extend(engine.exhaustive(variant, counts))
        for n in counts:
            _simulate(report, engine, variant, n, label, tag, games, seed, workers, progress)
    return report


def _simulate(report: Report, engine, deck: Deck, n: int, label: str, tag: str, games: int, seed: int, workers: int, progress) -> None:
    """Heuristic games (measured) and random games (exploring) for one variant and player count."""
    tick = progress(f"{tag}{n} players") if progress else None
    try:
        records = run_games(engine, deck, n, games, seed, workers=workers, policy="heuristic", check=True, detect_loops=True, progress=tick)
        explore = run_games(engine, deck, n, max(1, games // 4), seed + games, workers=workers, policy="random", check=True, detect_loops=True)
    except InvariantBroken as exc:
        report.simulated.append(check(f"rules keep their invariants ({tag}{n} players)", False, str(exc), hint=BUG))
        return
    summary = summarize(engine, deck, n, "heuristic", seed, records, variant=label)
    report.summaries[f"{label} {n}" if label else n] = summary
    stuck = [r for r in list(records) + list(explore) if not r.ended]
    report.simulated.append(
        check(
            f"every game ends ({tag}{n} players)",
            not stuck,
            f"{len(stuck)} of {len(records) + len(explore)} games did not end: {stuck[0].problem}" if stuck
            else f"the {len(records)} measured games and {len(explore)} more with random moves ended by the rules",
            seed=stuck[0].seed if stuck else None,
            hint=BUG,
        )
    )
    for t in engine.thresholds(deck, n):
        value = summary.measures.get(t.measure)
        if value is None:
            report.simulated.append(check(f"{t.measure} ({tag}{n} players)", False, "the engine does not measure it", hint=BUG))
            continue
        measure = next(m for m in engine.measures if m.name == t.measure)
        se = summary.errors.get(t.measure, 0.0)
        shown = f"{measure.show(value)} ± {measure.show(se)}" if se == se and se != float("inf") else measure.show(value)
        report.simulated.append(
            check(f"{t.measure} ({tag}{n} players)", t.holds(value, se), f"{shown}, must be {t.text(measure.show)}: {t.why}", hint=t.hint)
        )
