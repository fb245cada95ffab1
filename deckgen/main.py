"""The composition root: the `deckgen` command is the command line's face (deckgen/cli.py) with the
web face's `serve` command (deckgen/web/command.py) added. The two faces stand side by side on the
request layer and the pipeline; only this module knows both."""

from __future__ import annotations

import os

# deckgen spreads its work over processes (deckgen/workers.py), and its numpy products are small: a
# BLAS thread pool would only oversubscribe the cores and, after each product, spin a thread for about
# 0.1 s of CPU (OpenBLAS waits for more work). One thread each, unless the user set otherwise; set
# before numpy is first imported, which reads it once (worker processes inherit it).
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

from deckgen.lazy import settled  # noqa: E402

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
