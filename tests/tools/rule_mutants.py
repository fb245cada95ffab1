"""Every row of the rule-coverage tables (``deckgen/games/<id>/RULES.md``) proves itself.

    python3 tests/tools/rule_mutants.py                  # every game, 2 jobs
    python3 tests/tools/rule_mutants.py multiplicats --jobs 1 --verbose

Each row names its tests and a *mutant* of its rule: a small textual patch to one file under
``deckgen/`` (``old`` replaced by ``new``, ``old`` found exactly once in that file), written in the
table's last column as

    `deckgen/games/<id>/<module>.py`: `old text` → `new text`

(a ``|`` inside the code is written ``\\|``). For each row the check lays out a temporary copy of the
checkout (hard links, so it is cheap), writes the patched file there (a new file: the checkout's own
file is never touched), and runs only the row's named tests against that copy, stopping at the first
failure. The row passes when a named test fails (pytest exit 1) or runs past the time limit (an
endless loop is noticed too); it fails the check when every named test still passes (exit 0), or
when the mutant cannot even be run (the patch does not apply, the copy does not import, no test is
collected). A few named tests of each game also run on an unpatched copy and must pass, so a
broken copy cannot pass for a killed mutant (that every named test passes unpatched is the test
suite's own business: ``.ci/run`` runs it next).

Speed: one parent process imports pytest and the third-party libraries once (then freezes them out
of the garbage collector's sight) and forks a child per mutant; the child imports deckgen from its
copy (the parent never imports deckgen) and runs ``pytest.main`` on the row's tests only. ``--jobs``
children run at once.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("maestras", "hectoedra", "multiplicats", "mgc", "monete")
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
MUTANT_REF = re.compile(r"^`(deckgen/[\w/]+\.py)`:\s*`(.+?)`\s*→\s*`(.*?)`$", re.S)
COPIED = ("deckgen", "tests", "templates", "decks", "pyproject.toml")  # what a test run needs
TIMEOUT = 90.0  # seconds one mutant's tests may run; past it the mutant counts as noticed
CLEAN_TESTS = 4  # named tests per game run on an unpatched copy (the full suite runs them all)


@dataclass(frozen=True)
class Row:
    game: str
    number: str
    cells: tuple[str, ...]

    @property
    def tests(self) -> list[str]:
        return [f"{path}::{name}" for path, name in TEST_REF.findall(self.cells[3])]

    @property
    def decision(self) -> str:
        return self.cells[4]

    @property
    def mutant_cell(self) -> str:
        return self.cells[5] if len(self.cells) > 5 else ""

    @property
    def label(self) -> str:
        return f"{self.game} row {self.number}"


@dataclass(frozen=True)
class Mutant:
    path: str
    old: str
    new: str


def split_row(line: str) -> list[str]:
    """A table line's cells; ``\\|`` is a pipe inside a cell, unescaped in the result."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    cells = re.split(r"(?<!\\)\|", body)
    return [c.strip().replace("\\|", "|") for c in cells]


def rows(game: str, root: Path = ROOT) -> list[Row]:
    text = (root / "deckgen" / "games" / game / "RULES.md").read_text(encoding="utf-8")
    table = [line for line in text.splitlines() if line.startswith("|")]
    return [Row(game, cells[0], tuple(cells)) for cells in map(split_row, table[2:])]


def parse_mutant(cell: str) -> Mutant | None:
    m = MUTANT_REF.match(cell.strip())
    if not m:
        return None
    return Mutant(m.group(1), m.group(2), m.group(3))


def mutant_problem(mutant: Mutant | None, root: Path = ROOT) -> str | None:
    """Why a mutant cannot be applied (None when it can)."""
    if mutant is None:
        return "no mutant (expected `deckgen/....py`: `old` → `new`)"
    file = root / mutant.path
    if not file.is_file():
        return f"no file {mutant.path}"
    if mutant.old == mutant.new:
        return "the mutant changes nothing"
    found = file.read_text(encoding="utf-8").count(mutant.old)
    if found != 1:
        return f"`{mutant.old}` occurs {found} times in {mutant.path}, not once"
    return None


