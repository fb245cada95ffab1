"""The exact solver for the cooperative puzzle: the longest stack of distinct cards from a set in which
every card is linked to the one below it.

With the divisor rule (the cooperative game) two cards are linked when one is a multiple of the other;
with the full rule the competitive game's links count too (a common divisor above 1, or two primes).
The answer is the longest simple path of the set's link graph, an NP-hard problem in general, solved
exactly here in four steps:

1. **Components.** A stack never leaves a connected component, so each is solved alone, largest
   first, and a component no larger than the best stack found so far is skipped.
2. **Twins.** Cards with the same neighbours that are not linked to each other (the primes above 50
   in 1..100 all have only the 1) are interchangeable, and a stack holds at most ``|N| + 1`` of them
   (each one inside the stack takes two of the ``2|N|`` places beside its neighbours ``N``). The
   surplus is dropped before the search: that is exact.
3. **Small components** (up to ``SEARCH_LIMIT`` cards after step 2: every classroom set of 20 cards)
   are solved in pure Python by depth-first branch and bound on bit masks. The bound is the number of
   cards still reachable from the top of the stack, less the cards that could only ever be the last
   one (at most one of them fits), or, if smaller, a count over an independent set of those cards
   (each card of it inside the stack sits between two cards from outside it); a transposition table
   remembers positions already refuted. A set whose search runs past ``SEARCH_BUDGET`` nodes (a
   hub such as the 1 with many cards hanging from few divisors) is handed to step 4 with the best
   stack found as its lower bound.
4. **Large components** (1..100) go to an integer program solved by HiGHS (through scipy): degree
   constraints through a virtual start/end card, and *generalised* subtour cuts
   ``x(E(S)) <= y(S) - y(t)`` added lazily for every cycle the solver returns. These cuts only
   bind when the cards of the cycle are in the stack, which is what makes this model much faster than
   the textbook ``x(E(S)) <= |S| - 1`` cut on optional cards. A greedy stack found beforehand is the
   incumbent: the loop stops as soon as the program's bound meets it.

Every result says whether it is proven: a time limit can stop the search early, and then the best
stack found is returned with ``proven=False`` and the best upper bound known.
"""

from __future__ import annotations

from deckgen.bitset import members as _bits

import random
import time
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from deckgen.errors import DeckgenError
from deckgen.i18n import Listing, _
from deckgen.games.hectoedra.numbers import RULES, link, linked

SEARCH_LIMIT = 20  # components up to this many cards (after twin reduction) use the pure-Python search
SEARCH_BUDGET = 3000  # search nodes before a hard small component is handed to the integer program
DEFAULT_TIME_LIMIT = 60.0
_CHECK_EVERY = 2048  # search nodes between two looks at the clock


@dataclass(frozen=True)
class Solution:
    length: int
    order: tuple[int, ...]  # one longest stack, bottom card first
    proven: bool  # True when ``length`` is the optimum; False when a time limit stopped the search
    bound: int  # a proven upper bound on the optimum (== length when proven)
    rule: str
    cards: tuple[int, ...]  # the set that was solved, ascending
    seconds: float = 0.0
    methods: tuple[str, ...] = field(default_factory=tuple)  # "trivial", "search", "milp" per component solved

    def to_json(self) -> dict:
        return {"length": self.length, "proven": self.proven, "order": list(self.order)}


class _Timeout(Exception):
    pass


class _Budget(Exception):
    pass


# ---------------------------------------------------------------- checking an order


def order_problems(order: Sequence[int], cards: Iterable[int], rule: str = "divisor") -> list[str]:
    """Everything wrong with ``order`` as a stack from ``cards`` under ``rule`` (empty when it is valid)."""
    allowed = set(cards)
    problems: list[str] = []
    seen: set[int] = set()
    for v in order:
        if v not in allowed:
            problems.append(_("{card} is not in the set", card=v))
        if v in seen:
            problems.append(_("{card} is used twice", card=v))
        seen.add(v)
    for a, b in zip(order, order[1:]):
        if not linked(a, b, rule):
            problems.append(_("{card} cannot go on {below}", card=b, below=a))
    return problems


def explain(order: Sequence[int], rule: str = "divisor") -> list[str]:
    """Each link of a stack in words: "12 on 4: 12 is a multiple of 4"."""
    out = []
    for a, b in zip(order, order[1:]):
        why = link(a, b, rule)
        if why == "multiple":
            out.append(_("{card} on {below}: {high} is a multiple of {low}", card=b, below=a, high=max(a, b), low=min(a, b)))
        elif why == "common":
            out.append(_("{card} on {below}: they share a divisor greater than 1", card=b, below=a))
        elif why == "primes":
            out.append(_("{card} on {below}: both are prime", card=b, below=a))
        else:
            out.append(_("{card} on {below}: NOT LINKED", card=b, below=a))
    return out


