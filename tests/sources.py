"""The source rulebooks (``../shared/seeds/`` beside the checkout), found one way for every test.

Outside CI a test that needs them skips when they are absent, and says why; under ``CI=true`` they
must be there, so the test fails instead of skipping silently.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]
SEEDS = CHECKOUT.parent / "shared" / "seeds"
SOURCES = {  # seeds/README.md
    "mgc": "000_3fd8b35a6753cf2b.txt",
    "hectoedra": "001_ccc5a5c87207f2e5.txt",
    "monete": "002_0a422f57fe0f3374.txt",
    "maestras": "003_62fdcd6a902813e2.txt",
    "multiplicats": "004_590c7f6548076805.txt",
}


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def source_path(game_id: str) -> Path:
    return SEEDS / SOURCES[game_id]


def source_text(game_id: str) -> str:
    """The game's source rulebook; skips the test where it is absent (fails under CI)."""
    path = source_path(game_id)
    if not path.is_file():
        message = f"the source rulebook {path.name} is not in {SEEDS} (../shared/seeds beside the checkout)"
        if under_ci():
            pytest.fail(message + "; under CI it must be there")
        pytest.skip(message)
    return path.read_text(encoding="utf-8")


N = 8
IDIOMS = ("en el sentido de las agujas del reloj",)  # "clockwise": a stock phrase, not a sentence


def words(text: str) -> list[str]:
    return re.findall(r"[a-záéíóúñü0-9]+", text.lower())


def copied(ours: str, source: str) -> list[str]:
    src = words(source)
    grams = {tuple(src[i : i + N]) for i in range(len(src) - N + 1)}
    w = words(ours)
    hits = []
    for i in range(len(w) - N + 1):
        gram = tuple(w[i : i + N])
        text = " ".join(gram)
        if gram in grams and sum(not t.isdigit() for t in gram) >= 6 and not any(text in idiom for idiom in IDIOMS):
            hits.append(text)
    return hits
