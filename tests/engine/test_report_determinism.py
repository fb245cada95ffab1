"""Issue 41, item 13: `validate --report` writes the same files, byte for byte, run after run and for
any --workers: no wall-clock figure is in report.txt or report.json (the skill ladder's time and the
model checker's were; now neither is kept)."""

from __future__ import annotations

import json
import re

from clirun import run

FILES = ("report.txt", "report.json", "skill.png", "game-length.png", "seat-advantage.png")


def _keys(value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


def test_the_report_is_the_same_twice_and_for_any_workers(tmp_path, monkeypatch, capsys):
    got = []
    for workers in (1, 2):  # each with a cache of its own: both play everything
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / f"cache{workers}"))
        out = tmp_path / f"rep{workers}"
        code, _, err = run(capsys, "validate", "monete", "--mode", "perezoso", "--top", "10", "--players", "2", "--games", "40", "--skill-games", "1",
                           "--report", out, "--workers", workers, "-q")
        assert code == 0, err
        got.append({name: (out / name).read_bytes() for name in FILES})
    assert got[0] == got[1]
    text = got[0]["report.txt"].decode("utf-8")
    assert "skill ladder" in text and not re.search(r"\d s\b|\d+(\.\d+)? ?(s|seconds)\)?$", text, re.M)
    assert not [k for k in _keys(json.loads(got[0]["report.json"])) if "second" in k or k in ("elapsed", "time", "wall")]
