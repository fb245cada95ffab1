"""The twelve measures of one deck, rule variant and player count, each with its 95% interval, from
what was played (run.Played): the game is the unit of every interval (intervals.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Callable, Sequence

from deckgen.analysis.measures import words as W
from deckgen.analysis.measures.evaluator import Decision, Reading
from deckgen.analysis.measures.facts import FRACTIONS, HALF, GameFacts
from deckgen.analysis.measures.hooks import Design
from deckgen.analysis.measures.intervals import Estimate, Resampler, Sums, bootstrap, mean_of, ratio_of, seed_for, wilson
from deckgen.analysis.measures.run import Played

THIRD, TWO_THIRDS = FRACTIONS.index(1 / 3), FRACTIONS.index(2 / 3)
LESSON = 45.0  # minutes of play a lesson leaves, by default (--lesson)
LAST_TENTH = 0.9
PERCENTILES = (10, 90)  # of the games' lengths


@dataclass
class Part:
    """A figure inside a measure: its key (words.PARTS), its estimate or why there is none."""

    key: str
    estimate: Estimate | None
    reason: str = ""
    share: bool = False  # shown as a percentage
    params: dict[str, Any] = field(default_factory=dict)  # the name's placeholders


@dataclass
class Figure:
    """One of the twelve: its estimate (or why it does not apply), its players and parts."""

    key: str
    estimate: Estimate | None
    reason: str = ""  # not applicable: why (a words.py message)
    share: bool = False
    players: Any = ""  # the players model (a message)
    parts: list[Part] = field(default_factory=list)
    games: int = 0  # games behind it
    decisions: int = 0  # evaluated decisions behind it (evaluator measures)
    at_r: Estimate | None = None  # the evaluator's reading at R rollouts (4R is ``estimate``)
    converged: bool | None = None
    curve: dict[str, list] = field(default_factory=dict)  # what a plot draws (lengths, comeback curve, lead changes)
    definition: str = ""  # a definition of the game's own in place of the measure's (words.py), when it reads it so
    unit: str = ""

    @property
    def words(self) -> tuple[str, str, str]:
        """(name, definition, unit) as messages of the catalog (words.py)."""
        name, definition, unit = W.MEASURES[self.key]
        return name, self.definition or definition, self.unit or unit

    @property
    def applicable(self) -> bool:
        return self.estimate is not None


@dataclass
class Measured:
    """The twelve figures of one deck, rule variant and player count."""

    game: str
    variant: str
    players: int
    games: int
    seed: int
    rollouts: int
    evaluated: int  # games evaluated
    pace: float
    lesson: float
    figures: dict[str, Figure] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Figure:
        return self.figures[key]


def _na(key: str, reason: str, players: Any = "", share: bool = False) -> Figure:
    return Figure(key, None, reason=reason, players=players, share=share)


def measure(played: Played, design: Design, *, game: str, variant: str = "", pace: float, lesson: float = LESSON) -> Measured:
    from deckgen.i18n import _

    plan = played.plan
    n = played.players
    ended = [f for f in played.facts if f.ended]
    out = Measured(game, variant, n, len(played.facts), plan.seed, plan.rollouts, len(played.decisions), pace, lesson)
    seed = plan.seed
    heuristic = _(W.PLAYERS_HEURISTIC)
    resampler = Resampler(seed_for(seed, f"{game}:{variant}:{n}"))  # one draw of resamples for every figure
    key_seed: Callable[[str], Resampler] = lambda key: resampler  # noqa: E731
    # the trace figures' sums, over the ended games and in every resample, at once
    shares = _seat_shares(ended, n)
    sums = _trace_sums(ended, shares, resampler) if ended else None
    builders = (
        ("seat_edge", lambda: _seat_edge(shares, sums)),
        ("length", lambda: _length(ended, pace, lesson, sums)),
        ("passive_turns", lambda: _passive(sums)),
        ("waiting", lambda: _waiting(design, pace, sums)),
        ("lead_changes", lambda: _lead_changes(ended, sums)),
        ("comebacks", lambda: _comebacks(ended, n)),
        ("lock_in", lambda: _lock_in(ended, sums)),
        ("close_finishes", lambda: _close(ended, sums)),
    )
    for key, build in builders:
        fig = build() if ended else _na(key, W.NO_GAMES)
        fig.players = heuristic
        fig.games = len(ended)
        out.figures[key] = fig
    for key, fig in _evaluator(played, design, ended, key_seed).items():
        out.figures[key] = fig
    out.figures["skill_share"] = _skill(played, design, key_seed)
    return out


# ---------------------------------------------------------------- from the traces and standings


# the facts summed as they are, and those only some games have (None elsewhere)
SUMMED = ("length", "passive", "turns", "real_legal", "real", "wait_sum", "wait_count", "lead_changes", "samples")
SOME = ("slope", "wait_max", "quiet_max", "lock_in", "margin")


def _trace_sums(games: Sequence[GameFacts], shares: list[list[float]], resampler: Resampler) -> Sums:
    """Every per-game column the trace figures read, by name, summed over the games and in every
    resample by one product (intervals.Sums). The mean of a value only some games have (a slope, a
    longest wait, a lock-in, a margin) is over the games that have it, read as a ratio of sums over
    all the games (intervals.py)."""
    import numpy as np

    # a row per game, a column per fact, None read as nan: a value only some games have (Sums)
    table = np.array(list(map(attrgetter(*SUMMED, *SOME), games)), dtype=float).reshape(len(games), -1)
    columns: dict[str, Any] = dict(zip(SUMMED + SOME, table.T))
    columns["spans"] = np.maximum(columns.pop("samples") - 1, 0)  # the gaps between samples, where the lead can change
    for i, seat in enumerate(shares):  # seat_edge: each game's win share of the seat at each place of the first-turn order
        columns[f"seat:{i}"] = seat
    places = max((len(g.seat_waits) for g in games), default=0)
    if places:  # each seat, in the order of its first turn: (waits summed, waits), none where it has none
        waits = np.array([tuple(g.seat_waits) + ((0, 0),) * (places - len(g.seat_waits)) for g in games], dtype=float)
        for i in range(places):
            columns[f"wait_sum:{i}"], columns[f"wait_count:{i}"] = waits[:, i, 0], waits[:, i, 1]
    return Sums(columns, resampler, spread=("length",), ranked={"length": PERCENTILES})


def _seat_shares(games: Sequence[GameFacts], n: int) -> list[list[float]]:
    """Each game's win share of the seat at each place of the first-turn order, a list per place."""
    return [[(1.0 / len(g.winners) if g.order[i] in g.winners else 0.0) if g.winners else 0.0 for g in games] for i in range(n)]


