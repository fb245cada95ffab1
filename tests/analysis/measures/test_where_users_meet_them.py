"""Where a user meets the design measures besides `deckgen measure`: the section and the three
pictures of `validate --report`, the columns of `sweep --measure`, the plain sentences of the web
page (teacher.py) and the comparison beside the default deck."""

from __future__ import annotations

import csv
import json

import pytest
from PIL import Image

from clirun import run
from deckgen import pipeline
from deckgen.analysis.measures import measure_variants
from deckgen.analysis.measures.compare import rows
from deckgen.analysis.measures.plots import FILES
from deckgen.analysis.measures.teacher import chance, sentences
from deckgen.analysis.measures.words import KEYS
from deckgen.i18n import using
from deckgen.registry import get_game
from deckgen.spec import spec_for


def test_validate_report_gets_the_section_and_three_pictures(tmp_path):
    spec = spec_for(get_game("hectoedra"), cli={"players": 3})
    v = pipeline.validate(spec, players=[3], games=20, workers=1, sequential=False)
    v.measures = pipeline.measure(spec, players=3, games=16, workers=1)
    written = pipeline.write_report(v, tmp_path, lang="es")
    names = {p.name for p in written}
    assert set(FILES) <= names
    for name in FILES:
        with Image.open(tmp_path / name) as im:
            assert im.format == "PNG" and im.size[0] >= 500
    text = (tmp_path / "report.txt").read_text(encoding="utf-8")
    assert "medidas de diseño, 3 jugadores, 16 partidas" in text and "12. Peso de la habilidad" in text  # the report's language
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert list(data["design_measures"]["variants"][0]["measures"]) == list(KEYS)


def test_sweep_tabulates_a_design_measure_over_the_grid(tmp_path, capsys):
    code, out, err = run(capsys, "sweep", "hectoedra", "--vary", "cards=1-60|1-100", "--players", "3", "--games", "12",
                         "--measure", "comebacks", "--measure", "lock-in", "--out", tmp_path / "sw", "--quiet")
    assert code == 0, err
    with open(tmp_path / "sw" / "sweep.csv", encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert len(table) == 2 and all(r["design: comebacks"] != "" and r["design: lock_in error"] != "" for r in table)
    assert (tmp_path / "sw" / "design-comebacks.png").is_file()
    code, _, err = run(capsys, "sweep", "hectoedra", "--vary", "cards=1-60", "--measure", "comback", "--out", tmp_path / "x")
    assert code == 2 and "did you mean comebacks?" in err


@pytest.mark.parametrize("p, en, es", [(1 / 6, "1 in 6", "1 de cada 6"), (0.7, "7 in 10", "7 de cada 10"),
                                       (0.01, "fewer than 1 in 20", "menos de 1 de cada 20"), (0.99, "more than 19 in 20", "más de 19 de cada 20")])
def test_a_chance_in_a_classs_words(p, en, es):
    assert chance(p) == en and chance(p).render("es") == es


def test_the_teachers_sentences_come_from_the_measures_with_their_definitions():
    game = get_game("maestras")
    engine = game.engine
    m = measure_variants(engine, spec_for(game, cli={}).build(), 4, seed=1, pace=game.seconds_per_turn, games=40,
                         evaluated_games=0, skill_games=0)[0]
    said = sentences(m)
    assert [s["key"] for s in said] == ["length", "waiting", "comebacks", "seat_edge"]
    minutes = round(m["length"].estimate.value * game.seconds_per_turn / 60)
    with using("es"):
        assert str(said[0]["text"]).startswith(f"Una partida dura unos {minutes} minutos")
        assert "segundos" in str(said[1]["text"]) and "a mitad de partida gana" in str(said[2]["text"])
    assert all(s["definition"] for s in said)


def test_the_same_deck_beside_itself_flags_nothing():
    game = get_game("hectoedra")
    engine = game.engine
    deck = spec_for(game, cli={}).build()
    a = measure_variants(engine, deck, 3, seed=1, pace=15, games=40, evaluated_games=4)
    b = measure_variants(engine, deck, 3, seed=1 + 10_000, pace=15, games=40, evaluated_games=4)  # other seeds
    table = rows(a, b)
    assert len(table) > 30
    assert not [r for r, _share, _key in table if r.significant]
