"""Many games, across worker processes, with the same numbers whatever the number of workers.

Game ``i`` of a run with seed ``S`` is dealt and played from seed ``S + i`` alone, so any single game
can be replayed with ``deckgen simulate GAME --games 1 --seed S+i``, and results are gathered back
in game order before anything is summed.
"""

from __future__ import annotations

import math
import signal
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Callable, Sequence

from deckgen.engine.game import Engine
from deckgen.engine.loop import GameRecord, play_seeded
from deckgen.model import Deck

Tick = Callable[[int, int], None]


def _worker_signals() -> None:
    """Workers leave Ctrl-C and SIGTERM to the main process, which stops the pool and says so once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _chunk(args: tuple) -> list[GameRecord]:
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
    """Play ``games`` games; record ``i`` comes from seed ``seed + i``."""
    seeds = [seed + i for i in range(games)]
    if workers <= 1 or games < 2:
        out = []
        step = max(1, games // 100)
        for i, s in enumerate(seeds):
            out.append(play_seeded(engine, deck, players, s, policy=policy, check=check, detect_loops=detect_loops))
            if progress and (i + 1) % step == 0:
                progress(i + 1, games)
        if progress:
            progress(games, games)
        return out
    n_chunks = min(games, workers * 8)
    size = math.ceil(games / n_chunks)
    chunks = [seeds[i : i + size] for i in range(0, games, size)]
    results: list[GameRecord] = []
    done = 0
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_signals)
    try:
        jobs = [(deck.game, deck, players, c, policy, check, detect_loops) for c in chunks]
        for part in pool.map(_chunk, jobs):  # map keeps the chunks in order
            results.extend(part)
            done += len(part)
            if progress:
                progress(done, games)
    except BaseException:  # Ctrl-C, SIGTERM, a broken invariant: stop the workers now, not after their chunks
        _stop(pool)
        raise
    pool.shutdown()
    return results


def _stop(pool: ProcessPoolExecutor) -> None:
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        p.terminate()
    for p in processes:
        p.join(5)


@dataclass
class Summary:
    game: str
    players: int
    policy: str
    games: int
    seed: int
    ended: int
    stalls: list[tuple[int, str]] = field(default_factory=list)  # (seed, what happened)
    length_name: str = "turns"
    length_mean: float = 0.0
    length_median: float = 0.0
    length_p95: float = 0.0
    wins_by_seat: list[float] = field(default_factory=list)  # share of games won by each seat
    measures: dict[str, float] = field(default_factory=dict)
    errors: dict[str, float] = field(default_factory=dict)  # the standard error of each measure
    lengths: list[int] = field(default_factory=list, repr=False)  # every ended game's length, in order
    variant: str = ""  # the rule variant played, for engines with several (see Engine.variants)

    def to_json(self) -> dict:
        data = asdict(self)
        data.pop("lengths")
        return data


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100.0 * len(ordered)))
    return float(ordered[rank - 1])


def summarize(
    engine: Engine, deck: Deck, players: int, policy: str, seed: int, records: Sequence[GameRecord], variant: str = ""
) -> Summary:
    ended = [r for r in records if r.ended]
    lengths = [r.length for r in ended]
    wins = [0.0] * players
    for r in ended:
        if r.winners:
            share = 1.0 / len(r.winners)
            for w in r.winners:
                wins[w] += share
    totals: dict[str, float] = {}
    for r in ended:
        for k, v in r.counts.items():
            totals[k] = totals.get(k, 0.0) + v
    n = len(ended)
    return Summary(
        game=deck.game,
        players=players,
        policy=policy,
        games=len(records),
        seed=seed,
        ended=n,
        stalls=[(r.seed, r.problem) for r in records if not r.ended],
        length_name=engine.length_name,
        length_mean=statistics.fmean(lengths) if lengths else 0.0,
        length_median=float(statistics.median(lengths)) if lengths else 0.0,
        length_p95=percentile(lengths, 95),
        wins_by_seat=[w / n if n else 0.0 for w in wins],
        measures={m.name: m.value(totals, n) for m in engine.measures},
        errors={m.name: m.stderr([r.counts for r in ended]) for m in engine.measures},
        lengths=lengths,
        variant=variant,
    )


def seat_advantage(summary: Summary) -> float:
    """How far the luckiest seat's win share is from an even share, in points of share."""
    if not summary.wins_by_seat:
        return 0.0
    fair = 1.0 / len(summary.wins_by_seat)
    return max(abs(w - fair) for w in summary.wins_by_seat)
