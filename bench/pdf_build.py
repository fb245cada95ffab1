"""A full Multipli Cat's build against a bare reportlab script drawing the same cards and backs.

    python3 bench/pdf_build.py [--repeat N]

Both run as fresh processes (imports count: a teacher waits for them too), side by side, N times
each, alternating; the figure is CPU time (the process and its children), so other work on the
machine barely moves it. The build is `python3 -m deckgen build multiplicats --quiet` (the default
deck: 160 cards on 18 A4 sheets with their backs, deck.json, the ink-coverage check and the Spanish
rulebook). The bare script draws 160 poker cards 9 to a sheet, each with a coloured ground, a frame
and its three numbers, and a back page after each sheet: what any card PDF must cost at least.
Goal: the build at most 3x the bare script. Exit 1 over it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 3.0

BARE = textwrap.dedent('''
    import sys
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas
    cards = [(a, b) for a in range(1, 11) for b in range(1, 11)][:160]
    cards += cards[: 160 - len(cards)]
    W, H = 63 * mm, 88 * mm
    c = Canvas(sys.argv[1], pagesize=A4)
    x0, y0 = (A4[0] - 3 * W) / 2, (A4[1] - 3 * H) / 2
    for s in range(0, len(cards), 9):
        for i, (a, b) in enumerate(cards[s:s + 9]):
            x, y = x0 + (i % 3) * W, y0 + (2 - i // 3) * H
            c.setFillColorRGB(0.95, 0.85 - 0.05 * (a % 5), 0.7)
            c.roundRect(x + 2 * mm, y + 2 * mm, W - 4 * mm, H - 4 * mm, 3 * mm, stroke=1, fill=1)
            c.setFillColorRGB(0.1, 0.1, 0.1)
            c.setFont("Helvetica-Bold", 28)
            c.drawCentredString(x + W / 2, y + H / 2, f"{a} × {b}")
            c.setFont("Helvetica", 12)
            c.drawString(x + 5 * mm, y + H - 10 * mm, str(a * b))
            c.drawRightString(x + W - 5 * mm, y + 6 * mm, str(a * b))
        c.showPage()
        for i in range(len(cards[s:s + 9])):
            x, y = x0 + (2 - i % 3) * W, y0 + (2 - i // 3) * H
            c.setFillColorRGB(0.2, 0.3, 0.6)
            c.rect(x, y, W, H, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("Helvetica-Bold", 20)
            c.drawCentredString(x + W / 2, y + H / 2, "Multipli Cat's")
        c.showPage()
    c.save()
''')


def cpu_of(cmd: list[str], cwd: Path, env: dict) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    build, bare = [], []
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp, "bare.py")
        script.write_text(BARE, encoding="utf-8")
        for n in range(args.repeat):
            build.append(cpu_of([sys.executable, "-m", "deckgen", "build", "multiplicats", "--quiet", "--out", str(Path(tmp, f"b{n}"))], ROOT, env))
            bare.append(cpu_of([sys.executable, str(script), str(Path(tmp, f"bare{n}.pdf"))], ROOT, env))
    try:
        import _rl_accel  # noqa: F401
        accel = "rl_accel installed"
    except ImportError:
        accel = "rl_accel NOT installed (pip install 'reportlab[accel]')"
    b, r = statistics.median(build), statistics.median(bare)
    print(f"load average {os.getloadavg()[0]:.1f}; {accel}; {args.repeat} runs each, CPU seconds")
    print(f"full build: median {b:.2f} s (min {min(build):.2f}, max {max(build):.2f})")
    print(f"bare reportlab script: median {r:.2f} s (min {min(bare):.2f}, max {max(bare):.2f})")
    print(f"ratio {b / r:.1f}x (goal <= {GOAL:g}x): {'within' if b / r <= GOAL else 'OVER'}")
    return 0 if b / r <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
