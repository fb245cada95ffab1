"""The suite's own rules: nothing skips silently under CI, hypothesis runs reproducibly there, and the
source rulebooks are found one way (tests/sources.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

import sources

pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).with_name("conftest.py").read_text(encoding="utf-8")
SOURCES = Path(__file__).with_name("sources.py").read_text(encoding="utf-8")


def test_the_ci_profile_is_derandomized_and_loaded_under_ci():
    assert settings.get_profile("ci").derandomize
    assert settings.default.derandomize == sources.under_ci() or settings.default == settings.get_profile("ci")


@pytest.mark.parametrize("ci, outcome", [("true", "failed"), ("", "skipped")])
def test_a_skip_fails_under_ci_and_only_there(pytester, monkeypatch, ci, outcome):
    monkeypatch.setenv("CI", ci)
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(sources=SOURCES)
    pytester.makepyfile(test_inner="""
import pytest
def test_needs_something():
    pytest.skip("no browser here")
def test_fine():
    assert True
""")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, **{outcome: 1})
    if ci:
        result.stdout.fnmatch_lines(["*skipped under CI=true*no browser here*"])


def test_a_missing_source_rulebook_skips_outside_ci_and_fails_under_it(monkeypatch, tmp_path):
    monkeypatch.setattr(sources, "SEEDS", tmp_path)
    monkeypatch.setenv("CI", "")
    with pytest.raises(pytest.skip.Exception, match="not in"):
        sources.source_text("mgc")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="under CI it must be there"):
        sources.source_text("mgc")


def test_the_source_rulebooks_are_found_beside_the_checkout():
    for game_id in sources.SOURCES:
        if sources.under_ci():
            assert sources.source_path(game_id).is_file()
        text = sources.source_text(game_id)  # skips outside CI when ../shared is absent
        assert len(text) > 1000
