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
from deckgen.main import main
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


BUILD_NEEDS_NOT = [  # what `deckgen build multiplicats --quiet` has no use for (issue 33: PDF writing)
    "pydantic", "pydantic_core", "rich", "sympy", "scipy", "numpy", "matplotlib", "pypdfium2", "dask", "fastapi",
    "starlette", "uvicorn", "httpx", "PIL.ImageDraw", "PIL.ImageFont", "xml.sax.saxutils", "urllib.request", "http.client",
    "ssl", "deckgen.deckfile.schema", "deckgen.engine.simulate", "deckgen.engine.validate", "deckgen.engine.modelcheck",
    "deckgen.render.preview", "deckgen.render.png_pen", "deckgen.render.charts", "deckgen.analysis", "deckgen.web.app",
    "deckgen.engine.game", "deckgen.games.multiplicats.engine",  # the rule engine: the rulebook's player counts come from the deck
    "deckgen.games.mgc", "deckgen.games.monete", "deckgen.games.maestras", "deckgen.games.hectoedra",  # the other games
    "ctypes",  # renameat2, only to replace a folder that exists (this build's is new)
]


def test_a_quiet_build_imports_only_what_it_draws_with(tmp_path):
    """The default build loads reportlab and jinja2 and none of the stacks it does not use: not the
    deck-file schema or typer's validators (pydantic), not the progress bars (rich), not the ink
    figures' renderer (pypdfium2), not the algebra, simulation, plotting or web stacks (README: start-up)."""
    argv = ["build", "multiplicats", "--quiet", "--seed", "7", "--out", str(tmp_path / "o")]
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert done.stdout.strip() == f"{tmp_path / 'o'}/" and (tmp_path / "o" / "cards.pdf").is_file()
    assert {"reportlab.pdfgen.canvas", "reportlab.platypus", "jinja2", "deckgen.rulebook.render", "deckgen.render.sheets"} <= loaded
    assert [m for m in BUILD_NEEDS_NOT if m in loaded or any(n.startswith(m + ".") for n in loaded)] == []


def test_one_game_is_found_without_loading_the_others():
    probe = """
import sys
from deckgen.registry import find_game, get_game, games
game = find_game("monete")
print(game.id, sorted(m for m in sys.modules if m.startswith("deckgen.games.") and m.count(".") == 2))
print(find_game("Monete"), find_game("__init__"), find_game("os"), get_game(" MONETE ") is game is games()["monete"])
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.splitlines() == ["monete ['deckgen.games.monete']", "None None None True"]


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


def test_a_lazy_module_runs_its_code_on_first_use_only(tmp_path, monkeypatch):
    from deckgen.lazy import lazy_module

    (tmp_path / "lazy_probe.py").write_text("import sys\nsys.lazy_probe_runs += 1\nVALUE = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "lazy_probe_runs", 0, raising=False)
    try:
        module = lazy_module("lazy_probe")
        assert sys.modules["lazy_probe"] is module and sys.lazy_probe_runs == 0  # nothing ran yet
        assert module.VALUE == 7 and sys.lazy_probe_runs == 1
        assert lazy_module("lazy_probe") is module and module.VALUE == 7 and sys.lazy_probe_runs == 1
    finally:
        sys.modules.pop("lazy_probe", None)
    with pytest.raises(ImportError):
        lazy_module("lazy_probe_that_does_not_exist")


def test_python_dash_m_deckgen_is_the_same_command_line():
    """`python3 -m deckgen …` (used in the README's timing commands) runs the CLI: same output, same exit codes."""
    listed = subprocess.run([sys.executable, "-m", "deckgen", "list"], capture_output=True, text=True, cwd=ROOT)
    assert listed.returncode == 0 and "multiplicats" in listed.stdout and "maestras" in listed.stdout
    unknown = subprocess.run([sys.executable, "-m", "deckgen", "build", "no-such-game"], capture_output=True, text=True, cwd=ROOT)
    assert unknown.returncode == 2 and "no-such-game" in unknown.stderr + unknown.stdout and "Traceback" not in unknown.stderr
