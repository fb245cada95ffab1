"""Time and peak memory of every hostile input of tests/test_hostile.py, each run as its own
`deckgen validate` (deck files, refused ones and the heavy ones within the limits) or `deckgen build`
(argument lists) process; the worst case last.

    python3 bench/hostile.py

Each line: seconds (wall), CPU seconds (user + system), peak resident memory (MB), exit code, case. The wall time includes
starting Python and importing deckgen (the `startup` line measures that alone)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from test_hostile import ARGS, BIG_HANDS, CAPABILITY_ARGS, DECK_FILES, IMAGES, MAESTRAS_HUGE  # noqa: E402

# deck files within the limits that once made validate run for minutes (issue 29, issue 41 item 1):
# validated whole, with default settings (bench/worst_deck.py searches for worse ones)
HEAVY = {"validate: MGC, 3,000 draw cards and 13 monomials x 150": BIG_HANDS,
         "validate: Cartas Maestras, 1,298 cards, hands by the thousand, tie-break always": MAESTRAS_HUGE}
# ... and the worst files bench/worst_deck.py found (issue 41 item 1): an MGC whose argument applies at
# every player count with matches to 100,000 points, and Cartas Maestras of 397 kinds of card
from worst_deck import _maestras_worst, _mgc_all_playable  # noqa: E402  (bench/ is the script's folder)

HEAVY.update({f"validate: {game}, {make(None)[0].split(':')[1].split(';')[0].strip()}": make(None)[1]
              for game, make in (("MGC", _mgc_all_playable), ("Cartas Maestras", _maestras_worst))})


def measure(argv: list[str], cwd: Path) -> tuple[float, float, float, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "deckgen", *argv], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, make in IMAGES.items():
            make(folder / name)
        rows.append(("startup", *measure(["list"], folder)))
        for i, (name, text) in enumerate(DECK_FILES.items()):
            deck = folder / f"deck-{i:02d}.toml"
            deck.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
            rows.append((f"deck file: {name}", *measure(["validate", str(deck), "-q"], folder)))
        for i, (name, text) in enumerate(HEAVY.items()):
            deck = folder / f"heavy-{i:02d}.toml"
            deck.write_text(text, encoding="utf-8")
            rows.append((name, *measure(["validate", str(deck), "-q"], folder)))
        for name, args in ARGS.items():
            rows.append((f"build {name}", *measure(["build", *args, "--out", str(folder / "out"), "-q"], folder)))
        for name, args in CAPABILITY_ARGS.items():
            rows.append((name, *measure(args, folder)))
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, secs, cpu, mb, code in sorted(rows, key=lambda r: r[1]):
        print(f"{secs:6.2f} s  {cpu:6.2f} s cpu  {mb:7.1f} MB  exit {code}  {name}")
    worst = max(rows[1:], key=lambda r: r[1])
    heaviest = max(rows[1:], key=lambda r: r[3])
    print(f"worst time: {worst[1]:.2f} s wall, {worst[2]:.2f} s cpu ({worst[0]}); most memory: {heaviest[3]:.1f} MB ({heaviest[0]}); "
          f"startup alone: {rows[0][1]:.2f} s, {rows[0][3]:.1f} MB")


if __name__ == "__main__":
    main()