def apply(mutant: Mutant, root: Path) -> None:
    """Write the patched file into ``root`` as a new file (the old one may be a hard link)."""
    file = root / mutant.path
    text = file.read_text(encoding="utf-8").replace(mutant.old, mutant.new, 1)
    file.unlink()
    file.write_text(text, encoding="utf-8")


def _ignore(_dir: str, names: list[str]) -> list[str]:
    return [n for n in names if n in ("__pycache__", ".hypothesis", ".pytest_cache") or n.endswith(".pyc")]


def lay_out_copy(dest: Path) -> None:
    """A copy of the checkout's code, tests and data, by hard links where the file system allows."""
    dest.mkdir(parents=True)
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            try:
                shutil.copytree(src, dest / name, copy_function=os.link, ignore=_ignore)
            except OSError:
                shutil.rmtree(dest / name, ignore_errors=True)
                shutil.copytree(src, dest / name, ignore=_ignore)
        elif src.is_file():
            shutil.copy2(src, dest / name)
    # one named test at a time needs no worker processes: drop pytest-xdist's options from the
    # copy's addopts (the children load no third-party plugin, xdist included)
    project = dest / "pyproject.toml"
    if project.is_file():
        text = project.read_text(encoding="utf-8")
        project.write_text(re.sub(r"""\s(?:-n|--numprocesses|--dist)[ =][^\s"']+""", "", text), encoding="utf-8")


def _preload() -> None:
    """Import the heavy third-party libraries once, in the parent (never deckgen itself)."""
    import gc

    for name in ("pytest", "hypothesis", "jinja2", "reportlab.pdfgen.canvas", "PIL.Image", "typer", "rich", "sympy", "numpy", "pypdf",
                 "pdfminer.pdfinterp", "pdfplumber", "starlette", "fastapi"):
        try:
            __import__(name)
        except Exception:  # noqa: BLE001 - a library the tests do not need here
            pass
    # what the children inherit is never garbage: out of the collector's sight, pytest's collections
    # at the end of each child (five, by its unraisable-exception plugin) no longer walk sympy's and
    # numpy's objects (0.6 s a child)
    gc.collect()
    gc.freeze()


