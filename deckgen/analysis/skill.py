"""How much playing well matters: the ladder's ratings, its climb, and a luck measure with an anchor.

The luck measure follows Duersch, Lambrecht and Oechssler ("Measuring skill and chance in games",
European Economic Review, 2020): skill shows as a spread of ratings, and the anchor is a game of
pure skill with a share of its games replaced by coin flips. Here the pure-skill game is one where
the stronger player always wins; if a share x of its games were decided by a fair draw instead, the
strongest level would win a share p = (1 - x) + x * f of its games against the weakest, f being the
fair share (1 / players). Solving for the share left to skill gives

    skill share = 1 - x = (p - f) / (1 - f)

with p the strongest level's win rate as the lone strong player among random players. p is read
from the fitted ratings (all the ladder's games inform it, so its interval is narrow): with Elo gap
d and g = 10^(d / 400), a lone player wins g / (g + players - 1). The direct count from the pair's
own games is printed beside it. A skill share of 0.4 reads "like a game of pure skill with 60% of
its games decided by a coin flip".
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from deckgen.analysis import ladder
from deckgen.analysis.ratings import Z95, GameResult, Ratings, Share, fit, share
from deckgen.engine import cache
from deckgen.engine.cache import source_fingerprint
from deckgen.engine.game import Engine
from deckgen.model import Deck

Tick = Callable[[int, int], None]


@dataclass(frozen=True)
class Step:
    """One rung of the ladder: does ``upper`` beat ``lower`` significantly?"""

    lower: str
    upper: str
    elo: float  # rating difference
    stderr: float
    win: Share  # upper's share as the lone player among ``lower`` players
    significant: bool


@dataclass
class SkillReport:
    game: str
    title: str
    variant: str
    players: int
    unit: str
    names: list[str]
    games_per_pair: int
    seed: int
    games: int
    unfinished: int
    ratings: Ratings
    fair: float  # a fair share of wins: 1 / players
    steps: list[Step]
    strongest: str
    top: Share  # the strongest level as the lone player among the weakest
    weakest_back: Share  # the weakest level as the lone player among the strongest
    profiles: bool  # a game without choices: the levels are player profiles
    gap: tuple[float, float] = (0.0, 0.0)  # Elo of the strongest minus the weakest, and its standard error
    seconds: float = 0.0
    against_base: dict[str, Share] = field(default_factory=dict)  # profiles: each against the baseline
    # the top as the lone player among the weakest in whole games (MGC: matches to 500), where the
    # ladder's unit is a part of the game (Skill.whole_games): the main figure; None otherwise
    whole: Share | None = None
    whole_unit: str = ""

    def main(self) -> tuple[float, float, float, str, int]:
        """The verdict's figure: (win share, low, high, unit, games per measurement): whole games
        where they were played, else the ladder's own unit read from the ratings."""
        if self.whole is not None:
            lo, hi = self.whole.interval()
            return self.whole.mean, lo, hi, self.whole_unit, self.whole.games
        lo, hi = self.win_interval()
        return self.win(), lo, hi, self.unit, self.games_per_pair

    def lone_win(self, elo: float) -> float:
        """A lone player rated ``elo`` above the others' level: its share of wins (Luce's model)."""
        g = 10.0 ** (elo / 400.0)
        return g / (g + self.players - 1)

    def win(self) -> float:
        """The strongest level's win share as the lone player among the weakest (from the ratings)."""
        return self.lone_win(self.gap[0])

    def win_interval(self) -> tuple[float, float]:
        d, se = self.gap
        return self.lone_win(d - Z95 * se), self.lone_win(d + Z95 * se)

    def back(self) -> float:
        """The weakest level's win share as the lone player among the strongest (from the ratings)."""
        g = 10.0 ** (self.gap[0] / 400.0)
        return 1.0 / (1.0 + (self.players - 1) * g)

    def skill_share(self, p: float | None = None) -> float:
        p = self.win() if p is None else p
        return (p - self.fair) / (1.0 - self.fair)

    def skill_interval(self) -> tuple[float, float]:
        lo, hi = self.win_interval()
        return self.skill_share(lo), self.skill_share(hi)

    def verdict(self) -> str:
        return verdict(self)

    def to_json(self) -> dict[str, Any]:
        r = self.ratings
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "unit": self.unit,
            "games_per_pair": self.games_per_pair,
            "games": self.games,
            "unfinished": self.unfinished,
            "seed": self.seed,
            "seconds": round(self.seconds, 2),
            "levels": [
                {"name": n, "elo": round(r.elo[i], 1), "low": round(r.interval(i)[0], 1), "high": round(r.interval(i)[1], 1)}
                for i, n in enumerate(self.names)
            ],
            "steps": [
                {"lower": s.lower, "upper": s.upper, "elo": round(s.elo, 1), "stderr": round(s.stderr, 1),
                 "win": round(s.win.mean, 4), "win_stderr": round(s.win.stderr, 4), "significant": s.significant}
                for s in self.steps
            ],
            "strongest": self.strongest,
            "strongest_win": round(self.win(), 4),
            "strongest_win_interval": [round(x, 4) for x in self.win_interval()],
            "strongest_win_counted": round(self.top.mean, 4),
            "strongest_win_counted_interval": [round(x, 4) for x in self.top.interval()],
            "fair_share": round(self.fair, 4),
            "rating_spread": round(r.spread(), 1),
            "rating_range": round(max(r.elo) - min(r.elo), 1),
            "skill_share": round(self.skill_share(), 4),
            "skill_share_interval": [round(x, 4) for x in self.skill_interval()],
            "verdict": self.verdict(),
            **({"whole": {"unit": self.whole_unit, "games": self.whole.games, "win": round(self.whole.mean, 4),
                          "win_interval": [round(x, 4) for x in self.whole.interval()]}} if self.whole is not None else {}),
            **({"against_baseline": {k: round(v.mean, 4) for k, v in self.against_base.items()}} if self.profiles else {}),
        }