def _seat_edge(shares: list[list[float]], sums: Sums) -> Figure:
    n, games = len(shares), len(shares[0])
    fair = 1.0 / n
    wins = [sum(seat) for seat in shares]  # summed in order, as the Wilson intervals always have
    parts = [Part("seat", _shift(wilson(w, games), -fair), share=True, params={"n": i + 1}) for i, w in enumerate(wins)]
    parts.insert(0, Part("balance", sums.of(lambda k, *seats: 1.0 - _spread(k, seats), *(f"seat:{i}" for i in range(n)))))
    return Figure("seat_edge", _shift(wilson(wins[0], games), -fair), share=True, parts=parts)


def _spread(games: float, wins):
    """The largest gap between two seats' mean win shares, from their sums (numbers, or arrays: a
    value per resample)."""
    import numpy as np

    means = np.stack(wins) / games
    return means.max(axis=0) - means.min(axis=0)


def _shift(e: Estimate | None, by: float) -> Estimate | None:
    return None if e is None else Estimate(e.value + by, e.low + by, e.high + by)


def _length(games: Sequence[GameFacts], pace: float, lesson: float, sums: Sums) -> Figure:
    turns = [float(g.length) for g in games]
    minutes = pace / 60.0
    mean = sums.mean("length")
    p10, p90 = (sums.percentile("length", q) for q in PERCENTILES)
    fits = wilson(sum(1 for t in turns if t * minutes <= lesson), len(turns))
    parts = [
        Part("sd", sums.sd("length"), reason="" if len(turns) > 1 else W.NO_GAMES),
        Part("p10", p10),
        Part("p90", p90),
        Part("minutes", mean.scaled(minutes) if mean else None),
        Part("minutes_p90", p90.scaled(minutes) if p90 else None),
        Part("fits_lesson", fits, share=True, params={"minutes": lesson}),
    ]
    histogram: dict[int, int] = {}
    for g in games:
        histogram[g.length] = histogram.get(g.length, 0) + 1
    return Figure("length", mean, parts=parts, curve={"lengths": sorted(histogram.items())})


