"""The composition root: the `deckgen` command is the command line's face (deckgen/cli.py) with the
web face's `serve` command (deckgen/web/command.py) added. The two faces stand side by side on the
request layer and the pipeline; only this module knows both."""

from __future__ import annotations

import gc

from deckgen.lazy import settled

with settled():  # the command line's modules (typer) live as long as the program
    from deckgen.cli import app
    from deckgen.cli import main as _run
    from deckgen.web.command import serve

app.command(name="serve")(serve)


def main(argv: list[str] | None = None) -> None:
    """Entry point of `deckgen` and `python3 -m deckgen` (see deckgen.cli.main).

    Run as the program (``argv`` None: it reads sys.argv and exits next), it hands what it leaves to
    the exit without the garbage collector's last passes: while it tears the modules down, the
    interpreter's shutdown walks every tracked object (≈36,000 after a build: modules, reportlab's
    font tables, the deck) in several full collections, about 15 % of a quiet build's CPU.
    ``gc.freeze()`` keeps them out of those passes; reference counting still frees what the modules
    held (only cycles are left to the operating system), atexit handlers still run, and every file
    deckgen writes is closed before this point.
    Called in-process with arguments (tests, other programs), nothing changes."""
    try:
        _run(argv)
    finally:
        if argv is None:
            gc.freeze()