def _lone_share(matches, results, pair: tuple[int, int], lone: int) -> Share:
    """The win share of level ``lone`` when it sits alone among the pair's other level, by block."""
    blocks: dict[int, list[float]] = {}
    for m, r in zip(matches, results):
        if m.pair != pair or not r.returns or m.seats.count(lone) != 1:
            continue
        seat = m.seats.index(lone)
        blocks.setdefault(m.block, []).append(r.returns[seat] / (sum(r.returns) or 1.0))
    return share(list(blocks.values()))


def measure(
    engine: Engine,
    deck: Deck,
    players: int,
    *,
    title: str,
    variant: str = "",
    games_per_pair: int = 40,
    seed: int = 1,
    workers: int = 1,
    progress: Tick | None = None,
    reuse: bool = False,
    remember: bool = False,
) -> SkillReport:
    """Play the ladder of ``deck`` for ``players`` and read skill and luck from it.

    The default deck's ladder is what a custom deck is compared with, so it is kept in the figures
    cache (engine/cache.py): ``remember`` stores the games played, and ``reuse`` reads them back
    instead of playing when the same code played the same deck, players, seed and games before."""
    skill = engine.skill
    assert skill is not None
    start = time.perf_counter()
    played = ladder.skill_deck(engine, deck)
    digest = _cache_key(engine, played, players, variant, games_per_pair, seed) if reuse or remember else None
    found = _cached(engine, played, players, games_per_pair, digest) if digest and reuse else None
    if found is not None:
        names, matches, results, seconds = found[:4]
        if progress:
            progress(len(matches), len(matches))
    else:
        names, matches, results = ladder.run(engine, played, players, games_per_pair, seed, workers=workers, progress=progress)
        seconds = time.perf_counter() - start
        if digest:
            cache.store_json(deck.game, digest, {"names": names, "returns": [list(r.returns) for r in results], "seconds": seconds})
    ratings = fit(names, results)
    steps = []
    # the climb: each level over the one below; profiles: each over the baseline profile
    rungs = [(0, i) for i in range(1, len(names))] if skill.profiles else [(i, i + 1) for i in range(len(names) - 1)]
    # the search rung plays random and the heuristic only (ladder.played_pairs): its step is over the heuristic
    rungs = [(names.index("heuristic"), hi) if ladder.search_worlds(names[hi]) is not None and "heuristic" in names else (lo, hi) for lo, hi in rungs]
    for lo, hi in rungs:
        d, se = ratings.difference(hi, lo)
        steps.append(Step(names[lo], names[hi], d, se, _lone_share(matches, results, (lo, hi), hi), ratings.beats(hi, lo)))
    if skill.profiles:  # the baseline profile against the best rated one (profiles have no order)
        weakest = 0
        strongest = max(range(1, len(names)), key=lambda i: (ratings.elo[i], -i))
    else:
        weakest, strongest = names.index("random"), top_level(names, ratings, rungs)
    pair = (min(weakest, strongest), max(weakest, strongest))
    report = SkillReport(
        game=deck.game,
        title=title,
        variant=variant,
        players=players,
        unit=skill.unit,
        names=names,
        games_per_pair=games_per_pair,
        seed=seed,
        games=len(results),
        unfinished=sum(1 for r in results if not r.returns),
        ratings=ratings,
        fair=1.0 / players,
        steps=steps,
        strongest=names[strongest],
        top=_lone_share(matches, results, pair, strongest),
        weakest_back=_lone_share(matches, results, pair, weakest),
        profiles=bool(skill.profiles),
        gap=ratings.difference(strongest, weakest),
    )
    if skill.profiles:
        report.against_base = {names[i]: _lone_share(matches, results, (0, i), i) for i in range(1, len(names))}
    if skill.whole_games and not skill.profiles and strongest != weakest:
        # the game's own unit: the top against the weakest in whole games, at the deck's own rules
        n_whole = max(2, math.ceil(skill.whole_games * games_per_pair / max(1, skill.games)))
        whole = ladder.pair_schedule(pair, players, n_whole)
        kept = found[4] if found is not None and len(found) > 4 else None
        if kept is not None and len(kept) == len(whole):
            whole_results = [GameResult(m.seats, r) for m, r in zip(whole, kept)]
        else:
            whole_results = ladder.play_all(engine, deck, players, names, whole, f"{seed}:whole", workers=workers)
            if digest:
                data = cache.load_json(deck.game, digest) or {}
                if isinstance(data, dict) and "names" in data:
                    cache.store_json(deck.game, digest, {**data, "whole": [list(r.returns) for r in whole_results]})
        report.whole, report.whole_unit = _lone_share(whole, whole_results, pair, strongest), skill.whole_unit
        seconds = time.perf_counter() - start if found is None else seconds
    report.seconds = seconds
    return report