# ---------------------------------------------------------------- the solver


def normalise(cards: Iterable[int]) -> tuple[int, ...]:
    values = list(cards)
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise DeckgenError(_("the solver takes positive whole numbers, not {value!r}", value=v))
    if len(set(values)) != len(values):
        raise DeckgenError(_("the set repeats a card: every card of the Hectoedra is different"))
    return tuple(sorted(values))


def solve(cards: Iterable[int], rule: str = "divisor", time_limit: float = DEFAULT_TIME_LIMIT) -> Solution:
    """The longest stack from ``cards`` under ``rule``, proven optimal unless ``time_limit`` runs out."""
    if rule not in RULES:
        raise DeckgenError(_("unknown rule {rule!r}: use {rules}", rule=rule, rules=Listing(RULES, "or")))
    if not time_limit > 0:
        raise DeckgenError(_("the time limit must be a positive number of seconds"))
    values = normalise(cards)
    start = time.perf_counter()
    deadline = start + time_limit
    n = len(values)
    if n == 0:
        return Solution(0, (), True, 0, rule, values, 0.0, ())
    nbr = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if linked(values[i], values[j], rule):
                nbr[i] |= 1 << j
                nbr[j] |= 1 << i
    comps = sorted(_components(nbr, (1 << n) - 1), key=lambda m: (-m.bit_count(), m & -m))
    best: list[int] = [0]  # one card is always a stack
    bound = 1
    proven = True
    methods: list[str] = []
    for comp in comps:
        size = comp.bit_count()
        if size <= len(best):
            continue  # this component cannot beat what we have
        reduced = _drop_twins(nbr, comp)
        size_r = reduced.bit_count()
        if size_r <= len(best):
            continue
        if size_r <= 2:
            path, ub, done, how = _bits(reduced), size_r, True, "trivial"
        elif size_r <= SEARCH_LIMIT:
            path, ub, done = _search(nbr, reduced, deadline, len(best), SEARCH_BUDGET)
            how = "search"
            if ub < 0:  # the budget ran out: the integer program finishes the proof
                lower = max(len(best), len(path))
                more, ub, done = _milp(nbr, reduced, deadline, lower)
                path = more if len(more) > len(path) else path
                how = "search+milp"
        else:
            path, ub, done = _milp(nbr, reduced, deadline, len(best))
            how = "milp"
        methods.append(how)
        if len(path) > len(best):
            best = path
        if not done:
            proven = False
            bound = max(bound, ub)
    bound = max(bound, len(best))
    if proven:
        bound = len(best)
    order = tuple(values[i] for i in best)
    return Solution(len(order), order, proven, bound, rule, values, time.perf_counter() - start, tuple(methods))


# ---------------------------------------------------------------- graph helpers on bit masks


def _components(nbr: Sequence[int], verts: int) -> list[int]:
    comps = []
    left = verts
    while left:
        seed = left & -left
        comp = seed
        frontier = seed
        while frontier:
            new = 0
            for i in _bits(frontier):
                new |= nbr[i]
            new &= verts & ~comp
            comp |= new
            frontier = new
        comps.append(comp)
        left &= ~comp
    return comps


def _drop_twins(nbr: Sequence[int], comp: int) -> int:
    """Keep at most ``|N| + 1`` of the cards that share the neighbourhood ``N`` and are not linked."""
    groups: dict[int, list[int]] = {}
    for i in _bits(comp):
        groups.setdefault(nbr[i] & comp, []).append(i)
    keep = comp
    for hood, members in groups.items():
        limit = hood.bit_count() + 1
        if len(members) > limit and not any(hood >> i & 1 for i in members):
            for i in members[limit:]:
                keep &= ~(1 << i)
    return keep


def _reach(nbr: Sequence[int], v: int, avail: int) -> int:
    reach = nbr[v] & avail
    frontier = reach
    while frontier:
        new = 0
        f = frontier
        while f:
            low = f & -f
            new |= nbr[low.bit_length() - 1]
            f ^= low
        new &= avail & ~reach
        reach |= new
        frontier = new
    return reach


