"""The model checker's search over a game's own compact graph (``graph()``, see modelcheck.py).

Keys are integers; the memo maps a key to its id, the edges sit in flat integer arrays (the
successors of position i are ``flat[offsets[i]:offsets[i + 1]]``), and a position's id is its rank
in breadth-first order, so the ids are the queue. A counterexample is replayed through the State
protocol from the root, so it reads exactly as on the object path.

**A search stopped at its budget can still find a trap.** The positions it expanded and their edges
are a part of the graph; a set of expanded positions none of which is an end and whose every
successor is in the set is closed in the whole graph too: no end is reachable from it, whatever the
positions not searched hold. So, when the breadth-first search stops, the part it explored is
analysed that way (:func:`_closed_part`: backward from the ends and from every position not expanded,
which might lead to an end; what is not reached is such a set), and, when that finds nothing, a
second, depth-first search from the root with the same budget follows single lines of play deep
into a round, where a closed set sits that the breadth-first search does not reach (issue 40's case
1: 42 positions that cannot end within 1.5 M, a closed set the breadth-first search meets only
near 9.6 M). Either finding is a proof that "an end is always reachable" and "no trap" fail; the
replay is the shortest path to the set within the explored part.
"""

from __future__ import annotations

from array import array
from collections import deque
from typing import Any, Callable

from deckgen.engine.positions import Result, _play_path, _successors, _told
from deckgen.engine.replay import Replay
from deckgen.engine.state import CHANCE


def check_graph(root: Any, graph: Any, budget: int, clock: Callable[[], float], seconds: float | None,
                 tick: Callable[[int], None] | None) -> Result:
    """check_model over the game's own graph of integer keys: breadth first, the edges in flat
    arrays (successors of position i: ``flat[offsets[i]:offsets[i + 1]]``); a position's id is
    its rank in breadth-first order, so the ids are the queue."""
    start = clock()
    deadline = start + seconds if seconds is not None else None
    successors, is_end = graph.successors, graph.is_end
    first = graph.start()
    ids: dict[int, int] = {first: 0}
    keys: list[int] = [first]
    parent = array("l", [-1])
    flat = array("l")
    offsets = array("l", [0])
    terminal = bytearray()
    dead = -1
    complete = True
    i = 0
    while i < len(keys):
        k = keys[i]
        if is_end(k):
            terminal.append(1)
        else:
            terminal.append(0)
            out = successors(k)
            if not out and dead < 0:
                dead = i
            for c in out:
                j = ids.get(c)
                if j is None:
                    j = ids[c] = len(keys)
                    keys.append(c)
                    parent.append(i)
                flat.append(j)
        offsets.append(len(flat))
        i += 1
        if len(keys) > budget or (deadline is not None and not i % 1000 and clock() > deadline):
            complete = i == len(keys)  # the last expansion may have found nothing new
            break
        if tick is not None and not i % 10_000:
            tick(len(keys))
    n = i
    del ids
    result = Result(complete, len(keys), len(flat), sum(terminal), 0.0, budget)
    path = lambda target: _graph_path(parent, keys, target)  # noqa: E731
    if dead >= 0:
        result.dead_end = _graph_replay(root, graph, path(dead), "dead end")
    if not complete and result.dead_end is None:
        _trap_in_part(result, root, graph, keys, n, flat, offsets, terminal, budget)
        if result.no_end is None:
            del flat, offsets, terminal  # the deep search needs the memory; the breadth-first keys give its replay a short path
            _deep_search(result, root, graph, budget, clock, deadline, (keys, parent))
    if complete:
        can_end = _backward_flat(n, flat, offsets, terminal)
        missing = can_end.find(0)
        result.cannot_end = n - sum(can_end)
        if missing >= 0:
            if missing == 0 and result.cannot_end > 1 and root.current_player() == CHANCE:
                missing = can_end.find(0, 1)
            result.no_end = _graph_replay(root, graph, path(missing), "no end reachable")
            result.no_end.trap = _closure_flat(flat, offsets, missing)
    result.seconds = clock() - start
    return result


