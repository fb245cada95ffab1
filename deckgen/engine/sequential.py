"""Sequential stopping: play each (rule variant, player count) in deterministic batches and stop it
once every threshold's verdict is settled, or at the most games allowed.

A verdict is settled when the measure lies more than SIGMAS standard errors away from each of its
bounds: more games would not change it. Batches are fixed by the seed (game ``i`` of a stream is
always seed ``S + i``), each stream decides from its own batches only, and batches are merged in
seed order, so the report is the same for any number of workers or any order in which they finish.

A game that does not end (it hit its step budget or looped) is the finding: its stream stops there.
Each chunk stops at its first such game, and a batch keeps its chunks only up to the first one (in
the batch's order) that had one, so a deck whose games never end costs a few step budgets, not
hundreds, and the report still does not depend on the workers.

Work is bounded the same way: a stream spends at most its engine's ``validate_steps`` steps (scaled
with the games asked for; a game's deal counts too, see DEAL_WORK). Every chunk of a batch may spend what the stream has left, and the batch
keeps its chunks up to the one that spends the rest; the stream then stops (``overworked``), so a
deck whose games are very long costs about that many steps, whatever its size.
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass, field
from typing import Callable, Sequence

from deckgen.engine.game import SIGMAS, Engine, Threshold
from deckgen.engine.loop import InvariantBroken
from deckgen.engine.simulate import CHUNK, Chunk, Pool, Summary, Tally, chunks, play_chunk, summary_of
from deckgen.model import Deck

Tick = Callable[[int, int], None]

BATCH = 40  # measured games per batch (a multiple of CHUNK: the same chunks whether or not we stop)
MIN_GAMES = 80  # no verdict is taken from fewer games: the standard errors must be worth trusting
EXPLORE = 4  # random-policy games that explore the rules: one for every EXPLORE measured games


INSIDE = 2.0  # standard errors inside its range that settle a bound's verdict "holds" (see settled)


def settled(thresholds: Sequence[Threshold], summary: Summary) -> bool:
    """Every bound of every threshold has a verdict more games would not change: the measure is out
    of range by more than SIGMAS standard errors (it fails, Threshold.holds), or inside the range by
    more than INSIDE standard errors (it holds). In between it waits for more games.

    Why INSIDE and not SIGMAS on the inside: the fixed sample of N games fails a bound only when its
    measure is out of range by SIGMAS of its own standard errors, so a stream that stops at n games
    with its measure INSIDE errors inside the range disagrees with the fixed sample only if the
    measure then moves by INSIDE + SIGMAS * sqrt(n / N) of the stream's errors the wrong way: for the
    default 80 to 400 games, more than 3.3 standard errors (one chance in a thousand, each look), where
    the fixed sample's own verdict on a measure at its bound is a coin toss. Waiting for SIGMAS on
    both sides (as before) played up to five times the games for the same verdicts."""
    for t in thresholds:
        value = summary.measures.get(t.measure)
        if value is None:
            continue  # not measured: the verdict (a failure) cannot change
        se = summary.errors.get(t.measure, float("inf"))
        if se != se or se == float("inf"):
            return False
        for inside in (None if t.lo is None else value - t.lo, None if t.hi is None else t.hi - value):
            if inside is not None and -SIGMAS * se <= inside <= INSIDE * se:
                return False
    return True


@dataclass
class Stream:
    """One rule variant at one player count."""

    key: int | str  # the report's key: the player count, or "mode 4" with variants
    label: str  # the rule variant ("" when the engine has one)
    deck: Deck
    players: int
    thresholds: Sequence[Threshold] = ()
    measured: Tally | None = None
    explored: Tally | None = None
    played: int = 0  # measured games merged so far
    explore_played: int = 0
    done: bool = False
    broken: str = ""  # an invariant the rules broke, if any
    overworked: bool = False  # the stream stopped at its work bound (see work_bound)
    summary: Summary | None = None
    tick: Tick | None = None
    claim: Tally | None = None  # the games added for the sampled claim "every game ends" (engine/validate.py)
    # the stream's claims rest on the game's own argument: its measured games are played with every
    # check on (each move legal, no dead end, the length variant down at every step: engine/loop.py),
    # so the argument's preconditions are checked along every step of every simulated game
    checked: bool = False
    _parts: dict[int, Tally] = field(default_factory=dict)
    _batch: list[tuple[str, Chunk]] = field(default_factory=list)
    _left: int = 0  # the steps the stream had left when its batch was planned
    _last: int = 0  # the steps its last batch took (while a batch runs: the steps spent before it)


@dataclass(frozen=True)
class Plan:
    games: int  # the most measured games per stream (the fixed sample when not sequential)
    seed: int
    sequential: bool = True
    explore: bool = True  # also play checked random-policy games (validation); not for comparisons

    @property
    def explore_games(self) -> int:
        return max(1, self.games // EXPLORE) if self.explore else 0


DEFAULT_GAMES = 400  # the games an engine's validate_steps is set for


def work_bound(engine: Engine, plan: Plan) -> int:
    """The most steps one stream may spend: the engine's bound, raised in proportion when more than
    the default games are asked for (never lowered: fewer games cost less anyway)."""
    return max(1, engine.validate_steps * max(plan.games, DEFAULT_GAMES) // DEFAULT_GAMES)


def spent(s: Stream) -> int:
    """The steps a stream's kept games took (measured and exploring)."""
    return sum(t.steps for t in (s.measured, s.explored) if t is not None)