def _extension_bound(nbr: Sequence[int], v: int, avail: int) -> int:
    """At most how many more cards can go on ``v`` from ``avail``. The least of two counts:

    * the reachable cards, less all but one of those with a single reachable neighbour (such a card
      can only be the last one);
    * an independent set ``I`` of the reachable cards (picked greedily, fewest links first) and the
      rest ``H``: cards of ``I`` are never neighbours, so each one inside the stack sits between two
      cards of ``H`` (or ``v``) and ``|I used| <= |H| + 1``.
    """
    reach = _reach(nbr, v, avail)
    if not reach:
        return 0
    room = reach | (1 << v)
    ends = 0
    degree = []
    f = reach
    while f:
        low = f & -f
        f ^= low
        i = low.bit_length() - 1
        d = (nbr[i] & room).bit_count()
        if d <= 1:
            ends += 1
        degree.append((d, i))
    size = reach.bit_count()
    by_reach = size - max(0, ends - 1)
    degree.sort()
    indep = 0
    blocked = 0
    for _d, i in degree:
        if not blocked >> i & 1:
            indep += 1
            blocked |= nbr[i] | (1 << i)
    hubs = size - indep
    return min(by_reach, hubs + min(indep, hubs + 1))


# ---------------------------------------------------------------- depth-first branch and bound


def _search(nbr: Sequence[int], comp: int, deadline: float, lower: int, budget: int = 0) -> tuple[list[int], int, bool]:
    """Longest path inside ``comp``; returns (path, upper bound, finished). ``lower``: a length to beat.

    With a ``budget`` of search nodes that runs out, returns (best path so far, -1, False)."""
    size = comp.bit_count()
    best: list[int] = []
    path: list[int] = []
    refuted: dict[tuple[int, int], int] = {}  # (visited, end) -> the most cards the rest can add
    nodes = [0]

    def extend(v: int, visited: int) -> int:
        """Search on from ``v``; returns an upper bound on the extension that was proven."""
        nodes[0] += 1
        if nodes[0] % _CHECK_EVERY == 0 and time.perf_counter() > deadline:
            raise _Timeout
        if budget and nodes[0] > budget:
            raise _Budget
        if len(path) > len(best):
            best[:] = path
            if len(best) >= size:
                return 0
        avail = comp & ~visited
        key = (visited, v)
        known = refuted.get(key)
        if known is not None and len(path) + known <= len(best):
            return known
        ub = _extension_bound(nbr, v, avail)
        if len(path) + ub <= len(best):
            refuted[key] = ub
            return ub
        # Try first the neighbours with the fewest free neighbours (Warnsdorff), so long stacks come early.
        nexts = sorted(_bits(nbr[v] & avail), key=lambda w: ((nbr[w] & avail).bit_count(), w))
        got = 0
        for w in nexts:
            path.append(w)
            sub = extend(w, visited | (1 << w))
            path.pop()
            got = max(got, 1 + sub)
            if len(best) >= size:
                return got
        got = min(got, ub)
        refuted[key] = got
        return got

    # Start from low-degree cards: the ends of a long stack are usually cards with few links.
    starts = sorted(_bits(comp), key=lambda s: ((nbr[s] & comp).bit_count(), s))
    root_bound = min(size, max(1 + _extension_bound(nbr, s, comp & ~(1 << s)) for s in starts))
    try:
        for s in starts:
            if len(best) >= root_bound:
                break
            path[:] = [s]
            extend(s, 1 << s)
    except _Timeout:
        return best, root_bound, False
    except _Budget:
        return best, -1, False
    if len(best) <= lower:
        return best, lower, True  # nothing here beats the given lower bound (proven)
    return best, len(best), True


# ---------------------------------------------------------------- greedy stacks (incumbents)


def _greedy(nbr: Sequence[int], comp: int, tries: int, rng: random.Random) -> list[int]:
    """Warnsdorff walks from many starts, each walk grown at both ends; the longest found."""
    verts = _bits(comp)
    best: list[int] = []
    for t in range(tries):
        s = verts[t % len(verts)] if t < len(verts) else rng.choice(verts)
        path = [s]
        visited = 1 << s
        for _side in range(2):
            while True:
                v = path[-1]
                cand = _bits(nbr[v] & comp & ~visited)
                if not cand:
                    break
                w = min(cand, key=lambda c: ((nbr[c] & comp & ~visited).bit_count(), rng.random()))
                path.append(w)
                visited |= 1 << w
            path.reverse()
        if len(path) > len(best):
            best = path
            if len(best) == len(verts):
                break  # every card in one stack
    return best


# ---------------------------------------------------------------- integer program (HiGHS)


