"""The rule-coverage tables (``deckgen/games/<id>/RULES.md``) cannot rot: every row names code that
exists, a test that exists, any decision's option that the game really has, and a mutant of its rule
that applies to the code (found exactly once). Whether the named tests really fail under each row's
mutant is checked by ``tests/tools/rule_mutants.py`` (run by ``.ci/run``; it runs tests itself, so it
is not part of this quick check)."""

from __future__ import annotations

import ast
import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from deckgen.registry import get_game

sys.path.insert(0, str(Path(__file__).parent / "tools"))
import rule_mutants  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("maestras", "hectoedra", "multiplicats", "mgc", "monete")
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
CODE_REF = re.compile(r"`(deckgen/[\w/]+\.py)(?:::([\w.]+))?`")
OPTION_REF = re.compile(r"`--([a-z][a-z0-9-]*)`")


def rows(game_id: str) -> list[list[str]]:
    return [list(row.cells) for row in rule_mutants.rows(game_id, ROOT)]


@lru_cache(maxsize=None)
def names_of_tests(path: str) -> frozenset[str]:
    """Test function names defined in a test file (module level and in Test* classes), read with ast."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            names.update(f.name for f in node.body if isinstance(f, ast.FunctionDef) and f.name.startswith("test"))
    return frozenset(names)


@lru_cache(maxsize=None)
def module_tree(path: str) -> ast.Module:
    return ast.parse((ROOT / path).read_text(encoding="utf-8"))


def defines(path: str, dotted: str) -> bool:
    """Does the module at ``path`` define ``dotted`` (a function, class, Class.method or assigned name)?"""
    body = module_tree(path).body
    for part in dotted.split("."):
        found = None
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == part:
                found = node
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == part for t in targets):
                    found = node
        if found is None:
            return False
        body = getattr(found, "body", [])
    return True


def option_names(game_id: str) -> set[str]:
    return {o.name for o in get_game(game_id).options}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_row_names_real_code_and_a_real_test_or_a_decision_with_a_real_option(game_id):
    table = rows(game_id)
    assert len(table) >= 10, f"{game_id}: the coverage table has only {len(table)} rows"
    options = option_names(game_id)
    numbers = []
    for cells in table:
        assert len(cells) == 6, f"{game_id}: a row needs 6 cells: {cells}"
        number, rule, code, tests, decision, mutant = cells
        numbers.append(number)
        assert rule, f"{game_id} row {number}: no rule"
        for path, symbol in CODE_REF.findall(code):
            assert (ROOT / path).is_file(), f"{game_id} row {number}: no file {path}"
            if symbol:
                assert defines(path, symbol), f"{game_id} row {number}: {path} does not define {symbol}"
        named_tests = TEST_REF.findall(tests)
        for path, name in named_tests:
            assert (ROOT / path).is_file(), f"{game_id} row {number}: no test file {path}"
            assert name in names_of_tests(path), f"{game_id} row {number}: {path} has no test {name}"
        named_options = OPTION_REF.findall(decision)
        for flag in named_options:
            name = flag.replace("-", "_")
            if name not in options and name.startswith("no_"):
                name = name[3:]
            assert name in options, f"{game_id} row {number}: {game_id} has no option --{flag}"
        # every row, a decision's too, names the test that proves it and the mutant that test kills
        assert named_tests, f"{game_id} row {number} ({rule[:50]}...): names no test"
        assert code, f"{game_id} row {number}: names no code"
        problem = rule_mutants.mutant_problem(rule_mutants.parse_mutant(mutant), ROOT)
        assert problem is None, f"{game_id} row {number}: {problem}"
    assert len(set(numbers)) == len(numbers), f"{game_id}: row numbers repeat"


def test_the_checker_refuses_a_missing_test_or_option():
    assert "test_scoring_masters_then_cards_then_shared" in names_of_tests("tests/maestras/test_rules.py")
    assert "test_no_such_thing" not in names_of_tests("tests/maestras/test_rules.py")
    assert defines("deckgen/games/maestras/state.py", "MaestrasState._place")
    assert defines("deckgen/games/maestras/ending.py", "Ending._settle")
    assert not defines("deckgen/games/maestras/state.py", "MaestrasState._no_such_method")
    assert defines("deckgen/games/maestras/deck.py", "PLAYERS")
    assert "main_end" in option_names("maestras") and "no_such_option" not in option_names("maestras")


def test_a_row_cell_may_hold_an_escaped_pipe_and_a_mutant_is_parsed_and_applied(tmp_path):
    cells = rule_mutants.split_row(r"| 3 | rule | `code` | `tests/x.py::test_y` | | `deckgen/a.py`: `a \| b` → `a & b` |")
    assert cells == ["3", "rule", "`code`", "`tests/x.py::test_y`", "", "`deckgen/a.py`: `a | b` → `a & b`"]
    mutant = rule_mutants.parse_mutant(cells[5])
    assert mutant == rule_mutants.Mutant("deckgen/a.py", "a | b", "a & b")
    (tmp_path / "deckgen").mkdir()
    (tmp_path / "deckgen" / "a.py").write_text("x = a | b\ny = a | c\n", encoding="utf-8")
    assert rule_mutants.mutant_problem(mutant, tmp_path) is None
    assert "occurs 0 times" in rule_mutants.mutant_problem(rule_mutants.Mutant("deckgen/a.py", "zz", "z"), tmp_path)
    assert "occurs 2 times" in rule_mutants.mutant_problem(rule_mutants.Mutant("deckgen/a.py", "= a", "= b"), tmp_path)
    assert "changes nothing" in rule_mutants.mutant_problem(rule_mutants.Mutant("deckgen/a.py", "a", "a"), tmp_path)
    assert rule_mutants.parse_mutant("`deckgen/a.py` a -> b") is None
    rule_mutants.apply(mutant, tmp_path)
    assert (tmp_path / "deckgen" / "a.py").read_text(encoding="utf-8") == "x = a & b\ny = a | c\n"


def test_the_mutant_check_fails_a_row_whose_tests_survive_and_passes_one_they_kill(tmp_path):
    """The checker itself, on a real row: the test kills a real mutant, survives a harmless one,
    and a mutant that breaks the import is not counted as killed."""
    test = ["tests/multiplicats/test_rules.py::test_two_players_play_two_piles_each_seated_alternately"]
    jobs = [
        rule_mutants.Job("killed", test, rule_mutants.Mutant("deckgen/games/multiplicats/rules.py", "return [0, 1, 0, 1] if players == 2", "return [0, 0, 1, 1] if players == 2")),
        rule_mutants.Job("survives", test, rule_mutants.Mutant("deckgen/games/multiplicats/rules.py", '"""Who plays each pile', '"""Who plays every pile')),
        rule_mutants.Job("broken", test, rule_mutants.Mutant("deckgen/games/multiplicats/rules.py", "def pile_owners(", "def pile_owners((")),
    ]
    rule_mutants.run_jobs(jobs, 2, tmp_path, 120, False)
    assert [rule_mutants.verdict(j)[0] for j in jobs] == [True, False, False]
    assert "SURVIVED" in rule_mutants.verdict(jobs[1])[1] and "could not run" in rule_mutants.verdict(jobs[2])[1]
