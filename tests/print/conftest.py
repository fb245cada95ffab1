"""Decks built once per test session and shared by the print tests (building is the slow part)."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

import pdfcheck


class Built:
    """One `deckgen build` output folder, with its PDF opened lazily by both readers."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.pdf_path = out / "cards.pdf"
        self.deck = json.loads((out / "deck.json").read_text(encoding="utf-8"))
        self._plumber = None
        self._reader = None

    @property
    def cards(self) -> list[dict]:
        return self.deck["cards"]

    @property
    def reader(self) -> PdfReader:
        if self._reader is None:
            self._reader = PdfReader(str(self.pdf_path))
        return self._reader

    @property
    def plumber(self):
        if self._plumber is None:
            self._plumber = pdfplumber.open(str(self.pdf_path))
        return self._plumber

    def page(self, n: int):
        """pdfplumber page ``n`` (0-based)."""
        return self.plumber.pages[n]

    def close(self) -> None:
        if self._plumber is not None:
            self._plumber.close()


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """``built(*args)``: the output of `deckgen build multiplicats *args`, built once per session."""
    cache: dict[tuple[str, ...], Built] = {}

    def get(*args: str) -> Built:
        if args not in cache:
            out = tmp_path_factory.mktemp("build")
            pdfcheck.build(out, "multiplicats", *args)
            cache[args] = Built(out)
        return cache[args]

    yield get
    for b in cache.values():
        b.close()
