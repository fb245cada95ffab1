"""The composition root: the `deckgen` command is the command line's face (deckgen/cli.py) with the
web face's `serve` command (deckgen/web/command.py) added. The two faces stand side by side on the
request layer and the pipeline; only this module knows both."""

from __future__ import annotations

from deckgen.lazy import settled

with settled():  # the command line's modules (typer) live as long as the program
    from deckgen.cli import app, command  # noqa: F401  (app: the typer application, for tests and tools)
    from deckgen.cli import main as _run
    from deckgen.web import command as web_command

# its help (web_command.HELP, a catalog message, else the function's docstring) is said in the user's
# language as every command's
command(name="serve", help=getattr(web_command, "HELP", None))(web_command.serve)


def main(argv: list[str] | None = None) -> None:
    """Entry point of `deckgen` and `python3 -m deckgen` (see deckgen.cli.main)."""
    _run(argv)
