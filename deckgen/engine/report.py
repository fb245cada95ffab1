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
    if s.stall_count > len(s.stalls[:5]):
        lines.append(f"  ... {s.stall_count} games in all did not end")
    return lines


def summaries_table(engine: Engine, summaries: list[Summary]) -> list[str]:
    """One column per player count, one row per figure."""
    first = summaries[0]
    most = max(s.planned or s.games for s in summaries)
    every = all(s.games == (s.planned or s.games) for s in summaries)  # no player count stopped early
    sample = f"{most} games each" if every else f"up to {most} games each, fewer once every verdict is settled"
    head = f"measures{' (' + first.variant + ')' if first.variant else ''} (policy {first.policy}, seeds from {first.seed}; {sample})"
    rows: list[tuple[str, list[str]]] = [
        ("games ended", [f"{s.ended}/{s.games}" for s in summaries]),
        (f"{first.length_name}: mean", [f"{s.length_mean:.1f}" for s in summaries]),
        (f"{first.length_name}: median", [f"{s.length_median:g}" for s in summaries]),
        (f"{first.length_name}: p95", [f"{s.length_p95:g}" for s in summaries]),
        ("seat advantage (points)", [f"{100 * seat_advantage(s):.1f}" for s in summaries]),
    ]
    rows += [(m.name, [m.show(s.measures.get(m.name, 0.0)) for s in summaries]) for m in engine.measures]
    width = max(len(name) for name, _ in rows) + 2
    col = max(9, max(len(v) for _, vals in rows for v in vals) + 2)
    lines = [head, " " * (width + 2) + "".join(f"{f'{s.players} pl.':>{col}}" for s in summaries)]
    for name, vals in rows:
        lines.append(f"  {name:<{width}}" + "".join(f"{v:>{col}}" for v in vals))
    return lines


def report_lines(engine: Engine | None, r: Report) -> list[str]:
    lines = []
    for title, checks in (("static checks", r.static), ("exhaustive checks", r.exhaustive), ("simulation", r.simulated)):
        if checks:
            lines.append(f"{title}:")
            lines.extend(f"  {c.line()}" for c in checks)
    if engine is not None and r.summaries:
        by_variant: dict[str, list[Summary]] = {}
        for s in r.summaries.values():  # one table per rule variant (mode), if the engine has several
            by_variant.setdefault(s.variant, []).append(s)
        for group in by_variant.values():
            lines.append("")
            lines.extend(summaries_table(engine, group))
    if r.player_faults:
        lines += ["", "the computer player (not the deck):"]
        lines.extend(f"  {f}" for f in r.player_faults[:5])
    lines.append("")
    lines.append("PLAYABLE" if r.ok else "NOT PLAYABLE: " + "; ".join(c.name for c in r.checks if not c.ok))
    return lines


def report_json(r: Report) -> dict[str, Any]:
    from deckgen.engine.claims import headline_basis

    def c(x):
        return {"name": x.name, "ok": x.ok, "detail": x.detail, "seed": x.seed, "proof": x.proof or None, "hint": x.hint or None}

    return {
        "game": r.game,
        "playable": r.ok,
        "basis": headline_basis(r) if r.ok else "",
        "model_checker": {str(k): (m.to_json() if m is not None else None) for k, m in r.models.items()},
        "claim_games": {str(k): n for k, n in r.claim_games.items()},
        "player_faults": list(r.player_faults),
        "static": [c(x) for x in r.static],
        "exhaustive": [c(x) for x in r.exhaustive],
        "simulation": [c(x) for x in r.simulated],
        "summaries": {str(n): s.to_json() for n, s in r.summaries.items()},
    }
