"""Many games, across worker processes, with the same numbers whatever the number of workers.

Game ``i`` of a run with seed ``S`` is dealt and played from seed ``S + i`` alone, so any single game
can be replayed with ``deckgen simulate GAME --games 1 --seed S+i``. Games are played in fixed chunks
of seeds (the same chunks for any number of workers); each chunk comes back as a :class:`Tally`, a
summary in constant memory, and the tallies are merged in seed order before anything is computed.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Iterable, Iterator, Sequence

from deckgen.workers import usable_cores
from deckgen.engine.game import Engine
from deckgen.engine.loop import DEAD_END, GameRecord, play_seeded
from deckgen.model import Deck
from deckgen.workers import process_pool

PRELOAD = ("deckgen.engine.simulate",)  # what a worker runs (its games come from the registry)

Tick = Callable[[int, int], None]

CHUNK = 10  # games per task sent to a worker: small enough to spread a batch over the cores
DEAL_WORK = 10  # a game's work counts a step for every this many cards dealt (the shuffle and set-up)
KEEP_STALLS = 5  # games that did not end, kept by seed (the count of them is always exact)


def default_workers() -> int:
    """The cores this process may use for its workers (1 inside a web job's process)."""
    return usable_cores()


# ---------------------------------------------------------------- constant-memory tallies


@dataclass
class Tally:
    """Everything a summary needs from a run of games, in memory that does not grow with the games:
    sums, sums of squares and of products of the counts, a histogram of lengths, the first stalls."""

    players: int
    games: int = 0
    ended: int = 0
    stall_count: int = 0
    steps: int = 0  # the work spent: steps played over all the games, and their deals (DEAL_WORK)
    stalls: list[tuple[int, str]] = field(default_factory=list)  # (seed, what happened), first few
    lengths: dict[int, int] = field(default_factory=dict)  # length -> ended games of that length
    wins: list[float] = field(default_factory=list)  # games won by each seat (ties share a win)
    sums: dict[str, float] = field(default_factory=dict)  # sum of each count over ended games
    squares: dict[str, float] = field(default_factory=dict)  # sum of each count squared
    products: dict[str, float] = field(default_factory=dict)  # "num*per" -> sum of num * per
    unwatched: int = 0  # games whose argument was checked along their first WATCHED_STEPS steps only (engine/loop.py)
    short_count: int = 0  # games in which a deal broke a promise of the rulebook (GameRecord.shortfall)
    shorts: list[tuple[int, str]] = field(default_factory=list)  # (seed, the first such deal), first few

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0.0] * self.players

    def add(self, r: GameRecord, pairs: Iterable[tuple[str, str]] = ()) -> None:
        self.games += 1
        self.steps += r.steps
        self.unwatched += r.unwatched > 0
        if r.shortfall:
            self.short_count += 1
            if len(self.shorts) < KEEP_STALLS:
                self.shorts.append((r.seed, r.shortfall))
        if not r.ended:
            self.stall_count += 1
            if len(self.stalls) < KEEP_STALLS:
                self.stalls.append((r.seed, r.problem))
            return
        self.ended += 1
        self.lengths[r.length] = self.lengths.get(r.length, 0) + 1
        if r.winners:
            share = 1.0 / len(r.winners)
            for w in r.winners:
                self.wins[w] += share
        for k, v in r.counts.items():
            self.sums[k] = self.sums.get(k, 0) + v
            self.squares[k] = self.squares.get(k, 0) + v * v
        for num, per in pairs:
            key = f"{num}*{per}"
            self.products[key] = self.products.get(key, 0) + r.counts.get(num, 0) * r.counts.get(per, 0)

    def merge(self, other: "Tally") -> "Tally":
        """Add ``other`` (the games that follow) to this tally; returns self."""
        self.games += other.games
        self.ended += other.ended
        self.stall_count += other.stall_count
        self.steps += other.steps
        self.unwatched += other.unwatched
        self.stalls.extend(other.stalls[: max(0, KEEP_STALLS - len(self.stalls))])
        self.short_count += other.short_count
        self.shorts.extend(other.shorts[: max(0, KEEP_STALLS - len(self.shorts))])
        for k, v in other.lengths.items():
            self.lengths[k] = self.lengths.get(k, 0) + v
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        for mine, theirs in ((self.sums, other.sums), (self.squares, other.squares), (self.products, other.products)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        return self


def measure_pairs(engine: Engine) -> tuple[tuple[str, str], ...]:
    """The (num, per) pairs of the engine's ratio measures: their errors need sums of products."""
    return tuple((m.num, m.per) for m in engine.measures if m.per)


# ---------------------------------------------------------------- playing chunks of games


@dataclass(frozen=True)
class Chunk:
    """Games ``first .. first + count - 1`` (seeds) of one deck, player count and policy."""

    game: str
    deck: Deck
    players: int
    first: int
    count: int
    policy: str = "heuristic"
    check: bool = False
    detect_loops: bool = False
    diagnose: bool = False  # replay a game that did not end with every check on, to say why
    until_stall: bool = False  # stop at the first game that does not end: it is the finding
    step_allowance: int = 0  # stop after the game that brings the chunk's steps to this (0: no bound)


def play_chunk(chunk: Chunk, engine: Engine | None = None) -> Tally:
    """Play a chunk and tally it (in a worker, ``engine`` is looked up by the game's id)."""
    if engine is None:
        from deckgen.registry import get_game

        engine = get_game(chunk.game).engine
        assert engine is not None
    pairs = measure_pairs(engine)
    tally = Tally(chunk.players)
    deal = len(chunk.deck.cards) // DEAL_WORK  # dealing 5,000 cards costs as much as hundreds of steps
    for seed in range(chunk.first, chunk.first + chunk.count):
        r = play_seeded(engine, chunk.deck, chunk.players, seed, policy=chunk.policy, check=chunk.check, detect_loops=chunk.detect_loops)
        checked = chunk.check and (chunk.detect_loops or str.__str__(r.problem).startswith(DEAD_END))  # nothing to add
        if not r.ended and chunk.diagnose and not checked:
            # replayed with loop detection, to say why it did not end: a game played with its checks
            # (and its argument's watch) already had them along these same steps, so its replay
            # adds only the loop detection; the record keeps what the checked game's watch saw
            again = play_seeded(engine, chunk.deck, chunk.players, seed, policy=chunk.policy, check=not chunk.check, detect_loops=True)
            r = replace(again, unwatched=r.unwatched)
        tally.add(r, pairs)
        tally.steps += deal
        if chunk.until_stall and not r.ended:
            break  # more games of a deck whose games do not end would only spend step budgets
        if chunk.step_allowance and tally.steps >= chunk.step_allowance:
            break  # the stream's work bound is spent (engine/sequential.py)
    return tally


def chunks(template: Chunk, first: int, games: int, size: int = CHUNK) -> list[Chunk]:
    """``games`` games from seed ``first`` cut into chunks of ``size`` (fixed: not by workers)."""
    from dataclasses import replace

    return [replace(template, first=s, count=min(size, first + games - s)) for s in range(first, first + games, size)]


def _stop(pool: Any) -> None:
    """Stop a process pool now (deckgen.workers.stop_pool)."""
    from deckgen.workers import stop_pool

    stop_pool(pool)


def _records(args: tuple) -> list[GameRecord]:
    game_id, deck, players, seeds, policy, check, detect_loops = args
    from deckgen.registry import get_game

    engine = get_game(game_id).engine
    assert engine is not None
    return [play_seeded(engine, deck, players, s, policy=policy, check=check, detect_loops=detect_loops) for s in seeds]


def run_games(
    engine: Engine,
    deck: Deck,
    players: int,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    policy: str = "heuristic",
    check: bool = False,
    detect_loops: bool = False,
    progress: Tick | None = None,
) -> list[GameRecord]:
    """Play ``games`` games and keep every record (for tests and replays; summaries use
    :func:`simulate`, which keeps none); record ``i`` comes from seed ``seed + i``."""
    seeds = [seed + i for i in range(games)]
    if workers <= 1 or games < 2:
        out = [play_seeded(engine, deck, players, s, policy=policy, check=check, detect_loops=detect_loops) for s in seeds]
        if progress:
            progress(games, games)
        return out
    parts = [seeds[i : i + CHUNK] for i in range(0, games, CHUNK)]
    results: list[GameRecord] = []
    pool = process_pool(workers, PRELOAD)
    try:
        jobs = [(deck.game, deck, players, c, policy, check, detect_loops) for c in parts]
        for part in pool.map(_records, jobs):  # map keeps the chunks in order
            results.extend(part)
            if progress:
                progress(len(results), games)
    except BaseException:  # Ctrl-C, SIGTERM, a broken invariant: stop the workers now, not after their chunks
        _stop(pool)
        raise
    pool.shutdown()
    return results


class Pool:
    """Worker processes for chunks of games, or none (``workers`` 1): chunks then run here, in order."""

    def __init__(self, workers: int = 1, executor: Any = None) -> None:
        self.workers = workers
        self._executor = executor
        self._own = False

    def __enter__(self) -> "Pool":
        if self._executor is None and self.workers > 1:
            self._executor = process_pool(self.workers, PRELOAD)
            self._own = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._own:
            if exc[0] is not None:  # Ctrl-C, SIGTERM, a broken invariant: stop the workers now
                _stop(self._executor)
            else:
                self._executor.shutdown(cancel_futures=True)
            self._executor, self._own = None, False

    @property
    def executor(self) -> Any:
        return self._executor

    def map(self, work: Sequence[Chunk], engine: Engine) -> Iterator[Tally]:
        """Tallies of ``work``, in order."""
        if self._executor is None:
            return (play_chunk(c, engine) for c in work)
        return self._executor.map(play_chunk, work)


def simulate(
    engine: Engine,
    deck: Deck,
    players: int,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    policy: str = "heuristic",
    progress: Tick | None = None,
    variant: str = "",
) -> "Summary":
    """Play ``games`` games (seeds ``seed`` ...) and summarise them without keeping their records."""
    template = Chunk(deck.game, deck, players, seed, 0, policy)
    total = Tally(players)
    step = CHUNK * max(1, workers) * 4  # chunks handed out at a time: memory stays bounded
    with Pool(workers) as pool:
        for start in range(seed, seed + games, step):
            for part in pool.map(chunks(template, start, min(step, seed + games - start)), engine):
                total.merge(part)
                if progress:
                    progress(total.games, games)
    return summary_of(engine, deck, players, policy, seed, total, variant=variant)


# ---------------------------------------------------------------- summaries


@dataclass
class Summary:
    game: str
    players: int
    policy: str
    games: int
    seed: int
    ended: int
    stalls: list[tuple[int, str]] = field(default_factory=list)  # (seed, what happened), the first few
    length_name: str = "turns"
    length_mean: float = 0.0
    length_median: float = 0.0
    length_p95: float = 0.0
    wins_by_seat: list[float] = field(default_factory=list)  # share of games won by each seat
    measures: dict[str, float] = field(default_factory=dict)
    errors: dict[str, float] = field(default_factory=dict)  # the standard error of each measure
    length_hist: dict[int, int] = field(default_factory=dict, repr=False)  # length -> ended games
    variant: str = ""  # the rule variant played, for engines with several (see Engine.variants)
    stall_count: int = 0  # how many games did not end (``stalls`` keeps the first few)
    length_error: float = 0.0  # the standard error of length_mean
    planned: int = 0  # the most games the run could have played (sequential stopping may stop sooner)

    def to_json(self, full: bool = False) -> dict:
        data = asdict(self)
        hist = data.pop("length_hist")
        if full:  # everything needed to rebuild the summary (the figures cache)
            data["length_hist"] = [[k, v] for k, v in sorted(hist.items())]
        return data

    @staticmethod
    def from_json(data: dict) -> "Summary":
        data = dict(data)
        data["length_hist"] = {int(k): int(v) for k, v in data.get("length_hist", [])}
        data["stalls"] = [tuple(s) for s in data.get("stalls", [])]
        return Summary(**data)

    @property
    def lengths(self) -> list[int]:
        """Every ended game's length, in increasing order (from the histogram)."""
        return [k for k, v in sorted(self.length_hist.items()) for _ in range(v)]


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100.0 * len(ordered)))
    return float(ordered[rank - 1])


