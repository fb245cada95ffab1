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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from deckgen.analysis import ladder
from deckgen.analysis.ratings import Z95, GameResult, Ratings, Share, fit, share
from deckgen.engine import cache
from deckgen.engine.cache import source_fingerprint
from deckgen.engine.game import Engine
from deckgen.engine.shapes import conforms
from deckgen.engine.words import policy_word
from deckgen.i18n import Msg, _, ngettext, pgettext
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
    against_base: dict[str, Share] = field(default_factory=dict)  # profiles: each against the baseline
    # the top as the lone player among the weakest in whole games (MGC: matches to 500), where the
    # ladder's unit is a part of the game (Skill.whole_games): the main figure; None otherwise
    whole: Share | None = None
    whole_unit: str = ""
    level_words: dict[str, Any] = field(default_factory=dict)  # the levels' names as the report shows them (Skill.level_words)
    player_words: dict[str, Any] = field(default_factory=dict)  # a player of a profile, in a sentence (Skill.player_words)

    def level(self, name: str) -> Any:
        return level_name(self, name)

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
    played = ladder.skill_deck(engine, deck)
    digest = _cache_key(engine, played, players, variant, games_per_pair, seed) if reuse or remember else None
    found = _cached(engine, played, players, games_per_pair, digest) if digest and reuse else None
    if found is not None:
        names, matches, results = found[:3]
        if progress:
            progress(len(matches), len(matches))
    else:
        names, matches, results = ladder.run(engine, played, players, games_per_pair, seed, workers=workers, progress=progress)
        if digest:
            cache.store_json(deck.game, digest, {"names": names, "returns": [list(r.returns) for r in results]})
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
        level_words=dict(skill.level_words),
        player_words=dict(skill.player_words),
    )
    if skill.profiles:
        report.against_base = {names[i]: _lone_share(matches, results, (0, i), i) for i in range(1, len(names))}
    if skill.whole_games and not skill.profiles and strongest != weakest:
        # the game's own unit: the top against the weakest in whole games, at the deck's own rules
        n_whole = max(2, math.ceil(skill.whole_games * games_per_pair / max(1, skill.games)))
        whole = ladder.pair_schedule(pair, players, n_whole)
        kept = found[3] if found is not None else None
        if kept is not None and len(kept) == len(whole):
            whole_results = [GameResult(m.seats, r) for m, r in zip(whole, kept)]
        else:
            whole_results = ladder.play_all(engine, deck, players, names, whole, f"{seed}:whole", workers=workers)
            if digest:
                data = cache.load_json(deck.game, digest) or {}
                if isinstance(data, dict) and "names" in data:
                    cache.store_json(deck.game, digest, {**data, "whole": [list(r.returns) for r in whole_results]})
        report.whole, report.whole_unit = _lone_share(whole, whole_results, pair, strongest), skill.whole_unit
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


# The verdict's categories of the skill share, from below (upper bounds; their words: category_words)
CATEGORIES = ((0.25, "luck decides most"), (0.5, "skill matters"), (0.8, "skill matters a lot"), (math.inf, "skill decides"))


def category_words(i: int, unit: str) -> Msg:
    """The verdict's words for category ``i`` of the skill share, with the game's unit of play."""
    if i == 0:
        return {"rounds": _("luck decides most rounds, skill a little"), "matches": _("luck decides most matches, skill a little")}.get(
            unit, _("luck decides most games, skill a little"))
    if i == 1:
        return _("skill matters, luck still decides much")
    if i == 2:
        return _("skill matters a lot")
    return {"rounds": _("skill decides almost every round"), "matches": _("skill decides almost every match")}.get(
        unit, _("skill decides almost every game"))


def units(unit: str, n: int) -> Msg:
    """``n`` of the ladder's unit of play: "40 games", "1 round", "20 matches"."""
    if unit == "rounds":
        return ngettext("{n:,} round", "{n:,} rounds", n)
    if unit == "matches":
        return ngettext("{n:,} match", "{n:,} matches", n)
    return ngettext("{n:,} game", "{n:,} games", n)


