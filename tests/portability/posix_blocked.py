"""deckgen without the POSIX-only modules, as on Windows: run by .ci/run (``python3 tests/portability/posix_blocked.py``).

With ``fcntl``, ``termios``, ``resource``, ``pwd`` and ``grp`` set to None in ``sys.modules`` (so any
``import`` of them fails, as on Windows), it

1. imports every module of the deckgen package, in this process;
2. runs, in fresh processes where the same modules are blocked from start-up (a ``sitecustomize``
   on PYTHONPATH), and their workers started with ``spawn`` (Windows' only start method):
   ``deckgen build`` (one deck, published under the lock Windows' absence of fcntl leaves),
   ``deckgen simulate`` on two workers, and ``deckgen validate --report`` (its plots);
3. checks what they wrote: the PDF, the deck, the report and its PNG plots.

It prints one line per step and ``ok`` at the end; any failure exits non-zero with the reason.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

BLOCKED = ("fcntl", "termios", "resource", "pwd", "grp")
ROOT = Path(__file__).resolve().parents[2]

SITECUSTOMIZE = textwrap.dedent(
    f"""
    import sys
    for name in {BLOCKED!r}:
        sys.modules[name] = None  # `import name` now raises ImportError, as on Windows
    """
)


def block() -> None:
    for name in BLOCKED:
        sys.modules[name] = None


def import_everything() -> list[str]:
    import deckgen

    names = ["deckgen"]
    failures = []
    for info in pkgutil.walk_packages(deckgen.__path__, "deckgen."):
        names.append(info.name)
        try:
            importlib.import_module(info.name)
        except Exception as exc:  # noqa: BLE001 - every failure is listed
            failures.append(f"{info.name}: {type(exc).__name__}: {exc}")
    if failures:
        raise SystemExit("modules that need a POSIX-only module:\n  " + "\n  ".join(failures))
    for name in BLOCKED:
        assert sys.modules.get(name) is None, f"{name} was imported after all"
    return names


def run(args: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "deckgen", *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"deckgen {' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done.stdout


def main() -> None:
    block()
    names = import_everything()
    print(f"imported all {len(names)} deckgen modules with {', '.join(BLOCKED)} blocked")
    with tempfile.TemporaryDirectory(prefix="deckgen-posix-blocked-") as tmp:
        tmp_path = Path(tmp)
        site = tmp_path / "site"
        site.mkdir()
        (site / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")]),
                   DECKGEN_START_METHOD="spawn", XDG_CACHE_HOME=str(tmp_path / "cache"))
        probe = subprocess.run([sys.executable, "-c", "import fcntl"], env=env, capture_output=True, text=True)
        assert probe.returncode != 0 and "import of fcntl halted" in probe.stderr, "the blocking sitecustomize is not in effect"

        run(["build", "multiplicats", "--tables", "1-6", "--out", "deck", "--quiet"], env, tmp_path)
        deck = tmp_path / "deck"
        assert (deck / "cards.pdf").read_bytes().startswith(b"%PDF-"), "no cards.pdf"
        assert (deck / "deck.json").stat().st_size > 0 and (deck / "rulebook-es.pdf").exists()
        run(["build", "multiplicats", "--tables", "1-6", "--out", "deck", "--quiet"], env, tmp_path)  # replaces it whole
        left = sorted(p.name for p in tmp_path.iterdir())
        assert left in (["cache", "deck", "site"], ["deck", "site"]), f"leftovers beside the deck: {left}"
        print("built a Multipli Cat's deck twice (published, replaced whole, no lock or staging left)")

        out = run(["simulate", "multiplicats", "--tables", "1-6", "--games", "60", "--workers", "2", "--json", "--quiet"], env, tmp_path)
        assert '"games": 60' in out, out
        print("simulated 60 games on 2 spawned workers")

        run(["validate", "multiplicats", "--tables", "1-3", "--games", "80", "--workers", "2", "--skill-games", "0",
             "--report", "report", "--quiet"], env, tmp_path)
        pngs = sorted(p.name for p in (tmp_path / "report").glob("*.png"))
        assert pngs and all((tmp_path / "report" / p).read_bytes().startswith(b"\x89PNG") for p in pngs), pngs
        print(f"validate --report wrote {', '.join(pngs)}")
    print("ok")


if __name__ == "__main__":
    main()
