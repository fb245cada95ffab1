"""Hostile input, round 4: new cases of the classes of issue 29, found by attacking the integrated
code. Each case ends as the README promises: exit code 2 and one `error:` line naming the problem, or a
clean success whose output shows no raw control character; never a traceback."""

from __future__ import annotations

import pytest

from clirun import run
from test_hostile import assert_refused

BUILD = ["build", "multiplicats", "--tables", "2", "-q"]

# class: an empty value where a name from a list is expected (every command line choice)
EMPTY_CHOICES = {
    "for ''": [*BUILD, "--for", ""],
    "for '' in a deck file": None,
}


@pytest.mark.parametrize("case", list(EMPTY_CHOICES))
def test_an_empty_choice_is_refused_by_name(tmp_path, monkeypatch, capsys, case):
    monkeypatch.chdir(tmp_path)
    argv = EMPTY_CHOICES[case]
    if argv is None:  # the same, said by a deck file
        (tmp_path / "d.toml").write_text('game = "multiplicats"\n[print]\nfor = ""\n')
        argv = ["build", "d.toml", "-q"]
    code, out, err = run(capsys, *argv, "--out", "o")
    assert_refused(code, out, err)
    assert "for ''" in err or "for: should be" in err
    assert not (tmp_path / "o").exists()
