"""`deckgen sweep`: every combination validated, the same results on local processes and on a Dask
cluster, a table, heat maps, and the passing combinations named."""

from __future__ import annotations

import csv
import io
import json

import pytest
from PIL import Image

from deckgen.analysis import sweep as sweeping
from deckgen.errors import DeckgenError
from deckgen.registry import get_game

from clirun import run

VARY = ["tables=1-3|1-10", "specials=true,false"]


def test_a_sweep_runs_the_same_on_processes_and_on_a_dask_cluster():
    from distributed import LocalCluster

    game = get_game("multiplicats")
    axes = sweeping.parse_vary(game, VARY)
    local = sweeping.run(game, axes, players=4, games=80, workers=2)
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        remote = sweeping.run(game, axes, players=4, games=80, scheduler=cluster.scheduler_address)
    assert sweeping.json_data(local) == sweeping.json_data(remote)
    assert [p["options"] for p in local.points] == [
        {"tables": "1-3", "specials": "true"}, {"tables": "1-3", "specials": "false"},
        {"tables": "1-10", "specials": "true"}, {"tables": "1-10", "specials": "false"},
    ]
    # without specials the whole 1-10 deck offers too few chances to slap (GAMES.md: 0.034 at 3 players)
    assert {"tables": "1-10", "specials": "true"} in local.passing and {"tables": "1-10", "specials": "false"} not in local.passing
    failed = next(p for p in local.points if p["options"] == {"tables": "1-10", "specials": "false"})["failed"]
    assert failed == ["slap chances per turn (4 players)"]


def test_the_sweep_command_writes_the_table_the_heat_maps_and_names_what_passes(tmp_path, capsys):
    code, out, err = run(capsys, "sweep", "hectoedra", "--vary", "cards=1-30|1-100", "--vary", "hand=3,4", "--players", "3", "--games", "80", "--workers", "1", "--out", tmp_path / "s", "--quiet")
    assert code == 0, err
    data = json.loads((tmp_path / "s" / "sweep.json").read_text())
    assert data["vary"] == {"cards": ["1-30", "1-100"], "hand": ["3", "4"]} and len(data["points"]) == 4
    rows = list(csv.DictReader(io.StringIO((tmp_path / "s" / "sweep.csv").read_text())))
    assert len(rows) == 4 and {r["players"] for r in rows} == {"3"} and all(r["games"] == "80" for r in rows)
    assert out.splitlines()[0] == f"Hectoedra: 4 combinations validated, {len(data['passing'])} pass"
    for options in data["passing"]:
        assert f"  pass: cards={options['cards']} hand={options['hand']}" in out
    measures = [m.name for m in get_game("hectoedra").engine.measures]
    pictures = sorted(p.name for p in (tmp_path / "s").glob("*.png"))
    assert pictures == sorted([sweeping.slug(m) + ".png" for m in measures] + ["length-turns-mean.png", "seat-advantage-points.png"])
    with Image.open(tmp_path / "s" / pictures[0]) as img:
        assert img.size[0] > 300 and len(img.convert("RGB").getcolors(1 << 20)) > 50


@pytest.mark.parametrize(
    "vary, message",
    [
        (["tabels=1-3,1-4"], "no option 'tabels' (did you mean tables?)"),
        (["tables"], "--vary takes NAME=V1,V2"),
        (["tables=1-3,1-3"], "give different, non-empty values"),
        (["tables=1-3", "tables=1-4"], "names tables twice"),
    ],
)
def test_bad_vary_is_one_error_line(vary, message):
    with pytest.raises(DeckgenError, match=message.replace("(", r"\(").replace(")", r"\)").replace("?", r"\?")):
        sweeping.parse_vary(get_game("multiplicats"), vary)


def test_bad_values_and_schedulers_are_refused_before_any_work(capsys):
    code, _, err = run(capsys, "sweep", "multiplicats", "--vary", "tables=1-3,1-99", "--quiet")
    assert code == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "sweep", "multiplicats", "--vary", "tables=1-3,1-4", "--scheduler", "http://x y", "--games", "80", "--quiet")
    assert code == 2 and "tcp://HOST:PORT" in err
