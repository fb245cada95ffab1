"""The house has no import circles: arrows between deckgen's modules point one way. The command line
and the web page stand on one request layer (deckgen/request.py) and the web never imports the
command line.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import importgraph
from sources import CHECKOUT, under_ci

DECKGEN = CHECKOUT / "deckgen"
TOOL = CHECKOUT.parent / "shared" / "tools" / "import_circles.py"


KNOWN: set[tuple[str, ...]] = set()  # no circle is tolerated


def test_deckgen_has_no_import_circle():
    found = [c for c in importgraph.circles(DECKGEN) if tuple(c) not in KNOWN]
    assert found == [], "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_two_faces_stand_on_the_request_layer_and_the_web_never_imports_the_command_line():
    edges = importgraph.imports(DECKGEN)
    web = [m for m in edges if m.startswith("deckgen.web.")]
    assert web and not [m for m in web if "deckgen.cli" in edges[m]]
    assert not {m for m in edges["deckgen.request"] if m == "deckgen.cli" or m.startswith("deckgen.web")}
    assert "deckgen.request" in edges["deckgen.cli"] and "deckgen.request" in edges["deckgen.web.forms"]
    # neither face imports the other: the composition root (deckgen/main.py) adds the web's `serve`
    assert not {m for m in edges["deckgen.cli"] if m.startswith("deckgen.web")}
    assert {"deckgen.cli", "deckgen.web.command"} <= edges["deckgen.main"]


@pytest.mark.parametrize("lower, upper", [
    # render: settings at the bottom, the page plan above them, exporters and printing advice on top
    ("deckgen.render.settings", ("deckgen.render.planning", "deckgen.render.printing", "deckgen.render.sheets",
                                 "deckgen.render.export", "deckgen.render.preview")),
    ("deckgen.render.planning", ("deckgen.render.printing", "deckgen.render.sheets", "deckgen.render.export")),
    ("deckgen.render.printing", ("deckgen.render.sheets", "deckgen.render.export")),
    # Maestras: the board picture is a view of the state; the engine plays the game it shows
    ("deckgen.games.maestras.board", ("deckgen.games.maestras.engine",)),
])
def test_layers_import_only_downwards(lower, upper):
    edges = importgraph.imports(DECKGEN)
    assert not edges[lower] & set(upper), f"{lower} imports {sorted(edges[lower] & set(upper))}"


def test_the_check_finds_circles_through_any_kind_of_import(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from pkg.a import A\n",  # a re-export: not an arrow for circles
        "a.py": "A = 1\nimport pkg.b\n",
        "b.py": "def f():\n    from pkg.sub import c  # a late import is an arrow too\n",
        "sub/__init__.py": "",
        "sub/c.py": "from .. import a\n",  # relative, through the package: pkg.a
        "d.py": "from pkg import a\n",  # into the circle, not part of it
        "e.py": "import pkg\nfrom pkg.f import g\n",
        "f.py": "from pkg.e import h\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(textwrap.dedent(text))
    assert importgraph.circles(pkg) == [["pkg.a", "pkg.b", "pkg.sub.c"], ["pkg.e", "pkg.f"]]
    (pkg / "f.py").write_text("X = 1\n")
    assert importgraph.circles(pkg) == [["pkg.a", "pkg.b", "pkg.sub.c"]]


def test_the_shared_tool_agrees():
    """``../shared/tools/import_circles.py`` (beside the checkout in CI) finds the same circles."""
    if not TOOL.is_file():
        message = f"{TOOL} is not there (../shared beside the checkout)"
        if under_ci():
            pytest.fail(message + "; under CI it must be there")
        pytest.skip(message)
    run = subprocess.run([sys.executable, str(TOOL), str(DECKGEN)], capture_output=True, text=True, timeout=120)
    theirs = sorted(sorted(line.removeprefix("circle: ").split(" -> ")) for line in run.stdout.splitlines() if line.startswith("circle: "))
    assert theirs == importgraph.circles(DECKGEN)
    assert {tuple(c) for c in theirs} <= KNOWN
