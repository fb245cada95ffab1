"""`deckgen list` and `--help` load only what they print: no drawing, rulebook, algebra, solver or
plotting stack (README: start-up; the timing itself is measured there, never in a test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = [
    "reportlab", "jinja2", "sympy", "scipy", "numpy", "matplotlib", "PIL", "pydantic", "rich", "deckgen.fileio",
    "deckgen.render.faces", "deckgen.engine.simulate", "deckgen.deckfile.load", "deckgen.rulebook.spec",
]

PROBE = """
import json, sys
from deckgen.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("argv", [["list"], ["--help"], ["list", "--help"]])
def test_list_and_help_import_no_heavy_library(argv):
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert "deckgen.registry" in loaded and done.stdout.strip()
    assert [m for m in HEAVY if m in loaded] == []
    parts = {"engine", "faces", "rulebook", "schema", "help", "pen"}  # a game's drawing and rule stacks
    assert [m for m in loaded if m.startswith("deckgen.games.") and m.rsplit(".", 1)[-1] in parts] == []


def test_a_game_part_is_made_on_first_use_and_kept():
    from deckgen.registry import Deferred, Game, deferred

    calls = []
    game = Game(
        id="toy", title="Toy", summary={"es": "", "en": ""}, players=(2, 2), default_players=2, options=(),
        build=lambda r: None, checks=lambda d: [], faces=None, engine=Deferred(lambda: calls.append(1) or "engine"),
        rulebook=deferred("deckgen.options", "Option"),
    )
    assert calls == [] and game.engine == "engine" and game.engine == "engine" and calls == [1]
    assert game.rulebook.__name__ == "Option"
