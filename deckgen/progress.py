"""Progress bars for long work (rich, on stderr); silent with --quiet."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

Tick = Callable[[int, int], None]


def _silent(done: int, total: int) -> None:
    return None


@contextmanager
def progress(label: str, quiet: bool = False) -> Iterator[Tick]:
    """Yield ``tick(done, total)``; shows a bar on stderr unless ``quiet`` or stderr is not a terminal
    (rich would print a stray blank line there, before any error message)."""
    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield _silent
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tick
