"""What a job does, in its own process: build a deck or check it, through the pipeline exactly as the
CLI's ``build`` and ``validate`` do, writing into the job's own temporary folder. It talks to the
server only through ``send``: progress, then one result or one error message."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path
from typing import Any, Callable

from deckgen import pipeline
from deckgen.errors import DeckgenError
from deckgen.registry import games
from deckgen.request import DeckRequest

Send = Callable[[tuple], None]
DECK_DIR = "deck"  # inside the job's folder: what `deckgen build` writes
REPORT_DIR = "report"  # what `deckgen validate --report` writes
ZIP_NAME = "all.zip"
FILE_CHECK_GAMES = 100  # `deckgen build FILE` plays this many games before printing a designer's deck

games()  # every game imported once, before the worker processes are forked from this module


def progress_sender(send: Send, every: float = 0.2) -> Callable[[str], Callable[[int, int], None]]:
    """A pipeline progress factory whose ticks become ("progress", label, done, total) messages, at
    most one per ``every`` seconds per label (and always the last one)."""

    def make(label: str) -> Callable[[int, int], None]:
        last = [0.0]

        def tick(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] >= every:
                last[0] = now
                send(("progress", label, int(done), int(total)))

        return tick

    return make


def build(request: DeckRequest, folder: Path, send: Send) -> dict[str, Any]:
    spec = request.spec()
    out = folder / DECK_DIR
    plays = FILE_CHECK_GAMES if request.uploaded else 0
    result = pipeline.build(spec, out, force=False, progress=progress_sender(send), play_check_games=plays, help_card=request.help_card)
    names = [p.relative_to(out).as_posix() for p in result.files]
    with zipfile.ZipFile(folder / ZIP_NAME, "w", zipfile.ZIP_DEFLATED) as z:
        for name in names:
            z.write(out / name, name)
    return {
        "title": spec.game.title,
        "cards": len(result.deck),
        "files": names,
        "notes": list(result.notes),
        "warnings": [c.line() for c in result.checks if not c.ok],
        "zip_name": spec.game.out_name(spec.options) + ".zip",
        "duplex": spec.print.backs,
        "paper": spec.print.paper,
    }


def check(request: DeckRequest, folder: Path, send: Send) -> dict[str, Any]:
    spec = request.spec(check=True)
    players, n_games = request.check_plan()
    progress = progress_sender(send)
    v = pipeline.validate(spec, players=players, games=n_games, workers=1, progress=progress)
    skill_games = request.skill_games()
    if skill_games != 0 and v.ok and spec.game.engine is not None and spec.game.engine.skill is not None:
        v.skill = pipeline.skill(spec, players=players[0] if players else None, games=skill_games, workers=1, progress=progress)
    written = pipeline.write_report(v, folder / REPORT_DIR)
    data = pipeline.report_data(v)
    checks = [c for part in ("static", "exhaustive", "simulation") for c in data.get(part, [])]
    return {
        "title": spec.game.title,
        "cards": len(v.deck),
        "ok": v.ok,
        "failed": [c["name"] + ": " + str(c["detail"]) for c in checks if not c["ok"]],
        "checks": len(checks),
        "headline": (data.get("default_deck") or {}).get("headline", ""),
        "text": pipeline.report_text(v),
        "files": [p.relative_to(folder / REPORT_DIR).as_posix() for p in written],
    }


JOBS = {"build": build, "check": check}


def run(kind: str, request: DeckRequest, folder: str, queue: Any) -> None:
    """The worker process's entry point: one message per event on ``queue``; never a traceback."""
    import signal

    try:  # Ctrl-C at the terminal reaches every process of the group: the server stops its jobs itself
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):  # pragma: no cover - not the main thread
        pass
    send = queue.put
    try:
        send(("done", JOBS[kind](request, Path(folder), send)))
    except DeckgenError as exc:
        send(("error", str(exc)))
    except MemoryError:
        send(("error", "the job ran out of memory"))
    except Exception as exc:  # noqa: BLE001 - reported as one line; the server stays up
        send(("error", f"the job failed unexpectedly ({type(exc).__name__}: {exc})"))
