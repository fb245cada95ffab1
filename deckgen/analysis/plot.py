"""The ladder's ratings and their 95% intervals as a PNG (matplotlib, a base dependency, imported
only here and only when a plot is asked for, on the Agg backend)."""

from __future__ import annotations

import io
from typing import Sequence

from deckgen.analysis.skill import SkillReport, differences
from deckgen.i18n import _

YOURS, DEFAULT = "#1f4e9c", "#e08a2e"


def ratings_png(reports: Sequence[SkillReport], bases: Sequence[SkillReport | None] = ()) -> bytes:
    """One panel per report (rule variant): each level's rating with its interval; beside it the
    default deck's, and a star over a level whose rating differs significantly."""
    from deckgen.render.charts import pyplot

    plt = pyplot()  # (the Agg backend, matplotlib's folders where they can be written)
    bases = list(bases) or [None] * len(reports)
    fig, axes = plt.subplots(1, len(reports), figsize=(5.5 * len(reports), 4.2), squeeze=False)
    for ax, r, b in zip(axes[0], reports, bases):
        xs = range(len(r.names))
        shift = 0.15 if b is not None else 0.0
        lows = [r.ratings.elo[i] - r.ratings.interval(i)[0] for i in xs]
        ax.errorbar([x - shift for x in xs], r.ratings.elo, yerr=[lows, lows], fmt="o", color=YOURS, capsize=4,
                    label=str(_("your deck") if b is not None else _("this deck")))
        if b is not None:
            index = [b.names.index(n) if n in b.names else None for n in r.names]
            bx = [x + shift for x, j in zip(xs, index) if j is not None]
            by = [b.ratings.elo[j] for j in index if j is not None]
            be = [b.ratings.elo[j] - b.ratings.interval(j)[0] for j in index if j is not None]
            ax.errorbar(bx, by, yerr=[be, be], fmt="s", color=DEFAULT, capsize=4, label=str(_("default deck")))
            rated = [n for n in r.names if n in b.names]  # the rating rows of differences(), in this order
            marked = {n for n, d in zip(rated, differences(r, b)) if d.significant}
            top = max(max(r.ratings.interval(i)[1] for i in xs), max((y + e for y, e in zip(by, be)), default=0))
            for x, n in zip(xs, r.names):
                if n in marked:
                    ax.annotate("*", (x, top), ha="center", va="bottom", fontsize=16, color="#b00020")
        ax.axhline(0, color="#999999", linewidth=0.8)
        ax.set_xticks(list(xs), [str(r.level(n)) for n in r.names], rotation=20)
        ax.set_ylabel(str(_("rating (Elo), 95% interval")))
        title = _("{game} ({variant})", game=r.title, variant=r.variant) if r.variant else r.title
        ax.set_title(str(_("{game}, {players} players\nskill share {share:.2f}", game=title, players=r.players, share=r.skill_share())),
                     fontsize=10)
        ax.legend(fontsize=8, loc="upper left")
        ax.grid(axis="y", color="#dddddd")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()
