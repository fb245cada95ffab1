"""What the standing samples of one game say: who leads, how often the lead changes, when the
winner takes the lead for good, who is last or first at a point of the game, how close the finish
is. Pure functions of the samples (trace.Sample), proved on random samples (tests/analysis/measures).

Leading means holding the best standing alone; a tie at the top has no leader. A lead change is a
sample whose leader differs from the last leader seen (the first leader is not a change, nor a tie:
a lead that passes from A through a tie to B is one change; from A through a tie back to A, none).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache, partial
from itertools import chain, repeat
from operator import is_not, itemgetter, ne, sub
from typing import Sequence

from deckgen.analysis.measures.trace import Sample


first = itemgetter(0)
second = itemgetter(1)
_held = partial(is_not, None)  # a sample with a leader


def leader(standing: Sequence[tuple]) -> int | None:
    """The seat with the best standing alone, or None when the best is shared (a list's or a tuple's
    index and count, as every Sequence has them)."""
    best = max(standing)
    return standing.index(best) if standing.count(best) == 1 else None


def leaders_of(samples: Sequence[Sample]) -> list[int | None]:
    """Each sample's :func:`leader` (written out: no call per sample; a trace keeps one sample per
    run of equal standings, trace.py, so no run is read twice)."""
    out: list[int | None] = []
    append = out.append
    for _, now in samples:  # (clock, standing)
        best = max(now)
        append(now.index(best) if now.count(best) == 1 else None)
    return out


def last(standing: Sequence[tuple]) -> int | None:
    """The seat with the worst standing alone (strictly last), or None when the worst is shared."""
    worst = min(standing)
    return standing.index(worst) if standing.count(worst) == 1 else None


def lead_changes(samples: Sequence[Sample], leaders: Sequence[int | None] | None = None) -> int:
    """Changes of leader over the samples (``leaders``: each sample's leader, when known)."""
    held = list(filter(_held, leaders if leaders is not None else [leader(s.standing) for s in samples]))
    return sum(map(ne, held, held[1:]))  # a tie passes the lead on to the next leader seen


def top_set(standing: Sequence[tuple]) -> frozenset[int]:
    best = max(standing)
    return frozenset(s for s, x in enumerate(standing) if x == best)


def lock_in(samples: Sequence[Sample], winners: Sequence[int], length: int, leaders: Sequence[int | None] | None = None) -> float | None:
    """The share of the game (in turns) played before the eventual winners lead for good: the clock
    of the first sample from which, at every later sample, the seats at the top are exactly the
    winners, over the game's length. 1.0 when the last sample does not show them on top (the
    standing never told). None for a game without winners, samples or turns. ``leaders``: each
    sample's leader, when known."""
    if not winners or not samples or length <= 0:
        return None
    k = len(samples)
    if len(winners) == 1 and leaders is not None:
        won = winners[0]
        while k > 0 and leaders[k - 1] == won:
            k -= 1
    else:
        group = frozenset(winners)
        while k > 0 and top_set(samples[k - 1].standing) == group:
            k -= 1
    if k == len(samples):
        return 1.0
    return min(1.0, max(0.0, samples[k].clock / length))


def at_fraction(samples: Sequence[Sample], fraction: float, length: int) -> Sample | None:
    """The latest sample taken at or before ``fraction`` of the game (the final one excluded)."""
    k = index_at([s.clock for s in samples], fraction, length)
    return samples[k] if k is not None else None


def index_at(clocks: Sequence[int], fraction: float, length: int) -> int | None:
    """:func:`at_fraction` by the samples' clocks (which never decrease): the sample's index."""
    return indices_at(clocks, (fraction,), length)[0]


def indices_at(clocks: Sequence[int], fractions: Sequence[float], length: int) -> list[int | None]:
    """:func:`index_at` at each of ``fractions``: the latest sample at or before each point of the
    game (never the final one: a point is at most the last turn's start)."""
    return [k - 1 if k else None for k in counts_at(clocks, fractions, length)]


def counts_at(clocks: Sequence[int], fractions: Sequence[float], length: int) -> list[int]:
    """How many samples lie at or before each point of the game (0: none): :func:`indices_at`, one
    more, without the None."""
    if length <= 0:
        return [0] * len(fractions)
    return list(map(bisect_right, repeat(clocks), _marks(fractions, length)))


@lru_cache(maxsize=4096)
def _marks(fractions: Sequence[float], length: int) -> tuple[float, ...]:
    """The clocks of ``fractions`` of a game of ``length`` turns, at most its last turn's start (games
    of one length share them)."""
    return tuple(min(f * length, length - 1) for f in fractions)


def win_share(seat: int, winners: Sequence[int]) -> float:
    """A seat's share of the win: 1 alone, 1/k in a k-way tie, 0 otherwise."""
    return 1.0 / len(winners) if seat in winners else 0.0


def progress(samples: Sequence[Sample], length: int) -> float:
    """A turn's typical progress: how far the standing's first entry moves, summed over the seats and
    the samples, per turn played (each turn belongs to one seat, so in a game where every turn sheds
    one card it is 1)."""
    if length <= 0 or len(samples) < 2:
        return 0.0
    seats = len(samples[0].standing)
    # every sample's first entries one after the other: a seat's next entry is ``seats`` further on
    entries = list(map(first, chain.from_iterable(map(second, samples))))
    return float(sum(map(abs, map(sub, entries[seats:], entries)))) / length


def one_way_progress(samples: Sequence[Sample], length: int) -> float:
    """:func:`progress` of a game whose seats' first entries each only ever move one way (a score
    that only rises, penalties that only grow: ``Design.one_way``): each seat's moves sum to the
    distance between its first and last sample, so only those two are read."""
    if length <= 0 or len(samples) < 2:
        return 0.0
    return float(sum(map(abs, map(sub, map(first, samples[-1].standing), map(first, samples[0].standing))))) / length


def final_margin(standing: Sequence[tuple]) -> float:
    """Between the best and the second-best standing, the difference in the first entry."""
    ranked = sorted(standing)  # the best last
    return float(ranked[-1][0]) - float(ranked[-2][0]) if len(ranked) > 1 else 0.0


def margin_in_turns(samples: Sequence[Sample], length: int, one_way: bool = False) -> float | None:
    """The final margin in units of one turn's progress; None when the standing never moved.
    ``one_way``: the game's first entries only move one way (:func:`one_way_progress`)."""
    if not samples:
        return None
    step = one_way_progress(samples, length) if one_way else progress(samples, length)
    if step <= 0:
        return None
    return abs(final_margin(samples[-1].standing)) / step
