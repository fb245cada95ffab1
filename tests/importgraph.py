"""The import graph of a package, read from its source (never imported), and the circles in it.

A module's edges are every ``import``/``from … import`` in its file, at any depth (a function-level
import is an arrow like any other). ``from a.b import c`` points at ``a.b.c`` when that is a module,
else at ``a.b``. Arrows into a package's ``__init__`` are ignored for circles (re-exports), as
``../shared/tools/import_circles.py`` does.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path


def modules(root: Path) -> dict[str, Path]:
    """Dotted name -> file for every ``.py`` under the package folder ``root``."""
    out = {}
    for f in sorted(root.rglob("*.py")):
        name = ".".join(f.relative_to(root.parent).with_suffix("").parts)
        if name.endswith(".__init__"):
            name = name[: -len(".__init__")]
        out[name] = f
    return out


def imports(root: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    return {m: set(e) for m, e in _imports(Path(root), _stamp(Path(root))).items()}


def _stamp(root: Path) -> tuple:
    """What the files are now (names, sizes, times): a changed file reads the package again."""
    return tuple((str(f), f.stat().st_size, f.stat().st_mtime_ns) for f in modules(root).values())


@lru_cache(maxsize=8)
def _imports(root: Path, stamp: tuple) -> dict[str, frozenset[str]]:
    mods = modules(root)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, f in mods.items():
        pkg = m if f.name == "__init__.py" else m.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = pkg.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                while name and name not in mods:
                    name = name.rsplit(".", 1)[0] if "." in name else ""
                if name and name != m and not m.startswith(name + "."):
                    edges[m].add(name)
    return {m: frozenset(e) for m, e in edges.items()}


def circles(root: Path) -> list[list[str]]:
    """Every strongly connected set of two or more modules (package ``__init__`` files left out), sorted."""
    mods = modules(root)
    edges = imports(root)
    inner = {m for m, f in mods.items() if f.name != "__init__.py"}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(inner):  # iterative Tarjan: no recursion limit to meet
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start] & inner)))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w] & inner))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return sorted(found)
