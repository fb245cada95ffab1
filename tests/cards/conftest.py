"""Every game's default deck built once per session in the print variants the card tests read."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest

import pdfcheck

from cardcheck import GAMES  # noqa: F401


class Built:
    def __init__(self, game: str, out: Path) -> None:
        self.game, self.out = game, out
        self.pdf_path = out / "cards.pdf"
        self.deck = json.loads((out / "deck.json").read_text(encoding="utf-8"))
        self._plumber = None

    @property
    def plumber(self):
        if self._plumber is None:
            self._plumber = pdfplumber.open(str(self.pdf_path))
        return self._plumber

    def close(self) -> None:
        if self._plumber is not None:
            self._plumber.close()


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """``built(game, *args)``: `deckgen build GAME *ARGS` (cards only), built once per session."""
    cache: dict[tuple[str, ...], Built] = {}

    def get(game: str, *args: str) -> Built:
        key = (game, *args)
        if key not in cache:
            out = tmp_path_factory.mktemp(game)
            pdfcheck.build(out, game, *args)
            cache[key] = Built(game, out)
        return cache[key]

    yield get
    for b in cache.values():
        b.close()
