"""A build writes all its files or none: a failure late in the build leaves an earlier build as it was."""

from __future__ import annotations

import pytest

from deckgen.cli import main


def test_a_rulebook_failure_leaves_the_previous_build_untouched(tmp_path, monkeypatch, capsys):
    out = tmp_path / "deck"
    with pytest.raises(SystemExit) as exc:
        main(["build", "multiplicats", "--tables", "1-2", "--out", str(out), "--quiet"])
        raise SystemExit(0)
    assert not exc.value.code
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert set(before) == {"cards.pdf", "deck.json", "rulebook-es.pdf"}

    def broken(*args, **kwargs):
        raise RuntimeError("template exploded")

    monkeypatch.setattr("deckgen.pipeline.write_rulebook", broken)
    with pytest.raises(RuntimeError):
        main(["build", "multiplicats", "--tables", "3-4", "--out", str(out), "--quiet"])
    after = {p.name: p.read_bytes() for p in out.iterdir()}
    assert after == before  # same files, same bytes, no temporary files left
