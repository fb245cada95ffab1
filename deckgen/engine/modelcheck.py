"""An explicit-state model checker (after TLA+'s TLC and PRISM): every deal, every legal move.

It knows no game. It explores a game's graph of positions through the State protocol and its
optional exploration methods (see ``engine/state.py``): ``clone``, ``chance_outcomes`` and
``apply_chance_outcome`` (every chance outcome of positive probability, such as each card a draw can
bring), and ``canonical_key`` (the position with identical cards merged and seats rotated where the
rules are symmetric). Positions with the same canonical key are explored once (the memo).

The search is breadth first from the root (a chance node dealing the cards), so the first position
found with a property is one at the fewest steps from the root: its path is the shortest
counterexample. On the finite graph it decides GAMES.md's points 3-5:

1. **No dead end**: every position that is not an end has a legal action or a chance outcome.
2. **An end is always reachable**: backward reachability from the ends of the game (breadth first
   over the reversed edges) reaches every position.
3. **No trap**: no closed set of positions without an end. On a finite graph this follows from 2:
   a closed set without an end would hold positions from which no end is reachable. Conversely,
   when 2 holds, with every player choosing uniformly among the legal moves (every edge has a
   probability of at least p > 0), from any position an end comes within |S| steps with probability
   at least p^|S|, so the game ends with probability 1. When 2 fails, the positions that cannot end
   form a closed set (nothing leaves it to an end); the report gives its size.

It stops at a state budget and says so: the claims are then not proven by search.

**A game's own graph.** A position may offer ``graph()``: an object with ``start()``,
``successors(key)`` (the keys one move away) and ``key_of(state)`` over compact keys (integers),
where the game has removed positions that cannot change a verdict (a chance node, which always
has an outcome, joined straight to its outcomes; the ends merged). The search then runs over those
keys, in flat integer arrays (engine/graphsearch.py), and a counterexample is replayed through the State protocol from the
root: between two keys of the path, a short breadth-first search over the state's moves and
outcomes finds the positions the graph skipped. ``graph()`` is used only where the game has no
``length_variant`` nor ``shortfalls`` to check at every position.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any, Callable, Hashable

from deckgen.engine.positions import ACTION, OUTCOME, Result, _key, _play_path, _successors, _told  # noqa: F401 (named here too)
from deckgen.engine.replay import Path, Replay
from deckgen.engine.state import CHANCE

DEFAULT_BUDGET = 200_000  # positions explored before the search gives up (it says so)

def check_model(root: Any, budget: int = DEFAULT_BUDGET, clock: Callable[[], float] = time.perf_counter,
                seconds: float | None = None, tick: Callable[[int], None] | None = None,
                use_graph: bool = True) -> Result:
    """Explore every position reachable from ``root`` (breadth first, memoised by canonical key)
    and decide points 1-3 above; stop once more than ``budget`` positions are known (or, for
    benchmarks only, after ``seconds``: a verdict must not depend on the machine's speed).
    ``tick(positions)`` is called now and then (a progress bar). With ``use_graph`` the game's own
    compact graph is searched where it offers one (see above)."""
    graph = _graph_of(root) if use_graph else None
    if graph is not None:
        from deckgen.engine.graphsearch import check_graph

        return check_graph(root, graph, budget, clock, seconds, tick)
    start = clock()
    deadline = start + seconds if seconds is not None else None
    ids: dict[Hashable, int] = {_key(root): 0}
    parent: list[tuple[int, int, Any]] = [(-1, ACTION, None)]  # per position: (parent id, edge kind, label)
    succ: list[list[int]] = []
    terminal: list[bool] = []
    queue: deque[Any] = deque([root])
    dead: int = -1
    short, short_text = -1, ""
    edges = 0
    complete = True
    variant = getattr(root, "length_variant", None) is not None
    while queue:
        state = queue.popleft()
        me = len(succ)
        mine: list[int] = []
        is_end = state.is_terminal()
        if short < 0 and getattr(state, "shortfalls", None):
            short, short_text = me, state.shortfalls[0]
        if not is_end:
            for kind, label, child in _successors(state):
                if variant and child.length_variant() > state.length_variant():
                    raise AssertionError(f"the game's variant increased: {state.length_variant()} then {child.length_variant()}")
                k = _key(child)
                j = ids.get(k)
                if j is None:
                    j = ids[k] = len(parent)
                    parent.append((me, kind, label))
                    queue.append(child)
                mine.append(j)
                if len(parent) > budget:  # within one position's successors too (a deal has thousands)
                    break
            edges += len(mine)
            if not mine and dead < 0:
                dead = me
        succ.append(mine)
        terminal.append(is_end)
        if len(parent) > budget or (deadline is not None and not len(succ) % 1000 and clock() > deadline):
            complete = False
            break
        if tick is not None and not len(succ) % 10_000:
            tick(len(parent))
    ends = sum(terminal)
    result = Result(complete, len(parent), edges, ends, 0.0, budget)
    if dead >= 0:
        result.dead_end = _replay(root, parent, dead, "dead end")
    if short >= 0:
        result.short_deal = _replay(root, parent, short, "short deal")
        result.short_deal.detail = short_text
    if complete:
        can_end = _backward(succ, terminal)
        missing = [i for i, ok in enumerate(can_end) if not ok]
        result.cannot_end = len(missing)
        if missing:
            first = missing[0]  # breadth-first ids: the fewest steps from the deal
            if first == 0 and len(missing) > 1 and root.current_player() == CHANCE:
                first = missing[1]  # no deal can end: show the first dealt position, not the deck before the deal
            result.no_end = _replay(root, parent, first, "no end reachable")
            result.no_end.trap = _closure(succ, first)
    result.seconds = clock() - start
    return result


def _graph_of(root: Any) -> Any:
    make = getattr(root, "graph", None)
    if make is None or getattr(root, "length_variant", None) is not None or getattr(root, "shortfalls", None) is not None:
        return None
    return make()


def _backward(succ: list[list[int]], terminal: list[bool]) -> list[bool]:
    """Which positions can reach an end: breadth first from the ends over the reversed edges."""
    n = len(succ)
    pred: list[list[int]] = [[] for _ in range(n)]
    for i, out in enumerate(succ):
        for j in out:
            pred[j].append(i)
    reached = list(terminal)
    queue = deque(i for i in range(n) if terminal[i])
    while queue:
        j = queue.popleft()
        for i in pred[j]:
            if not reached[i]:
                reached[i] = True
                queue.append(i)
    return reached


def _closure(succ: list[list[int]], start: int) -> int:
    """How many positions are reachable from ``start`` (the closed set it cannot leave)."""
    seen = {start}
    stack = [start]
    while stack:
        for j in succ[stack.pop()]:
            if j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen)


def _replay(root: Any, parent: list[tuple[int, int, Any]], target: int, what: str) -> Replay:
    """The path from the root to ``target``, replayed on copies of the root so every step is told
    by the position it is played in."""
    path, state = _play_path(root, _chain(parent, target))
    return Replay(what, path, _told(state, "position_term", "position_to_string"))


def _chain(parent: list[tuple[int, int, Any]], target: int) -> list[tuple[int, Any]]:
    chain = []
    i = target
    while i > 0:
        p, kind, label = parent[i]
        chain.append((kind, label))
        i = p
    chain.reverse()
    return chain


def find_end(root: Any, budget: int = 20_000) -> list[str] | None:
    """:func:`find_path`'s steps in English words."""
    path = find_path(root, budget)
    return None if path is None else path.said()


def find_path(root: Any, budget: int = 20_000) -> Path | None:
    """A shortest sequence of legal moves and chance outcomes from ``root`` to an end; None when
    none is found within ``budget`` positions (breadth first, memoised)."""
    if root.is_terminal():
        return Path([], getattr(root, "words", None) or {})
    ids: dict[Hashable, int] = {_key(root): 0}
    parent: list[tuple[int, int, Any]] = [(-1, ACTION, None)]
    queue: deque[tuple[int, Any]] = deque([(0, root)])
    while queue and len(parent) <= budget:
        me, state = queue.popleft()
        for kind, label, child in _successors(state):
            k = _key(child)
            if k in ids:
                continue
            ids[k] = len(parent)
            parent.append((me, kind, label))
            if child.is_terminal():
                return _play_path(root, _chain(parent, len(parent) - 1))[0]
            queue.append((len(parent) - 1, child))
    return None


def walk_to_end(root: Any, seed: int = 0, tries: int = 50, steps: int = 5_000) -> list[str] | None:
    """:func:`walk_path`'s steps in English words."""
    path = walk_path(root, seed, tries, steps)
    return None if path is None else path.said()


def walk_path(root: Any, seed: int = 0, tries: int = 50, steps: int = 5_000) -> Path | None:
    """A sequence of legal moves and chance outcomes from ``root`` to an end, found by random walks
    (each move and outcome uniformly at random, ``tries`` walks of at most ``steps``); None when no
    walk ended. Where the end is too far for :func:`find_end`'s breadth-first search, a walk
    still shows that one is reachable (any path is a proof; it need not be the shortest)."""
    import random

    rng = random.Random(seed)
    for _ in range(tries):
        state = root.clone()
        path: list[tuple[int, Any]] = []
        for _ in range(steps):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                outcomes = list(state.chance_outcomes())
                o = outcomes[rng.randrange(len(outcomes))]
                path.append((OUTCOME, o))
                state.apply_chance_outcome(o)
            else:
                actions = list(state.legal_actions())
                if not actions:
                    break
                a = actions[rng.randrange(len(actions))]
                path.append((ACTION, a))
                state.apply_action(a)
        if state.is_terminal():
            return _play_path(root, path)[0]
    return None
