"""A game played and watched step by step, and what the measures keep of it.

At every decision the trace counts the legal actions (``Design.legal_count`` when the game offers a
cheaper count than ``len(legal_actions())``); a turn is a run of one seat's decisions (chance steps
break nothing). The public standing (``Design.standing``) is sampled when play starts, at the end of
every full rotation of turns (when a new turn begins and the clock, ``State.length()``, has reached
the next multiple of a rotation), at every round end and when the game is over: never after every
move, which in a shedding game would make the mover lead at each of its plays
(../shared/DESIGN-MEASURES.md). What the measures need is summed as the game goes, in one loop
(:func:`play_traced`) that plays exactly as engine/loop.play does, the same random numbers in the
same order (tests/analysis/measures prove the records equal), so that tracing costs little over a
plain simulation (bench/measures.py measures it); the steps themselves are kept only when asked
(``keep_steps``), as the move list is.

A standing repeats itself most of a game in some games (Hectoedra's moves only with a penalty card),
so a trace keeps one sample per run of equal standings, the run's first (its clock is when the
standing took that value), and counts the sampling moments apart (``Trace.sampled``): every figure
of facts.py reads the same from the runs as from every sample (a leader, the last seat, the
standing at a point of the game, the lock-in's clock, the progress), and the lead changes per
sample divide by the count. A trace whose steps are kept (``keep_steps``: the trace file) keeps every
sample, as before; tests/analysis/measures prove both give equal facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, Sequence

from deckgen.analysis.measures.hooks import Design
from deckgen.engine.state import CHANCE, TERMINAL


@dataclass(frozen=True)
class Step:
    """One step of a kept trace: the seat to act (CHANCE for chance), its legal actions (0 at chance),
    the action taken (None at chance), and the turn clock before it."""

    seat: int
    legal: int
    action: int | None
    clock: int

    @property
    def forced(self) -> bool:
        return self.seat != CHANCE and self.legal == 1


class Sample(NamedTuple):
    """The public standing at one moment: the turn clock then, and one tuple per seat."""

    clock: int
    standing: Sequence[tuple]


@dataclass
class Trace:
    """What one game leaves, summed as it was played."""

    players: int
    order: list[int] = field(default_factory=list)  # seats in the order of their first decision
    turns: int = 0  # runs of one seat's decisions (the decisions' clock)
    passive: int = 0  # turns whose every decision had one legal action
    real: int = 0  # decisions with two legal actions or more
    real_legal: int = 0  # their legal actions, summed
    moments: tuple[float, float, float] = (0.0, 0.0, 0.0)  # over real decisions: sums of turn, turn², turn × legal actions
    wait_sum: int = 0  # other seats' turns between two turns of one seat, summed over such waits
    wait_count: int = 0
    wait_max: int | None = None
    seat_waits: list[tuple[int, int]] = field(default_factory=list)  # per seat: (waits summed, waits)
    quiet_max: int | None = None  # the longest run of decisions with no open moment (Design.open_moments)
    samples: list[Sample] = field(default_factory=list)  # one per run of equal standings (every one, steps kept)
    sampled: int | None = None  # the sampling moments (None: each has its sample, as a trace made by hand)
    sample_clock: int = -1  # the clock of the last sampling moment
    evaluable: list[tuple[int, int]] = field(default_factory=list)  # (step number, turn) of real decisions the evaluator can copy
    steps: list[Step] | None = None
    ended: bool = False
    length: int = 0
    winners: tuple[int, ...] = ()
    returns: tuple[float, ...] = ()
    steps_taken: int = 0
    margin: float | None = None  # the game's own final margin in turns (Design.margin)


Visit = Callable[[int, Any, int, "int | None"], None]


def play_traced(state: Any, policies: Sequence[Any], rng: Any, design: Design, *, max_steps: int, keep_steps: bool = False,
                evaluable: bool = False, visit: Visit | None = None, counted: Any = None) -> Trace:
    """Play ``state`` to its end as engine/loop.play does (each decision by its seat's policy with
    ``rng``, each chance node with ``rng``, at most ``max_steps`` steps) and trace it. ``evaluable``:
    note the real decisions the evaluator can copy; ``visit(step, state, seat, action)`` is called
    before every step (the evaluator's replay). The decisions' clock is the turn (a run of one seat's
    decisions), which the loop counts itself, and so is a rotation's end (``Design.rotation`` turns,
    by default the players); a sample's clock is the game's own (``length()``). ``counted``: the
    seats' policy with its count of legal actions (``Design.counted``), used for every seat in place
    of ``policies`` and ``Design.legal_count``."""
    players = len(policies)
    t = Trace(players, steps=[] if keep_steps else None)
    standing, rounds, rotation, opened = design.standing, design.rounds, design.rotation, design.open_moments
    count_legal = design.legal_count or _listed
    can_copy = design.evaluable
    samples = t.samples
    append = samples.append
    every = keep_steps  # every sample kept, not one per run (the trace file)
    sampled = 0
    last_now: Any = None  # the standing at the last sampling moment, and its clock
    last_clock = -1
    # Design.moved: a standing not built when it cannot have moved (never with every sample kept,
    # whose standings prove the hook: tests/analysis/measures)
    moved = None if every else design.moved
    still = False
    last_moved: Any = _NEVER
    # per seat: its first and last turn and its turns (a seat's waits sum to the turns between its
    # first and last, less its own turns among them); the longest gap between two of its turns
    first_turn = [-1] * players
    last_turn = [-1] * players
    seat_turns = [0] * players
    order = t.order
    evaluable_at = t.evaluable
    kept = t.steps
    extra = opened is not None or kept is not None or visit is not None or evaluable
    seat_now = -99
    real_turn = -1  # the last turn with a real decision
    turns = active = real = real_legal = 0
    gap_max = quiet_max = -1
    sc = scc = scy = 0
    quiet = 0
    moment = None
    round_now = rounds(state) if rounds is not None else 0
    polled = rounds is not None and not design.rounds_dealt  # round ends read at every turn too
    next_sample = -1
    step = 0
    while True:
        seat = state.current_player()
        if seat == TERMINAL or step >= max_steps:
            break
        if seat == CHANCE:
            if rounds is not None:
                r = rounds(state)
                if r != round_now:
                    round_now = r
                    clock = state.length()
                    if moved is not None:  # the standing has not moved since the last moment: not built
                        m = moved(state)
                        still, last_moved = m == last_moved, m
                    if still:
                        if clock != last_clock:
                            sampled += 1
                            last_clock = clock
                    else:
                        now = standing(state)
                        if now != last_now:  # a new run of standings
                            append(_new(Sample, (clock, now)))
                            sampled += 1
                            last_now, last_clock = now, clock
                        elif clock != last_clock:  # the same standing, a later moment
                            if every:
                                append(_new(Sample, (clock, now)))
                            sampled += 1
                            last_clock = clock
            if kept is not None:
                kept.append(Step(seat, 0, None, state.length()))
            if visit is not None:
                visit(step, state, seat, None)
            state.chance(rng)
            step += 1
            continue
        if counted is not None:
            action, legal = counted(state, rng)
        else:
            action = policies[seat](state, rng)
            legal = count_legal(state)
        if seat != seat_now:  # a turn begins: this seat's wait counted, a sample due?
            seat_now = seat
            last = last_turn[seat]
            if last < 0:
                order.append(seat)
                first_turn[seat] = turns
            elif turns - last > gap_max:
                gap_max = turns - last
            last_turn[seat] = turns
            seat_turns[seat] += 1
            turns += 1
            if turns > next_sample or (polled and rounds(state) != round_now):  # a rotation's end, a round end
                if polled:  # (rounds dealt: the round in play was read at its deal)
                    round_now = rounds(state)
                # the same sampling as at a chance step above, written out twice: one block behind a
                # flag set at both places cost every step (MGC +113,000 instructions a game, 0.46% of
                # its plain game); tests/analysis/measures/test_command.py plays both places out by hand
                clock = state.length()
                if moved is not None:  # the standing has not moved since the last moment: not built
                    m = moved(state)
                    still, last_moved = m == last_moved, m
                if still:
                    if clock != last_clock:
                        sampled += 1
                        last_clock = clock
                else:
                    now = standing(state)
                    if now != last_now:  # a new run of standings
                        append(_new(Sample, (clock, now)))
                        sampled += 1
                        last_now, last_clock = now, clock
                    elif clock != last_clock:  # a round end that is also a rotation's end: one moment
                        if every:
                            append(_new(Sample, (clock, now)))
                        sampled += 1
                        last_clock = clock
                rot = rotation(state) if rotation is not None else players
                next_sample = turns - 1 + (rot if rot > 0 else 1)
        if legal > 1:
            if real_turn != turns:
                real_turn = turns
                active += 1
            real += 1
            real_legal += legal
            sc += turns
            scc += turns * turns
            scy += turns * legal
            if evaluable and (can_copy is None or can_copy(state)):
                evaluable_at.append((step, turns))
        if extra:
            if opened is not None:
                now = opened(state)
                quiet = 1 if moment is not None and now != moment else quiet + 1
                moment = now
                if quiet > quiet_max:
                    quiet_max = quiet
            if kept is not None:
                kept.append(Step(seat, legal, action, state.length()))
            if visit is not None:
                visit(step, state, seat, action)
        state.apply_action(action)
        step += 1
    waited = [last - first - (k - 1) if k else 0 for first, last, k in zip(first_turn, last_turn, seat_turns)]
    waits = [k - 1 if k else 0 for k in seat_turns]
    t.sampled, t.sample_clock = sampled, last_clock
    return closed(t, state, design, step, turns, turns - active, real, real_legal, (sc, scc, scy), waited, waits,
                  gap_max - 1, quiet_max)  # a gap of g turns is a wait of g - 1 (none: -2)


def closed(t: Trace, state: Any, design: Design, steps: int, turns: int, passive: int, real: int, real_legal: int,
           moments: tuple[int, int, int], seat_sum: list[int], seat_count: list[int], wait_max: int, quiet_max: int) -> Trace:
    """``t`` with what a traced loop summed (negative: no wait, no quiet run), read when its game stopped
    after ``steps`` steps: its end, winners, returns, last sample and margin. Every traced loop ends
    here (:func:`play_traced`, and a game's own, ``Design.playout``)."""
    t.turns, t.passive, t.real, t.real_legal = turns, passive, real, real_legal
    t.moments = (float(moments[0]), float(moments[1]), float(moments[2]))
    t.wait_sum, t.wait_count, t.wait_max = sum(seat_sum), sum(seat_count), wait_max if wait_max >= 0 else None
    t.seat_waits = list(zip(seat_sum, seat_count))
    t.quiet_max = quiet_max if quiet_max >= 0 else None
    t.ended = bool(state.is_terminal())
    t.length = state.length()
    t.steps_taken = steps
    if t.ended:
        t.winners = tuple(state.winners())
        t.returns = tuple(state.returns())
        final_sample(t, design.standing(state))
        if design.margin is not None:
            t.margin = design.margin(state)
    return t


_NEVER = object()  # no value of Design.moved yet
_new = tuple.__new__  # a Sample made without NamedTuple's __new__ in Python (the trace makes many)


def _listed(state: Any) -> int:
    return len(state.legal_actions())


def final_sample(t: Trace, standing: Sequence[tuple]) -> None:
    """The standing at the game's end (clock ``t.length``) sampled into ``t``, as the loop samples
    (one sample per run of standings, every one when ``t.sampled`` is None or steps are kept)."""
    samples, clock = t.samples, t.length
    if t.sampled is None:  # a trace made by hand: every moment its sample
        if not samples or samples[-1].clock != clock or samples[-1].standing != standing:
            samples.append(Sample(clock, standing))
        return
    if not samples or samples[-1].standing != standing:
        samples.append(Sample(clock, standing))
    elif t.sample_clock != clock:  # the same standing, a later moment
        if t.steps is not None:
            samples.append(Sample(clock, standing))
    else:
        return  # the last moment sampled already
    t.sampled += 1
    t.sample_clock = clock


def sample_count(t: Trace) -> int:
    """The sampling moments of a game (its samples, when each was kept)."""
    return len(t.samples) if t.sampled is None else t.sampled


def first_turn_order(order: list[int], players: int) -> tuple[int, ...]:
    """The seats in the order of their first decision; seats that never acted follow, in seat order."""
    if len(order) == players:  # every seat acted
        return tuple(order)
    seen = set(order)
    return tuple(order + [s for s in range(players) if s not in seen])
