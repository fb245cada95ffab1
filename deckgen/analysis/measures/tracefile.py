"""The per-step trace of the measured games, written when asked (`deckgen measure --trace FILE`).

JSON Lines, one object a line, so a game of thousands of steps is read one line at a time:

- the first line says what the file is: ``{"format":"deckgen-trace","version":1, "game", "players",
  "seed", "steps": ["seat", "legal", "action", "clock"], "chance": -1}``;
- then one line per game, in seed order, per rule variant: ``{"variant", "seed", "ended", "length",
  "winners", "steps": [[seat, legal, action, clock], ...], "standing": [[clock, [[...] per seat]], ...]}``.
  ``seat`` is -1 at a chance step (whose ``legal`` is 0 and ``action`` null); ``legal`` is how many
  legal actions the seat had; ``clock`` the game's turn clock before the step; ``standing`` the public
  standing sampled at rotation and round ends (trace.py).

The file is written beside its target and renamed onto it at the end (fileio.atomic_path): a stopped
command leaves the old file or none. An existing file is replaced only when deckgen wrote it (its first
line says so); any other file at that path is refused, never overwritten.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from deckgen.analysis.measures.trace import Trace
from deckgen.errors import DeckgenError
from deckgen.fileio import check_own_file
from deckgen.i18n import _

FORMAT = "deckgen-trace"
VERSION = 1
PREFIX = b'{"format":"deckgen-trace"'  # how a trace file deckgen wrote begins


def header(game: str, players: int, seed: int) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "game": game, "players": players, "seed": seed,
            "steps": ["seat", "legal", "action", "clock"], "chance": -1}


def game_line(variant: str, seed: int, trace: Trace) -> dict[str, Any]:
    return {
        "variant": variant,
        "seed": seed,
        "ended": trace.ended,
        "length": trace.length,
        "winners": list(trace.winners),
        "steps": [[s.seat, s.legal, s.action, s.clock] for s in trace.steps or ()],
        "standing": [[s.clock, [list(seat) for seat in s.standing]] for s in trace.samples],
    }


def check_target(path: Path) -> Path:
    """The trace file's path, refused before any game is played when it cannot be written or holds a
    file deckgen did not write."""
    path = check_own_file(path, "--trace", lambda first: first == PREFIX, len(PREFIX))
    folder = path.parent
    if not folder.is_dir():
        raise DeckgenError(_("--trace {path}: the folder {folder} does not exist", path=path, folder=folder))
    return path


class TraceWriter:
    """Writes the lines as the games come back (memory does not grow with the games)."""

    def __init__(self, stream: IO[str], game: str, players: int, seed: int) -> None:
        self.stream = stream
        self.games = 0
        self._line(header(game, players, seed))

    def _line(self, data: dict[str, Any]) -> None:
        self.stream.write(json.dumps(data, separators=(",", ":")) + "\n")

    def __call__(self, variant: str, seed: int, trace: Trace) -> None:
        self._line(game_line(variant, seed, trace))
        self.games += 1
