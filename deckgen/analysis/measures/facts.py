"""One number (or a few) per game: what the measures need of each traced game. The game is the unit
of every interval (decisions inside one game are not independent), so each game's trace is reduced
here, in the worker that played it, and only these facts travel back."""

from __future__ import annotations

from dataclasses import dataclass
from deckgen.analysis.measures import standing as st
from deckgen.analysis.measures.trace import Trace, first_turn_order, sample_count

# the points of a game at which comebacks are read (shares of its turns): a third, half, two thirds,
# and a finer grid for the curve of `validate --report`
FRACTIONS = (0.1, 0.2, 1 / 3, 0.4, 0.5, 0.6, 2 / 3, 0.8, 0.9)
HALF = FRACTIONS.index(0.5)


# not frozen: a frozen dataclass sets each field through object.__setattr__, which cost a Monete game
# 33,000 of the 255,000 instructions of its facts (facts are made once per game and never changed)
@dataclass
class GameFacts:
    seed: int
    players: int
    ended: bool
    length: int = 0  # turns (the game's clock)
    winners: tuple[int, ...] = ()
    order: tuple[int, ...] = ()  # the seats in the order of their first turn
    # passive turns and choice
    turns: int = 0  # turns: runs of one seat's decisions
    passive: int = 0  # turns whose every decision had one legal action
    real: int = 0  # decisions with two legal actions or more
    real_legal: int = 0  # their legal actions, summed
    slope: float | None = None  # legal actions at real decisions against the share of the game played
    # waiting, in the other players' turns between two turns of a seat
    wait_sum: int = 0
    wait_count: int = 0
    wait_max: int | None = None
    seat_waits: tuple[tuple[int, int], ...] = ()  # per seat in first-turn order: (waits summed, waits)
    quiet_max: int | None = None  # the longest run of decisions without an open moment (Design.open_moments)
    # the standing
    samples: int = 0
    lead_changes: int = 0
    lock_in: float | None = None
    last_at: tuple[float | None, ...] = ()  # per FRACTIONS: the strictly last seat's win share, or None
    first_at: tuple[float | None, ...] = ()  # the same for the strict leader
    margin: float | None = None  # final margin in turns


def slope(n: int, sx: float, sy: float, sxx: float, sxy: float) -> float | None:
    """The least-squares slope of y on x from the sums; None without two different xs."""
    if n < 2:
        return None
    spread = n * sxx - sx * sx
    if spread <= 1e-9 * max(1.0, n * sxx):
        return None
    return (n * sxy - sx * sy) / spread


def facts_of(seed: int, t: Trace, one_way: bool = False) -> GameFacts:
    """The facts of the game of ``seed`` from its trace (``one_way``: the game's ``Design.one_way``)."""
    n = t.players
    if not t.ended:
        return GameFacts(seed, n, False, t.length)
    length = t.length
    sc, scc, scy = t.moments
    per_turn = slope(t.real, sc, t.real_legal, scc, scy)
    samples = t.samples
    winners = t.winners
    share = 1.0 / len(winners) if winners else 0.0
    last_at, first_at = [], []
    leaders = st.leaders_of(samples)
    # at each point of the game, the latest sample then (st.indices_at, here the samples up to it,
    # counts_at; the points are in order, so a sample read for one point is kept for the next)
    at = -1
    lo_share = hi_share = None
    for k in st.counts_at(list(map(st.first, samples)), FRACTIONS, length):
        if k != at:
            at = k
            if not k:  # no sample yet
                lo_share = hi_share = None
            else:
                lo, hi = st.last(samples[k - 1].standing), leaders[k - 1]
                lo_share = None if lo is None else share if lo in winners else 0.0
                hi_share = None if hi is None else share if hi in winners else 0.0
        last_at.append(lo_share)
        first_at.append(hi_share)
    order = first_turn_order(t.order, n)
    margin = t.margin if t.margin is not None else st.margin_in_turns(samples, length, one_way)
    # by position, in the order of GameFacts' fields (a call by keyword costs a Monete game's facts 6%)
    return GameFacts(
        seed, n, True, length, tuple(winners), order,
        t.turns, t.passive, t.real, t.real_legal,
        per_turn * t.turns if per_turn is not None and t.turns > 0 else None,  # slope
        t.wait_sum, t.wait_count, t.wait_max,
        tuple(map(tuple, map(t.seat_waits.__getitem__, order))) if t.seat_waits else (),  # seat_waits
        t.quiet_max,
        sample_count(t),  # samples
        st.lead_changes(samples, leaders),
        st.lock_in(samples, winners, length, leaders),
        tuple(last_at), tuple(first_at), margin,
    )
