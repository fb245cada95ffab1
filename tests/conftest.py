"""Every test keeps deckgen's figures cache in its own temporary folder."""

import pytest


@pytest.fixture(autouse=True)
def _private_figures_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
