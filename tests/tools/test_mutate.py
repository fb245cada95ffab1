"""The mutation-testing tool: which mutants it makes, that it never touches the module's file, and
that a mutant is killed exactly when a test notices it."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import mutate  # noqa: E402

SNIPPET = '''"""Doc."""
LIMIT = 3


def ok(a, b):
    """Docstrings are never mutated."""
    if a < b and not a == 0:
        return a + 1
    return True
'''


def test_the_mutants_of_a_snippet():
    changes = [(m.line, m.change) for m in mutate.mutants(SNIPPET)]
    assert changes == [
        (2, "3 -> 4"),
        (7, "< -> <="), (7, "0 -> 1"), (7, "== -> !="), (7, "drop not"), (7, "and -> or"),
        (8, "1 -> 2"), (8, "+ -> -"), (8, "return None"),
        (9, "True -> False"), (9, "return None"),
    ]
    assert [m.change for m in mutate.mutants(SNIPPET, range(8, 9))] == ["1 -> 2", "+ -> -", "return None"]


def test_each_mutant_changes_exactly_its_own_point():
    clean = ast.dump(ast.parse(SNIPPET))
    sources = {mutate.mutated_source(SNIPPET, m.index) for m in mutate.mutants(SNIPPET)}
    assert len(sources) == 11 and all(ast.dump(ast.parse(s)) != clean for s in sources)
    assert "if a <= b and (not a == 0)" in mutate.mutated_source(SNIPPET, 1)
    assert "        return\n    return True" in mutate.mutated_source(SNIPPET, 8)


@pytest.fixture
def bare_pytest(monkeypatch):
    """The tool's children run pytest on a test file of their own that needs no plugin: without the
    installed plugins' loading (hypothesis, benchmark, ...), each child starts in a fraction of a
    second instead of seconds (the clean run traces every line it executes, the plugins' imports
    included): the run takes 6 s instead of 40 on a busy machine. What the tool decides is the same.
    pytest-xdist alone is loaded: the tool passes its "-n 0"."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.setenv("PYTEST_PLUGINS", "xdist.plugin")


def test_a_run_kills_what_the_tests_check_and_lists_the_rest(tmp_path, capsys, bare_pytest):
    module = Path(mutate.ROOT) / "deckgen" / "bitset.py"
    before = module.read_bytes()
    tests = tmp_path / "test_bits.py"
    tests.write_text("from deckgen.bitset import members\n\ndef test_members():\n    assert members(0b10110) == [1, 2, 4]\n")
    out = tmp_path / "result.json"
    assert mutate.main([str(module), "--tests", str(tests), "--jobs", "2", "--json", str(out)]) == 0
    result = json.loads(out.read_text())
    assert module.read_bytes() == before  # the module's file is never written
    assert result["mutants"] == len(mutate.mutants(before.decode()))
    # `low.bit_length() - 1` -> `+ 1`, `- 1` -> `- 2`, `return None`, ... are all caught by the one test
    assert result["killed"] == result["mutants"] and result["survivors"] == []
    printed = capsys.readouterr().out
    assert f"mutants: {result['mutants']}, killed: {result['mutants']}, survived: 0" in printed


def test_a_weak_test_leaves_survivors(tmp_path, bare_pytest):
    module = Path(mutate.ROOT) / "deckgen" / "bitset.py"
    tests = tmp_path / "test_weak.py"
    tests.write_text("from deckgen.bitset import members\n\ndef test_members():\n    assert members(0) == []\n")
    out = tmp_path / "result.json"
    mutate.main([str(module), "--tests", str(tests), "--jobs", "2", "--json", str(out)])
    survivors = json.loads(out.read_text())["survivors"]
    assert {"line": 11, "change": "- -> +", "run": False} in survivors  # the loop body never runs on 0