def _milp(nbr: Sequence[int], comp: int, deadline: float, lower: int) -> tuple[list[int], int, bool]:
    try:
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import coo_matrix, csr_matrix
    except ImportError:  # pragma: no cover - scipy is a dependency; keep a clear message anyway
        raise DeckgenError(_("sets this large need scipy (pip install scipy)")) from None

    verts = _bits(comp)
    k = len(verts)
    index = {v: i for i, v in enumerate(verts)}
    edges = [(index[a], index[b]) for a in verts for b in _bits(nbr[a] & comp) if a < b]
    dummy = k
    arcs = edges + [(i, dummy) for i in range(k)]
    m = len(arcs)
    nvar = m + k
    cost = np.zeros(nvar)
    cost[m:] = -1.0
    rows, cols, data = [], [], []
    for e, (a, b) in enumerate(arcs):
        rows += [a, b]
        cols += [e, e]
        data += [1.0, 1.0]
    for i in range(k):
        rows.append(i)
        cols.append(m + i)
        data.append(-2.0)
    degree = coo_matrix((data, (rows, cols)), shape=(k + 1, nvar)).tocsr()
    constraints = [LinearConstraint(degree[:k], 0, 0), LinearConstraint(degree[k:], 2, 2)]
    incumbent = _greedy(nbr, comp, 3 * k, random.Random(0))
    if len(incumbent) == k:
        return incumbent, k, True  # every card in one stack: nothing to prove
    best = incumbent if len(incumbent) > lower else []
    best_len = max(lower, len(incumbent))
    ub = k
    cut_rows: list[np.ndarray] = []
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            return best, ub, False
        cons = list(constraints)
        if cut_rows:
            cons.append(LinearConstraint(csr_matrix(np.array(cut_rows)), -np.inf, 0))
        res = milp(cost, constraints=cons, integrality=np.ones(nvar), bounds=Bounds(0, 1), options={"time_limit": left})
        if res.x is None:
            return best, ub, False
        dual = getattr(res, "mip_dual_bound", None)
        if res.status == 0:
            ub = min(ub, round(-res.fun))
        elif dual is not None and np.isfinite(dual):
            ub = min(ub, int(np.floor(-dual + 1e-6)))
        adj: dict[int, list[int]] = {}
        for e in range(m):
            if res.x[e] > 0.5:
                a, b = arcs[e]
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
        cycles, walk = _split(adj, dummy)
        walk = _patch(walk, cycles, adj, [{index[x] for x in _bits(nbr[v] & comp)} for v in verts])
        if len(walk) > len(best) and len(walk) > lower:
            best = [verts[i] for i in walk]
            best_len = max(best_len, len(best))
        if res.status != 0:
            return best, max(ub, best_len), False
        if ub <= best_len:
            return best, best_len, True
        for cyc in cycles:
            row = np.zeros(nvar)
            members = set(cyc)
            for e, (a, b) in enumerate(edges):
                if a in members and b in members:
                    row[e] = 1.0
            anchor = min(members)
            for i in members:
                if i != anchor:
                    row[m + i] -= 1.0
            cut_rows.append(row)


def _patch(walk: list[int], cycles: list[list[int]], adj: dict[int, list[int]], near: list[set[int]]) -> list[int]:
    """Splice the program's cycles into its path where the links allow (a better incumbent)."""
    walk = list(walk)
    for cyc in cycles:
        order = _cycle_order(cyc, adj)
        if order is None:
            continue
        done = False
        for r in range(len(order)):
            opened = order[r:] + order[:r]  # the cycle cut open before position r
            for piece in (opened, opened[::-1]):
                if walk and piece[0] in near[walk[-1]]:
                    walk += piece
                elif walk and piece[-1] in near[walk[0]]:
                    walk = piece + walk
                else:
                    spot = next((i for i in range(len(walk) - 1) if piece[0] in near[walk[i]] and piece[-1] in near[walk[i + 1]]), None)
                    if spot is None:
                        continue
                    walk = walk[: spot + 1] + piece + walk[spot + 1 :]
                done = True
                break
            if done:
                break
    return walk


def _cycle_order(cyc: list[int], adj: dict[int, list[int]]) -> list[int] | None:
    """The cards of one of the program's cycles in the order the cycle visits them."""
    order = [cyc[0]]
    prev = None
    while len(order) < len(cyc):
        nxt = [w for w in adj[order[-1]] if w != prev and w not in order[-2:]]
        if not nxt:
            return None
        prev = order[-1]
        order.append(nxt[0])
    return order


def _split(adj: dict[int, list[int]], dummy: int) -> tuple[list[list[int]], list[int]]:
    """The cycles of a 2-regular solution, and the path hanging from the virtual card (in order)."""
    seen: set[int] = set()
    walk: list[int] = []
    if dummy in adj:
        prev, cur = dummy, adj[dummy][0]
        seen.add(dummy)
        while cur != dummy:
            walk.append(cur)
            seen.add(cur)
            nxt = [w for w in adj[cur] if w != prev]
            prev, cur = cur, (nxt[0] if nxt else dummy)
    cycles = []
    for s in adj:
        if s in seen:
            continue
        cyc = []
        stack = [s]
        seen.add(s)
        while stack:
            u = stack.pop()
            cyc.append(u)
            for w in adj[u]:
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        cycles.append(cyc)
    return cycles, walk
