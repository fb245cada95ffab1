"""PNG charts for validation reports and sweeps, drawn with matplotlib (a base dependency, imported
only when a chart is drawn, always on its file-only Agg backend: no window, no display needed, the
same on Windows, macOS and a server): axes, labels, 95% error bars and a legend."""

from __future__ import annotations

import io
import math
from typing import Any, Sequence

from deckgen.errors import DeckgenError
from deckgen.i18n import _

YOURS, DEFAULT = "#1f4e9c", "#e08a2e"
Z95 = 1.96
MISSING = "plots need matplotlib, which deckgen installs with itself: install deckgen again (python3 -m pip install .)"


def pyplot() -> Any:
    """matplotlib's pyplot on the file-only backend, or one clear error line. Every chart deckgen draws
    imports matplotlib through here."""
    own_config_dir()
    try:
        import matplotlib

        matplotlib.use("Agg", force=True)  # before pyplot is imported: pyplot starts on this backend
        from matplotlib import pyplot as plt
    except ImportError:
        raise DeckgenError(MISSING) from None
    return plt


CONFIG_DIR = "MPLCONFIGDIR"


def own_config_dir() -> None:
    """Where matplotlib keeps its settings and font cache cannot be written (an unwritable or missing
    home, a read-only ``~/.cache``): point it at a temporary folder of deckgen's, removed at exit, so
    matplotlib never prints its warnings about it. A folder the user set (MPLCONFIGDIR) is left alone."""
    import os

    if os.environ.get(CONFIG_DIR):
        return
    from deckgen.surroundings import base_folder

    # a relative XDG_CONFIG_HOME or XDG_CACHE_HOME, or a home that is no absolute path: matplotlib would
    # take it as it is and make its folders under the current one
    relative = any(os.environ.get(v) and not os.path.isabs(os.environ[v]) for v in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME"))
    config, cache = base_folder("XDG_CONFIG_HOME", ".config"), base_folder("XDG_CACHE_HOME", ".cache")
    if not relative and config and cache and all(_writable(base / "matplotlib") for base in (config, cache)):
        return
    import atexit
    import shutil
    import tempfile

    import logging

    folder = tempfile.mkdtemp(prefix="deckgen-matplotlib-")
    os.environ[CONFIG_DIR] = folder  # (worker processes inherit it)
    # its font cache is built afresh in the new folder, which matplotlib announces as a warning
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    main = os.getpid()
    atexit.register(lambda: os.getpid() == main and shutil.rmtree(folder, ignore_errors=True))


def _writable(folder: Any) -> bool:
    """As matplotlib judges its folders: made if missing, then a folder it may write in."""
    import os

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def png(fig: Any) -> bytes:
    """The figure as PNG bytes (no timestamp or software tag: the same figure, the same bytes)."""
    plt = pyplot()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def _bar(value: float, error: float) -> float:
    return Z95 * error if math.isfinite(error) else 0.0


def points_with_errors(
    labels: Sequence[str],
    yours: Sequence[tuple[float, float]],
    base: Sequence[tuple[float, float] | None],
    *,
    title: str,
    ylabel: str,
    xlabel: str = "players",
    zero_line: bool = False,
    words: dict[str, str] | None = None,
) -> bytes:
    """One point per label with its 95% interval: your deck, and beside it the default deck's.
    ``words``: the legend's words in another language (keys: the English ones)."""
    w = {k: k for k in ("your deck", "this deck", "default deck", "no advantage", "error bars: 95% interval")} | (words or {})
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(max(6.0, 0.55 * len(labels) + 2.5), 4.2))
    if not labels:  # a deck that serves no player count: a chart that says so (it failed with max() of nothing)
        ax.set_title(title)
        ax.text(0.5, 0.5, "—", ha="center", va="center", fontsize=28, color="#999999", transform=ax.transAxes)
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        fig.tight_layout()
        return png(fig)
    xs = list(range(len(labels)))
    has_base = any(b is not None for b in base)
    shift = 0.12 if has_base else 0.0
    ax.errorbar(
        [x - shift for x in xs], [v for v, _ in yours], yerr=[_bar(v, e) for v, e in yours],
        fmt="o", color=YOURS, capsize=4, label=w["your deck"] if has_base else w["this deck"],
    )
    if has_base:
        bx = [x + shift for x, b in zip(xs, base) if b is not None]
        ax.errorbar(
            bx, [b[0] for b in base if b is not None], yerr=[_bar(*b) for b in base if b is not None],
            fmt="s", color=DEFAULT, capsize=4, label=w["default deck"],
        )
    if zero_line:
        ax.axhline(0.0, color="#999999", linewidth=1, linestyle="--", label=w["no advantage"])
    ax.set_xticks(xs, labels, rotation=45 if max(len(s) for s in labels) > 4 else 0, ha="right" if max(len(s) for s in labels) > 4 else "center")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="y", color="#e0e0e0")
    ax.legend(title=w["error bars: 95% interval"], fontsize=9, title_fontsize=8)
    fig.tight_layout()
    return png(fig)


def heat_map(
    grid: Sequence[Sequence[float | None]],
    xs: Sequence[str],
    ys: Sequence[str],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
    passing: Sequence[Sequence[bool]] | None = None,
    panels: Sequence[tuple[str, Sequence[Sequence[float | None]], Sequence[Sequence[bool]] | None]] | None = None,
) -> bytes:
    """A measure over a grid of option values (one panel per player count); cells that pass every
    check are outlined, and each cell prints its value."""
    plt = pyplot()
    import numpy as np

    panels = list(panels or [("", grid, passing)])
    cols = min(4, len(panels))
    rows = -(-len(panels) // cols)
    width = 1.5 + cols * max(3.4, 0.9 * len(xs) + 0.12 * max(len(y) for y in ys) + 1.4)
    fig, grid_axes = plt.subplots(rows, cols, figsize=(width, rows * max(3.0, 0.55 * len(ys) + 1.8) + 0.6), squeeze=False, layout="constrained")
    axes = [list(ax for row in grid_axes for ax in row)]
    for spare in axes[0][len(panels):]:
        spare.set_visible(False)
    values = [v for _, g, _ in panels for row in g for v in row if v is not None and math.isfinite(v)]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    image = None
    for ax, (label, g, ok) in zip(axes[0], panels):
        data = np.array([[np.nan if v is None else v for v in row] for row in g], dtype=float)
        image = ax.imshow(data, cmap="viridis", vmin=lo, vmax=hi if hi > lo else lo + 1, aspect="auto", origin="lower")
        ax.set_xticks(range(len(xs)), xs)
        ax.set_yticks(range(len(ys)), ys)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(label, fontsize=10)
        for i, row in enumerate(g):
            for j, v in enumerate(row):
                if v is None:
                    continue
                text = str(_("{value:.3g}", value=v))
                shade = (v - lo) / (hi - lo) if hi > lo else 0.0
                ax.text(j, i, text, ha="center", va="center", fontsize=8, color="black" if shade > 0.6 else "white")
                if ok is not None and ok[i][j]:
                    ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, edgecolor="#ff3b30", linewidth=2))
    fig.suptitle(title)
    handle = plt.Rectangle((0, 0), 1, 1, fill=False, edgecolor="#ff3b30", linewidth=2)
    fig.legend([handle], [str(_("passes every check"))], loc="lower right", fontsize=8)
    fig.colorbar(image, ax=axes[0][: len(panels)], shrink=0.85)
    return png(fig)
