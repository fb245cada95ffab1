"""Modules imported on first use, so a command pays only for the libraries it needs."""

from __future__ import annotations

import gc
import importlib.util
import sys
import threading
from contextlib import contextmanager
from types import ModuleType
from typing import Any, Iterator


@contextmanager
def settled() -> Iterator[None]:
    """Load modules with the cyclic garbage collector paused, then keep what was loaded out of later
    collections (``gc.freeze``). A module graph loaded at start-up or on first use (the command line:
    typer; the drawing stack: reportlab, platypus, jinja2, deckgen's pipeline) lives as long as the
    process, and the collector would walk it again and again only to find it alive: about 60
    collections while a build loads its modules, and the interpreter's last full collections at the
    exit, which walk every tracked object (≈36,000 after a build). Frozen, a quiet build takes
    about 18 % less CPU (paired runs against the same code without the freeze). Objects alive at
    that moment are no longer collected as cycles (reference counting still frees them); the
    collector is on again, as it was, once the modules have run or failed."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_on:
            gc.enable()


def lazy_module(name: str) -> ModuleType:
    """``name`` as a module object whose code runs, :func:`settled`, on first use of a name it does
    not have yet; an already imported module is returned as it is.

    Thread-safe: the code runs once, under a lock, and a thread that asks for a name while another
    runs the code waits for it. (The standard library's LazyLoader, used before, is not, in Python
    3.11: a second thread saw the module half-run; a fresh `deckgen serve` answered 500 when the
    home page's five sample cards first loaded the pipeline at once.)"""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:  # pragma: no cover - a broken install
        raise ImportError(name)
    module = importlib.util.module_from_spec(spec)
    lock = threading.RLock()
    started: list[bool] = []

    def first_use(attr: str) -> Any:  # the module's __getattr__ (PEP 562) until its code has run
        with lock:
            if not started:
                started.append(True)
                try:
                    with settled():
                        spec.loader.exec_module(module)  # type: ignore[union-attr]
                finally:
                    if module.__dict__.get("__getattr__") is first_use:
                        del module.__dict__["__getattr__"]
        if module.__dict__.get("__getattr__") is first_use:  # asked by the code itself, while it runs
            raise AttributeError(f"module {name!r} has no attribute {attr!r} yet")
        return getattr(module, attr)

    module.__getattr__ = first_use  # type: ignore[method-assign]
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent in sys.modules:  # as an import does: the package names its submodule
        setattr(sys.modules[parent], child, module)
    return module