def _graph_path(parent: array, keys: list, target: int) -> list:
    chain = []
    while target >= 0:
        chain.append(keys[target])
        target = parent[target]
    return chain[::-1]


def _graph_replay(root: Any, graph: Any, path: list, what: str, limit: int = 100_000) -> Replay:
    """The graph's path of keys replayed on copies of the root: between two keys, a breadth-first
    search over moves and outcomes through the positions the graph skipped (their key is None)."""
    state, moves = root.clone(), []
    for want in path[1:]:
        queue: deque[tuple[Any, list]] = deque([(state, [])])
        found = None
        seen = 0
        while queue and found is None and seen < limit:
            s, steps = queue.popleft()
            for kind, label, child in _successors(s):
                seen += 1
                k = graph.key_of(child)
                if k == want:
                    found = (child, steps + [(kind, label)])
                    break
                if k is None:
                    queue.append((child, steps + [(kind, label)]))
        if found is None:  # cannot happen when the graph follows the State protocol's rules
            raise AssertionError(f"the game's graph has a step its positions cannot replay (to key {want})")
        state, more = found
        moves += more
    steps, state = _play_path(root, moves)
    return Replay(what, steps, _told(state, "position_term", "position_to_string"))


def _backward_flat(n: int, flat: array, offsets: array, terminal: bytearray) -> bytearray:
    """Which positions can reach an end, over the flat arrays: breadth first over reversed edges."""
    count = array("l", bytes(8 * (n + 1)))
    for j in flat:
        count[j + 1] += 1
    for j in range(n):
        count[j + 1] += count[j]
    pred = array("l", bytes(8 * len(flat)))
    fill = array("l", count)
    for i in range(n):
        for e in range(offsets[i], offsets[i + 1]):
            j = flat[e]
            pred[fill[j]] = i
            fill[j] += 1
    del fill
    reached = bytearray(terminal)
    queue = [i for i in range(n) if terminal[i]]
    for j in queue:  # the list grows as it is read: breadth first
        for e in range(count[j], count[j + 1]):
            i = pred[e]
            if not reached[i]:
                reached[i] = 1
                queue.append(i)
    return reached


def _closure_flat(flat: array, offsets: array, start: int) -> int:
    seen = {start}
    stack = [start]
    while stack:
        i = stack.pop()
        for j in flat[offsets[i]:offsets[i + 1]]:
            if j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen)


def _trap_in_part(result: Result, root: Any, graph: Any, keys: list, n: int, flat: array, offsets: array,
                  terminal: bytearray, budget: int) -> None:
    """The breadth-first search's explored part (positions 0..n-1 expanded, the rest known only):
    a closed set without an end in it sets ``result.no_end`` and ``cannot_end``."""
    total = len(keys)
    starts = array("l", offsets[:n])
    starts.extend([offsets[n]] * (total - n))
    ends = array("l", offsets[1:n + 1])
    ends.extend([offsets[n]] * (total - n))
    maybe = bytearray(terminal) + bytearray(b"\x01") * (total - n)  # an end, or not expanded: might lead to one
    _report_closed(result, root, graph, keys, flat, starts, ends, maybe)


def _deep_search(result: Result, root: Any, graph: Any, budget: int, clock: Callable[[], float], deadline: float | None,
                 shallow: tuple[list, array]) -> None:
    """A depth-first search from the root, within ``budget`` positions, for a closed set without
    an end (see the module's docstring); it decides nothing else. ``shallow``: the breadth-first
    search's keys and parents, where the replay looks first for the shortest way into the set."""
    successors, is_end = graph.successors, graph.is_end
    first = graph.start()
    ids: dict[int, int] = {first: 0}
    keys: list[int] = [first]
    starts, ends = array("l", [0]), array("l", [0])  # per id: its edges in flat (equal: none, or not expanded)
    expanded = bytearray(1)
    flat = array("l")
    stack = [0]
    done, dead = 0, -1
    while stack and len(keys) <= budget:
        i = stack.pop()
        if expanded[i]:
            continue
        expanded[i] = 1
        done += 1
        starts[i] = len(flat)
        k = keys[i]
        if not is_end(k):
            for c in successors(k):
                j = ids.get(c)
                if j is None:
                    j = ids[c] = len(keys)
                    keys.append(c)
                    starts.append(0)
                    ends.append(0)
                    expanded.append(0)
                    stack.append(j)
                flat.append(j)
            if len(flat) == starts[i] and dead < 0:
                dead = i
        ends[i] = len(flat)
        if deadline is not None and not done % 1000 and clock() > deadline:
            break
    del ids
    maybe = bytearray(1 if not expanded[i] or is_end(keys[i]) else 0 for i in range(len(keys)))
    _report_closed(result, root, graph, keys, flat, starts, ends, maybe, dead, shallow)


