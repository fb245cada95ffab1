"""What tracing costs, paired and interleaved: for every rule variant of the default decks, a plain
simulation (engine/simulate) and the same games traced and measured (the eight trace-and-standing
measures, no evaluator, skill or deal games), one after the other in alternating order, PASSES times.
On a loaded machine a pass of the same code moves by tens of percent; comparing two versions, run
their passes alternately (the code read is the one on PYTHONPATH):

    for i in 1 2 3; do for v in OLD NEW; do PYTHONPATH=$v python3 bench/measures_pair.py 1; done; done

Each line: the best plain and traced CPU seconds of this run, and the overhead of the summed CPU
seconds, with the load average. 100 games of Multipli Cat's (GM=...), 400 of the others.
"""
import sys, time, os, statistics
import deckgen.main  # noqa: F401  (as the command runs: numpy's BLAS on one thread)
from deckgen.registry import get_game
from deckgen.spec import spec_for
from deckgen.analysis.measures.run import Plan, run
from deckgen.analysis.measures.compute import measure
from deckgen.engine.simulate import simulate
R = int(sys.argv[1]); games = sys.argv[2:] or ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]
n = 4
jobs = []
for gid in games:
    game = get_game(gid); eng = game.engine; d = eng.design
    G = int(os.environ.get("GM", 100)) if gid == "multiplicats" else 400
    for label, deck in eng.variants(spec_for(game, cli={}).build()):
        kw = {'deal_games': 0} if 'deal_games' in Plan.of.__code__.co_varnames else {}
        plan = Plan.of(d, 1, games=G, evaluated_games=0, skill_games=0, **kw)
        jobs.append((gid, label, deck, plan, game))
res = {j[:2]: ([], []) for j in jobs}
def one(j, which):
    gid, label, deck, plan, game = j
    s = time.process_time()
    if which == 0:
        simulate(game.engine, deck, n, plan.games, plan.seed)
    else:
        measure(run(gid, deck, n, plan), game.engine.design, game=gid, variant=label, pace=game.seconds_per_turn)
    return time.process_time() - s
for j in jobs: one(j, 0); one(j, 1)  # warm
for r in range(R):
    for j in jobs:
        order = (0, 1) if r % 2 == 0 else (1, 0)
        for w in order:
            res[j[:2]][w].append(one(j, w))
for (gid, label), (p, t) in res.items():
    ratios = [b / a - 1 for a, b in zip(p, t)]
    print(f"{gid} {label}: plain {min(p):.3f}s traced {min(t):.3f}s  sum-ratio {100*(sum(t)/sum(p)-1):+.1f}%  median paired {100*statistics.median(ratios):+.1f}%  best-of {100*(min(t)/min(p)-1):+.1f}%  load {os.getloadavg()[0]:.1f}", flush=True)
