"""A load test on this computer (127.0.0.1): builds and a check sent at once, more than the server's
job slots, all complete with no error, the extra ones queued, and the server's own memory bounded.

The fewest jobs that show it: 3 builds and 1 check on 2 slots (two run, two wait). The issue's figure,
20 builds and 5 checks at once, is measured by bench/web_load.py (same code, same budget)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import web_load  # noqa: E402


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="memory is read from /proc (Linux)")
def test_builds_and_a_check_beyond_the_slots_at_once():
    run = subprocess.run(
        [sys.executable, "bench/web_load.py", "--builds", "3", "--checks", "1", "--jobs", "2", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    figures = json.loads(run.stdout.splitlines()[0])
    assert run.returncode == 0 and figures["errors"] == 0, (figures["error_messages"], run.stderr[-2000:])
    assert run.stdout.splitlines()[-1] == "errors: 0"
    assert figures["cards_per_build"] == [102]  # Multipli Cat's tables 1-6
    assert figures["most_ahead_in_queue"] >= 1  # 4 jobs, 2 slots: the last ones waited their turn
    # the server's own memory: jobs run in their own processes, so it barely moves
    assert figures["server_rss_mb_peak"] < web_load.SERVER_RSS_MB_PEAK == 300
    assert figures["server_rss_mb_peak"] - figures["server_rss_mb_before"] < web_load.SERVER_RSS_MB_GROWTH == 60
    assert figures["build_folders_left"] == 0  # each ZIP download removed its folder
    assert figures["folders_left_after_stop"] == 0
    assert web_load.over_budget(figures) == []


def test_the_budget_names_what_is_over():
    good = {"builds": 20, "checks": 5, "jobs": 2, "most_ahead_in_queue": 12, "server_rss_mb_before": 100.0,
            "server_rss_mb_peak": 120.0, "build_folders_left": 0, "folders_left_after_stop": 0}
    assert web_load.over_budget(good) == []
    assert web_load.over_budget({**good, "server_rss_mb_peak": 300.0}) == [
        "server memory peaked at 300.0 MB (budget 300)", "server memory grew by more than 60 MB"]
    assert web_load.over_budget({**good, "most_ahead_in_queue": 5}) == [
        "at most 5 jobs ahead in the queue: 23 should have waited their turn"]
    assert web_load.over_budget({**good, "folders_left_after_stop": 1}) == ["build folders were left behind"]
