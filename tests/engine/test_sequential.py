"""Sequential stopping, constant-memory tallies, and reports that do not depend on the workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen import pipeline
from deckgen.deckfile.load import read_deck_file
from deckgen.engine import sequential
from deckgen.engine.game import SIGMAS, Engine, Measure, Threshold, random_policy
from deckgen.engine.loop import GameRecord
from deckgen.engine.sequential import BATCH, INSIDE, MIN_GAMES, settled
from deckgen.engine.simulate import Summary, Tally, hist_median, hist_percentile, percentile, run_games, simulate, summarize
from deckgen.engine.validate import validate
from deckgen.games.multiplicats import GAME as MULTIPLICATS
from deckgen.model import Card, Deck
from deckgen.options import resolve
from deckgen.registry import BuildRequest, Game, games
from deckgen.spec import spec_for

REPO = Path(__file__).resolve().parents[2]


class Coin:
    """A toy game: each of ``players`` seats flips; one step; the count ``heads`` is 1 with
    probability ``p``; a game lasts 1 + (seed % 3) turns."""

    def __init__(self, players, rng, p):
        self.players, self.heads, self.done = players, int(rng.random() < p), False
        self.turns = 1 + int(rng.random() * 3)

    def current_player(self):
        return -4 if self.done else 0

    def legal_actions(self):
        return [] if self.done else [0]

    def apply_action(self, action):
        self.done = True

    def chance(self, rng):  # pragma: no cover - never a chance node
        raise AssertionError

    def is_terminal(self):
        return self.done

    def returns(self):
        return [1.0 if i == self.heads % self.players else 0.0 for i in range(self.players)]

    def winners(self):
        return [self.heads % self.players] if self.done else []

    def action_to_string(self, a):
        return "flip"

    def card_count(self):
        return 1

    def key(self):
        return (self.done,)

    def length(self):
        return self.turns

    def counts(self):
        return {"heads": self.heads, "flips": 1}


def coin_engine(p, lo=None, hi=None):
    return Engine(
        new_state=lambda deck, players, rng: Coin(players, rng, p),
        policies={"random": random_policy, "heuristic": random_policy},
        measures=(Measure("heads", "heads", percent=True), Measure("heads per flip", "heads", per="flips")),
        thresholds=lambda deck, players: [Threshold("heads", lo=lo, hi=hi, why="toy")],
        max_steps=lambda deck, players: 10,
    )


COIN_DECK = Deck("coin", {}, 1, (Card("coin"),))


def coin_game(engine):
    return Game(
        id="coin", title="Coin", summary={"es": "", "en": ""}, players=(2, 2), default_players=2, options=(),
        build=lambda r: COIN_DECK, checks=lambda d: [], faces=None, engine=engine,
    )


def test_a_clear_verdict_stops_at_the_minimum_and_a_close_one_plays_to_the_maximum():
    clear = validate(coin_game(coin_engine(0.5, lo=0.1)), COIN_DECK, games=400, seed=1)
    assert clear.summaries[2].games == MIN_GAMES and clear.ok
    close = validate(coin_game(coin_engine(0.5, lo=0.5)), COIN_DECK, games=400, seed=1)
    assert close.summaries[2].games == 400  # the bound sits on the true value: never settled
    fixed = validate(coin_game(coin_engine(0.5, lo=0.1)), COIN_DECK, games=400, seed=1, sequential=False)
    assert fixed.summaries[2].games == 400 and [c.ok for c in fixed.checks] == [c.ok for c in clear.checks]
    failing = validate(coin_game(coin_engine(0.1, lo=0.6)), COIN_DECK, games=400, seed=1)
    assert failing.summaries[2].games == MIN_GAMES and not failing.ok
    assert "every game ends (2 players)" in {c.name for c in failing.checks}


def test_a_verdict_is_settled_beyond_three_standard_errors_out_of_range_or_two_inside():
    s = Summary("g", 2, "heuristic", 100, 1, 100, measures={"m": 0.5}, errors={"m": 0.01})
    inside = 0.5 - INSIDE * 0.01  # a lower bound this far below the measure: it holds, settled
    assert settled([Threshold("m", lo=inside - 1e-6)], s) and not settled([Threshold("m", lo=inside + 1e-6)], s)
    assert settled([Threshold("m", hi=0.5 + INSIDE * 0.01 + 1e-6)], s) and not settled([Threshold("m", hi=0.5 + INSIDE * 0.01 - 1e-6)], s)
    out = 0.5 + SIGMAS * 0.01  # a lower bound this far above the measure: it fails, settled
    assert settled([Threshold("m", lo=out + 1e-6)], s) and not settled([Threshold("m", lo=out - 1e-6)], s)
    assert settled([Threshold("m", hi=0.5 - SIGMAS * 0.01 - 1e-6)], s) and not settled([Threshold("m", hi=0.5 - SIGMAS * 0.01 + 1e-6)], s)
    assert not settled([Threshold("m", lo=0.5)], s) and not settled([Threshold("m", hi=0.5)], s)  # on the bound: wait
    assert not settled([Threshold("m", lo=0.1, hi=0.51)], s)  # every bound of a threshold must be settled
    assert not settled([Threshold("m", lo=0.1)], Summary("g", 2, "h", 1, 1, 1, measures={"m": 0.5}, errors={"m": float("inf")}))
    assert settled([Threshold("not measured", lo=1)], s)  # its failure cannot change


def test_the_stream_plays_games_in_fixed_batches_from_the_seed():
    engine = coin_engine(0.5, lo=0.5)
    stream = sequential.Stream(2, "", COIN_DECK, 2, tuple(engine.thresholds(COIN_DECK, 2)))
    plan = sequential.Plan(200, 7)
    work = sequential._next_batch(engine, stream, plan)
    measured = [c for kind, c in work if kind == "m"]
    explored = [c for kind, c in work if kind == "x"]
    assert [(c.first, c.count) for c in measured] == [(7 + i, 10) for i in range(0, BATCH, 10)]
    assert sum(c.count for c in explored) == BATCH // sequential.EXPLORE and explored[0].first == 7 + 200
    assert all(c.check and c.detect_loops and c.policy == "random" for c in explored)
    assert not any(c.check for c in measured) and all(c.diagnose for c in measured)


def test_a_tally_summarises_like_the_records_it_never_keeps():
    deck = MULTIPLICATS.build(BuildRequest(resolve(MULTIPLICATS.options, {"tables": "1-4"}), 1))
    engine = MULTIPLICATS.engine
    records = run_games(engine, deck, 3, 45, 5)
    by_records = summarize(engine, deck, 3, "heuristic", 5, records)
    streamed = simulate(engine, deck, 3, 45, 5)
    lengths = sorted(r.length for r in records)
    assert streamed.games == 45 and streamed.length_hist == by_records.length_hist
    assert streamed.length_median == pytest.approx((lengths[22]))
    assert streamed.length_p95 == percentile(lengths, 95) and streamed.lengths == lengths
    for m in engine.measures:
        assert streamed.measures[m.name] == pytest.approx(by_records.measures[m.name])
        assert streamed.errors[m.name] == pytest.approx(m.stderr([r.counts for r in records]), rel=1e-9)
    assert streamed.wins_by_seat == pytest.approx(by_records.wins_by_seat)


def test_tallies_keep_the_first_stalls_and_count_them_all():
    t = Tally(2)
    for seed in range(12):
        t.add(GameRecord(seed, 2, ended=False, problem="loop"))
    t.add(GameRecord(99, 2, ended=True, length=4, winners=(1,), counts={"a": 2}))
    assert t.stall_count == 12 and [s for s, _ in t.stalls] == [0, 1, 2, 3, 4] and t.ended == 1
    merged = Tally(2).merge(t).merge(t)
    assert merged.stall_count == 24 and len(merged.stalls) == 5 and merged.sums == {"a": 4} and merged.wins == [0.0, 2.0]
    assert hist_median({1: 1, 3: 1}) == 2.0 and hist_median({5: 3}) == 5.0 and hist_percentile({1: 19, 100: 1}, 95) == 1.0


def test_the_same_seed_gives_the_same_report_on_one_or_two_workers():
    spec = spec_for("multiplicats", cli={"options": {"tables": "1-5"}})
    one = pipeline.report_data(pipeline.validate(spec, players=[3, 5], games=160, workers=1, compare_default=False))
    two = pipeline.report_data(pipeline.validate(spec, players=[3, 5], games=160, workers=2, compare_default=False))
    assert one == two
    spec = spec_for("monete", cli={"options": {"mode": "siesta"}})
    one = pipeline.report_data(pipeline.validate(spec, players=[4], games=120, workers=1, compare_default=False))
    two = pipeline.report_data(pipeline.validate(spec, players=[4], games=120, workers=2, compare_default=False))
    assert one == two


def verdicts(report) -> list[tuple[str, bool]]:
    return [(c.name, c.ok) for c in report.checks]


EXAMPLES = sorted(str(p.relative_to(REPO)) for p in (REPO / "decks" / "examples").glob("*.toml"))


@pytest.mark.parametrize("source", EXAMPLES)
def test_sequential_verdicts_equal_the_fixed_sample_verdicts(source):
    """Every example deck, with the maximum reduced to 120 games per player count (the default decks
    at the full 400: `python3 bench/validate.py`, column "same verdicts")."""
    layer, game = read_deck_file(REPO / source)
    deck = spec_for(game, cli={}, file_layer=layer).build()
    seq = validate(game, deck, games=120, seed=1, workers=2)
    fixed = validate(game, deck, games=120, seed=1, workers=2, sequential=False)
    assert verdicts(seq) == verdicts(fixed)
    assert all(s.games <= 120 for s in seq.summaries.values()) and all(s.games == 120 for s in fixed.summaries.values())


@pytest.mark.parametrize("hits, trials", [(130.0, 100.0), (5.0, 1.0), (0.0, 3.0), (3.0, 3.0), (1e9, 2.0)])
def test_a_percentage_above_100_or_at_its_ends_has_a_real_standard_error(hits, trials):
    """A percentage of a rate (Multipli Cat's gulas per chance) can pass 100%: its floor and its
    standard error stay real numbers (the floor once took the square root of a negative number and
    `simulate multiplicats --players 4 --infinite --false-slap-rate 0.3` ended in a traceback)."""
    m = Measure("rate", "a", per="b", percent=True)
    floor = m.proportion_floor(hits, trials)
    assert isinstance(floor, float) and 0.0 <= floor <= 0.5
    n = 10
    se = m.stderr_of_sums(n, {"a": hits, "b": trials}, {"a": hits * hits / n, "b": trials * trials / n}, {"a*b": hits * trials / n})
    assert isinstance(se, float) and se >= floor
    mean = Measure("share", "a", percent=True)
    assert isinstance(mean.stderr_of_sums(n, {"a": 2.0 * n}, {"a": 4.0 * n}, {}), float)
