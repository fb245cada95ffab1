"""The page = the command line over the WHOLE option grid of tests/web/test_differential.py: every
point built by both faces and compared byte for byte (the suite builds a sample). Minutes.

    python3 bench/web_differential.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

if __name__ == "__main__":
    env = {**os.environ, "DECKGEN_DIFF_BUILDS": "all"}
    sys.exit(subprocess.call([sys.executable, "-m", "pytest", "-n", "0", "-q", str(ROOT / "tests/web/test_differential.py"),
                              "-k", "every_point_of_the_grid"], cwd=ROOT, env=env))
