"""A cache of simulated figures (the default deck's, for comparisons), so they are computed once.

Entries live in ``$XDG_CACHE_HOME/deckgen/figures/`` (``~/.cache/deckgen/figures/`` when it is not
set), one JSON file per deck, rule variant, player count, seed and sample plan. The key also holds a
fingerprint of the shared engine's and the game's source files, so a change to the rules never
reuses stale figures. The cache is only an optimisation: a file that cannot be read or written is
simply ignored. Only a regular file of at most MOST_BYTES is read (never a FIFO, a device, a link or
a folder, so a damaged cache never hangs or fills the memory), and an entry is used only when it
conforms to the dataclass it stands for (deckgen/engine/shapes.py) and its figures make sense;
anything else is ignored and written again. Validation stores its summaries (``load``/``store``); the skill ladder stores its
games (``load_json``/``store_json``, with its own code's fingerprint in the plan).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from deckgen.engine.shapes import conforms
from deckgen.fileio import read_regular
from deckgen.engine.simulate import Summary
from deckgen.model import Deck


def cache_dir() -> Path | None:
    """The cache's folder; None when there is no absolute place for it (deckgen.surroundings.cache_home):
    then nothing is stored, and nothing is written in the current folder."""
    from deckgen.surroundings import cache_home

    base = cache_home()
    return None if base is None else base / "deckgen" / "figures"


@lru_cache(maxsize=16)
def source_fingerprint(*folders: str) -> str:
    """A digest of the Python files in ``folders``."""
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(Path(folder).glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def fingerprint(engine: Any) -> str:
    """A digest of the code that plays the games: the shared engine and the game's own package."""
    shared = Path(__file__).parent
    game = Path(inspect.getfile(engine.new_state)).parent
    return source_fingerprint(str(shared), str(game))


def key(engine: Any, deck: Deck, players: int, variant: str, plan: Mapping[str, Any]) -> str:
    cards = json.dumps([c.to_json() for c in deck.cards], sort_keys=True, default=str)
    data = {
        "game": deck.game,
        "options": json.dumps(dict(deck.options), sort_keys=True, default=str),
        "cards": hashlib.sha256(cards.encode()).hexdigest(),
        "players": players,
        "variant": variant,
        "plan": dict(plan),
        "code": fingerprint(engine),
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:32]


MOST_BYTES = 32 * 1024 * 1024  # an entry larger than this is not one deckgen wrote (the largest: a few MB)


def load_json(game: str, digest: str) -> Any:
    """The stored entry, or None when there is none or it cannot be read."""
    folder = cache_dir()
    if folder is None:
        return None
    data = read_regular(folder / f"{game}-{digest}.json", MOST_BYTES)
    if data is None:
        return None
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_not_a_number, parse_float=_finite)
    except (ValueError, RecursionError):  # missing, unreadable, not UTF-8, not JSON, nested too deep,
        return None  # or holding NaN or an infinity (damaged, or written by hand): none is a figure deckgen stores


def _not_a_number(word: str) -> float:
    raise ValueError(f"{word} in a figures cache entry")


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} in a figures cache entry")
    return value


def load(game: str, digest: str, players: int | None = None) -> Summary | None:
    """The summary stored under ``digest``, or None when there is none, or it is not a summary of
    ``game`` (at ``players``) whose figures make sense."""
    data = load_json(game, digest)
    if not isinstance(data, dict) or not conforms(data.get("length_hist", []), list[tuple[int, int]]):
        return None
    shaped = {**data, "length_hist": dict(data.get("length_hist", []))}
    if not conforms(shaped, Summary):
        return None
    summary = Summary.from_json(data)
    return summary if sensible(summary, game, players) else None


def sensible(s: Summary, game: str, players: int | None = None) -> bool:
    """A summary's figures are ones a run can give: its game and players, games played, the ended
    ones among them, a share of wins per seat, lengths counted once per ended game."""
    return (s.game == game and s.players >= 1 and (players is None or s.players == players) and s.games >= 1
            and 0 <= s.ended <= s.games and 0 <= s.stall_count <= s.games and s.planned >= 0
            and len(s.wins_by_seat) == s.players and all(0.0 <= w <= 1.0 for w in s.wins_by_seat)
            and all(k >= 0 and v >= 1 for k, v in s.length_hist.items()) and sum(s.length_hist.values()) <= s.ended
            and min(s.length_mean, s.length_median, s.length_p95, s.length_error) >= 0
            and all(e >= 0 for e in s.errors.values()))


def store_json(game: str, digest: str, data: Any) -> None:
    """Write an entry whole (a temporary file, then a rename), or nothing when the disk refuses."""
    folder = cache_dir()
    if folder is None:
        return
    path = folder / f"{game}-{digest}.json"
    tmp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def store(game: str, digest: str, summary: Summary) -> None:
    store_json(game, digest, summary.to_json(full=True))