def _passive(sums: Sums) -> Figure:
    share = sums.ratio("passive", "turns")
    legal = sums.ratio("real_legal", "real")
    slopes = sums.mean("slope")
    parts = [
        Part("legal_actions", legal, reason="" if legal else W.NO_REAL),
        Part("narrowing", slopes, reason="" if slopes else (W.NO_REAL if not legal else W.NO_SLOPE)),
    ]
    return Figure("passive_turns", share, reason="" if share else W.NO_GAMES, share=True, parts=parts)


def _waiting(design: Design, pace: float, sums: Sums) -> Figure:
    waits = sums.ratio("wait_sum", "wait_count")
    if design.open_moments is not None:  # nobody waits for a turn: the longest run with no open moment
        run = sums.mean("quiet_max")
        parts = [Part("quiet_seconds", run.scaled(pace) if run else None, reason="" if run else W.NO_OPEN),
                 Part("turns_between", waits, reason="" if waits else W.NO_WAITS)]
        return Figure("waiting", run, reason="" if run else W.NO_OPEN, parts=parts, definition=W.WAITING_OPEN, unit=W.WAITING_OPEN_UNIT)
    longest = sums.mean("wait_max")
    parts = [
        Part("seconds", waits.scaled(pace) if waits else None, reason="" if waits else W.NO_WAITS),
        Part("longest", longest, reason="" if longest else W.NO_WAITS),
        Part("longest_seconds", longest.scaled(pace) if longest else None, reason="" if longest else W.NO_WAITS),
    ]
    i = 0
    while f"wait_sum:{i}" in sums:  # each seat, in the order of its first turn
        e = sums.ratio(f"wait_sum:{i}", f"wait_count:{i}")
        parts.append(Part("wait_seat", e, reason="" if e else W.NO_WAITS, params={"n": i + 1}))
        i += 1
    return Figure("waiting", waits, reason="" if waits else W.NO_WAITS, parts=parts)


def _lead_changes(games: Sequence[GameFacts], sums: Sums) -> Figure:
    per = sums.ratio("lead_changes", "spans")
    counts: dict[int, int] = {}
    for g in games:
        counts[g.lead_changes] = counts.get(g.lead_changes, 0) + 1
    return Figure("lead_changes", sums.mean("lead_changes"), parts=[Part("per_sample", per, reason="" if per else W.NO_GAMES)],
                  curve={"changes": sorted(counts.items())})


def _at(columns: dict[str, list[tuple]], which: str, k: int) -> Estimate | None:
    got = [x for x in columns[which][k] if x is not None]
    return wilson(sum(got), len(got)) if got else None


