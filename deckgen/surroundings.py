"""What deckgen finds around it and cannot trust: the current folder, which may be gone (a terminal
left in a folder another program deleted), and the home folder, which may be missing, read-only, or
not a folder at all.

With the current folder gone deckgen works wherever nothing needs it (a command that writes nothing,
or writes only to absolute paths), and says in one line that the folder is gone where something does
(a relative path, the default output folder: deckgen.errors.os_problem). Libraries that read these
folders as they load (reportlab's configuration asks for the current folder for its font search path
and reads ``~/.reportlab_mods``) are loaded with stand-ins (:func:`prepare`)."""

from __future__ import annotations

import os
from pathlib import Path


def current_folder() -> Path | None:
    """The current folder, or None when it no longer exists."""
    try:
        return Path(os.getcwd())
    except FileNotFoundError:
        return None


def gone() -> bool:
    return current_folder() is None


def _odd_home() -> bool:
    """The home folder is there but is not a folder (reading files under it fails, not just misses)."""
    home = os.path.expanduser("~")
    return os.path.lexists(home) and not os.path.isdir(home)


def prepare() -> None:
    """With the current folder gone or the home folder not a folder, load what reads them at import
    (reportlab) with stand-ins, once: the root folder for the current one, a missing folder for the
    home. Nothing otherwise (two checks of the file system)."""
    cwd_gone, odd_home = gone(), _odd_home()
    if not (cwd_gone or odd_home):
        return
    real, home = os.getcwd, os.environ.get("HOME")
    if cwd_gone:
        os.getcwd = lambda: os.path.abspath(os.sep)  # type: ignore[assignment]
    if odd_home:
        import tempfile

        os.environ["HOME"] = os.path.join(tempfile.gettempdir(), "deckgen-no-home", "missing")
    try:
        import reportlab.rl_config  # noqa: F401
    except ImportError:  # pragma: no cover - reportlab is a dependency
        pass
    finally:
        os.getcwd = real  # type: ignore[assignment]
        if odd_home:
            if home is None:
                os.environ.pop("HOME", None)
            else:
                os.environ["HOME"] = home


def base_folder(variable: str, name: str) -> Path | None:
    """Where deckgen keeps what it may throw away (``XDG_CACHE_HOME``, ``.cache``) or a library's
    settings (``XDG_CONFIG_HOME``, ``.config``): the variable when it holds an absolute path, else
    ``name`` in the home folder when that is an absolute path; None when there is neither, and then
    nothing is kept. A relative path is ignored, as the XDG base directory specification asks: it
    would put these folders in whatever folder deckgen runs in (``XDG_CACHE_HOME=cache``, or a HOME of
    ``relhome``, left ``relhome/.cache/deckgen/`` in the user's current folder; with no home at all,
    Python's ``~`` stays ``~``, a folder named so)."""
    given = os.environ.get(variable, "")
    if given and os.path.isabs(given):
        return Path(given)
    try:
        home = os.path.expanduser("~")
    except (KeyError, OSError, RuntimeError):  # no home at all
        return None
    return Path(home) / name if os.path.isabs(home) else None


def cache_home() -> Path | None:
    """``$XDG_CACHE_HOME``, else ``~/.cache``, when absolute (:func:`base_folder`)."""
    return base_folder("XDG_CACHE_HOME", ".cache")
