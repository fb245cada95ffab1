"""Without a browser, the browser tests skip with their reason outside CI, and fail under CI=true."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ci, outcome", [("", "1 skipped"), ("true", "1 error")])
def test_browser_tests_without_a_browser(tmp_path, ci, outcome):
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PATH"] = str(tmp_path)  # no chromium, no chromedriver
    if ci:
        env["CI"] = ci
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/web/test_browser.py", "-k", "uploaded", "-p", "no:cacheprovider", "-n", "0"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert outcome in run.stdout, run.stdout[-2000:]
    reason = "chromium or chromedriver is not on PATH"
    assert reason in run.stdout  # the reason is shown either way
    if ci:
        assert run.returncode != 0 and "browser tests must run under CI" in run.stdout
    else:
        assert run.returncode == 0 and "SKIPPED" in run.stdout and "apt-get install chromium chromium-driver" in run.stdout