def unit_word(unit: str) -> Msg:
    """The unit of play, plural, as a noun: "games", "rounds", "matches"."""
    return {"rounds": pgettext("unit", "rounds"), "matches": pgettext("unit", "matches")}.get(unit, pgettext("unit", "games"))


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


@dataclass
class _Stored:
    """A ladder's entry in the figures cache: the levels, each scheduled game's returns (empty: the game
    did not end), and the whole games of the top against the weakest when the game plays them."""

    names: list[str]
    returns: list[list[float]]
    whole: list[list[float]] | None = None


def _cached(engine: Engine, played: Deck, players: int, games_per_pair: int, digest: str):
    """The ladder's games read back from the cache (their levels come from the schedule, which the
    key fixes), or None when there is no usable entry: one that does not conform to :class:`_Stored`
    (deckgen/engine/shapes.py), or whose games are not this schedule's, or whose returns are not a
    game's (one per player, none negative)."""
    data = cache.load_json(played.game, digest)
    if not conforms(data, _Stored):
        return None
    names = ladder.ladder_levels(engine)
    matches = ladder.schedule(len(names), players, games_per_pair, names)
    whole = data.get("whole")
    if data["names"] != names or len(data["returns"]) != len(matches):
        return None
    if not all(len(r) in (0, players) and all(x >= 0 for x in r) for r in data["returns"] + (whole or [])):
        return None
    results = [GameResult(m.seats, tuple(float(x) for x in r)) for m, r in zip(matches, data["returns"])]
    return names, matches, results, None if whole is None else [tuple(float(x) for x in r) for r in whole]


def _pct(x: float) -> Msg:
    return _("{percent:.0f}%", percent=100 * x)


def level_name(r: Any, name: str) -> Any:
    """A level's name as the report shows it: random and heuristic in words, a profile in the game's
    words (Skill.level_words), mc16 as it is."""
    return (getattr(r, "level_words", None) or {}).get(name) or policy_word(name)


def verdict(r: SkillReport) -> Msg:
    """The figures in one plain sentence: what the best player deckgen has (the ladder's top, see
    :func:`top_level`) wins, read as a lower bound on how much skill matters; "not measured
    precisely enough" when the interval spans two verdict categories, with the games that would
    settle it."""
    p, lo, hi, unit, _n = r.main()
    f = r.fair
    others = r.players - 1
    if r.profiles:
        player = (getattr(r, "player_words", None) or {}).get(r.strongest) or _("a player who is {profile}", profile=level_name(r, r.strongest))
        who = ngettext("an average player", "{n} average players", others)
    else:
        player = _("the best player deckgen has ({level})", level=level_name(r, r.strongest))
        who = ngettext("a beginner", "{n} beginners", others)
    head = _("{player} wins {share} of {players}-player {unit} against {opponents} (a fair share is {fair})", player=player, share=_pct(p),
             players=r.players, unit=unit_word(unit), opponents=who, fair=_pct(f))
    if r.whole is not None:
        head = _("{head} (in single {unit}: {share})", head=head, unit=unit_word(r.unit), share=_pct(r.win()))
    bound = "" if r.profiles else _("This is a lower bound on how much skill matters: a stronger player could win more.")

    def sentence(text: Msg) -> Msg:
        return _("{text}. {bound}", text=text, bound=bound) if bound else _("{text}.", text=text)

    s_lo, s_hi = r.skill_share(lo), r.skill_share(hi)
    if r.strongest == "random" and not r.profiles:
        return sentence(_("no level of the ladder plays significantly better than random moves in these {units}: no skill shows; luck "
                          "decides (more --games would measure a small edge)", units=units(unit, r.games)))
    if lo <= f and s_hi < CATEGORIES[0][0]:
        return sentence(_("{head}: no skill shows in these {units}; luck decides (more --games would measure a small edge)", head=head,
                          units=units(unit, r.games)))
    if category(max(0.0, s_lo)) != category(s_hi):
        n = games_to_settle(r)
        more = (_("about {units} per pair of levels (skill --games {n}) would settle it", units=units(unit, n), n=n) if n
                else _("its estimate sits on the edge between two categories, so more games would not settle it"))
        if r.whole is not None and n:
            more = _("about {n} whole {unit} (skill --games {games}) would settle it", n=n, unit=unit_word(unit),
                     games=math.ceil(n * r.games_per_pair / r.whole.games))
        return sentence(_("{head}: not measured precisely enough: the skill share lies between {lo:.2f} and {hi:.2f}, which spans two "
                          "verdicts; {more}", head=head, lo=max(0.0, s_lo), hi=s_hi, more=more))
    s = r.skill_share(p)
    word = category_words(category(s), unit)
    back = r.back() if r.whole is None else None
    # one catalog entry per words: the singular of the plural messages above
    weaker = ngettext("an average player", "{n} average players", 1) if r.profiles else ngettext("a beginner", "{n} beginners", 1)
    if r.players == 2:
        wins = round(10 * (1 - p))
        tail = _("{player} still wins {wins} in 10", player=weaker, wins=units(unit, wins))
    elif back is not None:
        tail = _("{player} among stronger players still wins {wins} in 100", player=weaker, wins=units(unit, round(100 * back)))
    else:
        tail = _("{player} among them still wins some {unit}", player=weaker, unit=unit_word(unit))
    return sentence(_("{head}: {verdict}, and {tail}", head=head, verdict=word, tail=tail))