def top_level(names: list[str], ratings: Ratings, rungs: list[tuple[int, int]] = ()) -> int:
    """The ladder's top: the best-rated level among those proven above the level below them, where
    "below" is its own rung of the ladder (``rungs``: (lower, upper) pairs, e.g. the search rung over
    the heuristic) or, climbing the levels in order, the level holding the top so far (a level
    takes it only when ``Ratings.beats`` the holder). A level rated higher by luck alone, or a
    stronger-looking level that rates lower (a search that does not help), never becomes the top:
    what the ladder reports is a lower bound on how much skill matters, set by the best player
    deckgen has. A level that is neither random nor the heuristic must also be proven above the
    heuristic (issue 40: a Monte Carlo level above random but not above the heuristic, where the
    heuristic itself was not proven above random, took the top by climbing past random alone)."""
    holder = names.index("random")
    heuristic = names.index("heuristic") if "heuristic" in names else -1

    def above_heuristic(i: int) -> bool:
        return heuristic < 0 or i == heuristic or ratings.beats(i, heuristic)

    for i in range(len(names)):
        if i != holder and names[i] != "random" and ratings.beats(i, holder) and above_heuristic(i):
            holder = i
    proven = {holder} | {hi for lo, hi in rungs if ratings.beats(hi, lo) and above_heuristic(hi)}
    return max(proven, key=lambda i: (ratings.elo[i], -i))


# The verdict's categories of the skill share, from below: (upper bound, words)
CATEGORIES = ((0.25, "luck decides most {unit}, skill a little"), (0.5, "skill matters, luck still decides much"),
              (0.8, "skill matters a lot"), (math.inf, "skill decides almost every {one}"))


def category(share: float) -> int:
    return next(i for i, (hi, _) in enumerate(CATEGORIES) if share < hi)


def games_to_settle(r: "SkillReport") -> int | None:
    """About how many games per pair of levels would narrow the skill share's interval inside one
    verdict category (the interval shrinks as one over the square root of the games); None when the
    estimate sits on a category's edge (no number of games settles it)."""
    p, p_lo, p_hi, _, games = r.main()
    s, lo, hi = (r.skill_share(x) for x in (p, p_lo, p_hi))
    half = (hi - lo) / 2
    edges = [b for b, _ in CATEGORIES[:-1]]
    gap = min(abs(s - b) for b in edges)
    if gap <= 0.005 or half <= 0:
        return None
    return max(games + 1, math.ceil(games * (half / gap) ** 2))


