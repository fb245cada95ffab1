"""Every game's default deck built once per session in the print variants the card tests read."""

from __future__ import annotations

import pytest

import pdfcheck

from cardcheck import GAMES  # noqa: F401


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """``built(game, *args)``: `deckgen build GAME *ARGS` (cards only, help card included), built once
    per session."""
    with pdfcheck.builds(tmp_path_factory, help_card=True) as get:
        yield get
