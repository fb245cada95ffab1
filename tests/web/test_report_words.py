"""The validation report in the page's language: the Spanish page shows it in Spanish, whole."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from deckgen.web.reportwords import basis_in, failure_in, translated
from web.webtools import finish

GAMES = ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]

# words of an English sentence (none of them is a Spanish word); option names (--games) are left out
ENGLISH = re.compile(r"\b(the|and|of|is|are|players?|cards?|games?|must|every|proven|sampled|turns?|seat|per|with|"
                     r"not|what|measures|playable|checks?|round|rounds|deck|between|least|most|each|wins?|lasts?|"
                     r"minutes|policy|seeds|figures?|mean|median|simulation|static|exhaustive|ok|fail)\b", re.I)


@lru_cache(maxsize=None)
def report(game_id: str) -> str:
    from deckgen import pipeline
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    v = pipeline.validate(spec_for(get_game(game_id), cli={}), games=4, workers=1, compare_default=False)
    return pipeline.report_text(v)


PATH = re.compile(r"(?:[A-Za-z]:|~|\.{1,2})?[/\\][^\s()]*|[^\s()]+\.(?:toml|json|csv|png|jpe?g)\b")  # a file's path, as the user typed it: /check/work/deck.toml


def kept_as_typed(line: str) -> str:
    """``line`` without what is shown as typed: option names (--games) and file paths (a checkout's
    path may hold English words)."""
    return re.sub(r"--[a-z][a-z-]*", "", PATH.sub("", line))


def english_words(text: str) -> list[str]:
    """The lines of ``text`` with an English word (option names and file paths stay as typed)."""
    return [line for line in text.splitlines() if ENGLISH.search(kept_as_typed(line))]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_default_decks_report_has_no_english_sentence_left_in_spanish(game_id):
    text = report(game_id)
    spanish, missing = translated(text, "es")
    assert missing == []  # every line has its words in the tables
    assert english_words(spanish) == []
    assert english_words(text)  # the check can fail: the English report is full of them
    # nothing lost: the same lines, the same numbers in the same order
    assert len(spanish.splitlines()) == len(text.splitlines())
    for en, es in zip(text.splitlines(), spanish.splitlines()):
        assert sorted(re.findall(r"\d+", es)) == sorted(re.findall(r"\d+", en)), (en, es)
    assert ("JUGABLE" in spanish) and ("Qué quieren decir las cifras:" in spanish)


def test_the_english_report_is_left_as_the_engine_wrote_it():
    text = report("hectoedra")
    assert translated(text, "en") == (text, [])


def test_a_failed_check_with_its_advice_and_a_measures_table_read_in_spanish():
    text = (
        "NOT PLAYABLE: seat 0 wins (recreo, 7 players)\n"
        "  FAIL seat 0 wins (recreo, 7 players): 0.0% ± 0.0%, must be between 7.1% and 22.9%: the first seat should win "
        "near its fair share (14%); try: more --games to tell luck from an edge, or another --mode\n"
        "\n"
        "measures (recreo) (policy heuristic, seeds from 1; 20 games each)\n"
        "                                 2 pl.    3 pl.\n"
        "  games ended                    20/20    20/20\n"
        "  rounds closed by ¡Monete!      60.0%    61.5%\n"
        "\n"
    )
    spanish, missing = translated(text, "es")
    assert missing == []
    lines = spanish.splitlines()
    assert lines[0] == "NO JUGABLE: victorias del asiento 0 (recreo, 7 jugadores)"
    assert lines[1] == (
        "  FALLA victorias del asiento 0 (recreo, 7 jugadores): 0.0% ± 0.0%, debe estar entre 7.1% y 22.9%: el primer asiento "
        "debe ganar cerca de lo que le toca (14 %); prueba: más partidas (--games) para distinguir la suerte de una ventaja, "
        "u otro modo (--mode)"
    )
    assert lines[3] == "medidas (recreo) (jugador heurístico, semillas desde 1; 20 partidas cada uno)"
    # the table is laid out again for its Spanish names: every row as long, the numbers right-aligned
    table = lines[4:7]
    assert len({len(row) for row in table}) == 1
    assert table[1].startswith("  partidas terminadas") and table[2].startswith("  rondas cerradas con ¡Monete!")
    assert table[0].endswith("2 j.     3 j.") and table[2].endswith("60.0%    61.5%")


def test_the_verdicts_basis_and_a_failed_check_as_the_page_lists_them():
    assert basis_in("no failure in 1,000 games at each player count", "es") == "ningún fallo en 1,000 partidas con cada número de jugadores"
    assert basis_in("proven for every deal", "es") == "demostrado para todo reparto"
    assert basis_in("proven for every deal", "en") == "proven for every deal"
    detail = "0.012 ± 0.002, must be at least 0.050: a chance to slap at least every 20 cards (every 40 s at 2 s a card)"
    assert failure_in("slap chances per turn (3 players)", detail, None, "en") == f"slap chances per turn (3 players): {detail}"
    assert failure_in("slap chances per turn (3 players)", detail, None, "es") == (
        "ocasiones de palmada por turno (3 jugadores): 0.012 ± 0.002, debe ser al menos 0.050: "
        "una ocasión de palmada al menos cada 20 cartas (cada 40 s a 2 s por carta)")


def test_a_line_the_tables_do_not_know_stays_and_is_listed():
    spanish, missing = translated("static checks:\n  ok   a new check: 3 things\n", "es")
    assert spanish.splitlines()[0] == "comprobaciones estáticas:"
    assert missing == ["a new check", "3 things"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_pages_check_shows_the_report_and_its_file_in_the_pages_language(client, lang):
    form = {"game": "multiplicats", "tables": "1-3", "players": "4", "games": "5"}
    state = finish(client, client.post(f"/api/check?lang={lang}", data=form).json()["id"])
    result = state["result"]
    assert result["text_lang"] == lang
    text = result["text"]
    file = client.get(f"/api/jobs/{state['id']}/files/report.txt").text
    assert file == text
    if lang == "es":
        assert text.startswith("Multipli Cat's: ") and "comprobaciones estáticas:" in text and "\nJUGABLE\n" in text
        assert english_words(text) == [], "\n".join(english_words(text))
        assert result["basis"].startswith(("ningún fallo en ", "demostrado para todo reparto"))  # under the verdict
    else:
        assert "static checks:" in text and "\nPLAYABLE\n" in text


# ---------------------------------------------------------------- decks other than the defaults

EXAMPLES = Path(__file__).resolve().parents[2] / "decks" / "examples"
# one non-default deck file per game (edited card lists, "(custom list)" details, the player-count
# check); the skill ladder where it is quick (Multipli Cat's profiles, MGC's levels, each beside the default)
OTHER_DECKS = [("multiplicats-tables-2-5-10.toml", 2, None), ("mgc-own-list.toml", 2, None), ("monete-little-ones.toml", 0, None),
               ("hectoedra-own-list.toml", 0, None), ("maestras-3-colours.toml", 0, [6])]


@pytest.mark.parametrize("name, skill, players", OTHER_DECKS)
def test_a_non_default_decks_report_has_no_english_line_left_in_spanish(name, skill, players):
    from deckgen import pipeline
    from deckgen.request import load_spec

    spec = load_spec(str(EXAMPLES / name), [])
    v = pipeline.validate(spec, players=players, games=4, workers=1)
    if skill:
        v.skill = pipeline.skill(spec, games=skill, workers=1)
    text = pipeline.report_text(v)
    spanish, missing = translated(text, "es")
    assert missing == []
    left = [line for line in english_words(spanish) if not re.search(r"\b(mc\d+|pimc\d+)\b", line) or ENGLISH.search(
        re.sub(r"\b(mc\d+|pimc\d+)\b", "", kept_as_typed(line)))]
    assert left == []
    assert len(spanish.splitlines()) == len(text.splitlines())
    if skill:
        assert "escalera de habilidad" in spanish and "veredicto: " in spanish and "junto al mazo por defecto (*" in spanish