def _cache_key(engine: Engine, played: Deck, players: int, variant: str, games_per_pair: int, seed: int) -> str:
    analysis = str(Path(__file__).parent)  # the ladder's own code: players, schedule, ratings
    plan = {"skill": source_fingerprint(analysis), "seed": seed, "games_per_pair": games_per_pair, "levels": ladder.ladder_levels(engine)}
    return cache.key(engine, played, players, variant, plan)


def _cached(engine: Engine, played: Deck, players: int, games_per_pair: int, digest: str):
    """The ladder's games read back from the cache (their levels come from the schedule, which the
    key fixes), or None when there is no usable entry."""
    data = cache.load_json(played.game, digest)
    names = ladder.ladder_levels(engine)
    matches = ladder.schedule(len(names), players, games_per_pair, names)
    try:
        if data["names"] != names or len(data["returns"]) != len(matches):
            return None
        results = []
        for m, r in zip(matches, data["returns"]):
            returns = tuple(float(x) for x in r)
            if len(returns) not in (0, players) or not all(math.isfinite(x) and x >= 0 for x in returns):
                return None
            results.append(GameResult(m.seats, returns))
        whole = data.get("whole")
        whole = [tuple(float(x) for x in r) for r in whole] if isinstance(whole, list) and all(isinstance(r, list) for r in whole) else None
        return names, matches, results, float(data["seconds"]), whole
    except (TypeError, KeyError, ValueError):
        return None


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def verdict(r: SkillReport) -> str:
    """The figures in one plain sentence: what the best player deckgen has (the ladder's top, see
    :func:`top_level`) wins, read as a lower bound on how much skill matters; "not measured
    precisely enough" when the interval spans two verdict categories, with the games that would
    settle it."""
    p, lo, hi, unit, _ = r.main()
    f = r.fair
    who = "a beginner" if r.players == 2 else f"{r.players - 1} beginners"
    player = f"a player who is {r.strongest}" if r.profiles else f"the best player deckgen has ({r.strongest})"
    if r.profiles:
        who = "an average player" if r.players == 2 else f"{r.players - 1} average players"
    head = f"{player} wins {_pct(p)} of {r.players}-player {unit} against {who} (a fair share is {_pct(f)})"
    if r.whole is not None:
        head += f" (in single {r.unit}: {_pct(r.win())})"
    bound = "" if r.profiles else " This is a lower bound on how much skill matters: a stronger player could win more."
    s_lo, s_hi = r.skill_share(lo), r.skill_share(hi)
    if r.strongest == "random" and not r.profiles:
        return (f"no level of the ladder plays significantly better than random moves in these {r.games} {unit}: "
                f"no skill shows; luck decides (more --games would measure a small edge).{bound}")
    if lo <= f and s_hi < CATEGORIES[0][0]:
        return f"{head}: no skill shows in these {r.games} {unit}; luck decides (more --games would measure a small edge).{bound}"
    if category(max(0.0, s_lo)) != category(s_hi):
        n = games_to_settle(r)
        more = (f"about {n} {unit} per pair of levels (skill --games {n}) would settle it" if n
                else "its estimate sits on the edge between two categories, so more games would not settle it")
        if r.whole is not None and n:
            more = f"about {n} whole {unit} (skill --games {math.ceil(n * r.games_per_pair / r.whole.games)}) would settle it"
        return (f"{head}: not measured precisely enough: the skill share lies between {max(0.0, s_lo):.2f} and {s_hi:.2f}, "
                f"which spans two verdicts; {more}.{bound}")
    s = r.skill_share(p)
    word = CATEGORIES[category(s)][1].format(unit=unit, one=unit.rstrip("s").replace("matche", "match"))
    back = r.back() if r.whole is None else None
    weaker = "an average player" if r.profiles else "a beginner"
    if r.players == 2:
        wins = round(10 * (1 - p))
        tail = f"{weaker} still wins {wins} {unit if wins != 1 else unit.rstrip('s')} in 10"
    elif back is not None:
        tail = f"{weaker} among stronger players still wins {round(100 * back)} {unit} in 100"
    else:
        tail = f"{weaker} among them still wins some {unit}"
    return f"{head}: {word}, and {tail}.{bound}"