def _child(copy: Path, tests: list[str]) -> None:
    """In the forked child: run the tests against ``copy`` and exit with pytest's code."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.chdir(copy)
        # the parent may be a test run that imported the checkout's own deckgen and tests: forget
        # them, so the child imports the copy's (mutated) code
        root = str(ROOT)
        for name, module in list(sys.modules.items()):
            where = getattr(module, "__file__", None) or ""
            if name == "deckgen" or name.startswith("deckgen.") or where.startswith(root):
                del sys.modules[name]
        sys.dont_write_bytecode = True
        sys.path[:0] = [str(copy), str(copy / "tests")]
        os.environ["PYTHONPATH"] = os.pathsep.join([str(copy), os.environ.get("PYTHONPATH", "")])
        os.environ.setdefault("HYPOTHESIS_PROFILE", "ci")
        os.environ["XDG_CACHE_HOME"] = str(copy / ".cache")
        # a skipped test proves nothing: under CI=true the suite turns a skip into a failure, which
        # here would pass for a killed mutant; so a skip stays a skip (and a row whose tests only
        # skip fails the check)
        os.environ.pop("CI", None)
        # the rule tests use no third-party pytest plugin: skip scanning and loading them all
        os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
        import pytest

        # --tb=native: a killed mutant's failure is never read (the output goes nowhere), and pytest's
        # own traceback looks up every module's source (0.3 s a child)
        code = pytest.main(["-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--tb=native", "--rootdir", str(copy), *tests])
        os._exit(int(code))
    except BaseException:  # noqa: BLE001 - anything else is "could not run"
        os._exit(3)


@dataclass
class Job:
    label: str
    tests: list[str]
    mutant: Mutant | None  # None: the clean run
    copy: Path | None = None
    pid: int = 0
    started: float = 0.0
    code: int | None = None
    seconds: float = 0.0


def verdict(job: Job) -> tuple[bool, str]:
    """(passes the check, what happened)."""
    if job.mutant is None:
        return job.code == 0, "clean run passes" if job.code == 0 else f"clean run FAILS (exit {job.code})"
    if job.code is None:
        return True, "noticed (time limit)"
    if job.code == 1:
        return True, "killed"
    if job.code == 0:
        return False, "SURVIVED: the named tests still pass under the mutant"
    return False, f"could not run (pytest exit {job.code}): the mutant breaks the import or no test was collected"


def run_jobs(jobs: list[Job], workers: int, tmp: Path, timeout: float, verbose: bool) -> None:
    _preload()
    queue = list(jobs)
    seeds = ROOT.parent / "shared"  # the source rulebooks beside the checkout (tests/sources.py)
    if seeds.is_dir() and not (tmp / "shared").exists():
        (tmp / "shared").symlink_to(seeds, target_is_directory=True)
    running: dict[int, Job] = {}
    n = 0
    while queue or running:
        while queue and len(running) < workers:
            job = queue.pop(0)
            n += 1
            job.copy = tmp / f"c{n}"
            lay_out_copy(job.copy)
            if job.mutant is not None:
                apply(job.mutant, job.copy)
            job.started = time.monotonic()
            pid = os.fork()
            if pid == 0:
                _child(job.copy, job.tests)
            job.pid = pid
            running[pid] = job
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            now = time.monotonic()
            for job in list(running.values()):
                if now - job.started > timeout:
                    os.kill(job.pid, signal.SIGKILL)
            time.sleep(0.02)
            continue
        job = running.pop(pid)
        job.seconds = time.monotonic() - job.started
        if os.WIFEXITED(status):
            job.code = os.WEXITSTATUS(status)
        else:
            job.code = None if job.seconds > timeout else 3
        shutil.rmtree(job.copy, ignore_errors=True)
        if verbose:
            ok, what = verdict(job)
            print(f"  {job.label}: {what} ({job.seconds:.1f} s)", flush=True)


def collect(games: tuple[str, ...], only: set[str] | None = None, clean: bool = True) -> tuple[list[Job], list[str]]:
    """The jobs to run, and the rows that fail before running anything."""
    jobs: list[Job] = []
    problems: list[str] = []
    for game in games:
        named: list[str] = []
        for row in rows(game):
            if only is not None and row.number not in only:
                continue
            tests = row.tests
            if not tests:
                problems.append(f"{row.label}: names no test")
                continue
            mutant = parse_mutant(row.mutant_cell)
            problem = mutant_problem(mutant)
            if problem:
                problems.append(f"{row.label}: {problem}")
                continue
            jobs.append(Job(row.label, tests, mutant))
            named += [t for t in tests if t not in named]
        if named and clean:  # a few named tests on an unpatched copy: the copy itself works
            jobs.append(Job(f"{game} clean run", named[:CLEAN_TESTS], None))
    # the clean runs are the longest: start them first so they overlap the mutants
    jobs.sort(key=lambda j: j.mutant is not None)
    return jobs, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check that every rule-coverage row's tests kill its mutant.")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=TIMEOUT)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--rows", help="only these row numbers (comma list), without the clean run: for working on a table")
    opts = parser.parse_args(argv)
    start = time.monotonic()
    only = set(opts.rows.split(",")) if opts.rows else None
    jobs, problems = collect(tuple(opts.games), only, clean=only is None)
    with tempfile.TemporaryDirectory(prefix="rule-mutants-") as tmp:
        run_jobs(jobs, max(1, opts.jobs), Path(tmp), opts.timeout, opts.verbose)
    failed = list(problems)
    for job in jobs:
        ok, what = verdict(job)
        if not ok:
            failed.append(f"{job.label}: {what} [{' '.join(job.tests)}]")
    mutants = sum(1 for j in jobs if j.mutant is not None)
    print(f"rule mutants: {mutants} run, {mutants - sum(1 for j in jobs if j.mutant and not verdict(j)[0])} killed, "
          f"{len(problems)} rows without a runnable mutant; {time.monotonic() - start:.0f} s")
    for line in failed:
        print("FAIL " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
