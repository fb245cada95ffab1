"""A plain ``pip install .`` has everything deckgen imports: every third-party module any deckgen
module imports (at the top or inside a function) comes from a base dependency in pyproject.toml,
but for the few named here, which are optional and say so in one line when missing. The plots
(validate --report, the web page's charts) need nothing more."""

from __future__ import annotations

import ast
import importlib.metadata as metadata
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OPTIONAL = {
    "distributed": "sweep --scheduler: Dask, the extra 'dask' (refused in one line without it)",
    "msvcrt": "Windows' own module, imported by deckgen.locking only on Windows",
    "fcntl": "POSIX's own module, imported by deckgen.locking only where it exists",
}
# imported by deckgen, installed by a base dependency that is built on them
CARRIED = {"click": "typer (typer >= 0.22 carries its own copy, tried first)", "starlette": "fastapi"}


def imported_modules() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "deckgen").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                found.setdefault(name.split(".")[0], set()).add(str(path.relative_to(ROOT)))
    return found


def base_dependencies() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {re.split(r"[<>=!~; \[]", d, maxsplit=1)[0].lower().replace("_", "-") for d in project["dependencies"]}


def test_every_third_party_import_is_a_base_dependency():
    owners = metadata.packages_distributions()
    base = base_dependencies()
    missing = {}
    for module, files in imported_modules().items():
        if module == "deckgen" or module in sys.stdlib_module_names or module in OPTIONAL or module in CARRIED or module == "__future__":
            continue
        dists = {d.lower().replace("_", "-") for d in owners.get(module, [])}
        if not dists & base:
            missing[module] = sorted(files)[:3]
    assert missing == {}, f"imported by deckgen but not installed by a plain `pip install .`: {missing}"


def test_the_carrying_dependencies_do_carry_them():
    for module, by in CARRIED.items():
        owner = by.split()[0]
        needs = {re.split(r"[<>=!~; \[(]", r, maxsplit=1)[0].lower() for r in metadata.requires(owner) or [] if "extra ==" not in r}
        typer_own = tuple(int(x) for x in metadata.version("typer").split(".")[:2]) >= (0, 22)
        assert module in needs or (module == "click" and typer_own), (module, owner)


def test_plots_are_a_base_dependency_drawn_without_a_display():
    assert "matplotlib" in base_dependencies()
    from deckgen.render.charts import png, pyplot

    plt = pyplot()
    assert plt.get_backend().lower() == "agg"
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4])
    assert png(fig).startswith(b"\x89PNG\r\n\x1a\n")
