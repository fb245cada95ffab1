"""PNG export speed: the full Multipli Cat's deck (160 faces and the back) at 300 dpi with The Game
Crafter's card size and bleed (825×1125 px each), with 1 worker and with every core.

    python3 bench/export.py [--repeat N]

Prints the wall time and the CPU time (this process and its workers) of each run, then a summary
line per worker count: the median and the spread (min-max) of N runs. The target: at most 20 s on a
2-core machine with both cores. Other work on the machine slows the wall time down (read the load
average printed at the top); the CPU time barely moves with it, and wall time on an idle machine
is about CPU time divided by the workers.

What serialised the pool (160 cards: 5.04 s with 1 worker, 5.03 s with 2) was the machine, not the
pool: the workers share the jobs and the CPU evenly and the main process does almost nothing, but on
a machine whose cores other sessions keep busy, Linux's autogroup scheduling gives one terminal
session one fair share of the CPU however many processes it starts. The last line measures that: the
speed-up a pool of pure-Python arithmetic gets right now. Where it is about 1, no pool can go faster.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's deckgen

from deckgen.render.export import default_workers, write_pngs
from deckgen.render.job import PrintJob
from deckgen.render.presets import preset
from deckgen.render.settings import PrintSettings
from deckgen.spec import spec_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    spec = spec_for("multiplicats", cli={})  # the default deck: tables 1-10 with specials
    deck = spec.build()
    tgc = preset("tgc")
    settings = PrintSettings.parse(card=tgc.card_size, bleed=tgc.bleed, dpi=tgc.dpi)
    cores = default_workers()
    print(f"{len(deck.cards)} faces + the back, {settings.dpi} dpi; {cores} cores; load average {os.getloadavg()[0]:.2f}")
    results: dict[int, list[float]] = {}
    for workers in sorted({1, cores}):
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as tmp:
                c0, t0 = _cpu(), time.perf_counter()
                files = write_pngs(Path(tmp), PrintJob(deck.cards, spec.game.faces, settings, dict(spec.options)), workers=workers)
                dt, cpu = time.perf_counter() - t0, _cpu() - c0
                assert len(files) == len(deck.cards) + 1
            results.setdefault(workers, []).append((dt, cpu))
            print(f"  {workers} worker(s): {dt:.2f} s wall, {cpu:.2f} s CPU")
    for workers, runs in results.items():
        wall, cpu = [r[0] for r in runs], [r[1] for r in runs]
        print(
            f"workers={workers}: wall median {statistics.median(wall):.2f} s (min {min(wall):.2f}, max {max(wall):.2f}), "
            f"CPU median {statistics.median(cpu):.2f} s (min {min(cpu):.2f}, max {max(cpu):.2f}), n={len(runs)}"
        )
    if cores > 1:
        png = statistics.median(r[0] for r in results[1]) / statistics.median(r[0] for r in results[cores])
        print(f"speed-up with {cores} workers: PNG export {png:.2f}; pure arithmetic on this machine now {machine_speed_up(cores):.2f}")


def _burn(n: int) -> int:
    s = 0
    for i in range(n):
        s += i * i
    return s


def machine_speed_up(workers: int, jobs: int = 8, n: int = 2_000_000) -> float:
    """Wall time of ``jobs`` pure-Python jobs in this process over their time in a pool of ``workers``:
    the most any pool can gain on this machine right now."""
    import multiprocessing as mp

    t0 = time.perf_counter()
    for _ in range(jobs):
        _burn(n)
    alone = time.perf_counter() - t0
    t0 = time.perf_counter()
    with mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn").Pool(workers) as pool:
        pool.map(_burn, [n] * jobs)
    return alone / (time.perf_counter() - t0)


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


if __name__ == "__main__":
    main()