def _closed_part(flat: array, starts: array, ends: array, maybe: bytearray) -> bytearray:
    """Which positions of an explored part can reach a position in ``maybe`` (an end, or one not
    expanded): breadth first over the reversed edges. The others form a closed set without an end."""
    total = len(maybe)
    count = array("l", bytes(8 * (total + 1)))
    for j in flat:
        count[j + 1] += 1
    for j in range(total):
        count[j + 1] += count[j]
    pred = array("l", bytes(8 * len(flat)))
    fill = array("l", count)
    for i in range(total):
        for e in range(starts[i], ends[i]):
            j = flat[e]
            pred[fill[j]] = i
            fill[j] += 1
    del fill
    reached = bytearray(maybe)
    queue = [i for i in range(total) if maybe[i]]
    for j in queue:
        for e in range(count[j], count[j + 1]):
            i = pred[e]
            if not reached[i]:
                reached[i] = 1
                queue.append(i)
    return reached


def _shortest(keys: list, flat: array, starts: array, ends: array, wanted: Callable[[int], bool]) -> tuple[list, int] | None:
    """The keys of the shortest path within an explored part from the root to a wanted position,
    and that position's id."""
    parent = array("l", [-1]) * len(keys)
    seen = bytearray(len(keys))
    seen[0] = 1
    queue = [0]
    for i in queue:
        if wanted(i):
            return _graph_path(parent, keys, i), i
        for e in range(starts[i], ends[i]):
            j = flat[e]
            if not seen[j]:
                seen[j] = 1
                parent[j] = i
                queue.append(j)
    return None


def _report_closed(result: Result, root: Any, graph: Any, keys: list, flat: array, starts: array, ends: array,
                   maybe: bytearray, dead: int = -1, shallow: tuple[list, array] | None = None) -> None:
    """Set ``result.dead_end`` or ``result.no_end`` (and ``cannot_end``) from an explored part; the
    replay is the shortest path the breadth-first search (``shallow``) knows to a position that
    cannot end, else the shortest within the part."""
    if dead >= 0:  # a position with no move at all
        found = _shortest(keys, flat, starts, ends, lambda i: i == dead)
        if found is not None:
            result.dead_end = _graph_replay(root, graph, found[0], "dead end")
            return
    reached = _closed_part(flat, starts, ends, maybe)
    stuck = len(reached) - sum(reached)
    if not stuck:
        return
    deal_first = root.current_player() == CHANCE and stuck > 1  # show a dealt position, not the deck before the deal
    found = None
    if shallow is not None:
        doomed = {keys[i]: i for i in range(len(keys)) if not reached[i] and (i > 0 or not deal_first)}
        near = next((b for b, k in enumerate(shallow[0]) if k in doomed), -1)
        if near >= 0:
            found = _graph_path(shallow[1], shallow[0], near), doomed[shallow[0][near]]
    if found is None:
        found = _shortest(keys, flat, starts, ends, lambda i: not reached[i] and (i > 0 or not deal_first))
    if found is None:
        return
    result.cannot_end = stuck
    result.no_end = _graph_replay(root, graph, found[0], "no end reachable")
    closure, stack = {found[1]}, [found[1]]
    while stack:
        i = stack.pop()
        for j in flat[starts[i]:ends[i]]:
            if j not in closure:
                closure.add(j)
                stack.append(j)
    result.no_end.trap = len(closure)
