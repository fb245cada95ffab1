"""How many examples the fuzz tests run: 200 in CI (CI=true, derandomized so a run is repeatable),
120 otherwise, or DECKGEN_FUZZ_EXAMPLES (e.g. 5000 for a thorough run)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

IN_CI = os.environ.get("CI", "").lower() == "true"
EXAMPLES = int(os.environ.get("DECKGEN_FUZZ_EXAMPLES", "200" if IN_CI else "120"))
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=IN_CI,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
