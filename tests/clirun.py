"""Running `deckgen` in-process from tests."""

from __future__ import annotations

from deckgen.main import main


def run(capsys, *argv) -> tuple[int, str, str]:
    """Run ``deckgen ARGV``; returns (exit code, stdout, stderr). A command that returns normally
    exits 0, and no traceback may ever reach the user."""
    try:
        main([str(a) for a in argv])
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err
