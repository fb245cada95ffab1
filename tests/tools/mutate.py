"""Mutation testing for one module against its tests: a small, dependency-free tool.

    python3 tests/tools/mutate.py deckgen/games/maestras/rules.py            # tests/maestras
    python3 tests/tools/mutate.py deckgen/render/geometry.py --tests tests/print
    python3 tests/tools/mutate.py MODULE --lines 40-90 --jobs 2 --json out.json

Each mutant changes one thing in the module's syntax tree: a comparison flipped or loosened
(``<`` to ``<=``, ``==`` to ``!=``, ``in`` to ``not in``), ``and`` swapped with ``or``, a ``not``
dropped, an integer constant nudged by one, ``True``/``False`` swapped, an arithmetic ``+``/``-``
swapped, or a ``return`` value replaced by ``None``. The module's file is never touched: every
mutant runs in a child process whose import system serves the mutated source in place of the
module, and pytest runs the chosen tests there (``-x``: the first failure kills the mutant). A
mutant whose tests run past a time limit (three times the clean run, plus ten seconds) counts as
killed, since an endless loop is caught too. The tool prints killed and survived, then every
survivor with its line and the change, so each one can be closed by a test or explained as an
equivalent.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_COMPARE_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINOP_SWAPS: dict[type, type] = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv}


@dataclass(frozen=True)
class Mutant:
    index: int
    line: int
    change: str
    end: int = 0  # the last line of the node changed (a comparison can span lines)


def _symbol(op: ast.AST) -> str:
    return {
        ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
        ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.And: "and",
        ast.Or: "or", ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%",
    }.get(type(op), type(op).__name__)


def _is_docstring(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(node)
    return isinstance(parent, ast.Expr) and isinstance(parents.get(parent), (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))


class _Mutator(ast.NodeTransformer):
    """Walks the tree in a fixed order; counts mutation points, and applies the one asked for."""

    def __init__(self, target: int | None, lines: range | None) -> None:
        self.target = target
        self.lines = lines
        self.found: list[Mutant] = []
        self.parents: dict[ast.AST, ast.AST] = {}

    def _point(self, node: ast.AST, change: str) -> bool:
        line = getattr(node, "lineno", 0)
        if self.lines is not None and line not in self.lines:
            return False
        index = len(self.found)
        self.found.append(Mutant(index, line, change, getattr(node, "end_lineno", None) or line))
        return index == self.target

    def visit(self, node: ast.AST) -> ast.AST:
        for child in ast.iter_child_nodes(node):
            self.parents[child] = node
        return super().visit(node)

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            new = _COMPARE_SWAPS.get(type(op))
            if new and self._point(node, f"{_symbol(op)} -> {_symbol(new())}"):
                node.ops[i] = new()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        new = ast.Or if isinstance(node.op, ast.And) else ast.And
        if self._point(node, f"{_symbol(node.op)} -> {_symbol(new())}"):
            node.op = new()
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and self._point(node, "drop not"):
            return node.operand
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        new = _BINOP_SWAPS.get(type(node.op))
        if new and self._point(node, f"{_symbol(node.op)} -> {_symbol(new())}"):
            node.op = new()
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if _is_docstring(node, self.parents):
            return node
        value = node.value
        if isinstance(value, bool):
            if self._point(node, f"{value} -> {not value}"):
                return ast.copy_location(ast.Constant(not value), node)
        elif isinstance(value, int):
            if self._point(node, f"{value} -> {value + 1}"):
                return ast.copy_location(ast.Constant(value + 1), node)
        elif isinstance(value, float):
            if self._point(node, f"{value!r} -> {value + 1!r}"):
                return ast.copy_location(ast.Constant(value + 1), node)
        return node

    def visit_Return(self, node: ast.Return) -> ast.AST:
        self.generic_visit(node)
        if node.value is not None and not (isinstance(node.value, ast.Constant) and node.value.value is None):
            if self._point(node, "return None"):
                node.value = None
        return node


def mutants(source: str, lines: range | None = None) -> list[Mutant]:
    finder = _Mutator(None, lines)
    finder.visit(ast.parse(source))
    return finder.found


def mutated_source(source: str, index: int, lines: range | None = None) -> str:
    mutator = _Mutator(index, lines)
    tree = mutator.visit(ast.parse(source))
    return ast.unparse(ast.fix_missing_locations(tree))


# The child process: serve the mutated file's code for the module's import name, then run pytest.
# On the clean run it also records, for every line of the module, which tests execute it, and how
# long each test takes; a mutant then runs only the tests that reach its line, fastest first.
_BOOT = r"""
import importlib.abc, importlib.util, json, sys, threading, time
name, path, real, cover = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, target_path=None, target=None):
        if fullname != name:
            return None
        return importlib.util.spec_from_file_location(fullname, real, loader=self)
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        code = compile(open(path, encoding="utf-8").read(), real, "exec")
        exec(code, module.__dict__)