def _next_batch(engine: Engine, s: Stream, plan: Plan) -> list[tuple[str, Chunk]]:
    """The chunks of the stream's next batch: measured games (plain, fast; a game that does not end is
    replayed with every check on to say why) and exploring games (random policy, every check on)."""
    a = s.played
    b = min(plan.games, a + BATCH) if plan.sequential else plan.games
    left = s._left = max(1, work_bound(engine, plan) - spent(s))  # any one chunk may spend what is left
    template = Chunk(s.deck.game, s.deck, s.players, 0, 0, "heuristic", check=s.checked, diagnose=True, until_stall=True, step_allowance=left)
    work = [("m", c) for c in chunks(template, plan.seed + a, b - a)]
    if plan.explore:
        x = plan.explore_games
        lo, hi = a * x // plan.games, b * x // plan.games
        if hi > lo:
            template = Chunk(s.deck.game, s.deck, s.players, 0, 0, "random", check=True, detect_loops=True, until_stall=True, step_allowance=left)
            work += [("x", c) for c in chunks(template, plan.seed + plan.games + lo, hi - lo, CHUNK)]
    return work


def _first_stop(parts: dict[int, Tally | InvariantBroken], size: int, left: int) -> int | None:
    """The batch's first chunk (in its order) that broke an invariant, had a game that did not end,
    or brought the batch's steps to ``left`` (what the stream had left), once every chunk before it
    is in; ``size`` when all are in and none did; None to wait."""
    steps = 0
    for i in range(size):
        part = parts.get(i)
        if part is None:
            return None
        if isinstance(part, InvariantBroken) or part.stall_count:
            return i
        steps += part.steps
        if steps >= left:
            return i
    return size


def _close_batch(engine: Engine, s: Stream, plan: Plan) -> None:
    stop = _first_stop(s._parts, len(s._batch), s._left)
    assert stop is not None
    cut = stop < len(s._batch)  # the batch's chunks after ``stop`` are not kept
    if cut and isinstance(s._parts[stop], InvariantBroken):
        s.broken, s.done = str(s._parts[stop]), True
        s._parts.clear()
        return
    stalled = cut and s._parts[stop].stall_count > 0  # a game did not end: the finding, more add nothing
    for i, (kind, c) in enumerate(s._batch[: stop + 1]):
        part = s._parts[i]
        if kind == "m":
            s.measured.merge(part)
            s.played += part.games
        else:
            s.explored.merge(part)
            s.explore_played += part.games
    s._parts.clear()
    s.overworked = cut and not stalled
    s.summary = summary_of(engine, s.deck, s.players, "heuristic", plan.seed, s.measured, variant=s.label, planned=plan.games)
    if s.tick:
        s.tick(s.played, plan.games)
    if cut or s.played >= plan.games or (plan.sequential and s.played >= MIN_GAMES and settled(s.thresholds, s.summary)):
        s.done = True
        if s.tick and s.played < plan.games:
            s.tick(s.played, s.played)  # close the bar where the stream stopped


def _play(c: Chunk, engine: Engine) -> Tally | InvariantBroken:
    try:
        return play_chunk(c, engine)
    except InvariantBroken as exc:
        return exc


def _play_here(c: Chunk) -> Tally | InvariantBroken:
    """In a worker: the engine comes from the registry."""
    try:
        return play_chunk(c)
    except InvariantBroken as exc:
        return exc


def run_streams(engine: Engine, streams: Sequence[Stream], plan: Plan, pool: Pool) -> None:
    """Play every stream to its stopping point; each stream ends with its summary (or ``broken``)."""
    for s in streams:
        s.measured, s.explored = Tally(s.players), Tally(s.players)
    if pool.executor is None:
        for s in streams:
            while not s.done:
                s._batch = _next_batch(engine, s, plan)
                for i, (_, c) in enumerate(s._batch):
                    s._parts[i] = _play(c, engine)
                    if _first_stop(s._parts, len(s._batch), s._left) is not None:
                        break  # broken or stalled: the chunks after it are not kept
                _close_batch(engine, s, plan)
        return
    inflight: dict = {}
    held: dict[int, list[int]] = {}  # a stream's chunks not sent yet (by id of the stream)

    def send(s: Stream, indexes: Sequence[int]) -> None:
        for i in indexes:
            inflight[pool.executor.submit(_play_here, s._batch[i][1])] = (s, i)

    def submit(s: Stream) -> None:
        before = spent(s)
        s._batch = _next_batch(engine, s, plan)
        if s.played == 0 and s.explore_played == 0 or 2 * s._last >= s._left:
            # one chunk at a time: a stream's first chunk (when its games do not end, the rest of the
            # batch is never played), and a batch that could spend what the stream has left (chunks
            # sent together could each spend all of it). The other streams keep the workers busy,
            # and the same chunks are kept either way, so the report does not change.
            send(s, [0])
            held[id(s)] = list(range(1, len(s._batch)))
        else:
            send(s, range(len(s._batch)))
        s._last = before  # replaced by the batch's own steps when it closes

    for s in streams:
        submit(s)
    while inflight:
        finished, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
        for f in finished:
            if f not in inflight:
                continue  # a chunk of a batch already closed (dropped below)
            s, i = inflight.pop(f)
            s._parts[i] = f.result()
            stop = _first_stop(s._parts, len(s._batch), s._left)
            rest = held.pop(id(s), [])
            if stop is None and rest:
                done_steps = sum(p.steps for p in s._parts.values() if isinstance(p, Tally))
                if done_steps * len(s._batch) >= s._left * len(s._parts):  # at this pace the batch spends it all
                    send(s, rest[:1])
                    held[id(s)] = rest[1:]
                else:
                    send(s, rest)
            if stop is not None:
                for other, (t, _) in list(inflight.items()):  # the batch's later chunks are not kept
                    if t is s:
                        other.cancel()
                        del inflight[other]
                _close_batch(engine, s, plan)
                s._last = spent(s) - s._last  # the steps of the batch just closed
                if not s.done:
                    submit(s)
