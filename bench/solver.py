"""Benchmark of the Hectoedra stack solver against a general-purpose integer program, in the same run.

    python bench/solver.py            # 1..100 (5 runs each), 100 random 20-card sets, the known values

Targets (issue 6): prove 77 for 1..100 faster than the general-purpose ILP measured here, and solve any
20-card set in well under 0.1 s. The ILP is the textbook model: an edge variable per link, a vertex
variable per card, a virtual start/end card, degree constraints, and the classic subtour cut
x(E(S)) <= |S| - 1 added for every cycle HiGHS returns (scipy.optimize.milp), until the solution is one
path. It has none of the solver's reductions, generalised cuts, incumbent or small-set search.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KNOWN = {10: 9, 12: 11, 20: 17, 30: 26, 50: 41, 68: 54, 100: 77}  # OEIS A337125


def textbook_ilp(cards: list[int]) -> int:
    """The general-purpose ILP: longest path by degree constraints and lazy |S| - 1 subtour cuts."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix, csr_matrix

    cards = sorted(cards)
    n = len(cards)
    if n <= 1:
        return n
    edges = [(i, j) for i in range(n) for j in range(i + 1, n) if cards[j] % cards[i] == 0]
    if not edges:
        return 1
    arcs = edges + [(i, n) for i in range(n)]
    m = len(arcs)
    cost = np.zeros(m + n)
    cost[m:] = -1.0
    rows, cols, data = [], [], []
    for e, (a, b) in enumerate(arcs):
        rows += [a, b]
        cols += [e, e]
        data += [1.0, 1.0]
    for i in range(n):
        rows.append(i)
        cols.append(m + i)
        data.append(-2.0)
    deg = coo_matrix((data, (rows, cols)), shape=(n + 1, m + n)).tocsr()
    cons = [LinearConstraint(deg[:n], 0, 0), LinearConstraint(deg[n:], 2, 2)]
    cuts: list = []
    rhs: list[float] = []
    while True:
        extra = [LinearConstraint(csr_matrix(np.array(cuts)), -np.inf, np.array(rhs))] if cuts else []
        res = milp(cost, constraints=cons + extra, integrality=np.ones(m + n), bounds=Bounds(0, 1))
        adj: dict[int, list[int]] = {}
        for e in range(m):
            if res.x[e] > 0.5:
                a, b = arcs[e]
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
        seen: set[int] = set()
        cycles = []
        for s in adj:
            if s in seen:
                continue
            comp, stack = {s}, [s]
            seen.add(s)
            while stack:
                u = stack.pop()
                for w in adj[u]:
                    if w not in seen:
                        seen.add(w)
                        comp.add(w)
                        stack.append(w)
            if n not in comp:
                cycles.append(comp)
        if not cycles:
            return round(-res.fun)
        for comp in cycles:
            row = np.zeros(m + n)
            for e, (a, b) in enumerate(edges):
                if a in comp and b in comp:
                    row[e] = 1.0
            cuts.append(row)
            rhs.append(len(comp) - 1)


def timed(fn, *args, repeat: int = 1):
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn(*args)
        times.append(time.perf_counter() - t)
    return out, times


def main() -> int:
    t = time.perf_counter()
    import scipy.optimize  # noqa: F401  (loading scipy is paid once per process, by both)

    scipy_load = time.perf_counter() - t
    from deckgen.games.hectoedra.solver import order_problems, solve

    print(f"loading scipy (once per process, not counted below): {scipy_load:.3f} s")
    print()
    full = list(range(1, 101))
    sol, s_times = timed(solve, full, repeat=5)
    ilp_len, i_times = timed(textbook_ilp, full, repeat=3)
    assert sol.proven and sol.length == 77 and ilp_len == 77 and not order_problems(sol.order, full)
    print("1..100, divisor rule (optimum 77)")
    print(f"  solver       proves {sol.length}: best {min(s_times):.3f} s, median {statistics.median(s_times):.3f} s over {len(s_times)} runs  [{', '.join(sol.methods)}]")
    print(f"  textbook ILP proves {ilp_len}: best {min(i_times):.3f} s, median {statistics.median(i_times):.3f} s over {len(i_times)} runs")
    print(f"  speed-up (best vs best): {min(i_times) / min(s_times):.1f}x")
    full_rule, f_times = timed(solve, full, "full", repeat=3)
    print(f"  --rule full: {full_rule.length} (proven {full_rule.proven}) in {min(f_times):.3f} s")
    print()

    rng = random.Random(20)
    sets = [rng.sample(range(1, 101), 20) for _ in range(100)]
    s20, i20, lengths = [], [], []
    for cards in sets:
        res, ts = timed(solve, cards)
        assert res.proven and not order_problems(res.order, cards)
        s20.append(ts[0])
        lengths.append(res.length)
        got, ti = timed(textbook_ilp, cards)
        assert got == res.length, (cards, got, res.length)
        i20.append(ti[0])
    print("100 random 20-card sets from 1..100 (seed 20), divisor rule")
    print(f"  solver        mean {1000 * statistics.fmean(s20):.2f} ms, median {1000 * statistics.median(s20):.2f} ms, max {1000 * max(s20):.2f} ms")
    print(f"  textbook ILP  mean {1000 * statistics.fmean(i20):.2f} ms, median {1000 * statistics.median(i20):.2f} ms, max {1000 * max(i20):.2f} ms")
    print(f"  optimum lengths: min {min(lengths)}, median {statistics.median(lengths):g}, max {max(lengths)}")
    hard = [list(range(1, 21)), list(range(81, 101)), list(range(2, 41, 2)), [x for x in range(1, 101) if x % 6 in (0, 1)][:20]]
    worst = max(timed(solve, c)[1][0] for c in hard)
    print(f"  structured 20-card sets (1..20, 81..100, evens to 40, 6k/6k+1): max {1000 * worst:.2f} ms")
    print()

    print("known values (OEIS A337125), solver")
    for n, best in KNOWN.items():
        res, ts = timed(solve, range(1, n + 1))
        flag = "ok" if res.proven and res.length == best else "WRONG"
        print(f"  1..{n:<3} {res.length:>3} (expected {best}) {flag}  {1000 * ts[0]:8.2f} ms  [{', '.join(res.methods)}]")
    print()
    ok = min(s_times) < min(i_times) and max(s20) < 0.1
    print("targets: " + ("met" if ok else "NOT met") + f" (1..100 {min(s_times):.3f} s vs ILP {min(i_times):.3f} s; 20-card max {1000 * max(s20):.1f} ms < 100 ms)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
