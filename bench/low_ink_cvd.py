"""How far apart the colour codes' grounds stay, for normal vision and colour-blind pupils, in both inks.

    python3 bench/low_ink_cvd.py

Multipli Cat's table grounds and MGC's degree grounds, as deckgen prints them with `--ink normal` and
with `--ink low` (deckgen.render.ink.low_ink_code), measured pair by pair with CIEDE2000 as sRGB, and
as a deuteranope and a protanope see them (Machado 2009, severity 1: tests/colourcheck.py). Prints the
closest pair of each. Low ink keeps every ground at most 10% dark, a slab of sRGB too thin to keep ten
colours apart for colour-blind eyes: there the cards are told apart by their printed cue (the table's
numbers, the degree's dots: tests/cards/test_cues.py), not by the ground.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from colourcheck import DEFICIENCIES, delta_e2000, lab, rgb1, seen  # noqa: E402

from deckgen.games.mgc.faces import DEGREE_TINTS  # noqa: E402
from deckgen.games.multiplicats.faces import TINTS  # noqa: E402
from deckgen.render.ink import low_ink_code  # noqa: E402


def closest(colours: list[str], view) -> tuple[float, str, str]:
    return min((delta_e2000(view(a), view(b)), a, b) for a, b in itertools.combinations(colours, 2))


def main() -> None:
    views = [("normal", lambda h: lab(rgb1(h)))] + [(d, (lambda d: lambda h: lab(seen(h, d)))(d)) for d in DEFICIENCIES]
    print(f"{'code':<22}{'ink':<8}" + "".join(f"{name:>22}" for name, _ in views))
    for name, code in (("multiplicats tables", tuple(TINTS)), ("mgc degrees", tuple(DEGREE_TINTS))):
        for ink, colours in (("normal", list(code)), ("low", list(low_ink_code(code).values()))):
            cells = []
            for _, view in views:
                d, a, b = closest(colours, view)
                cells.append(f"{d:5.1f} {a}/{b}")
            print(f"{name:<22}{ink:<8}" + "".join(f"{c:>22}" for c in cells))


if __name__ == "__main__":
    main()