def lines(r: SkillReport) -> list[str]:
    """The report in plain text: ratings with intervals, the climb, the luck measure, the verdict."""
    rt = r.ratings
    out = [
        f"{r.title}{' (' + r.variant + ')' if r.variant else ''}: skill ladder, {r.players} players, "
        f"{r.games_per_pair} {r.unit} per pair of levels ({r.games} in all, seed {r.seed}), {r.seconds:.0f} s",
        f"  {'level':<24}{'rating (Elo)':>14}{'95% interval':>20}",
    ]
    for i, n in enumerate(r.names):
        lo, hi = rt.interval(i)
        out.append(f"  {n:<24}{rt.elo[i]:>14.0f}{f'{lo:.0f} to {hi:.0f}':>20}")
    out.append(f"  against the {r.names[0]} player:" if r.profiles else "  the ladder climbs:")
    for s in r.steps:
        mark = ("beats it" if s.significant else "NOT significantly better (a finding)") if s.elo >= 0 or s.significant else "NOT better: rated below (a finding)"
        out.append(f"    {s.upper} over {s.lower}: {s.elo:+.0f} ± {1.96 * s.stderr:.0f} Elo, lone win share {_pct(s.win.mean)}: {mark}")
    lo, hi = r.skill_interval()
    out += [
        f"  top ({r.strongest}: the best-rated level significantly above the one below it) as the lone player among the weakest: wins {_pct(r.win())} by the ratings "
        f"(95%: {_pct(r.win_interval()[0])} to {_pct(r.win_interval()[1])}; fair share {_pct(r.fair)}); "
        f"counted in their own {r.top.games} {r.unit}: {_pct(r.top.mean)}",
        f"  rating spread (standard deviation of the levels): {rt.spread():.0f} Elo; range {max(rt.elo) - min(rt.elo):.0f} Elo",
        f"  skill share: {r.skill_share():.2f} (95%: {lo:.2f} to {hi:.2f}): like a game of pure skill with "
        f"{_pct(max(0.0, min(1.0, 1 - r.skill_share())))} of its {r.unit} decided by a coin flip",
    ]
    if r.whole is not None:
        w_lo, w_hi = r.whole.interval()
        out.append(f"  in whole {r.whole_unit} (the game's own unit, the main figure): the top ({r.strongest}) as the lone player "
                   f"among {r.names[0]} players wins {_pct(r.whole.mean)} (95%: {_pct(w_lo)} to {_pct(w_hi)}) of {r.whole.games} {r.whole_unit}; "
                   f"the {r.unit} above are a detail")
    if r.unfinished:
        out.append(f"  {r.unfinished} {r.unit} did not end within the step limit (left out)")
    out.append(f"  verdict: {r.verdict()}")
    return out


@dataclass(frozen=True)
class Difference:
    """A figure of a custom deck beside the default deck's; ``significant`` when the 95% interval of
    the difference leaves out zero (the two ladders are independent)."""

    name: str
    yours: float
    default: float
    stderr: float

    @property
    def significant(self) -> bool:
        return abs(self.yours - self.default) > 1.96 * self.stderr


def differences(yours: SkillReport, base: SkillReport) -> list[Difference]:
    """Each level's rating, the strongest level's win share and the skill share, yours beside the
    default deck's."""
    out = []
    for i, n in enumerate(yours.names):
        if n in base.names:
            j = base.names.index(n)
            se = (yours.ratings.stderr(i) ** 2 + base.ratings.stderr(j) ** 2) ** 0.5
            out.append(Difference(f"{n} rating (Elo)", yours.ratings.elo[i], base.ratings.elo[j], se))
    def p_se(r: SkillReport) -> float:
        lo, hi = r.win_interval()
        return (hi - lo) / (2 * Z95)

    se = (p_se(yours) ** 2 + p_se(base) ** 2) ** 0.5
    out.append(Difference("strongest level's win share", yours.win(), base.win(), se))
    scale = 1.0 / (1.0 - yours.fair)
    out.append(Difference("skill share", yours.skill_share(), base.skill_share(), se * scale))
    return out


def comparison_lines(yours: SkillReport, base: SkillReport) -> list[str]:
    out = [f"  beside the default deck (* marks a significant difference, 95%):"]
    for d in differences(yours, base):
        fmt = (lambda v: f"{100 * v:.0f}%") if "share" in d.name and "skill" not in d.name else (
            (lambda v: f"{v:.2f}") if d.name == "skill share" else (lambda v: f"{v:.0f}"))
        out.append(f"    {d.name:<36} yours {fmt(d.yours):>6}   default {fmt(d.default):>6}  {'*' if d.significant else ''}")
    return out
