"""A full Multipli Cat's build against a bare reportlab script drawing the same cards and backs.

    python3 bench/pdf_build.py [--repeat N]

Both sides run as whole, fresh processes (imports count: a teacher waits for them too), side by
side, N times each, alternating; the figure is CPU time (the process and its children, so
Ghostscript counts), so other work on the machine barely moves it.

- The build: `python3 -m deckgen build multiplicats --quiet` (the default deck: 160 cards and 2 help
  cards on 18 A4 sheets, each followed by its backs: 36 pages; deck.json; the Spanish rulebook,
  8 pages). --quiet prints only the folder; the same build without it (last line, not the goal)
  also prints what each file is with its ink figures (Ghostscript's ink_cov and a 40 dpi render of
  every page of both PDFs).
- The bare script: 160 poker cards 9 to a sheet, each with a coloured ground, a frame and its three
  numbers, and a page of backs after each sheet: 36 pages, in the same fonts the build embeds
  (Bitstream Vera and Vera Bold, as subsets): what any card PDF must cost at least.

Both run as on a teacher's machine: with Python's bytecode cache (pip compiles an install; here
one untimed run of each side fills a temporary PYTHONPYCACHEPREFIX, whatever PYTHONDONTWRITEBYTECODE
says), and the build with deckgen's cache of compiled templates (a temporary XDG_CACHE_HOME), which
the first build fills: that first build's CPU is printed too. Goal: the build at most 3x the bare
script. Exit 1 over it.
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
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    import reportlab, os
    fonts = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    pdfmetrics.registerFont(TTFont("Sans", os.path.join(fonts, "Vera.ttf")))
    pdfmetrics.registerFont(TTFont("Sans-Bold", os.path.join(fonts, "VeraBd.ttf")))
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
            c.setFont("Sans-Bold", 28)
            c.drawCentredString(x + W / 2, y + H / 2, f"{a} × {b}")
            c.setFont("Sans", 12)
            c.drawString(x + 5 * mm, y + H - 10 * mm, str(a * b))
            c.drawRightString(x + W - 5 * mm, y + 6 * mm, str(a * b))
        c.showPage()
        for i in range(len(cards[s:s + 9])):
            x, y = x0 + (2 - i % 3) * W, y0 + (2 - i // 3) * H
            c.setFillColorRGB(0.2, 0.3, 0.6)
            c.rect(x, y, W, H, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("Sans-Bold", 20)
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
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(Path(tmp, "pycache")), XDG_CACHE_HOME=str(Path(tmp, "cache")))
        script = Path(tmp, "bare.py")
        script.write_text(BARE, encoding="utf-8")
        deckgen = [sys.executable, "-m", "deckgen", "build", "multiplicats"]
        sides = {
            "build": lambda n: cpu_of([*deckgen, "--quiet", "--out", str(Path(tmp, f"b{n}"))], ROOT, env),
            "bare": lambda n: cpu_of([sys.executable, str(script), str(Path(tmp, f"bare{n}.pdf"))], ROOT, env),
            "loud": lambda n: cpu_of([*deckgen, "--out", str(Path(tmp, f"l{n}"))], ROOT, env),
        }
        prime = dict(env, XDG_CACHE_HOME=str(Path(tmp, "prime")))
        cpu_of([*deckgen, "--out", str(Path(tmp, "prime-build"))], ROOT, prime)  # Python's bytecode, as pip leaves it
        cpu_of([sys.executable, str(script), str(Path(tmp, "prime.pdf"))], ROOT, prime)
        first = sides["build"]("first")  # a teacher's first build: no compiled template in the cache yet
        runs: dict[str, list[float]] = {name: [] for name in sides}
        for n in range(args.repeat):
            for name, run in sides.items():
                runs[name].append(run(n))
    try:
        import _rl_accel  # noqa: F401
        accel = "rl_accel installed"
    except ImportError:
        accel = "rl_accel NOT installed (pip install 'reportlab[accel]')"
    b, r, loud = (statistics.median(runs[k]) for k in ("build", "bare", "loud"))
    ratios = sorted(x / y for x, y in zip(runs["build"], runs["bare"]))
    print(f"load average {os.getloadavg()[0]:.1f}; {accel}; {args.repeat} warm runs each, CPU seconds (median, min-max)")
    print(f"build --quiet:          {b:.3f} s ({min(runs['build']):.3f}-{max(runs['build']):.3f}); the first build {first:.3f} s")
    print(f"bare reportlab script:  {r:.3f} s ({min(runs['bare']):.3f}-{max(runs['bare']):.3f})")
    print(f"ratio {b / r:.2f}x (run by run: {ratios[0]:.2f}-{ratios[-1]:.2f}x) (goal <= {GOAL:g}x): {'within' if b / r <= GOAL else 'OVER'}")
    print(f"build, not quiet (ink figures: Ghostscript, 40 dpi renders): {loud:.3f} s ({min(runs['loud']):.3f}-{max(runs['loud']):.3f}), {loud / r:.2f}x")
    return 0 if b / r <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
