"""What a game registers to be simulated and validated: how to start a game, its policies, its
measures and the ranges in which it works."""

from __future__ import annotations

import random
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from deckgen.checks import Check
from deckgen.i18n import _, pgettext
from deckgen.engine.state import State
from deckgen.model import Deck

# A policy picks one of the legal actions of the seat to act.
Policy = Callable[[State, random.Random], int]


def random_policy(state: State, rng: random.Random) -> int:
    """Uniformly random among the legal actions."""
    actions = state.legal_actions()
    return actions[int(rng.random() * len(actions))]


@dataclass(frozen=True)
class Measure:
    """A figure computed over many games from the records' counts.

    ``per`` names the count it is divided by (a rate, summed over games: sum(num) / sum(per)); with
    ``per=None`` it is the mean per game. ``percent`` prints it as a percentage.
    """

    name: str
    num: str
    per: str | None = None
    percent: bool = False
    help: str = ""

    def value(self, totals: Mapping[str, float], games: int) -> float:
        den = totals.get(self.per, 0.0) if self.per else float(games)
        return totals.get(self.num, 0.0) / den if den else 0.0

    def stderr(self, per_game: Sequence[Mapping[str, float]]) -> float:
        """The standard error of :meth:`value` from the games' own counts: of a mean per game, or of a
        ratio of sums (the ratio estimator's linearised variance); for a percentage, never below
        :meth:`proportion_floor`."""
        n = len(per_game)
        if n < 2:
            return float("inf")
        xs = [g.get(self.num, 0.0) for g in per_game]
        if not self.per:
            mean = sum(xs) / n
            return self._floored((sum((x - mean) ** 2 for x in xs) / (n - 1) / n) ** 0.5, sum(xs), n)
        ys = [g.get(self.per, 0.0) for g in per_game]
        total = sum(ys)
        if not total:
            return float("inf")
        r = sum(xs) / total
        return self._floored((sum((x - r * y) ** 2 for x, y in zip(xs, ys)) * n / (n - 1)) ** 0.5 / total, sum(xs), total)

    def proportion_floor(self, hits: float, trials: float) -> float:
        """The least standard error a percentage of ``hits`` in ``trials`` can claim: the
        Agresti-Coull one, (x+2)/(n+4). Without it 0 opener wins in 10 rounds was "0.0% ± 0.0%", and
        a deck failed on two games; with it that is ± 10%, and the verdict waits for more games."""
        if not self.percent or trials <= 0:
            return 0.0
        # a percentage of a rate can pass 100% (more events than chances, when one chance can bring
        # several): it is then no proportion, and its floor is that of a certain event (0), never the
        # square root of a negative number
        p = min(1.0, max(0.0, (hits + 2.0) / (trials + 4.0)))
        return (p * (1.0 - p) / (trials + 4.0)) ** 0.5

    def _floored(self, se: float, hits: float, trials: float) -> float:
        return max(se, self.proportion_floor(hits, trials))

    def stderr_of_sums(self, n: int, sums: Mapping[str, float], squares: Mapping[str, float], products: Mapping[str, float]) -> float:
        """:meth:`stderr` from running sums over ``n`` games (sums of the counts, of their squares and,
        for a ratio, of num * per): what a constant-memory tally keeps."""
        if n < 2:
            return float("inf")
        sx, sxx = sums.get(self.num, 0.0), squares.get(self.num, 0.0)
        if not self.per:
            mean = sx / n
            return self._floored((max(0.0, sxx - n * mean * mean) / (n - 1) / n) ** 0.5, sx, n)
        sy, syy = sums.get(self.per, 0.0), squares.get(self.per, 0.0)
        if not sy:
            return float("inf")
        r = sx / sy
        spread = sxx - 2 * r * products.get(f"{self.num}*{self.per}", 0.0) + r * r * syy
        return self._floored((max(0.0, spread) * n / (n - 1)) ** 0.5 / sy, sx, sy)

    def show(self, value: float) -> str:
        """The figure as the report prints it (a message: "2.5%" in English, "2,5 %" in Spanish)."""
        return _("{percent:.1f}%", percent=100 * value) if self.percent else _("{value:.3f}", value=value)


SIGMAS = 3.0  # a threshold fails only when the measure is out of range by more than 3 standard errors


