"""A sweep: validate a game's deck at every combination of some option values, then tabulate and
draw the measures over the grid and name the combinations that pass.

Each combination is validated on its own (sequential stopping, one process), so the work spreads
over local processes or, given a scheduler address, over a Dask cluster (the `distributed`
package, the optional extra "dask"). A combination's result depends only on the game, its
options and the seed, never on where it ran: the same seed gives the same sweep everywhere.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from deckgen.errors import DeckgenError, os_problem
from deckgen.i18n import _, ngettext
from deckgen.options import _did_you_mean

Tick = Callable[[int, int], None]
MAX_POINTS = 400  # combinations in one sweep


@dataclass(frozen=True)
class Axis:
    """One varied option: its name and the values to try (as typed on the command line)."""

    name: str
    values: tuple[str, ...]


def parse_vary(game: Any, texts: Sequence[str]) -> list[Axis]:
    """``NAME=V1,V2,...`` (a value list that itself holds commas is split on ``|`` instead:
    ``tables=2,5,10|1-6``), checked against the game's options."""
    if not texts:
        raise DeckgenError(_("name at least one option to vary: --vary NAME=V1,V2"))
    known = {o.name: o for o in game.options}
    axes: list[Axis] = []
    for text in texts:
        name, eq, values = text.partition("=")
        key = name.strip().lstrip("-").replace("-", "_")
        if not eq or not values.strip():
            raise DeckgenError(_("--vary takes NAME=V1,V2 (got {text!r})", text=text))
        if key not in known:
            raise DeckgenError(_("{game} has no option {name!r}{suggestion}; see `deckgen list`", game=game.title, name=name.strip(),
                                 suggestion=_did_you_mean(key, known)))
        if key in {a.name for a in axes}:
            raise DeckgenError(_("--vary names {option} twice", option=key))
        parts = [v.strip() for v in (values.split("|") if "|" in values else values.split(","))]
        if any(not v for v in parts) or len(set(parts)) != len(parts):
            raise DeckgenError(_("--vary {option}: give different, non-empty values (got {values!r})", option=key, values=values))
        axes.append(Axis(key, tuple(parts)))
    total = 1
    for a in axes:
        total *= len(a.values)
    if total > MAX_POINTS:
        raise DeckgenError(_("the sweep has {n} combinations; at most {most}", n=total, most=MAX_POINTS))
    return axes


def combinations(axes: Sequence[Axis]) -> list[dict[str, str]]:
    """Every combination, the last axis varying fastest."""
    return [dict(zip((a.name for a in axes), values)) for values in itertools.product(*(a.values for a in axes))]


@dataclass(frozen=True)
class Task:
    """One combination to validate: everything a worker needs, nothing else."""

    game: str
    options: tuple[tuple[str, str], ...]
    players: int | None
    games: int
    seed: int | None
    measures: tuple[str, ...] = ()  # design measures to tabulate too (analysis/measures: their keys)


def parse_measures(game: Any, names: Sequence[str]) -> tuple[str, ...]:
    """``--measure KEY`` values checked against the twelve design measures' keys."""
    from deckgen.analysis.measures.words import KEYS
    from deckgen.i18n import _

    out: list[str] = []
    for name in names:
        key = name.strip().lower().replace("-", "_")
        if key not in KEYS:
            raise DeckgenError(_("--measure {name!r}: not a design measure{hint}; the measures are {keys}", name=name,
                                 hint=_did_you_mean(key, KEYS), keys=", ".join(KEYS)))
        if key not in out:
            out.append(key)
    if out and (game.engine is None or game.engine.design is None):
        raise DeckgenError(_("{title} has no design measures", title=game.title))
    return tuple(out)


def _spec(task: Task) -> Any:
    from deckgen.spec import spec_for

    return spec_for(task.game, cli={"options": dict(task.options), "players": task.players, "seed": task.seed})