sys.meta_path.insert(0, Finder())
plugins = []
if cover != "-":
    lines, durations, current = {}, {}, [""]
    def local(frame, event, arg):
        if event == "line":
            lines.setdefault(frame.f_lineno, set()).add(current[0])
        return local
    def trace(frame, event, arg):
        if frame.f_code.co_filename == real:
            lines.setdefault(frame.f_lineno, set()).add(current[0])
            return local
        return None
    class Recorder:
        def pytest_runtest_setup(self, item):
            current[0] = item.nodeid
        def pytest_runtest_logreport(self, report):
            durations[report.nodeid] = durations.get(report.nodeid, 0.0) + report.duration
    plugins.append(Recorder())
    sys.settrace(trace)
    threading.settrace(trace)
import pytest
code = pytest.main(sys.argv[5:], plugins=plugins)
if cover != "-":
    sys.settrace(None)
    json.dump({"lines": {k: sorted(v) for k, v in lines.items()}, "durations": durations}, open(cover, "w"))
sys.exit(code)
"""


def _module_name(path: Path) -> str:
    rel = path.resolve().relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def default_tests(path: Path) -> list[str]:
    """games/<id>/x.py -> tests/<id>; render/ -> tests/print; otherwise the whole suite."""
    parts = path.resolve().relative_to(ROOT).parts
    if "games" in parts:
        game = parts[parts.index("games") + 1]
        return [f"tests/{game}"]
    if "render" in parts:
        return ["tests/print"]
    return ["tests"]


def _run(name: str, real: Path, source_file: Path, tests: list[str], timeout: float | None, cover: Path | None = None) -> tuple[int | None, float]:
    # "-n 0": the tests run in this process, where the mutated module is served and lines are traced
    # (pyproject's addopts start pytest-xdist workers, which would import the clean module)
    args = [sys.executable, "-c", _BOOT, name, str(source_file), str(real), str(cover or "-"), "-x", "-n", "0", "-p", "no:randomly", "-q",
            "-p", "no:cacheprovider", *tests]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", HYPOTHESIS_PROFILE=os.environ.get("HYPOTHESIS_PROFILE", "ci"))
    start = time.monotonic()
    try:
        done = subprocess.run(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start
    return done.returncode, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Mutation-test one module against its tests.")
    parser.add_argument("module", type=Path, help="the module's file, e.g. deckgen/games/mgc/rules.py")
    parser.add_argument("--tests", nargs="+", help="test files or folders (default: the module's own test folder)")
    parser.add_argument("--lines", help="only mutate lines A-B")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--all", action="store_true", help="run every mutant, even on lines the tests never execute in the test process (e.g. lines run only in worker processes)")
    parser.add_argument("--json", type=Path, help="also write the results as JSON here")
    opts = parser.parse_args(argv)

    path = opts.module.resolve()
    source = path.read_text(encoding="utf-8")
    lines = None
    if opts.lines:
        a, _, b = opts.lines.partition("-")
        lines = range(int(a), int(b or a) + 1)
    found = mutants(source, lines)
    if opts.list:
        for m in found:
            print(f"{m.index:4d}  line {m.line}: {m.change}")
        return 0
    tests = opts.tests or default_tests(path)
    name = _module_name(path)

    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        clean = Path(tmp) / "clean.py"
        clean.write_text(source, encoding="utf-8")
        cover = Path(tmp) / "covered.txt"
        code, seconds = _run(name, path, clean, tests, None, None if opts.all else cover)
        if code != 0:
            print(f"the tests fail on the unmutated module (exit {code}): fix them first", file=sys.stderr)
            return 2
        timeout = 3 * seconds + 10
        recorded = None if opts.all else json.loads(cover.read_text())
        print(f"{name}: {len(found)} mutants; tests {' '.join(tests)} take {seconds:.1f} s clean", flush=True)

        def one(m: Mutant) -> tuple[Mutant, str]:
            chosen = tests
            if recorded is not None:
                ids = {t for line in range(m.line, max(m.end, m.line) + 1) for t in recorded["lines"].get(str(line), [])}
                if not ids:
                    return m, "not run"  # the tests never execute this line (in their own process): nothing can kill it
                if "" not in ids:  # reached only inside tests (not while importing): run just those, fastest first
                    chosen = sorted(ids, key=lambda t: (recorded["durations"].get(t, 0.0), t))
            file = Path(tmp) / f"m{m.index}.py"
            file.write_text(mutated_source(source, m.index, lines), encoding="utf-8")
            code, _ = _run(name, path, file, chosen, timeout)
            verdict = "timeout" if code is None else ("survived" if code == 0 else "killed")
            return m, verdict

        results: list[tuple[Mutant, str]] = []
        with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
            for m, verdict in pool.map(one, found):
                results.append((m, verdict))
                print(f"  {len(results):4d}/{len(found)} line {m.line}: {m.change}: {verdict}", flush=True)

    survivors = [(m, v) for m, v in results if v in ("survived", "not run")]
    killed = len(results) - len(survivors)
    unrun = sum(1 for _, v in survivors if v == "not run")
    print(f"mutants: {len(results)}, killed: {killed}, survived: {len(survivors)} ({unrun} on lines the tests never run)")
    for m, v in survivors:
        print(f"SURVIVED line {m.line}: {m.change}" + (" (line never run by these tests)" if v == "not run" else ""))
    if opts.json:
        opts.json.write_text(json.dumps({
            "module": name, "tests": tests, "mutants": len(results), "killed": killed,
            "survivors": [{"line": m.line, "change": m.change, "run": v == "survived"} for m, v in survivors],
        }, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
