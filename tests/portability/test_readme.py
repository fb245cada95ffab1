"""The README tells a teacher how to install on each system and start with `serve --open`, says which
Python versions are tested, and .ci/run runs the portability checks it describes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_teachers_install_for_each_system():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    teacher = text[text.index("## For teachers: print a class deck"):text.index("## The games")]
    windows, macos = teacher.index("**Windows**"), teacher.index("**macOS**")
    assert "py -m pip install ." in teacher[windows:macos] and "py -m deckgen serve --open" in teacher[windows:macos]
    assert "python3 -m pip install ." in teacher[macos:] and "python3 -m deckgen serve --open" in teacher[macos:]
    assert "deckgen serve --open" in text[text.index("### Or in a web browser"):]


def test_the_tested_python_versions_are_the_claimed_ones():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    claimed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    oldest = re.fullmatch(r">=\s*(3\.\d+)", claimed).group(1)
    section = text[text.index("## Windows, macOS and Linux"):]
    assert f"Python {oldest} or newer" in section and f"with Python {oldest}" in section


def test_ci_runs_the_portability_checks():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 tests/portability/posix_blocked.py" in ci
    assert "DECKGEN_START_METHOD=spawn python3 -m pytest tests/portability/test_pools.py" in ci
    assert ci.index("python3 -m pytest\n") < ci.index("posix_blocked.py")  # the test command first, unchanged
