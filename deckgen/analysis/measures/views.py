"""The twelve measures as text (each number beside its interval, its definition and its players) and
as JSON (a stable key per measure: ``value``, ``low``, ``high``, ``unit``, ``definition``,
``players_model``, or ``not_applicable`` with the reason)."""

from __future__ import annotations

import math
import textwrap
from typing import Any

from deckgen.analysis.measures import words as W
from deckgen.analysis.measures.compute import Figure, Measured, Part
from deckgen.analysis.measures.intervals import Estimate
from deckgen.i18n import _

WIDTH = 100


def number(x: float, share: bool, signed: bool = False) -> Any:
    """A figure as the language writes it: a share as a percentage."""
    if share:
        return _("{x:+.1%}", x=x) if signed else _("{x:.1%}", x=x)
    if abs(x) >= 100:
        return _("{x:+,.0f}", x=x) if signed else _("{x:,.0f}", x=x)
    return _("{x:+.2f}", x=x) if signed else _("{x:.2f}", x=x)


def shown(e: Estimate, share: bool, signed: bool = False) -> Any:
    return _("{value} (95%: {low} to {high})", value=number(e.value, share, signed), low=number(e.low, share, signed),
             high=number(e.high, share, signed))


def part_name(p: Part) -> Any:
    return _(W.PARTS[p.key][0], **p.params)


def lines(m: Measured, title: str) -> list[Any]:
    """The twelve measures in plain text."""
    tag = _("{title} ({variant})", title=title, variant=m.variant) if m.variant else title
    out: list[Any] = [
        _("{title}: design measures, {players} players, {games} games (seeds {first} to {last}); the 95% intervals come from "
          "the games (bootstrap seed {seed})", title=tag, players=m.players, games=m.games, first=m.seed, last=m.seed + m.games - 1,
          seed=m.seed),
    ]
    for i, key in enumerate(W.KEYS, 1):
        f = m.figures[key]
        name, definition, unit = f.words
        if f.estimate is None:
            out.append(_("{i:>2}. {name}: not applicable: {reason}", i=i, name=_(name), reason=_(f.reason)))
        else:
            signed = key == "seat_edge"
            out.append(_("{i:>2}. {name}: {value} ({unit})", i=i, name=_(name), value=shown(f.estimate, f.share, signed), unit=_(unit)))
            for p in f.parts:
                if p.estimate is None:
                    out.append(_("      {name}: not applicable: {reason}", name=part_name(p), reason=(_(p.reason) if p.reason else _(W.NO_GAMES))))
                else:
                    out.append(_("      {name}: {value} ({unit})", name=part_name(p),
                                 value=shown(p.estimate, p.share, signed and p.key == "seat"), unit=_(W.PARTS[p.key][1])))
            if f.at_r is not None and f.converged is False:
                out.append(_("      {note}", note=_(W.NOT_CONVERGED, r=m.rollouts, r4=4 * m.rollouts, value=number(f.at_r.value, f.share))))
            elif f.at_r is not None:
                out.append(_("      at {r} rollouts: {value}; converged (inside the interval at {r4})", r=m.rollouts,
                             value=number(f.at_r.value, f.share), r4=4 * m.rollouts))
        out += _wrapped(_("what it is: {definition}", definition=_(definition)))
        out += _wrapped(_("players: {players}", players=f.players))
    return out


def _wrapped(text: Any) -> list[str]:
    return ["      " + line for line in textwrap.wrap(str(text), WIDTH - 6)]


def _estimate(e: Estimate) -> dict[str, float]:
    return {"value": _finite(e.value), "low": _finite(e.low), "high": _finite(e.high)}


def _finite(x: float) -> float | None:
    return round(x, 6) if math.isfinite(x) else None


def figure_json(f: Figure, m: Measured) -> dict[str, Any]:
    name, definition, unit = f.words
    out: dict[str, Any] = {"name": _(name), "definition": _(definition), "unit": _(unit), "players_model": f.players}
    if f.estimate is None:
        out["not_applicable"] = _(f.reason)
        return out
    out.update(_estimate(f.estimate))
    out["games"] = f.games
    if f.decisions:
        out["decisions"] = f.decisions
    if f.at_r is not None:
        out["rollouts"] = [m.rollouts, 4 * m.rollouts]
        out["at_fewer_rollouts"] = _estimate(f.at_r)
        out["converged"] = bool(f.converged)
        if not f.converged:
            out["note"] = _(W.NOT_CONVERGED, r=m.rollouts, r4=4 * m.rollouts, value=number(f.at_r.value, f.share))
    parts: dict[str, Any] = {}
    for p in f.parts:
        key = f"{p.key}_{p.params['n']}" if "n" in p.params else p.key
        item: dict[str, Any] = {"name": part_name(p), "unit": _(W.PARTS[p.key][1])}
        if p.estimate is None:
            item["not_applicable"] = (_(p.reason) if p.reason else _(W.NO_GAMES))
        else:
            item.update(_estimate(p.estimate))
        parts[key] = item
    if parts:
        out["parts"] = parts
    return out


def to_json(m: Measured) -> dict[str, Any]:
    return {
        "game": m.game,
        "variant": m.variant,
        "players": m.players,
        "games": m.games,
        "seed": m.seed,
        "evaluated_games": m.evaluated,
        "rollouts": [m.rollouts, 4 * m.rollouts],
        "seconds_per_turn": m.pace,
        "lesson_minutes": m.lesson,
        "measures": {key: figure_json(m.figures[key], m) for key in W.KEYS},
    }