@dataclass(frozen=True)
class Threshold:
    """The game works when ``measure`` lies in [lo, hi]; ``why`` says where the bound comes from."""

    measure: str
    lo: float | None = None
    hi: float | None = None
    why: str = ""
    hint: str = ""  # what to change when the measure is out of range, naming the option: "a lower --target-score"

    def holds(self, value: float, stderr: float = 0.0) -> bool:
        """True unless ``value`` is outside the range by more than SIGMAS standard errors: a verdict
        from a few hundred games must not turn on sampling noise."""
        margin = SIGMAS * stderr if stderr == stderr else 0.0
        return (self.lo is None or value >= self.lo - margin) and (self.hi is None or value <= self.hi + margin)

    def text(self, show: Callable[[float], str] | None = None) -> str:
        """The bounds in words; ``show`` formats them as the measure prints (a percentage...)."""
        fmt = show or (lambda v: _("{value:g}", value=v))
        # "must be {bounds}": a language may need the verb in the bounds ("estar entre", "ser al menos")
        if self.lo is not None and self.hi is not None:
            return pgettext("must be", "between {lo} and {hi}", lo=fmt(self.lo), hi=fmt(self.hi))
        if self.lo is not None:
            return pgettext("must be", "at least {lo}", lo=fmt(self.lo))
        return pgettext("must be", "at most {hi}", hi=fmt(self.hi))


