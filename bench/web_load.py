"""Load on `deckgen serve`, on this computer only (127.0.0.1): many builds and checks at once.

    python3 bench/web_load.py                      # 20 builds and 5 checks at once, the cores as --jobs
    python3 bench/web_load.py --builds 20 --checks 5 --jobs 2   # the issue's figure (its budget below)
    python3 bench/web_load.py --builds 40 --jobs 2 --json

Starts the server, sends every job at once from its own thread, follows each one's event stream to
the end, downloads cards.pdf (and a build's ZIP, which removes its folder), and samples the memory
of the server process and of its job processes every 0.1 s (Linux /proc). Prints the figures; the
last line is `errors: N`. Exit 1 on any error, or when a figure is over its budget (BUDGET: the
server's own memory, most jobs waiting their turn, no folder left behind).

tests/web/test_load.py runs the same code with the fewest jobs that show correctness under
concurrency (3 builds and a check on 2 slots); the 20-and-5 figure is measured here, not in the suite.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
BUILD = {"game": "multiplicats", "tables": "1-6"}
CHECK = {"game": "multiplicats", "tables": "1-6", "players": "4", "games": "20"}


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except OSError:
                kids = []
            out.extend(kids)
            todo.extend(kids)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_job(url: str, kind: str, form: dict, out: dict) -> None:
    start = time.monotonic()
    try:
        with httpx.Client(base_url=url, timeout=600) as c:
            r = c.post(f"/api/{kind}", json=form)  # JSON: the API takes it without the page's CSRF token
            r.raise_for_status()
            job = r.json()
            final, ahead = None, job["ahead"]
            with c.stream("GET", f"/api/jobs/{job['id']}/events") as s:
                for line in s.iter_lines():
                    if line.startswith("data: "):
                        final = json.loads(line[6:])
                        ahead = max(ahead, final["ahead"])
            if final is None or final["state"] != "done":
                raise RuntimeError(final and final["error"])
            name = "cards.pdf" if kind == "build" else "report.txt"
            body = c.get(f"/api/jobs/{job['id']}/files/{name}")
            body.raise_for_status()
            if kind == "build":
                assert body.content.startswith(b"%PDF")
                c.get(f"/api/jobs/{job['id']}/zip").raise_for_status()
            out.update(ok=True, seconds=time.monotonic() - start, ahead=ahead, cards=final["result"]["cards"])
    except Exception as exc:  # noqa: BLE001 - counted and shown
        out.update(ok=False, seconds=time.monotonic() - start, error=f"{type(exc).__name__}: {exc}")


SERVER_RSS_MB_PEAK = 300  # the server's own memory: jobs run in their own processes
SERVER_RSS_MB_GROWTH = 60


def over_budget(figures: dict) -> list[str]:
    """What is over budget in ``figures`` (empty: all within)."""
    out = []
    if figures["server_rss_mb_peak"] >= SERVER_RSS_MB_PEAK:
        out.append(f"server memory peaked at {figures['server_rss_mb_peak']} MB (budget {SERVER_RSS_MB_PEAK})")
    if figures["server_rss_mb_peak"] - figures["server_rss_mb_before"] >= SERVER_RSS_MB_GROWTH:
        out.append(f"server memory grew by more than {SERVER_RSS_MB_GROWTH} MB")
    waiting = figures["builds"] + figures["checks"] - figures["jobs"]
    if waiting > 0 and figures["most_ahead_in_queue"] < max(1, waiting // 2):
        out.append(f"at most {figures['most_ahead_in_queue']} jobs ahead in the queue: {waiting} should have waited their turn")
    if figures["build_folders_left"] or figures["folders_left_after_stop"]:
        out.append("build folders were left behind")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--builds", type=int, default=20)
    ap.add_argument("--checks", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    tmp = ROOT / "output" / "web-load-tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp))
    server = subprocess.Popen(
        [sys.executable, "-m", "deckgen", "serve", "--port", str(port), "--jobs", str(args.jobs), "--quiet", "--time-limit", "600"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        for _ in range(300):
            try:
                httpx.get(url + "/", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            raise SystemExit("the server did not start")
        httpx.post(url + "/api/preview", json=BUILD, timeout=60)  # warm: the first render loads fonts
        base = rss_kb(server.pid)
        peak, kids_peak, stop = [base], [0], threading.Event()

        def sample() -> None:
            while not stop.is_set():
                peak[0] = max(peak[0], rss_kb(server.pid))
                kids_peak[0] = max(kids_peak[0], sum(rss_kb(k) for k in descendants(server.pid)))
                time.sleep(0.1)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        results = [{"kind": "build"} for _ in range(args.builds)] + [{"kind": "check"} for _ in range(args.checks)]
        start = time.monotonic()
        threads = [threading.Thread(target=one_job, args=(url, r["kind"], BUILD if r["kind"] == "build" else CHECK, r)) for r in results]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - start
        stop.set()
        sampler.join()
        end = rss_kb(server.pid)
        left = sum(1 for p in tmp.rglob("cards.pdf"))
    finally:
        server.terminate()
        server.wait(timeout=30)
        leftovers = [p.name for p in tmp.glob("deckgen-web-*")]  # the server removes its folders when it stops
        shutil.rmtree(tmp, ignore_errors=True)
    errors = [r for r in results if not r.get("ok")]
    times = {k: [r["seconds"] for r in results if r["kind"] == k and r.get("ok")] for k in ("build", "check")}
    figures = {
        "builds": args.builds, "checks": args.checks, "jobs": args.jobs, "wall_s": round(wall, 1),
        "build_s_median": round(statistics.median(times["build"]), 1) if times["build"] else None,
        "build_s_max": round(max(times["build"]), 1) if times["build"] else None,
        "check_s_median": round(statistics.median(times["check"]), 1) if times["check"] else None,
        "check_s_max": round(max(times["check"]), 1) if times["check"] else None,
        "most_ahead_in_queue": max((r.get("ahead", 0) for r in results), default=0),
        "server_rss_mb_before": round(base / 1024, 1), "server_rss_mb_peak": round(peak[0] / 1024, 1),
        "server_rss_mb_after": round(end / 1024, 1), "job_processes_rss_mb_peak": round(kids_peak[0] / 1024, 1),
        "build_folders_left": left, "folders_left_after_stop": len(leftovers), "cards_per_build": sorted({r.get("cards") for r in results if r["kind"] == "build" and r.get("ok")}),
        "errors": len(errors), "error_messages": sorted({r["error"] for r in errors})[:5],
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            if k != "errors":
                print(f"{k:28} {v}")
    over = over_budget(figures)
    for line in over:
        print(f"over budget: {line}", file=sys.stderr)
    print(f"errors: {len(errors)}")
    return 1 if errors or over else 0


if __name__ == "__main__":
    sys.exit(main())
