"""Plain-text and JSON views of simulation summaries and validation reports."""

from __future__ import annotations

from typing import Any

from deckgen.checks import Joined
from deckgen.engine.game import Engine
from deckgen.i18n import _, ngettext
from deckgen.engine.simulate import Summary, seat_advantage
from deckgen.engine.validate import Report
from deckgen.engine.words import length_unit, players_tag, policy_word


def summary_lines(engine: Engine, s: Summary) -> list[str]:
    """``deckgen simulate``'s summary of one player count, in the language in force."""
    rows: list[tuple[Any, Any]] = [
        (_("games ended by the rules"), _("{ended} of {games}", ended=s.ended, games=s.games)),
        (_("game length ({unit})", unit=length_unit(s.length_name)),
         _("mean {mean:.1f}   median {median:g}   p95 {p95:g}", mean=s.length_mean, median=s.length_median, p95=s.length_p95)),
        (_("wins by seat"), Joined([_("{seat}: {share:.1f}%", seat=i, share=100 * w) for i, w in enumerate(s.wins_by_seat)], "  ")),
        (_("seat advantage"), _("{points:.1f} points", points=100 * seat_advantage(s))),
    ]
    rows += [(m.name, m.show(s.measures.get(m.name, 0.0))) for m in engine.measures]
    head = ngettext("{game}: {n} game, {players}, policy {policy}, seeds {first}..{last}",
                    "{game}: {n} games, {players}, policy {policy}, seeds {first}..{last}", s.games, game=_titled(s.game, s.variant),
                    players=players_tag(s.players), policy=policy_word(s.policy), first=s.seed, last=s.seed + s.games - 1)
    names = [str(name) for name, _ in rows]
    width = max(26, *(len(n) for n in names))
    lines = [str(head)] + [f"  {n:<{width}} {value}" for n, (_, value) in zip(names, rows)]
    for seed, problem in s.stalls[:5]:
        lines.append("  " + str(_("did not end: seed {seed}: {problem}", seed=seed, problem=problem)))
    if s.stall_count > len(s.stalls[:5]):
        lines.append("  " + str(_("... {n} games in all did not end", n=s.stall_count)))
    return lines


def _titled(game: str, variant: str) -> Any:
    return _("{game} ({variant})", game=game, variant=variant) if variant else game


def summaries_table(engine: Engine, summaries: list[Summary]) -> list[str]:
    """One column per player count, one row per figure (in the language in force, laid out for its words)."""
    first = summaries[0]
    most = max(s.planned or s.games for s in summaries)
    every = all(s.games == (s.planned or s.games) for s in summaries)  # no player count stopped early
    sample = (ngettext("{n} game each", "{n} games each", most) if every
              else ngettext("up to {n} game each, fewer once every verdict is settled", "up to {n} games each, fewer once every verdict is settled", most))
    head = (_("measures ({variant}) (policy {policy}, seeds from {seed}; {sample})", variant=first.variant, policy=policy_word(first.policy),
              seed=first.seed, sample=sample) if first.variant else
            _("measures (policy {policy}, seeds from {seed}; {sample})", policy=policy_word(first.policy), seed=first.seed, sample=sample))
    unit = length_unit(first.length_name)
    rows: list[tuple[Any, list[Any]]] = [
        (_("games ended"), [_("{ended}/{games}", ended=s.ended, games=s.games) for s in summaries]),
        (_("{unit}: mean", unit=unit), [_("{value:.1f}", value=s.length_mean) for s in summaries]),
        (_("{unit}: median", unit=unit), [_("{value:g}", value=s.length_median) for s in summaries]),
        (_("{unit}: p95", unit=unit), [_("{value:g}", value=s.length_p95) for s in summaries]),
        (_("seat advantage (points)"), [_("{value:.1f}", value=100 * seat_advantage(s)) for s in summaries]),
    ]
    rows += [(m.name, [m.show(s.measures.get(m.name, 0.0)) for s in summaries]) for m in engine.measures]
    shown = [(str(name), [str(v) for v in vals]) for name, vals in rows]
    counts = [str(_("{n} pl.", n=s.players)) for s in summaries]
    width = max(len(name) for name, _ in shown) + 2
    col = max(9, max(len(v) for _, vals in shown for v in vals) + 2, max(len(c) for c in counts) + 2)
    lines = [str(head), " " * (width + 2) + "".join(f"{c:>{col}}" for c in counts)]
    for name, vals in shown:
        lines.append(f"  {name:<{width}}" + "".join(f"{v:>{col}}" for v in vals))
    return lines


def verdict_line(r: Report) -> str:
    """The report's last line: PLAYABLE, or NOT PLAYABLE and the failed checks' names."""
    if r.ok:
        return str(_("PLAYABLE"))
    return str(_("NOT PLAYABLE: {checks}", checks=Joined([c.name for c in r.checks if not c.ok], "; ")))


def report_lines(engine: Engine | None, r: Report) -> list[str]:
    """The checks, the measures tables, the computer player's loops and the verdict, in the language in force."""
    lines: list[str] = []
    for title, checks in ((_("static checks:"), r.static), (_("exhaustive checks:"), r.exhaustive), (_("simulation:"), r.simulated)):
        if checks:
            lines.append(str(title))
            lines.extend(f"  {c.line()}" for c in checks)
    if engine is not None and r.summaries:
        by_variant: dict[str, list[Summary]] = {}
        for s in r.summaries.values():  # one table per rule variant (mode), if the engine has several
            by_variant.setdefault(s.variant, []).append(s)
        for group in by_variant.values():
            lines.append("")
            lines.extend(summaries_table(engine, group))
    if r.player_faults:
        lines += ["", str(_("the computer player (not the deck):"))]
        lines.extend(f"  {f}" for f in r.player_faults[:5])
    lines.append("")
    lines.append(verdict_line(r))
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


def failure_text(c: Any, phrases: Any = None) -> str:
    """A failed check as a page lists it under the verdict, in the language in force: "name: detail
    [proof]", a counterexample a step a line (``phrases``: ``Report.phrases``), and on a line of its
    own what to try."""
    from deckgen.checks import claim_word
    from deckgen.engine.replay import Replay

    part = (phrases or {}).get(str.__str__(c.detail)) if isinstance(c.detail, str) else None
    detail = part.message(lines=True) if isinstance(part, Replay) else c.detail
    if c.proof:
        detail = _("{text} [{proof}]", text=detail, proof=claim_word(c.proof))
    told = _("{name}: {detail}", name=c.name, detail=detail)
    return str(_("{failure}\nWhat to try: {hint}", failure=told, hint=c.hint) if c.hint else told)