@dataclass(frozen=True)
class Skill:
    """What a game offers the skill ladder (``deckgen.analysis``): how its hidden cards are dealt
    again for a searching player, or, for a game without choices, the player profiles it compares."""

    # sample_hidden(state, seat, rng): a new, independent state equal to ``state`` in everything
    # ``seat`` can see, with every card the seat cannot see dealt again at random from ``rng``
    # alone (so two states that differ only in such cards give the same sample); None when the
    # decision in progress cannot be searched (the player then decides by the heuristic)
    sample_hidden: Callable[[State, int, random.Random], State | None] | None = None
    # copy_world(world): an independent copy of a dealt world (sample_hidden's or sample_seen's) that
    # plays on exactly as the world itself; a searching player then deals each world once and copies
    # it for every move it tries, instead of dealing it again each time (the same world, from the
    # same seed: the same results, faster). None: a world that cannot be copied (MGC's paused match)
    copy_world: Callable[[State], State] | None = None
    # rule options that make one unit of play for the ladder (e.g. one round of a long match)
    options: Mapping[str, Any] = field(default_factory=dict)
    unit: str = "games"  # what one unit is called in reports ("rounds")
    rollouts: tuple[int, ...] = (4, 16, 64)  # rollouts per move of the ladder's Monte Carlo levels
    games: int = 40  # games per pair of levels by default (what fits in two minutes on two cores)
    # value(state, seat): what a finished rollout is worth to ``seat`` (default: its share of the
    # win); a game may add a finer score (a margin) so that fewer rollouts tell moves apart
    value: Callable[[State, int], float] | None = None
    # a game without choices compares player profiles instead: their names (the first is the
    # baseline) and apply_profiles(state, names) setting each seat's profile on a dealt state
    profiles: tuple[str, ...] = ()
    apply_profiles: Callable[[State, Sequence[str]], None] | None = None
    # sample_seen(state, seat, rng): like sample_hidden, but only worlds consistent with everything
    # the seat has learnt in play (an opponent who could not follow, a hand seen with Espiar); None:
    # sample_hidden is all the seat knows. The ladder's determinized-search rung (analysis/search.py)
    # searches these worlds with heuristic rollouts; ``search_worlds`` is its worlds per move (0: no
    # such rung).
    sample_seen: Callable[[State, int, random.Random], State | None] | None = None
    search_worlds: int = 0
    # when ``options`` make the ladder's unit a part of the game (MGC: one round of a match to 500),
    # the whole game is still the game's own unit: the ladder's top then also plays ``whole_games``
    # whole games (``whole_unit``) against the weakest level, at the deck's own rules, and that
    # share is the report's main figure (the units are a detail)
    whole_games: int = 0
    whole_unit: str = "games"
    # the levels' names as a report shows them (messages; default: random and heuristic, others as
    # they are: mc16), and a player of each profile in a sentence ("a player who is 20% faster")
    level_words: Mapping[str, Any] = field(default_factory=dict)
    player_words: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Engine:
    """A game's rules as seen by the shared simulator and validator."""

    # new_state(deck, players, rng): a game dealt from ``deck`` for ``players``, rule variants read
    # from deck.options. The dealing shuffle uses ``rng``.
    new_state: Callable[[Deck, int, random.Random], State]
    policies: Mapping[str, Policy]  # at least "random" and "heuristic"
    measures: tuple[Measure, ...] = ()
    # thresholds(deck, players): the ranges the measures must sit in for this deck and player count
    thresholds: Callable[[Deck, int], Sequence[Threshold]] = field(default=lambda deck, players: ())
    # exhaustive(deck, players_list): checks proven by counting or enumeration (every card can
    # enter play, every starting situation...), before any simulation
    exhaustive: Callable[[Deck, Sequence[int]], Sequence[Check]] = field(default=lambda deck, players: ())
    # a step bound beyond which a game counts as stalled; it must stay bounded for any deck file the
    # README's limits allow (a game that hits it is a finding, "games do not end", never a hang)
    max_steps: Callable[[Deck, int], int] = field(default=lambda deck, players: 100_000)
    # the most steps validation spends on one rule variant and player count (measured and exploring
    # games together) at the default 400 games, scaled with --games: with the steps' cost and the
    # player counts it bounds `validate`'s time whatever the deck (see engine/sequential.py)
    validate_steps: int = 1_000_000
    length_name: str = "turns"
    # variants(deck): the rule variants (modes) one deck is played under, as (label, deck) pairs
    # whose decks carry each variant's options; simulation and validation run each one. The
    # default is the deck itself, unlabelled.
    variants: Callable[[Deck], Sequence[tuple[str, Deck]]] = field(default=lambda deck: (("", deck),))
    # positions may repeat in normal play (random games); a stall is flagged only after this many
    # visits to one position
    repeat_limit: int = 50
    # board_picture(deck, players, seed, policy, path, lang=...) -> Path: a PNG of the final table of
    # the game played from ``seed``, for games with a table worth showing (`simulate --board`)
    board_picture: Callable[..., Path] | None = None
    # the skill ladder's hooks (deckgen.analysis); None: the game has no ladder
    skill: Skill | None = None
    # model(deck, players) -> the root of the game's graph of positions for the model checker
    # (engine/modelcheck.py): a State with the exploration methods of engine/state.py, or None when
    # the deck is too large to enumerate (the claims then rest on arguments and sampling)
    model: Callable[[Deck, int], Any] | None = None
    # what the model's graph covers, in words ("one round"), and the argument that carries its
    # proof to the whole game ("a match is rounds until ...: ..."); empty when it is the whole game
    model_scope: str = ""
    # arguments(deck, players) -> checks: the game's own proofs, checked in code (variants that
    # bound its length, structural arguments); each Check says what it proves
    arguments: Callable[[Deck, int], Sequence[Check]] | None = None
    # argument_steps(deck, players) -> a new watcher for one game, or None where no argument applies:
    # ``watch(state, action)`` is called before every step of every checked game (validate's measured
    # games of an argued stream and its exploring games; ``action`` None at a chance node, and once
    # more at the end) and returns "" or what broke in the argument's preconditions or its decrease
    # there: the game then fails (engine/loop.py), and with it the argument's claims (engine/validate.py)
    argument_steps: Callable[[Deck, int], Callable[[State, Any], str] | None] | None = None
    # proof_gap(deck, players) -> why no argument of the game proves this player count ("" when one
    # does or may): validate says it beside the claims it could only sample (issue 40: where a claim
    # cannot be proven, the report says which and why)
    proof_gap: Callable[[Deck, int], str] | None = None
    # deal_promise(deck, players) -> (what every deal after the first promises, the option that
    # fixes a short deal), for a game whose rules deal or refill after the first deal (rounds): its
    # states keep ``shortfalls`` (engine/state.py) and validation checks every round of every game.
    # None: the game deals once (its first deal is checked by counting).
    deal_promise: Callable[[Deck, int], tuple[str, str]] | None = None
    # the design measures' hooks (deckgen/analysis/measures/hooks.py Design: the public standing, the
    # evaluator's copy of the true position, the default work); None: the game has no design measures
    design: Any = None
