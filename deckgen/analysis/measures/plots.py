"""The design measures' pictures for `validate --report` (matplotlib, through render/charts.py): how
long games last (a histogram in minutes, with the lesson's length), the comeback curve (the chance
that the player strictly last, or first, at each point of the game wins, with 95% intervals, beside
a fair share) and how often the lead changes (a histogram of games). Each has a panel per rule
variant, and the default deck's figures beside a custom deck's. Words in the language in force."""

from __future__ import annotations

from typing import Sequence

from deckgen.analysis.measures.compute import Measured
from deckgen.i18n import _
from deckgen.render.charts import DEFAULT, YOURS, png, pyplot


def _panels(count: int, width: float = 5.2):
    plt = pyplot()
    fig, axes = plt.subplots(1, count, figsize=(width * count, 4.0), squeeze=False)
    return fig, axes[0]


def _title(m: Measured, title: str) -> str:
    return str(_("{title} ({variant}), {players} players", title=title, variant=m.variant, players=m.players)
               if m.variant else _("{title}, {players} players", title=title, players=m.players))


def _labels(has_base: bool) -> tuple[str, str]:
    return (str(_("your deck")) if has_base else str(_("this deck"))), str(_("default deck"))


def length_png(measured: Sequence[Measured], bases: Sequence[Measured | None], title: str) -> bytes:
    fig, axes = _panels(len(measured))
    for ax, m, b in zip(axes, measured, bases):
        mine, theirs = _labels(b is not None)
        for data, colour, label, style in ((m, YOURS, mine, "stepfilled"), (b, DEFAULT, theirs, "step")):
            if data is None:
                continue
            pairs = data["length"].curve.get("lengths", [])
            minutes = [t * data.pace / 60.0 for t, k in pairs for _i in range(k)]
            if minutes:
                ax.hist(minutes, bins=min(30, max(5, len(set(minutes)))), histtype=style, color=colour, alpha=0.55 if style == "stepfilled" else 1.0,
                        label=label, linewidth=1.5)
        ax.axvline(m.lesson, color="#444444", linestyle="--", linewidth=1, label=str(_("a lesson: {minutes:g} minutes", minutes=m.lesson)))
        ax.set_title(_title(m, title), fontsize=10)
        ax.set_xlabel(str(_("minutes per game (at {pace:g} seconds a turn)", pace=m.pace)))
        ax.set_ylabel(str(_("games")))
        ax.legend(fontsize=8)
    fig.suptitle(str(_("How long a game lasts")), fontsize=11)
    fig.tight_layout()
    return png(fig)


def comeback_png(measured: Sequence[Measured], bases: Sequence[Measured | None], title: str) -> bytes:
    fig, axes = _panels(len(measured))
    for ax, m, b in zip(axes, measured, bases):
        mine, theirs = _labels(b is not None)
        for data, colour, label, shift in ((m, YOURS, mine, -0.006), (b, DEFAULT, theirs, 0.006)):
            if data is None:
                continue
            curve = data["comebacks"].curve
            for key, marker, words in (("last", "o", _("{who}: last at that point wins", who=label)),
                                       ("first", "^", _("{who}: first at that point wins", who=label))):
                points = [(x + shift, t) for x, t in zip(curve.get("fractions", []), curve.get(key, [])) if t is not None]
                if points:
                    xs = [x for x, _t in points]
                    ys = [t[0] for _x, t in points]
                    err = [[t[0] - t[1] for _x, t in points], [t[2] - t[0] for _x, t in points]]
                    ax.errorbar(xs, ys, yerr=err, fmt=marker + ("-" if key == "last" else ":"), color=colour, capsize=3,
                                label=str(words), markersize=5)
        ax.axhline(1.0 / m.players, color="#444444", linestyle="--", linewidth=1, label=str(_("a fair share: 1 in {n}", n=m.players)))
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlim(0, 1)
        ax.set_title(_title(m, title), fontsize=10)
        ax.set_xlabel(str(_("share of the game played (in turns)")))
        ax.set_ylabel(str(_("chance of winning (95% intervals)")))
        ax.legend(fontsize=7)
    fig.suptitle(str(_("Comebacks: does the player behind still win?")), fontsize=11)
    fig.tight_layout()
    return png(fig)


def lead_changes_png(measured: Sequence[Measured], bases: Sequence[Measured | None], title: str) -> bytes:
    fig, axes = _panels(len(measured))
    for ax, m, b in zip(axes, measured, bases):
        mine, theirs = _labels(b is not None)
        for data, colour, label, shift in ((m, YOURS, mine, -0.2), (b, DEFAULT, theirs, 0.2)):
            if data is None:
                continue
            counts = data["lead_changes"].curve.get("changes", [])
            total = sum(k for _c, k in counts) or 1
            ax.bar([c + (shift if b is not None else 0.0) for c, _k in counts], [k / total for _c, k in counts],
                   width=0.4 if b is not None else 0.8, color=colour, label=label)
        ax.set_title(_title(m, title), fontsize=10)
        ax.set_xlabel(str(_("changes of leader in a game (standing sampled at each rotation's end)")))
        ax.set_ylabel(str(_("share of games")))
        ax.legend(fontsize=8)
    fig.suptitle(str(_("How often the lead changes")), fontsize=11)
    fig.tight_layout()
    return png(fig)


FILES = {"length-distribution.png": length_png, "comeback-curve.png": comeback_png, "lead-changes.png": lead_changes_png}
