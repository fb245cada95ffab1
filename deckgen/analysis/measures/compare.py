"""A custom deck's design measures beside the default deck's, flagging only differences that are real.

Both decks are measured with the same seeds, games, rollouts and players (paired seeds), and every
figure that both have (each measure and each of its parts) is one row of the comparison
`validate` already makes (engine/compare.py): the relative change with the standard error of the
difference, and Holm-Bonferroni over every row at once, so that a same-deck comparison flags
nothing in 95% of runs. A figure's standard error is read from its 95% interval."""

from __future__ import annotations

import math
from typing import Any, Sequence

from deckgen.analysis.measures import words as W
from deckgen.analysis.measures.compute import Measured
from deckgen.analysis.measures.intervals import Estimate
from deckgen.analysis.measures.views import number, part_name
from deckgen.engine.compare import METHOD, Row, holm
from deckgen.i18n import _


def _pairs(yours: Measured, base: Measured) -> list[tuple[str, Any, Estimate, Estimate, bool]]:
    """(key, name, yours, default, share) for every figure both decks have."""
    out = []
    for key in W.KEYS:
        a, b = yours.figures[key], base.figures[key]
        if a.estimate is not None and b.estimate is not None:
            out.append((key, _(W.MEASURES[key][0]), a.estimate, b.estimate, a.share))
        theirs = {(p.key, tuple(sorted(p.params.items()))): p for p in b.parts}
        for p in a.parts:
            q = theirs.get((p.key, tuple(sorted(p.params.items()))))
            if p.key == "fair" or q is None or p.estimate is None or q.estimate is None:
                continue
            out.append((f"{key}.{p.key}" + (f"_{p.params['n']}" if "n" in p.params else ""),
                        _("{measure}: {part}", measure=_(W.MEASURES[key][0]), part=part_name(p)), p.estimate, q.estimate, p.share))
    return out


def rows(yours: Sequence[Measured], bases: Sequence[Measured | None]) -> list[tuple[Row, bool, str]]:
    """Every row of the comparison (corrected together), with whether it is a share and its key."""
    table: list[Row] = []
    shares: list[bool] = []
    keys: list[str] = []
    for m, b in zip(yours, bases):
        if b is None:
            continue
        tag = m.variant or m.players
        for key, name, a, d, share in _pairs(m, b):
            table.append(Row(tag, name, a.value, d.value, a.stderr, d.stderr))
            shares.append(share)
            keys.append(key)
    return list(zip(holm(table), shares, keys))


def lines(yours: Sequence[Measured], bases: Sequence[Measured | None]) -> list[Any]:
    done = rows(yours, bases)
    if not done:
        return []
    flagged = [(r, share) for r, share, _key in done if r.significant]
    tested = sum(1 for r, _s, _k in done if math.isfinite(r.z))
    out: list[Any] = [_("beside the default deck (the same seeds; {n} figures compared at once, {method}):", n=tested, method=METHOD)]
    if not flagged:
        out.append(_("  no measurable difference: every interval of a difference contains 0"))
    for r, share in flagged:
        est, se = r.estimate()
        where = _(" ({variant})", variant=r.players) if isinstance(r.players, str) and r.players else ""
        out.append(_("  {name}{where}: yours {yours}, default {default} (difference {low} to {high})", name=r.name, where=where,
                     yours=number(r.yours, share), default=number(r.default, share),
                     low=number(r.yours - r.default - r.z * math.hypot(r.yours_error, r.default_error), share, True),
                     high=number(r.yours - r.default + r.z * math.hypot(r.yours_error, r.default_error), share, True)))
    return out


def to_json(yours: Sequence[Measured], bases: Sequence[Measured | None]) -> dict[str, Any]:
    done = rows(yours, bases)
    out = []
    for r, share, key in done:
        half = r.z * math.hypot(r.yours_error, r.default_error) if math.isfinite(r.z) else None
        out.append({"variant": r.players if isinstance(r.players, str) else "", "key": key, "name": r.name, "yours": r.yours,
                    "default": r.default, "difference_interval": [r.yours - r.default - half, r.yours - r.default + half] if half is not None else None,
                    "p_value": r.p_value, "measurable": r.significant})
    return {"correction": {"method": METHOD, "tested": sum(1 for r, _s, _k in done if math.isfinite(r.z))}, "rows": out}
