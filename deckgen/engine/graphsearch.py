"""The model checker's search over a game's own compact graph (``graph()``, see modelcheck.py).

Keys are integers; the memo maps a key to its id, the edges sit in flat integer arrays (the
successors of position i are ``flat[offsets[i]:offsets[i + 1]]``), and a position's id is its rank
in breadth-first order, so the ids are the queue. A counterexample is replayed through the State
protocol from the root, so it reads exactly as on the object path.
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