def validate_point(task: Task) -> dict[str, Any]:
    """Validate one combination (in a worker process or a Dask worker) and return plain data."""
    from deckgen.engine.simulate import seat_advantage, seat_advantage_error
    from deckgen.engine.validate import validate

    spec = _spec(task)
    deck = spec.build()
    engine = spec.game.engine
    report = validate(spec.game, deck, players=[task.players] if task.players else None, games=task.games, seed=spec.seed, workers=1)
    rows = []
    for key, s in report.summaries.items():
        row = {
            "players": str(key),
            "games": s.games,
            f"length ({s.length_name}, mean)": s.length_mean,
            f"length ({s.length_name}, mean) error": s.length_error,
            "seat advantage (points)": 100 * seat_advantage(s),
            "seat advantage (points) error": 100 * seat_advantage_error(s),
        }
        for m in engine.measures:
            row[m.name] = s.measures.get(m.name)
            row[f"{m.name} error"] = s.errors.get(m.name)
        rows.append(row)
    if task.measures and report.ok:
        _design_columns(task, spec, deck, report, rows)
    return {
        "options": dict(task.options),
        "playable": report.ok,
        "failed": [c.name for c in report.checks if not c.ok],
        "rows": rows,
    }


def _design_columns(task: Task, spec: Any, deck: Any, report: Any, rows: list[dict[str, Any]]) -> None:
    """Each asked design measure at each row's player count and rule variant: its value and the
    standard error its 95% interval implies (only the work the asked measures need is played)."""
    from deckgen.analysis.measures import measure_variants

    engine = spec.game.engine
    evaluator = any(k in ("choices_matter", "obvious_move_wrong", "kingmaking") for k in task.measures)
    skill = "skill_share" in task.measures
    found = {}
    for n in sorted({s.players for s in report.summaries.values()}):
        for m in measure_variants(engine, deck, n, seed=spec.seed, pace=spec.game.seconds_per_turn, games=task.games,
                                  evaluated_games=None if evaluator else 0, skill_games=None if skill else 0, deal_games=0):
            found[(m.variant, n)] = m
    for (key, s), row in zip(report.summaries.items(), rows):
        m = found.get((s.variant, s.players))
        for name in task.measures:
            f = m.figures[name] if m is not None else None
            column = f"design: {name}"
            row[column] = f.estimate.value if f is not None and f.estimate is not None else None
            row[f"{column} error"] = f.estimate.stderr if f is not None and f.estimate is not None else None


@dataclass
class Sweep:
    game: str
    title: str
    axes: list[Axis]
    seed: int
    points: list[dict[str, Any]] = field(default_factory=list)  # validate_point results, in grid order

    @property
    def passing(self) -> list[dict[str, str]]:
        return [p["options"] for p in self.points if p["playable"]]

    def measures(self) -> list[str]:
        names: list[str] = []
        for p in self.points:
            for row in p["rows"]:
                names += [k for k in row if k not in ("players", "games") and not k.endswith(" error") and k not in names]
        return names


def _finite(x: Any) -> Any:
    return x if not isinstance(x, float) or x == x and abs(x) != float("inf") else None


def run(
    game: Any,
    axes: Sequence[Axis],
    *,
    players: int | None = None,
    games: int = 400,
    seed: int | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Tick | None = None,
    measures: Sequence[str] = (),
) -> Sweep:
    """Validate every combination: on ``workers`` local processes, or on the Dask cluster at
    ``scheduler`` (tcp://HOST:PORT). Bad option values are refused before any work starts.
    ``measures``: design measures (their keys) tabulated beside the validation's figures."""
    tasks = [Task(game.id, tuple(c.items()), players, games, seed, tuple(measures)) for c in combinations(axes)]
    first = None
    for t in tasks:  # every combination must make a deck this game accepts
        spec = _spec(t)
        first = first or spec
        if players:
            from deckgen.engine.validate import player_counts

            if game.engine is not None:
                player_counts(game, spec.build(), [players])
    sweep = Sweep(game.id, game.title, list(axes), first.seed if first else 1)
    done = 0

    def tick() -> None:
        if progress:
            progress(done, len(tasks))

    if scheduler:
        results = _on_dask(scheduler, tasks, progress)
    elif workers <= 1 or len(tasks) == 1:
        results = []
        for t in tasks:
            results.append(validate_point(t))
            done += 1
            tick()
    else:
        from deckgen.workers import process_pool

        results = []
        with process_pool(min(workers, len(tasks)), ("deckgen.analysis.sweep", "deckgen.engine.validate", "deckgen.spec")) as pool:
            for r in pool.map(validate_point, tasks):
                results.append(r)
                done += 1
                tick()
    sweep.points = results
    return sweep


CONNECT_SECONDS = 5.0  # the most --scheduler waits for a Dask scheduler to answer, whatever is (or is not) there