def _rank(hist: dict[int, int], rank: int) -> int:
    """The ``rank``-th smallest value (1-based) of a histogram."""
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= rank:
            return value
    raise ValueError("rank beyond the histogram")


def hist_median(hist: dict[int, int]) -> float:
    n = sum(hist.values())
    if not n:
        return 0.0
    if n % 2:
        return float(_rank(hist, n // 2 + 1))
    return (_rank(hist, n // 2) + _rank(hist, n // 2 + 1)) / 2


def hist_percentile(hist: dict[int, int], q: float) -> float:
    """Nearest-rank percentile of a histogram (the same as :func:`percentile` of its values)."""
    n = sum(hist.values())
    return float(_rank(hist, max(1, math.ceil(q / 100.0 * n)))) if n else 0.0


def summary_of(engine: Engine, deck: Deck, players: int, policy: str, seed: int, t: Tally, variant: str = "", planned: int = 0) -> Summary:
    n = t.ended
    hist = dict(sorted(t.lengths.items()))
    total = sum(k * v for k, v in hist.items())
    mean = total / n if n else 0.0
    var = (sum(k * k * v for k, v in hist.items()) - n * mean * mean) / (n - 1) if n > 1 else float("inf")
    return Summary(
        game=deck.game,
        players=players,
        policy=policy,
        games=t.games,
        seed=seed,
        ended=n,
        stalls=list(t.stalls),
        length_name=engine.length_name,
        length_mean=mean,
        length_median=hist_median(hist),
        length_p95=hist_percentile(hist, 95),
        wins_by_seat=[w / n if n else 0.0 for w in t.wins],
        measures={m.name: m.value(t.sums, n) for m in engine.measures},
        errors={m.name: m.stderr_of_sums(n, t.sums, t.squares, t.products) for m in engine.measures},
        length_hist=hist,
        variant=variant,
        stall_count=t.stall_count,
        length_error=math.sqrt(max(0.0, var) / n) if n > 1 else float("inf"),
        planned=planned or t.games,
    )


def summarize(
    engine: Engine, deck: Deck, players: int, policy: str, seed: int, records: Sequence[GameRecord], variant: str = ""
) -> Summary:
    """The summary of a list of records (as :func:`simulate` would compute it)."""
    tally = Tally(players)
    pairs = measure_pairs(engine)
    for r in records:
        tally.add(r, pairs)
    return summary_of(engine, deck, players, policy, seed, tally, variant=variant)


def seat_advantage(summary: Summary) -> float:
    """How far the luckiest seat's win share is from an even share, in points of share."""
    if not summary.wins_by_seat:
        return 0.0
    fair = 1.0 / len(summary.wins_by_seat)
    return max(abs(w - fair) for w in summary.wins_by_seat)


def seat_advantage_error(summary: Summary) -> float:
    """The standard error of :func:`seat_advantage`: a share's binomial error, at the seat furthest
    from an even share."""
    if not summary.wins_by_seat or summary.ended < 2:
        return float("inf")
    fair = 1.0 / len(summary.wins_by_seat)
    w = max(summary.wins_by_seat, key=lambda x: abs(x - fair))
    return math.sqrt(w * (1 - w) / summary.ended)
