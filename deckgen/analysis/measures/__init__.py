"""Design measures: what a deck is like to play, each figure with its 95% interval
(../shared/DESIGN-MEASURES.md; README "Design measures").

- ``hooks.py``: what a game gives (``Engine.design``: the public standing, round ends, the
  evaluator's copy of the true position, the default work);
- ``trace.py``: a game played and traced (the standing sampled at rotation ends and round ends);
- ``facts.py`` and ``standing.py``: each game reduced to a few numbers (the game is the unit);
- ``evaluator.py``: rollouts from the true position, common random numbers across actions;
- ``run.py``: the games in fixed chunks over worker processes (the same numbers for any count);
- ``compute.py``, ``intervals.py``, ``words.py``: the twelve measures, their intervals and words;
- ``views.py``, ``compare.py``, ``plots.py``, ``teacher.py``: text, JSON, the default deck beside a
  custom one, the report's plots and the web page's plain sentences.
"""

from __future__ import annotations

from typing import Callable

from deckgen.analysis.measures.compute import LESSON, Measured, measure
from deckgen.analysis.measures.run import Plan, cached_run, run
from deckgen.analysis.measures.trace import Trace
from deckgen.engine.game import Engine
from deckgen.model import Deck

Tick = Callable[[int, int], None]

__all__ = ["LESSON", "Measured", "Plan", "measure_variants"]


def measure_variants(engine: Engine, deck: Deck, players: int, *, seed: int, pace: float, lesson: float = LESSON,
                     games: int | None = None, rollouts: int | None = None, evaluated_games: int | None = None,
                     skill_games: int | None = None, deal_games: int | None = None, workers: int = 1, progress: Callable[[str], Tick] | None = None, pool=None, remember: bool = False,
                     trace_sink: Callable[[str, int, Trace], None] | None = None) -> list[Measured]:
    """The twelve measures of ``deck`` at ``players`` under each of the engine's rule variants
    (``remember``: the games are kept in the figures cache and read back from it, as the default
    deck's are). ``trace_sink(variant, seed, trace)`` receives every game's trace, steps included, in
    seed order (the games are then played, never read from the cache)."""
    design = engine.design
    assert design is not None
    out = []
    for label, variant in engine.variants(deck):
        plan = Plan.of(design, seed, games=games, rollouts=rollouts, evaluated_games=evaluated_games, skill_games=skill_games, deal_games=deal_games)
        tick = progress(label) if progress else None
        if trace_sink is not None:
            sink = (lambda label: lambda seed, trace: trace_sink(label, seed, trace))(label)
            played = run(deck.game, variant, players, plan, workers=workers, progress=tick, pool=pool, trace_sink=sink)
        elif remember:
            played = cached_run(engine, deck.game, variant, label, players, plan, workers=workers, progress=tick, pool=pool)
        else:
            played = run(deck.game, variant, players, plan, workers=workers, progress=tick, pool=pool)
        out.append(measure(played, design, game=deck.game, variant=label, pace=pace, lesson=lesson))
    return out