def lines(r: SkillReport) -> list[str]:
    """The report in plain text, in the language in force: ratings with intervals, the climb, the
    luck measure, the verdict."""
    rt = r.ratings
    head = _("{game}: skill ladder, {players} players, {units} per pair of levels ({games} in all, seed {seed})",
             game=_("{game} ({variant})", game=r.title, variant=r.variant) if r.variant else r.title, players=r.players,
             units=units(r.unit, r.games_per_pair), games=r.games, seed=r.seed)
    names = [str(r.level(n)) for n in r.names]
    width = max(24, *(len(n) + 2 for n in names))
    rating, interval = str(_("rating (Elo)")), str(_("95% interval"))
    level = str(_("level"))
    out = [str(head), f"  {level:<{width}}{rating:>14}{interval:>20}"]
    for i, n in enumerate(names):
        lo, hi = rt.interval(i)
        elo, span = str(_("{value:.0f}", value=rt.elo[i])), str(_("{lo:.0f} to {hi:.0f}", lo=lo, hi=hi))
        out.append(f"  {n:<{width}}{elo:>14}{span:>20}")
    out.append("  " + str(_("against the {level} player:", level=r.level(r.names[0])) if r.profiles else _("the ladder climbs:")))
    for st in r.steps:
        mark = ((_("beats it") if st.significant else _("NOT significantly better (a finding)")) if st.elo >= 0 or st.significant
                else _("NOT better: rated below (a finding)"))
        out.append("    " + str(_("{upper} over {lower}: {elo:+.0f} ± {pm:.0f} Elo, lone win share {share}: {mark}", upper=r.level(st.upper),
                                  lower=r.level(st.lower), elo=st.elo, pm=1.96 * st.stderr, share=_pct(st.win.mean), mark=mark)))
    lo, hi = r.skill_interval()
    out += [
        "  " + str(_("top ({level}: the best-rated level significantly above the one below it) as the lone player among the weakest: wins "
                     "{share} by the ratings (95%: {lo} to {hi}; fair share {fair}); counted in their own {units}: {counted}",
                     level=r.level(r.strongest), share=_pct(r.win()), lo=_pct(r.win_interval()[0]), hi=_pct(r.win_interval()[1]),
                     fair=_pct(r.fair), units=units(r.unit, r.top.games), counted=_pct(r.top.mean))),
        "  " + str(_("rating spread (standard deviation of the levels): {spread:.0f} Elo; range {range:.0f} Elo", spread=rt.spread(),
                     range=max(rt.elo) - min(rt.elo))),
        "  " + str(_("skill share: {share:.2f} (95%: {lo:.2f} to {hi:.2f}): like a game of pure skill with {luck} of its {unit} decided by "
                     "a coin flip", share=r.skill_share(), lo=lo, hi=hi, luck=_pct(max(0.0, min(1.0, 1 - r.skill_share()))),
                     unit=unit_word(r.unit))),
    ]
    if r.whole is not None:
        w_lo, w_hi = r.whole.interval()
        out.append("  " + str(_("in whole {whole} (the game's own unit, the main figure): the top ({level}) as the lone player among {weakest} "
                                "players wins {share} (95%: {lo} to {hi}) of {units}; the {unit} above are a detail",
                                whole=unit_word(r.whole_unit), level=r.level(r.strongest), weakest=r.level(r.names[0]), share=_pct(r.whole.mean),
                                lo=_pct(w_lo), hi=_pct(w_hi), units=units(r.whole_unit, r.whole.games), unit=unit_word(r.unit))))
    if r.unfinished:
        out.append("  " + str(_("{units} did not end within the step limit (left out)", units=units(r.unit, r.unfinished))))
    out.append("  " + str(_("verdict: {verdict}", verdict=r.verdict())))
    return out


