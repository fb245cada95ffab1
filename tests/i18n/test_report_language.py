"""Every line of the reports in the language in force, from the message catalogs: `validate` (checks,
measures, verdicts, proofs, counterexamples, the comparison with the default deck, the skill
section), `simulate`, `skill`, `sweep`, `solve` and `puzzle`.

- In Spanish no line holds an English sentence (tests/i18n/english.py: common English words outside
  option names, paths and level codes).
- In the pseudo-locale (tests/pseudo_locale.py) every line carries the catalog's marks: a line built
  from words outside the catalog, or by joining fragments, shows up.
- ``--json`` keeps its stable English, whatever the language.

The reports are made once (few games: the same lines, other numbers) and shown in each language.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

import pseudo_locale
from deckgen.i18n import using
from i18n.english import english_words

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "decks" / "examples"
MODEL_DECKS = ROOT / "tests" / "modelcheck" / "decks"
GAMES = ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]


@pytest.fixture(scope="module")
def qps(tmp_path_factory):
    """The pseudo-locale's catalog, found first (DECKGEN_LOCALE_DIR) while this module's tests run."""
    import os

    folder = pseudo_locale.build(tmp_path_factory.mktemp("pseudo"))
    before = os.environ.get("DECKGEN_LOCALE_DIR")
    os.environ["DECKGEN_LOCALE_DIR"] = str(folder)
    yield pseudo_locale.LANG
    if before is None:
        os.environ.pop("DECKGEN_LOCALE_DIR", None)
    else:
        os.environ["DECKGEN_LOCALE_DIR"] = before


def unmarked(text: str) -> list[str]:
    """The lines of ``text`` (in the pseudo-locale) with no word of the catalog: neither a mark of a
    message nor the inside of one a line break cut (a wrapped paragraph, a counterexample a step a line)."""
    out, depth = [], 0
    for line in text.splitlines():
        if line.strip() and depth <= 0 and pseudo_locale.OPEN not in line and pseudo_locale.CLOSE not in line:
            out.append(line)
        depth += line.count(pseudo_locale.OPEN) - line.count(pseudo_locale.CLOSE)
    return out


def numbers(text: str) -> list[str]:
    """The digits of every number, thousands separators taken out (Spanish writes 1010 and 12.345,
    English 1,010 and 12,345)."""
    return sorted(re.findall(r"\d+", re.sub(r"(?<=\d)[,.\u202f\xa0](?=\d{3}(?!\d))", "", text)))


def rendered(make, lang: str) -> str:
    with using(lang):
        return make()


# ---------------------------------------------------------------- validate


def spec(game_id: str, players: int | None = None, options: dict | None = None):
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    layer = {"game": game_id, "options": options or {}, **({"players": players} if players else {})}
    return spec_for(get_game(game_id), cli={}, file_layer=layer if (players or options) else None)


@lru_cache(maxsize=None)
def validation(key: tuple):
    """A validation, made once: ("default", game) / ("failing", i) / ("file", name, players) / ("model", name)."""
    from deckgen import pipeline
    from deckgen.request import load_spec

    kind = key[0]
    if kind == "default":
        # 12 games behind "every game ends" at each player count, not 100: the same lines
        return pipeline.validate(spec(key[1]), games=4, workers=1, compare_default=False, confidence=12)
    if kind == "failing":
        game_id, players, options, _ok = FAILING[key[1]]
        return pipeline.validate(spec(game_id, players, options), games=4, workers=1, compare_default=False)
    if kind == "file":  # a designer's deck file, compared with the default deck
        return pipeline.validate(load_spec(str(EXAMPLES / key[1]), []), players=list(key[2]) or None, games=4, workers=1, confidence=12)
    return pipeline.validate(load_spec(str(MODEL_DECKS / key[1]), []), games=5, workers=1, compare_default=False)


# decks that ask for a player count, or that fail, in each game (the claims of every round's deal,
# the counts a deck serves, too few cards; Hectoedra's rounds dealt short)
FAILING = [
    ("multiplicats", 8, {"tables": "10", "specials": False}, False),
    ("mgc", 3, {"coefficients": "1", "degrees": "1-2", "copies": 2, "toma_dos": 0, "retorno": 0, "intermision": 0,
                "eleccion_coeficiente": 0, "eleccion_grado": 0, "toma_cuatro": 0}, False),
    ("hectoedra", 4, {"cards": "1-40", "rounds": 6, "keep_penalties": True}, False),
    ("hectoedra", 2, {"cards": "1-12"}, False),
    ("monete", 2, {}, True),
    ("monete", 8, {"top": 10}, False),
    ("maestras", 3, {"colours": 2}, False),
    ("maestras", 2, {}, True),
]
CASES = ([("default", g) for g in GAMES] + [("failing", i) for i in range(len(FAILING))]
         + [("file", "multiplicats-tables-2-5-10.toml", ()), ("file", "maestras-3-colours.toml", (6,)), ("model", "mgc_islands.toml")])


def case_id(key: tuple) -> str:
    return "-".join(str(k) for k in key if k != ())


@pytest.mark.parametrize("key", CASES, ids=case_id)
def test_every_line_of_the_report_is_in_the_language_in_force(key, qps):
    from deckgen import pipeline

    v = validation(key)
    if key[0] == "failing":
        assert v.ok is FAILING[key[1]][3]
    if key[0] == "file":
        assert v.default, "compared with the default deck"
    english = rendered(lambda: pipeline.report_text(v), "en")
    spanish = rendered(lambda: pipeline.report_text(v), "es")
    pseudo = rendered(lambda: pipeline.report_text(v), qps)
    assert english_words(english)  # the check can fail: the English report is full of them
    assert english_words(spanish) == [], "\n".join(english_words(spanish))
    assert unmarked(pseudo) == [], "\n".join(unmarked(pseudo))
    # nothing lost: the same lines (a wrapped paragraph may wrap elsewhere), the same numbers
    assert abs(len(spanish.splitlines()) - len(english.splitlines())) <= 4
    assert numbers(spanish) == numbers(english)
    assert ("\nJUGABLE\n" if v.ok else "\nNO JUGABLE: ") in spanish
    if key[0] == "file":
        assert "\njunto al mazo por defecto: tu mazo da partidas " in spanish
    if key[0] == "model":
        assert "el ejemplo más corto: 1. reparto: asiento 0: " in spanish


@pytest.mark.parametrize("key", [("default", "monete"), ("failing", 1), ("model", "mgc_islands.toml")], ids=case_id)
def test_the_json_keeps_its_english_whatever_the_language(key):
    from deckgen import pipeline

    v = validation(key)
    english = json.dumps(rendered(lambda: pipeline.report_data(v), "en"), default=str)
    assert json.dumps(rendered(lambda: pipeline.report_data(v), "es"), default=str) == english
    data = json.loads(english)
    assert data["summary"][0].startswith(("Playable for ", "Not playable: "))
    assert [c["name"] for c in data["static"]][-1] == "player counts this deck serves"


def test_a_check_line_lays_out_in_each_language():
    from deckgen.checks import check
    from deckgen.i18n import _

    c = check(_("every game ends ({players})", players="3"), False, _("a game did not end"), seed=7,
              hint=_("more --confidence"), proof="sampled")
    assert c.line() == "FAIL every game ends (3): a game did not end [sampled] (seed 7); try: more --confidence"
    assert rendered(c.line, "es") == ("FALLA toda partida termina (3): una partida no terminó [por muestreo] (semilla 7); "
                                      "prueba: un --confidence más alto")
    ok = check(_("every game ends ({players})", players="3"), True, "12")
    assert ok.line() == "ok   every game ends (3): 12"
    assert rendered(ok.line, "es") == "bien  toda partida termina (3): 12"  # the marks take one width in each language


def test_the_measures_table_lays_out_for_its_words():
    from deckgen import pipeline

    v = validation(("default", "mgc"))
    spanish = rendered(lambda: pipeline.report_text(v), "es").splitlines()
    head = next(i for i, line in enumerate(spanish) if line.startswith("medidas (jugador heurístico, semillas desde la 1; "))
    table = spanish[head + 1: spanish.index("", head)]
    assert len({len(row) for row in table}) == 1  # every row as long: the numbers right-aligned under their column
    assert table[1].startswith("  partidas terminadas ") and "%" in table[-1] and "," in table[2]  # 2,5: a decimal comma


# ---------------------------------------------------------------- the other commands


def cli(capsys, lang: str, *argv) -> tuple[int, str, str]:
    from clirun import run

    return run(capsys, "--ui-lang", lang, *argv)


COMMANDS = [
    ("simulate", "mgc", "--games", "3", "--players", "3"),
    ("simulate", "monete", "--games", "2", "--players", "2"),
    ("skill", "multiplicats", "--tables", "2", "--games", "2", "--workers", "1"),
    ("skill", "hectoedra", "--cards", "1-20", "--games", "2", "--workers", "1"),
    ("solve", "hectoedra", "--cards", "1-20", "--explain"),
    ("solve", "hectoedra", "--cards", "1-40", "--time-limit", "0.001"),
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: "-".join(a[:2]))
def test_the_commands_output_is_in_the_users_language(argv, capsys, qps):
    if argv in COMMANDS[:2]:  # the word check is not blind: it finds the English of these commands
        code, english, err = cli(capsys, "en", *argv)
        assert (code, err) == (0, "") and english_words(english)
    code, spanish, err = cli(capsys, "es", *argv)
    assert (code, err) == (0, "")
    code, pseudo, err = cli(capsys, qps, *argv)
    assert (code, err) == (0, "")
    assert english_words(spanish) == [], "\n".join(english_words(spanish))
    assert unmarked(pseudo) == [], "\n".join(unmarked(pseudo))


def test_puzzle_and_sweep_say_what_they_wrote_in_the_users_language(capsys, qps, tmp_path):
    runs = [("puzzle", "hectoedra", "--sets", "2", "--size", "8", "--min-stack", "0", "--out", tmp_path / "p"),
            ("sweep", "hectoedra", "--vary", "hand=3,4", "--players", "2", "--games", "2", "--workers", "1", "--out", tmp_path / "s")]
    for argv in runs:
        for lang in ("es", qps):
            code, out, err = cli(capsys, lang, *argv)
            assert (code, err) == (0, ""), err
            said = [line for line in out.splitlines() if not line.strip().startswith(str(tmp_path))]  # the files' paths
            if lang == "es":
                assert english_words("\n".join(said)) == [], out
            else:
                assert unmarked("\n".join(said)) == [], out


def test_the_reports_charts_have_their_titles_in_the_language_in_force(tmp_path, monkeypatch):
    from deckgen import pipeline
    from deckgen.render import charts

    titles = []
    real = charts.points_with_errors
    monkeypatch.setattr(charts, "points_with_errors", lambda *a, **k: titles.append((k["title"], k["ylabel"], k["xlabel"])) or real(*a, **k))
    v = validation(("default", "hectoedra"))
    pipeline.write_report(v, tmp_path / "es", lang="es")
    assert titles[0] == ("Hectoedra: duración de las partidas", "turnos por partida, de media", "jugadores")
    assert (tmp_path / "es" / "report.txt").read_text(encoding="utf-8").startswith("Hectoedra: 100 cartas (el mazo por defecto)")
    assert json.loads((tmp_path / "es" / "report.json").read_text(encoding="utf-8"))["static"][0]["name"] == "cards"