def _comebacks(facts: Sequence[GameFacts], n: int) -> Figure:
    # the games' win shares of the last (first) at each point, a column per point
    games = {which: list(zip(*(getattr(g, which) for g in facts))) or [()] * len(FRACTIONS) for which in ("last_at", "first_at")}
    half = _at(games, "last_at", HALF)
    parts = [Part("fair", Estimate(1.0 / n, 1.0 / n, 1.0 / n), share=True)]
    for key, which, k, why in (("snowball", "first_at", HALF, W.NO_FIRST), ("last_third", "last_at", THIRD, W.NO_LAST_AT),
                               ("last_two_thirds", "last_at", TWO_THIRDS, W.NO_LAST_AT), ("first_third", "first_at", THIRD, W.NO_FIRST),
                               ("first_two_thirds", "first_at", TWO_THIRDS, W.NO_FIRST)):
        e = _at(games, which, k)
        parts.append(Part(key, e, reason="" if e else why, share=True))
    curve = {"fractions": list(FRACTIONS), "fair": 1.0 / n,
             "last": [_triple(_at(games, "last_at", k)) for k in range(len(FRACTIONS))],
             "first": [_triple(_at(games, "first_at", k)) for k in range(len(FRACTIONS))],
             "games_last": [sum(1 for x in games["last_at"][k] if x is not None) for k in range(len(FRACTIONS))]}
    return Figure("comebacks", half, reason="" if half else W.NO_LAST, share=True, parts=parts, curve=curve)


def _triple(e: Estimate | None) -> list[float] | None:
    return None if e is None else [e.value, e.low, e.high]


def _lock_in(games: Sequence[GameFacts], sums: Sums) -> Figure:
    values = [g.lock_in for g in games if g.lock_in is not None]
    e = sums.mean("lock_in")
    late = wilson(sum(1 for v in values if v > LAST_TENTH), len(values)) if values else None
    return Figure("lock_in", e, reason="" if e else W.NO_GAMES, share=True, parts=[Part("last_tenth", late, share=True)])


def _close(games: Sequence[GameFacts], sums: Sums) -> Figure:
    margins = [g.margin for g in games if g.margin is not None]
    if not margins:
        return _na("close_finishes", W.NO_MARGIN, share=True)
    close = wilson(sum(1 for m in margins if m <= 1.0), len(margins))
    return Figure("close_finishes", close, share=True, parts=[Part("margin", sums.mean("margin"))])


# ---------------------------------------------------------------- from the evaluator


def _evaluator(played: Played, design: Design, games: Sequence[GameFacts], seed: Callable[[str], Resampler]) -> dict[str, Figure]:
    from deckgen.i18n import _

    plan = played.plan
    n = played.players
    keys = ("choices_matter", "obvious_move_wrong", "kingmaking")
    scope = _(W.EVALUATOR_SCOPE, what=_(design.world_words)) if design.world_words else ""
    players = _(W.PLAYERS_EVALUATOR, r=plan.rollouts, r4=4 * plan.rollouts, scope=scope)
    reason = ""
    if games and not any(g.real for g in games):
        reason = W.NO_CHOICES
    elif design.world is None:
        reason = W.NO_EVALUATOR
    elif not played.decisions:
        reason = W.NO_EVALUATION
    elif not any(played.decisions):
        reason = W.NO_DECISIONS
    if reason:
        out = {k: _na(k, reason, players, share=True) for k in keys}
        if n < 3:
            out["kingmaking"] = _na("kingmaking", W.NEEDS_THREE, players, share=True)
        return out
    early = [[d for d in ds if not d.late] for ds in played.decisions]
    total = sum(len(ds) for ds in early)
    out = {
        "choices_matter": _decisions("choices_matter", early, lambda r: r.matters, lambda r: r.gap, "gap", seed),
        "obvious_move_wrong": _decisions("obvious_move_wrong", early, lambda r: r.wrong, lambda r: r.regret, "regret", seed),
    }
    if n < 3:
        out["kingmaking"] = _na("kingmaking", W.NEEDS_THREE, share=True)
    else:
        at = {}
        for rollouts, pick in (("r", lambda d: d.at_r), ("r4", lambda d: d.at_4r)):
            hits = sum(1 for ds in played.decisions if any(pick(d).kingmaking for d in ds))
            at[rollouts] = wilson(hits, len(played.decisions))
        king = Figure("kingmaking", at["r4"], share=True, at_r=at["r"], decisions=sum(len(ds) for ds in played.decisions))
        king.converged = _converged(at["r"], at["r4"])
        out["kingmaking"] = king
    for fig in out.values():
        fig.players = players
        fig.games = len(played.decisions)
        if fig.key != "kingmaking":
            fig.decisions = total
    return out


