"""Fixtures for the rulebook tests (helpers live in rbtools.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def print_settings():
    from deckgen.render.settings import PrintSettings

    return PrintSettings.parse()
