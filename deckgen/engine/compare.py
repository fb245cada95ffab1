"""A designer's deck beside the game's default deck: the same player counts, seeds, rule variants and
stopping rule, so the difference comes from the cards alone.

One formula gives every figure's printed interval and its flag: the relative change (yours / default
- 1; the plain difference when the default is 0) with the standard error of the difference (from both
decks' errors) over the default, and an interval of z standard errors either side. A comparison tests every figure at every
player count at once (a hundred rows), so z is not 1.96: the rows are corrected together by the
Holm-Bonferroni method (METHOD), which keeps the chance of flagging any row of a same-deck
comparison at 5% in all. Row by row, z is the normal quantile of the Holm level the row is tested
at, so a row is flagged exactly when its printed interval leaves out 0. Anything else is "no
measurable change". The default deck's figures are cached (engine/cache.py), so a second
comparison costs nothing.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import Any, Callable, Mapping

from deckgen.engine import cache
from deckgen.engine.sequential import BATCH, EXPLORE, MIN_GAMES, Plan, Stream, run_streams
from deckgen.engine.simulate import CHUNK, Pool, Summary, seat_advantage, seat_advantage_error
from deckgen.engine.validate import Report
from deckgen.engine.words import length_unit
from deckgen.i18n import _
from deckgen.engine.words import players_tag
from deckgen.model import Deck
from deckgen.registry import Game

Tick = Callable[[int, int], None]

Z95 = 1.96  # a 95% confidence interval is this many standard errors either side (one row alone)
ALPHA = 0.05  # the chance, over a whole comparison, of flagging a figure that did not change
METHOD = "Holm-Bonferroni"


def z_for(level: float) -> float:
    """The standard errors either side of a two-sided interval that misses with probability ``level``."""
    return NormalDist().inv_cdf(1.0 - level / 2.0)


@dataclass(frozen=True)
class Row:
    players: int | str
    name: str
    yours: float
    default: float
    yours_error: float = 0.0  # standard errors
    default_error: float = 0.0
    z: float = Z95  # standard errors either side of the interval (set by :func:`holm` for a comparison)

    @property
    def change(self) -> float | None:
        """Relative change (0.4 = 40% more than the default); None when the default is 0."""
        return None if self.default == 0 else self.yours / self.default - 1.0

    @property
    def change_error(self) -> float:
        """The standard error of :attr:`change`: the difference's (both decks' errors) over the
        default. (The first-order error of a ratio, sqrt(ey² + (ratio·ed)²) / default, vanishes when
        your figure is 0 in every game: a rare event seen once in the default deck and never in
        yours would be "-100% ± 0". This is that error where it matters, at ratio 1, and the test
        of the plain difference.)"""
        if self.default == 0:
            return math.inf
        return math.sqrt(self.yours_error**2 + self.default_error**2) / abs(self.default)

    def estimate(self) -> tuple[float, float]:
        """(what is tested, its standard error): the relative change, or the plain difference when
        the default is 0. The interval, the flag and the p-value all come from this one pair."""
        if self.default != 0:
            return self.yours / self.default - 1.0, self.change_error
        return self.yours - self.default, math.sqrt(self.yours_error**2 + self.default_error**2)

    @property
    def p_value(self) -> float:
        """Two-sided, normal: the chance of a change at least this large between equal decks."""
        est, se = self.estimate()
        if not math.isfinite(se):
            return 1.0
        if se == 0:
            return 0.0 if est != 0 else 1.0
        return math.erfc(abs(est / se) / math.sqrt(2.0))

    def interval(self) -> tuple[float, float] | None:
        """The interval of :meth:`estimate` at this row's z (the relative change, or the difference
        when the default is 0); None when it has no finite error."""
        est, se = self.estimate()
        if not math.isfinite(se) or not math.isfinite(self.z):
            return None
        return est - self.z * se, est + self.z * se

    @property
    def significant(self) -> bool:
        """The interval leaves out 0: the same test as the printed interval, never another formula."""
        ci = self.interval()
        return ci is not None and (ci[0] > 0 or ci[1] < 0)


def holm(table: list[Row], alpha: float = ALPHA) -> list[Row]:
    """The rows with each one's z set by the Holm-Bonferroni step-down over all of them: sorted by
    p-value, the k-th (from 0) of m is tested at alpha / (m - k) while every row before it was
    flagged; from the first that is not, every later row is tested at that row's level (so it is
    not flagged either, and its interval contains 0). A row without a finite error is not tested."""
    testable = [i for i, r in enumerate(table) if math.isfinite(r.estimate()[1])]
    m = len(testable)
    order = sorted(testable, key=lambda i: table[i].p_value)
    level: dict[int, float] = {}
    stop: int | None = None
    for k, i in enumerate(order):
        if stop is None and table[i].p_value > alpha / (m - k):
            stop = k
        level[i] = alpha / (m - (k if stop is None else stop))
    return [replace(r, z=z_for(level[i]) if i in level else math.inf) for i, r in enumerate(table)]


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
        found = cache.load(base.game, digest, s.players)
        stage = _("default deck, {variant}", variant=players_tag(s.players, s.variant or ""))
        if found is not None:
            out[k] = found
            if progress:  # a cached part is a stage done at once: a whole-job bar counts it (no jump at the end)
                progress(stage)(1, 1)
            continue
        stream = Stream(k, s.variant, deck, s.players, tuple(engine.thresholds(deck, s.players)))
        stream.tick = progress(stage) if progress else None
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
        out.append(Row(n, _("game length ({unit}, mean)", unit=length_unit(s.length_name)), s.length_mean, b.length_mean, s.length_error,
                       b.length_error))
        out.append(
            Row(n, _("seat advantage (points)"), 100 * seat_advantage(s), 100 * seat_advantage(b), 100 * seat_advantage_error(s),
                100 * seat_advantage_error(b))
        )
        for m in engine.measures:
            out.append(Row(n, m.name, s.measures.get(m.name, 0.0), b.measures.get(m.name, 0.0), s.errors.get(m.name, math.inf), b.errors.get(m.name, math.inf)))
    return out


def _length_total(yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> Row | None:
    """Game length summed over the player counts: the headline's figure."""
    keys = [k for k in yours if k in base]
    if not keys:
        return None
    return Row(
        0,
        "length",
        sum(yours[k].length_mean for k in keys),
        sum(base[k].length_mean for k in keys),
        math.sqrt(sum(yours[k].length_error ** 2 for k in keys)),
        math.sqrt(sum(base[k].length_error ** 2 for k in keys)),
    )