@dataclass(frozen=True)
class Difference:
    """A figure of a custom deck beside the default deck's; ``significant`` when the 95% interval of
    the difference leaves out zero (the two ladders are independent)."""

    name: str
    yours: float
    default: float
    stderr: float
    kind: str = "rating"  # "rating" (Elo), "win" (a share) or "skill" (the skill share)

    @property
    def significant(self) -> bool:
        return abs(self.yours - self.default) > 1.96 * self.stderr


def differences(yours: SkillReport, base: SkillReport) -> list[Difference]:
    """Each level's rating, the strongest level's win share and the skill share, yours beside the
    default deck's (each name a message: its ``str`` content the stable English of --json)."""
    out = []
    for i, n in enumerate(yours.names):
        if n in base.names:
            j = base.names.index(n)
            se = (yours.ratings.stderr(i) ** 2 + base.ratings.stderr(j) ** 2) ** 0.5
            out.append(Difference(_("{level} rating (Elo)", level=yours.level(n)), yours.ratings.elo[i], base.ratings.elo[j], se, kind="rating"))
    def p_se(r: SkillReport) -> float:
        lo, hi = r.win_interval()
        return (hi - lo) / (2 * Z95)

    se = (p_se(yours) ** 2 + p_se(base) ** 2) ** 0.5
    out.append(Difference(_("strongest level's win share"), yours.win(), base.win(), se, kind="win"))
    scale = 1.0 / (1.0 - yours.fair)
    out.append(Difference(_("skill share"), yours.skill_share(), base.skill_share(), se * scale, kind="skill"))
    return out


def comparison_lines(yours: SkillReport, base: SkillReport) -> list[str]:
    """The ladder beside the default deck's, in the language in force."""
    out = ["  " + str(_("beside the default deck (* marks a significant difference, 95%):"))]
    rows = differences(yours, base)
    width = max(36, *(len(str(d.name)) for d in rows))
    mine, theirs = str(_("yours")), str(_("default"))
    for d in rows:
        fmt = ((lambda v: _pct(v)) if d.kind == "win" else (lambda v: _("{value:.2f}", value=v)) if d.kind == "skill"
               else (lambda v: _("{value:.0f}", value=v)))
        out.append(f"    {str(d.name):<{width}} {mine} {str(fmt(d.yours)):>6}   {theirs} {str(fmt(d.default)):>6}  {'*' if d.significant else ''}")
    return out
