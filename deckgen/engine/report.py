"""Plain-text and JSON views of simulation summaries and validation reports."""

from __future__ import annotations

from typing import Any

from deckgen.engine.game import Engine
from deckgen.engine.simulate import Summary, seat_advantage
from deckgen.engine.validate import Report


def summary_lines(engine: Engine, s: Summary) -> list[str]:
    lines = [
        f"{s.game}{' (' + s.variant + ')' if s.variant else ''}: {s.games} games, {s.players} players, policy {s.policy}, seeds {s.seed}..{s.seed + s.games - 1}",
        f"  games ended by the rules   {s.ended} of {s.games}",
        f"  game length ({s.length_name:<8})  mean {s.length_mean:.1f}   median {s.length_median:g}   p95 {s.length_p95:g}",
        "  wins by seat               " + "  ".join(f"{i}: {100 * w:.1f}%" for i, w in enumerate(s.wins_by_seat)),
        f"  seat advantage             {100 * seat_advantage(s):.1f} points",
    ]
    for m in engine.measures:
        lines.append(f"  {m.name:<26} {m.show(s.measures.get(m.name, 0.0))}")
    for seed, problem in s.stalls[:5]:
        lines.append(f"  did not end: seed {seed}: {problem}")
    return lines


def report_lines(engine: Engine | None, r: Report) -> list[str]:
    lines = []
    for title, checks in (("static checks", r.static), ("exhaustive checks", r.exhaustive), ("simulation", r.simulated)):
        if checks:
            lines.append(f"{title}:")
            lines.extend(f"  {c.line()}" for c in checks)
    if engine is not None:
        for n, s in r.summaries.items():
            lines.append("")
            lines.extend(summary_lines(engine, s))
    lines.append("")
    lines.append("PLAYABLE" if r.ok else "NOT PLAYABLE: " + "; ".join(c.name for c in r.checks if not c.ok))
    return lines


def report_json(r: Report) -> dict[str, Any]:
    def c(x):
        return {"name": x.name, "ok": x.ok, "detail": x.detail, "seed": x.seed}

    return {
        "game": r.game,
        "playable": r.ok,
        "static": [c(x) for x in r.static],
        "exhaustive": [c(x) for x in r.exhaustive],
        "simulation": [c(x) for x in r.simulated],
        "summaries": {str(n): s.to_json() for n, s in r.summaries.items()},
    }
