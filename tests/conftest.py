"""Suite-wide settings: hypothesis profiles, and no silent skip under CI.

- ``CI=true`` selects the hypothesis profile ``ci``: derandomized (a failure reproduces on any
  machine) with the examples each test asks for. Elsewhere the ``dev`` profile keeps hypothesis's
  random search and its database. ``HYPOTHESIS_PROFILE`` picks one by name.
- Under ``CI=true`` a skipped test is reported as a failure: CI has everything the suite needs
  (the source rulebooks beside the checkout, the browser), so a skip there can only hide a gap.
- Every test keeps deckgen's figures cache (XDG_CACHE_HOME) in its own temporary folder.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from sources import under_ci

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if under_ci() else "dev"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if under_ci() and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, where nothing may be skipped: {reason}"


@pytest.fixture(autouse=True)
def _private_figures_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