def _decisions(key: str, games: Sequence[Sequence[Decision]], hit: Callable[[Reading], bool], size: Callable[[Reading], float],
               part: str, seed: Callable[[str], Resampler]) -> Figure:
    count = [len(ds) for ds in games]
    if not sum(count):
        return _na(key, W.NO_DECISIONS, share=True)
    at = {}
    for name, pick in (("r", lambda d: d.at_r), ("r4", lambda d: d.at_4r)):
        at[name] = ratio_of([sum(1 for d in ds if hit(pick(d))) for ds in games], count, seed(f"{key}:{name}"))
    mean_size = ratio_of([sum(size(d.at_4r) for d in ds) for ds in games], count, seed(f"{key}:{part}"))
    fig = Figure(key, at["r4"], share=True, parts=[Part(part, mean_size)], at_r=at["r"])
    fig.converged = _converged(at["r"], at["r4"])
    return fig


def _converged(at_r: Estimate | None, at_r4: Estimate | None) -> bool | None:
    """The reading at R lies inside the interval at 4R."""
    if at_r is None or at_r4 is None:
        return None
    return at_r4.contains(at_r.value)


# ---------------------------------------------------------------- the skill share


def _skill(played: Played, design: Design, seed: Callable[[str], Resampler]) -> Figure:
    from deckgen.i18n import _

    players = _(W.PLAYERS_SKILL, skilled=_(design.skilled_words), unskilled=_(design.unskilled_words))
    if not design.skilled or not design.unskilled:
        return _na("skill_share", W.NO_SKILL, players)
    blocks = [b for b in played.skill if b]
    if not blocks:
        return _na("skill_share", W.NO_SKILL_GAMES, players)
    n = played.players
    fair = 1.0 / n
    means = [sum(b) / len(b) for b in blocks]
    p = mean_of(means, seed("skill"))
    share = Estimate(*((x - fair) / (1.0 - fair) for x in (p.value, p.low, p.high)))
    return Figure("skill_share", share, players=players, games=sum(len(b) for b in blocks), parts=[Part("win_share", p, share=True), _deal_share(played.deals, seed)])


def _deal_share(deals: Sequence[Sequence[Sequence[float]]], seed: Callable[[str], Resampler]) -> Part:
    """How much of the outcome the deal alone decides: 1 minus the mean spread of a seat's result
    among plays of one deal over its spread among all plays (both sample variances, averaged over
    the seats). Each deal is played k times by the heuristic player, everything after the deal new
    each time: 0 when the deal says nothing of who wins, 1 when it says everything. The deal is the
    unit of its bootstrap."""
    import numpy as np

    kept = [np.asarray(d, dtype=float) for d in deals if d]  # each: k plays x seats
    if len(kept) < 2:
        return Part("deal_share", None, reason=W.NO_DEALS, share=True)
    k = kept[0].shape[0]
    within = [float(d.var(axis=0, ddof=1).mean()) for d in kept]
    seats = kept[0].shape[1]
    sums = [[float(d[:, s].sum()) for d in kept] for s in range(seats)]
    squares = [[float((d[:, s] ** 2).sum()) for d in kept] for s in range(seats)]

    def share(w, within, *columns):
        count = w.sum(axis=-1)
        plays = k * count
        total = sum(((w @ columns[seats + s]) - (w @ columns[s]) ** 2 / plays) / (plays - 1) for s in range(seats)) / seats
        return 1.0 - ((w @ within) / count) / total

    with np.errstate(divide="ignore", invalid="ignore"):
        spread = share(np.ones(len(kept)), np.asarray(within), *(np.asarray(c) for c in sums + squares))
    if not np.isfinite(spread):
        return Part("deal_share", None, reason=W.NO_DEAL_SPREAD, share=True)
    return Part("deal_share", bootstrap([within, *sums, *squares], share, seed("deal")), share=True)
