""""Did you mean": suggestions by spelling only.

A suggestion is offered when the word is a slip of the keyboard away from a known one (letters
swapped, missing or one too many: at most one edit per three letters), or when one is the start of
the other ("coef" for "coefficient", "--paper-size" for "--paper"). Meaning is never guessed: "easiest"
is not a misspelling of "siesta", so nothing is suggested for it."""

from __future__ import annotations

from typing import Iterable


def _norm(word: str) -> str:
    return str(word).strip().lower().lstrip("-").replace("_", "-")


def distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap two neighbours) turning ``a`` into ``b``."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def _starts(word: str, cand: str) -> bool:
    """One is the beginning of the other: "coef" / "coefficient", "paper-size" / "paper"."""
    if len(word) >= 3 and cand.startswith(word):
        return True
    return len(cand) >= 3 and word.startswith(cand) and word[len(cand)] in "-_ "


def closest(word: str, candidates: Iterable[str]) -> str | None:
    w = _norm(word)
    if not w:
        return None
    best: tuple[int, int, str] | None = None
    for cand in candidates:
        c = _norm(cand)
        if c == w:
            return cand
        d = distance(w, c)
        if d <= max(1 if len(w) >= 3 else 0, len(w) // 3):
            score = (0, d, cand)
        elif _starts(w, c):
            score = (1, abs(len(c) - len(w)), cand)
        else:
            continue
        if best is None or score[:2] < best[:2]:
            best = score
    return best[2] if best else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """" (did you mean X?)" (a catalog message, said in the user's language) or ""."""
    from deckgen.i18n import _

    found = closest(word, candidates)
    return _(" (did you mean {word}?)", word=found) if found else ""
