"""The rule-coverage tables (``deckgen/games/<id>/RULES.md``) cannot rot: every row names code that
exists and a test that exists, or a decision with an option the game really has."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest

from deckgen.registry import get_game

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("maestras", "hectoedra", "multiplicats", "mgc", "monete")
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
CODE_REF = re.compile(r"`(deckgen/[\w/]+\.py)(?:::([\w.]+))?`")
OPTION_REF = re.compile(r"`--([a-z][a-z0-9-]*)`")


def rows(game_id: str) -> list[list[str]]:
    text = (ROOT / "deckgen" / "games" / game_id / "RULES.md").read_text(encoding="utf-8")
    table = [line for line in text.splitlines() if line.startswith("|")]
    out = []
    for line in table[2:]:  # the header and its rule line
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        out.append(cells)
    return out


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
        assert len(cells) == 5, f"{game_id}: a row needs 5 cells: {cells}"
        number, rule, code, tests, decision = cells
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
        assert named_tests or (named_options and decision), (
            f"{game_id} row {number} ({rule[:50]}...): neither a test nor a decision with its option"
        )
        assert named_tests or code or named_options, f"{game_id} row {number}: nothing implements it"
    assert len(set(numbers)) == len(numbers), f"{game_id}: row numbers repeat"


def test_the_checker_refuses_a_missing_test_or_option():
    assert "test_scoring_masters_then_cards_then_shared" in names_of_tests("tests/maestras/test_rules.py")
    assert "test_no_such_thing" not in names_of_tests("tests/maestras/test_rules.py")
    assert defines("deckgen/games/maestras/state.py", "MaestrasState._settle")
    assert not defines("deckgen/games/maestras/state.py", "MaestrasState._no_such_method")
    assert defines("deckgen/games/maestras/deck.py", "PLAYERS")
    assert "main_end" in option_names("maestras") and "no_such_option" not in option_names("maestras")
