"""Decks built once per test session and shared by the print tests (building is the slow part)."""

from __future__ import annotations

import pytest

import pdfcheck


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """``built(*args)``: the output of `deckgen build multiplicats *args`, built once per session."""
    with pdfcheck.builds(tmp_path_factory) as get:
        yield lambda *args: get("multiplicats", *args)
