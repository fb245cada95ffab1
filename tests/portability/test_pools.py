"""Every pool (simulate, validate, sweep, the skill ladder, the PNG export) and the web jobs, under the
start method ``DECKGEN_START_METHOD`` names (``.ci/run`` runs this file a second time with ``spawn``,
the only method Windows has): the same results as one process, Ctrl-C, SIGTERM and time limits
still stop them, and no worker is left behind.

Small workloads: each test takes a few seconds even under spawn, where every worker imports deckgen.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from deckgen import workers
from deckgen.errors import DeckgenError
from deckgen.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
METHOD = workers.pool_method() or multiprocessing.get_start_method()

MARK = "as imported"  # changed by the tests below in this process; a spawned worker imports it afresh


def _mark(_: object) -> str:
    return MARK


def test_pools_start_by_the_method_asked_for(monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "MARK", "changed in the parent")
    with workers.process_pool(2) as pool:
        seen = set(pool.map(_mark, range(4)))
    assert seen == ({"as imported"} if METHOD in ("spawn", "forkserver") else {"changed in the parent"})


def test_the_start_method_setting(monkeypatch):
    monkeypatch.setenv(workers.START_METHOD, "spawn")
    assert workers.pool_method() == workers.job_method() == "spawn"
    assert workers.context()._name == "spawn"
    monkeypatch.setenv(workers.START_METHOD, "vfork")
    with pytest.raises(DeckgenError, match="DECKGEN_START_METHOD='vfork': this system starts processes with"):
        workers.pool_method()
    monkeypatch.delenv(workers.START_METHOD)
    assert workers.pool_method() == ("fork" if sys.platform.startswith("linux") else None)
    assert workers.job_method() == ("forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn")


def _deck(game: str, **options):
    from deckgen.spec import spec_for

    spec = spec_for(game, cli={"options": options})
    return spec.game, spec.build()


def test_simulate_and_run_games(tmp_path):
    from deckgen.engine.simulate import run_games, simulate

    game, deck = _deck("multiplicats", tables="1-3")
    one = simulate(game.engine, deck, 3, 40, 7, workers=1)
    two = simulate(game.engine, deck, 3, 40, 7, workers=2)
    assert one == two and one.games == 40
    records = run_games(game.engine, deck, 3, 24, 7, workers=2)
    assert [r.seed for r in records] == list(range(7, 31))
    assert [r.length for r in records] == [r.length for r in run_games(game.engine, deck, 3, 24, 7, workers=1)]
    assert multiprocessing.active_children() == []


def test_validate():
    from deckgen.engine.validate import validate

    game, deck = _deck("hectoedra", cards="1-30")
    one = validate(game, deck, players=[3], games=80, seed=2, workers=1)
    two = validate(game, deck, players=[3], games=80, seed=2, workers=2)
    assert [(c.name, c.ok, c.detail) for c in one.checks] == [(c.name, c.ok, c.detail) for c in two.checks]
    assert one.summaries[3] == two.summaries[3]


def test_sweep():
    from deckgen.analysis import sweep

    game = get_game("hectoedra")
    axes = sweep.parse_vary(game, ["cards=1-20|1-30"])
    one = sweep.run(game, axes, players=2, games=40, workers=1)
    two = sweep.run(game, axes, players=2, games=40, workers=2)
    assert sweep.json_data(one) == sweep.json_data(two) and len(two.points) == 2


def test_skill_ladder():
    from deckgen.analysis import ladder

    game, deck = _deck("multiplicats", tables="1-3")
    deck = ladder.skill_deck(game.engine, deck)
    one = ladder.run(game.engine, deck, 2, 4, 3, workers=1)
    two = ladder.run(game.engine, deck, 2, 4, 3, workers=2)
    assert one == two and len(two[2]) >= 12


def test_png_export(tmp_path):
    from deckgen.render.export import write_pngs
    from deckgen.render.geometry import card_size
    from deckgen.render.job import PrintJob
    from deckgen.render.settings import PrintSettings

    game, deck = _deck("multiplicats", tables="1-2")
    settings = PrintSettings(card_size("mini"), dpi=72)
    faces = game.faces
    out = {}
    for n in (1, 2):
        folder = tmp_path / str(n)
        folder.mkdir()
        write_pngs(folder, PrintJob(deck.cards[:9], faces, settings, deck.options), workers=n)
        out[n] = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert out[1] == out[2] and len(out[2]) == 10
    assert multiprocessing.active_children() == []


# ---------------------------------------------------------------- web jobs


def _run_jobs(tmp_path, kinds_and_requests, time_limit=120.0):
    from deckgen.web.jobs import JobManager

    async def go():
        manager = JobManager(1, time_limit=time_limit, root=tmp_path)
        await manager.start()
        jobs = [manager.submit(kind, request) for kind, request in kinds_and_requests]
        while any(j.state not in ("done", "failed") for j in jobs):
            await asyncio.sleep(0.1)
        procs = list(manager._procs.values())
        heads = {j.id: {name: (j.base() / name).read_bytes()[:5] for name in j.files} for j in jobs}
        for j in jobs:
            if j.kind == "build" and j.state == "done":
                with zipfile.ZipFile(j.folder / "all.zip") as z:
                    heads[j.id]["zip entries"] = z.namelist()
        await manager.stop()
        return jobs, procs, heads

    return asyncio.run(go())


def test_web_jobs_build_and_check(tmp_path):
    from deckgen.request import DeckRequest

    jobs, procs, heads = _run_jobs(tmp_path, [
        ("build", DeckRequest("multiplicats", ("--tables=1-2",))),
        ("check", DeckRequest("hectoedra", ("--cards=1-30",), (("players", "3"), ("games", "40"), ("skill_games", "0")))),
    ])
    build, check = jobs
    assert build.state == "done", build.error
    assert heads[build.id]["cards.pdf"] == b"%PDF-"
    from deckgen.filenames import safe_name

    entries = heads[build.id]["zip entries"]  # the ZIP's entries and the download's name: names Windows accepts
    assert "cards.pdf" in entries and all(safe_name(part) == part for e in entries for part in e.split("/"))
    assert safe_name(build.result["zip_name"]) == build.result["zip_name"]
    assert check.state == "done", check.error
    assert check.result["ok"] in (True, False) and check.result["checks"] > 0
    assert procs == [] and multiprocessing.active_children() == []


def test_a_web_job_past_its_time_limit_is_stopped(tmp_path):
    from deckgen.request import DeckRequest

    began = time.monotonic()
    jobs, _, _ = _run_jobs(tmp_path, [("check", DeckRequest("mgc", (), (("games", "100000"), ("skill_games", "0"))))], time_limit=3)
    assert jobs[0].state == "failed" and "took longer than the time limit of 3 s" in jobs[0].error
    assert time.monotonic() - began < 30
    assert multiprocessing.active_children() == []


# ---------------------------------------------------------------- Ctrl-C and SIGTERM stop the workers


def _gone(pgid: int, within: float = 15.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.skipif(os.name != "posix", reason="sends POSIX signals to a process group")
@pytest.mark.parametrize("sig,code,word", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")])
def test_a_stop_ends_the_command_and_every_worker(sig, code, word):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "deckgen", "simulate", "mgc", "--games", "1000000", "--workers", "2", "--quiet"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_at_work(proc.pid)) < 2:  # both workers running (was: both there, then 1 s)
            time.sleep(0.1)
        assert len(_at_work(proc.pid)) >= 2
        os.kill(proc.pid, sig)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == code
    assert err == f"error: {word}\n"
    assert _gone(proc.pid)  # no worker (nor resource tracker) outlives the command


def _at_work(pid: int) -> list[int]:
    """The children of ``pid`` that have finished starting: a worker runs its watch of the command (a
    second thread, deckgen.workers.watch_parent, started once the worker has read what to run); the
    helpers of spawn and forkserver (resource tracker, fork server) run one thread."""
    out = []
    for child in _children(pid):
        try:
            if len(os.listdir(f"/proc/{child}/task")) >= 2:
                out.append(child)
        except OSError:
            continue
    return out


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out