def corrected(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> tuple[list[Row], Row | None]:
    """Every row and the headline's total, corrected together (:func:`holm`): one family of tests."""
    table = rows(game, yours, base)
    total = _length_total(yours, base)
    done = holm(table + ([total] if total is not None else []))
    return done[: len(table)], (done[-1] if total is not None else None)


def tested(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> int:
    """How many figures the comparison tests at once (the correction's m)."""
    table, total = corrected(game, yours, base)
    return sum(1 for r in table + ([total] if total else []) if math.isfinite(r.z))


def headline(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary], total: Row | None = None) -> str:
    """One sentence on the length of games, the first thing a designer asks."""
    keys = [k for k in yours if k in base]
    if not keys:
        return ""
    name = yours[keys[0]].length_name
    if total is None:
        total = corrected(game, yours, base)[1]
    if total is None or not total.default:
        return ""
    unit = length_unit(name)
    if not total.significant:
        return _("your deck makes games about as long as the default deck (no measurable change, counted in {unit})", unit=unit)
    change = total.change or 0.0
    pm = total.z * total.change_error * 100
    if change > 0:
        return _("your deck makes games {change:.0f}% longer than the default deck (±{pm:.0f}%, counted in {unit})",
                 change=abs(change) * 100, pm=pm, unit=unit)
    return _("your deck makes games {change:.0f}% shorter than the default deck (±{pm:.0f}%, counted in {unit})",
             change=abs(change) * 100, pm=pm, unit=unit)


def cell(row: Row) -> str:
    """A change with its corrected interval ("-49%±3"), or "·" when the interval contains 0."""
    if not row.significant:
        return "·"
    est, se = row.estimate()
    if row.change is None:
        return str(_("{change:+.3g}±{pm:.2g}", change=est, pm=row.z * se))
    return str(_("{change:+.0f}%±{pm:.0f}", change=est * 100, pm=row.z * se * 100))


def comparison_lines(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> list[str]:
    """The headline, then each figure's change from the default deck, one column per player count;
    only measurable changes are shown, each with its interval (corrected for the rows compared)."""
    table, total = corrected(game, yours, base)
    if not table:
        return []
    groups: dict[str, list] = {}  # one table per rule variant (mode), if the engine has several
    for key, s in yours.items():
        if key in base:
            groups.setdefault(s.variant, []).append(key)
    names = list(dict.fromkeys(r.name for r in table))
    by_cell = {(r.name, r.players): r for r in table}
    shown = {name: str(name) for name in names}
    titles = {variant: str(_("change from the default deck ({variant})", variant=variant) if variant else _("change from the default deck"))
              for variant in groups}
    width = max(len(n) for n in [*shown.values(), *titles.values()]) + 2
    lines = [str(_("beside the default deck: {headline}", headline=headline(game, yours, base, total)))]
    unchanged = str(_("no measurable change"))
    for variant, counts in groups.items():
        heads = [str(_("{n} pl.", n=yours[n].players)) for n in counts]
        lines.append(f"  {titles[variant]:<{width}}" + "".join(f"{h:>10}" for h in heads))
        for name in names:
            cells = [cell(by_cell[(name, n)]) for n in counts]
            if all(c == "·" for c in cells):
                lines.append(f"  {shown[name]:<{width}}  {unchanged}")
            else:
                lines.append(f"  {shown[name]:<{width}}" + "".join(f"{c:>10}" for c in cells))
    m = sum(1 for r in table + ([total] if total else []) if math.isfinite(r.z))
    legend = str(_("(±: interval corrected for the {m} figures compared at once ({method}), so that all of them hold together with 95% "
                   "confidence; ·: no measurable change, the interval contains 0)", m=m, method=METHOD))
    lines += textwrap.wrap(legend, width=104, initial_indent="  ", subsequent_indent="   ")
    return lines


def comparison_json(game: Game, yours: Mapping[Any, Summary], base: Mapping[Any, Summary]) -> dict[str, Any]:
    def finite(x: float | None) -> float | None:
        return x if x is not None and math.isfinite(x) else None

    table, total = corrected(game, yours, base)
    out = []
    for r in table:
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
                # the interval of the change (of the difference when the default is 0), corrected: the
                # same interval the table prints, and "measurable" exactly when it leaves out 0
                "change_interval_95": list(ci) if ci else None,
                "p_value": r.p_value,
                "measurable": r.significant,
            }
        )
    tested = sum(1 for r in table + ([total] if total else []) if math.isfinite(r.z))
    return {"headline": headline(game, yours, base, total), "correction": {"method": METHOD, "family_confidence": 1 - ALPHA, "tested": tested}, "rows": out}
