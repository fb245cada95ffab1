"""Progress bars for long work (rich, on stderr); silent with --quiet."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

Tick = Callable[[int, int], None]


def _silent(done: int, total: int) -> None:
    return None


@contextmanager
def progress(label: Any, quiet: bool = False) -> Iterator[Tick]:
    """Yield ``tick(done, total)``; shows a bar on stderr unless ``quiet`` or stderr is not a terminal
    (rich would print a stray blank line there, before any error message). rich loads only here, when
    a bar may be drawn: a quiet command never imports it."""
    if quiet:
        yield _silent
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    if not console.is_terminal:
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
        task = bar.add_task(str(label), total=None)  # in the user's language

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tick


@contextmanager
def bars(quiet: bool, prefix: Callable[[Any], Any] | None = None):
    """A factory of progress callbacks, one per labelled step (a catalog message: "rulebook", "games,
    4 players"); ``prefix`` words a step within the whole job (``lambda step: _("simulating, {step}",
    step=step)``). Any bar still open is closed on the way out, so an error message is never drawn
    over (or after) a half-finished bar."""
    made: list[ProgressTick] = []

    def make(label: Any) -> "ProgressTick":
        made.append(ProgressTick(prefix(label) if prefix else label, quiet))
        return made[-1]

    try:
        yield make
    finally:
        for tick in made:
            tick.close()


class ProgressTick:
    """A progress callback that opens its bar on first use and closes it when complete."""

    def __init__(self, label: str, quiet: bool) -> None:
        self.label, self.quiet, self._cm, self._tick = label, quiet, None, None

    def __call__(self, done: int, total: int) -> None:
        if self.quiet:
            return
        if self._tick is None:
            self._cm = progress(self.label, self.quiet)
            self._tick = self._cm.__enter__()
        self._tick(done, total)
        if done >= total:
            self.close()

    def close(self) -> None:
        if self._cm is not None:
            cm, self._cm, self._tick = self._cm, None, None
            cm.__exit__(None, None, None)