def _probe(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Ask ``address`` who it is, within about ``seconds``: a Dask scheduler answers its ``identity``
    with ``type: Scheduler``. Nothing listening, a host name that is not known, a server that never
    answers (distributed's own handshake waits without end), an HTTP server or any other program is
    one DeckgenError, never a hang or a traceback."""
    import asyncio
    import logging

    from distributed.comm import connect

    if not address.startswith(("tcp://", "tls://")):
        return  # in this process (inproc://) or a transport of its own: distributed's Client connects as it does
    listening = _listening(address, seconds)

    async def ask() -> Any:
        comm = await connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # its own warnings about the failed connection: the error line says it
    try:
        reply = asyncio.run(asyncio.wait_for(ask(), seconds))
    except (asyncio.TimeoutError, TimeoutError):
        raise _no_answer(address, seconds) from None
    except Exception as exc:  # noqa: BLE001 - closed, reset, bytes msgpack refuses...
        if listening:  # something took the connection and spoke another protocol
            reply = None
        else:
            raise DeckgenError(_("cannot reach the Dask scheduler at {address}: {problem}", address=address,
                                 problem=str(exc) or type(exc).__name__)) from None
    finally:
        quiet.setLevel(level)
    if not (isinstance(reply, dict) and reply.get("type") == "Scheduler"):
        raise DeckgenError(_("{address} answered, but not as a Dask scheduler (start one with: dask scheduler)", address=address))


def _no_answer(address: str, seconds: float) -> DeckgenError:
    return DeckgenError(_("no Dask scheduler answered at {address} within {seconds:g} s (is it running, and is this its address?)",
                          address=address, seconds=seconds))


def _listening(address: str, seconds: float) -> bool:
    """For a TCP address, whether something takes a connection there; a refusal, a host name that is not
    known or no answer at all is said at once (distributed would try again until its timeout). False
    for other schemes (distributed's connection then says what is wrong)."""
    import socket

    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme != "tcp":
        return False
    try:
        host, port = parse_host_port(location)
    except (ValueError, TypeError):
        raise DeckgenError(_("--scheduler takes an address like tcp://HOST:PORT, not {address!r}", address=address)) from None
    try:
        socket.create_connection((host, port), timeout=seconds).close()
    except socket.gaierror:
        raise DeckgenError(_("cannot reach the Dask scheduler at {address}: the host {host!r} is not known", address=address,
                             host=host)) from None
    except (TimeoutError, socket.timeout):
        raise _no_answer(address, seconds) from None
    except OSError as exc:
        raise DeckgenError(_("nothing listens at {address}: {problem} (is the Dask scheduler running, and is this its address?)",
                             address=address, problem=os_problem(exc))) from None
    return True


def _on_dask(address: str, tasks: Sequence[Task], progress: Tick | None) -> list[dict[str, Any]]:
    try:
        from distributed import Client
    except ImportError:
        raise DeckgenError(_("--scheduler needs Dask's distributed package: pip install 'deckgen[dask]'")) from None
    if not re.fullmatch(r"(tcp|tls|inproc|ucx)://\S+", address):
        raise DeckgenError(_("--scheduler takes an address like tcp://HOST:PORT, not {address!r}", address=address))
    _probe(address)  # nothing there, another kind of server: one error line within CONNECT_SECONDS
    try:
        client = Client(address, timeout=f"{CONNECT_SECONDS:g}s", set_as_default=False)
    except Exception as exc:  # noqa: BLE001 - whatever distributed raises (OSError, TimeoutError, CommClosedError...)
        raise DeckgenError(_("cannot reach the Dask scheduler at {address}: {problem}", address=address,
                             problem=str(exc) or type(exc).__name__)) from None
    try:
        futures = client.map(validate_point, list(tasks), pure=False)
        results = []
        for f in futures:  # in grid order; the cluster works on all of them meanwhile
            results.append(f.result())
            if progress:
                progress(len(results), len(futures))
        return results
    finally:
        client.close()


# ---------------------------------------------------------------- outputs


def table(sweep: Sweep) -> list[dict[str, Any]]:
    """One row per combination and player count."""
    out = []
    for p in sweep.points:
        for row in p["rows"]:
            out.append({**p["options"], "playable": p["playable"], **{k: _finite(v) for k, v in row.items()}})
    return out


def csv_text(sweep: Sweep) -> str:
    rows = table(sweep)
    columns: list[str] = []
    for r in rows:
        columns += [k for k in r if k not in columns]
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow({k: ("" if v is None else v) for k, v in r.items()})
    return buf.getvalue()


def json_data(sweep: Sweep) -> dict[str, Any]:
    return {
        "game": sweep.game,
        "seed": sweep.seed,
        "vary": {a.name: list(a.values) for a in sweep.axes},
        "passing": sweep.passing,
        "points": [{**p, "rows": [{k: _finite(v) for k, v in r.items()} for r in p["rows"]]} for p in sweep.points],
    }


def slug(name: str) -> str:
    from deckgen.filenames import safe_name

    return safe_name(re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "measure", 80)


def heat_maps(sweep: Sweep) -> dict[str, bytes]:
    """One PNG per measure: the first varied option across, the others (combined) up; one panel per
    player count; combinations that pass every check outlined."""
    from deckgen.render.charts import heat_map

    xs_axis = sweep.axes[0]
    rest = sweep.axes[1:]
    if len(rest) == 1:
        ys = list(rest[0].values)
    else:
        ys = [", ".join(f"{a.name}={v}" for a, v in zip(rest, combo)) for combo in itertools.product(*(a.values for a in rest))] or ["—"]
    by_options = {tuple(sorted(p["options"].items())): p for p in sweep.points}
    words = measure_words(sweep.game)
    keys: list[str] = []
    for p in sweep.points:
        keys += [r["players"] for r in p["rows"] if r["players"] not in keys]
    out = {}
    for measure in sweep.measures():
        panels = []
        for key in keys:
            grid, ok = [], []
            for combo in itertools.product(*(a.values for a in rest)) if rest else [()]:
                row, okrow = [], []
                for x in xs_axis.values:
                    opts = {xs_axis.name: x, **{a.name: v for a, v in zip(rest, combo)}}
                    p = by_options.get(tuple(sorted(opts.items())))
                    r = next((r for r in p["rows"] if r["players"] == key), None) if p else None
                    row.append(_finite(r.get(measure)) if r else None)
                    okrow.append(bool(p and p["playable"]))
                grid.append(row)
                ok.append(okrow)
            panels.append((str(_panel(key)), grid, ok))
        out[f"{slug(measure)}.png"] = heat_map(
            [], list(xs_axis.values), ys, title=str(_("{game}: {measure}", game=sweep.title, measure=words.get(measure, measure))),
            xlabel=xs_axis.name, ylabel=", ".join(a.name for a in rest) or "", panels=panels,
        )
    return out


def _panel(key: str) -> Any:
    """A panel's title: its player count ("4" or, with a rule variant, "siesta 4")."""
    from deckgen.engine.words import players_tag

    label, _sep, n = key.rpartition(" ")
    return players_tag(int(n), label) if n.isdigit() else key


def measure_words(game_id: str) -> dict[str, Any]:
    """The sweep's columns (stable English keys) -> their names as a report shows them."""
    from deckgen.engine.words import length_unit
    from deckgen.registry import get_game

    engine = get_game(game_id).engine
    out: dict[str, Any] = {"seat advantage (points)": _("seat advantage (points)")}
    if engine is not None:
        out[f"length ({engine.length_name}, mean)"] = _("length ({unit}, mean)", unit=length_unit(engine.length_name))
        out.update((str.__str__(m.name), m.name) for m in engine.measures)
    return out


def describe(options: Mapping[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items())


def summary_lines(sweep: Sweep) -> list[str]:
    """What ``deckgen sweep`` prints, in the language in force: how many combinations pass, and which."""
    passing = sweep.passing
    lines = [str(ngettext("{game}: {n} combination validated, {passing} pass", "{game}: {n} combinations validated, {passing} pass",
                          len(sweep.points), game=sweep.title, passing=len(passing)))]
    lines += ["  " + str(_("pass: {options}", options=describe(options))) for options in passing]
    return lines


def write(sweep: Sweep, out_dir: Path) -> list[Path]:
    """sweep.csv, sweep.json and a heat map per measure, published together: the folder holds the
    old sweep or the new one, never a mix."""
    from deckgen.fileio import json_text, write_bytes, write_text
    from deckgen.publish import publishing

    out = Path(out_dir)
    pictures = heat_maps(sweep)
    with publishing(out) as stage:
        names = [write_text(stage / "sweep.csv", csv_text(sweep)).name]
        names.append(write_text(stage / "sweep.json", json_text(json_data(sweep)) + "\n").name)
        for name, data in pictures.items():
            names.append(write_bytes(stage / name, data).name)
    return [out / name for name in names]
