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


# ---------------------------------------------------------------- the model checker's lines

DECKS = Path(__file__).resolve().parents[1] / "modelcheck" / "decks"
# the counterexample of issue 26's case 3 (three groups of monomials that never follow one another),
# as the Spanish page shows it: every word Spanish, the cards as printed
ISLANDS_ES = (
    "  FALLA siempre se puede llegar a un final (2 jugadores): no se puede llegar a ningún final; el ejemplo más corto: "
    "1. reparto: asiento 0: 5 cartas 2x^2, 2 cartas 3x^3; asiento 1: 7 cartas 2x^2; boca arriba: x | después: le toca al asiento 0; "
    "en la mesa x (hay que seguir coeficiente 1 o grado 1); asiento 0: 5 cartas 2x^2, 2 cartas 3x^3; asiento 1: 7 cartas 2x^2; "
    "mazo de robo: 11 cartas x; debajo de la carta de la mesa: nada [demostrado]; prueba: las cartas que nombra el ejemplo "
    "nunca se pueden soltar: cambia cartas o añade otras para que se pueda"
)
# under the verdict: a step a line, then what to try
_CHECK, _TRY = ISLANDS_ES.removeprefix("  FALLA ").split("; prueba: ")
ISLANDS_LISTED = _CHECK.replace(" | ", "\n").replace("el ejemplo más corto: ", "el ejemplo más corto:\n") + "\nQué probar: " + _TRY
ISLANDS_EN = (
    "  FAIL an end is always reachable (2 players): no end reachable, the shortest case: 1. deal: seat 0: 5 cards 2x^2, "
    "2 cards 3x^3; seat 1: 7 cards 2x^2; turned up: x | then: seat 0 to act; on the table x (follow coefficient 1 or degree 1); "
    "seat 0: 5 cards 2x^2, 2 cards 3x^3; seat 1: 7 cards 2x^2; draw pile: 11 cards x; under the top card: nothing [proven]; "
    "try: the cards named in the replay can never be got rid of: change or add cards so that they can"
)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_counterexample_on_the_spanish_page_is_spanish_whole(client, lang):
    up = client.post("/api/upload?name=islas.toml", content=(DECKS / "mgc_islands.toml").read_bytes()).json()
    state = finish(client, client.post(f"/api/check?lang={lang}", data={"deck": up["deck"], "games": "5"}).json()["id"])
    result = state["result"]
    text = result["text"]
    assert result["ok"] is False and result["text_lang"] == lang
    assert client.get(f"/api/jobs/{state['id']}/files/report.txt").text == text  # the file says what the page says
    lines = text.splitlines()
    if lang == "en":  # the command line's words, unchanged
        assert ISLANDS_EN in lines
        assert ("an end is always reachable (2 players): no end reachable, the shortest case:\n1. deal: seat 0: 5 cards 2x^2, "
                "2 cards 3x^3; seat 1: 7 cards 2x^2; turned up: x\nthen: seat 0 to act;") in "\n".join(result["failed"])
        assert "[proven]\nWhat to try: the cards named in the replay can never be got rid of" in "\n".join(result["failed"])
        assert "the monomials fall into 3 groups that never follow one another" in text
        return
    assert english_words(text) == [], "\n".join(english_words(text))
    assert ISLANDS_ES in lines
    assert "  FALLA ninguna trampa (2 jugadores): 127 posiciones forman un conjunto cerrado sin final (el ejemplo de arriba llega a una de ellas) [demostrado]" in lines
    assert ("  FALLA toda partida termina (2 jugadores): 1 de 1 partidas no terminaron: la misma posición volvió 50 veces (un bucle); "
            "el ejemplo de arriba (del verificador de modelos) muestra por qué: es el mazo, no las reglas de deckgen "
            "[por muestreo] (semilla 1)") in lines
    assert ("  FALLA cada carta puede llegar a jugarse desde cualquier carta (grafo de los monomios y los comodines): los monomios forman "
            "3 grupos que nunca se siguen unos a otros: {x}; {2x^2}; {3x^3} [demostrado]; prueba: añade monomios que compartan "
            "coeficiente o grado entre los grupos, o cartas Elección") in lines
    # the failed checks listed under the verdict: the same Spanish counterexample, a step a line
    failed = result["failed"]
    assert ISLANDS_LISTED in failed
    assert all(english_words(f) == [] for f in failed), failed


def test_the_model_checkers_proof_reads_in_spanish(monkeypatch):
    """A deck small enough to search whole: every claim proven, each line in Spanish."""
    from deckgen import pipeline
    from deckgen.games.mgc import going_out

    # every card of this deck can always be played: the game's argument would prove it without a search
    monkeypatch.setattr(going_out, "why_not", lambda *a: "set aside by the test")
    from deckgen.engine.replay import phrases_in
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    opts = {"coefficients": "1", "degrees": "1-2", "variables": "x", "copies": 8, "toma_dos": 0, "retorno": 9, "intermision": 0,
            "eleccion_coeficiente": 0, "eleccion_grado": 0, "toma_cuatro": 0}
    spec = spec_for(get_game("mgc"), cli={}, file_layer={"game": "mgc", "players": 2, "options": opts})
    v = pipeline.validate(spec, games=4, workers=1, compare_default=False)
    text = pipeline.report_text(v)
    spanish, missing = translated(text, "es", phrases_in(v.report.phrases, "es"))
    assert missing == [] and english_words(spanish) == [], english_words(spanish)
    assert len(spanish.splitlines()) == len(text.splitlines())
    n = v.report.models[2].states
    assert f"  bien  ningún callejón sin salida (2 jugadores): demostrado para todo reparto: {n:,} posiciones exploradas (una ronda) [demostrado]" in spanish
    assert ("  bien  ninguna trampa (2 jugadores): demostrado para todo reparto: ningún conjunto cerrado de posiciones sin final "
            "(grafo finito, con un final al que se llega desde cada una) [demostrado]") in spanish
    assert "(una ronda: demostrado para todo reparto por búsqueda) [por muestreo]" in spanish
    assert re.search(r"la búsqueda hacia atrás desde los [\d,]+ finales llega a todas \[demostrado\]", spanish)


def test_a_loop_of_the_computer_player_and_a_stopped_search_read_in_spanish(monkeypatch):
    """Issue 26's case 1 with the old, deterministic computer player: it loops at seed 364, and a
    legal way out is shown (the player's fault); the model checker stops at its budget."""
    from deckgen.deckfile.load import read_deck_file
    from deckgen.engine.replay import phrases_in
    from deckgen.engine.report import report_lines
    from deckgen.engine.validate import validate
    from deckgen.games.mgc import policies
    from deckgen.spec import spec_for

    from deckgen.games.mgc import going_out

    raw, game = read_deck_file(DECKS / "mgc_loop_actions.toml")
    deck = spec_for(game, cli={}, file_layer=raw).build()
    monkeypatch.setattr(policies, "EXPLORE", 0.0)
    # the game's argument proves this deck (going_out.py); set aside, the model checker and the sample decide
    monkeypatch.setattr(going_out, "why_not", lambda *a: "set aside by the test")
    report = validate(game, deck, games=400, sequential=True, seed=364, model_budget=5_000)
    text = "\n".join(report_lines(game.engine, report))
    spanish, missing = translated(text, "es", phrases_in(report.phrases, "es"))
    en, es = text.splitlines(), spanish.splitlines()
    fault = next(i for i, line in enumerate(en) if line.startswith("  2 players, seed 364: "))
    way = report.phrases[next(iter(report.phrases))]
    assert es[fault - 1] == "el jugador del ordenador (no el mazo):"
    assert es[fault] == ("  2 jugadores, semilla 364: el jugador del ordenador dio vueltas en círculo: la misma posición volvió 50 veces "
                         "(un bucle); " + way.text("es"))
    assert way.text("es").startswith(f"{len(way.path)} jugadas y robos válidos llevan de la posición repetida a un final: el asiento ")
    assert english_words(es[fault]) == []
    stopped = next(line for line in es if "todos los repartos explorados" in line)
    assert stopped == ("  bien  todos los repartos explorados (2 jugadores): no demostrado por búsqueda: el verificador de modelos se paró "
                       "en su límite de 5,000 posiciones (una ronda); lo que sigue se comprueba por muestreo")
    ends = next(line for line in es if "toda partida termina" in line)
    sampled = re.search(r"ningún fallo en ([\d,]+) partidas", ends)  # the loop excused, the claim still rests on games that ended
    assert sampled and int(sampled.group(1).replace(",", "")) >= 99, ends
    assert ends.endswith("; 1 partida(s) del jugador del ordenador dieron vueltas en círculo: un fallo del jugador, no del mazo "
                         "(una continuación válida sale del bucle) [por muestreo]")


# decks that ask for a player count, or that fail, in each game: every line Spanish (the claims of
# every round's deal, the counts a deck serves, too few cards; Hectoedra's rounds dealt short)
FAILING = [
    ("multiplicats", 8, {"tables": "10", "specials": False}, False),
    ("mgc", 3, {"coefficients": "1", "degrees": "1-2", "copies": 2, "toma_dos": 0, "retorno": 0, "intermision": 0,
                "eleccion_coeficiente": 0, "eleccion_grado": 0, "toma_cuatro": 0}, False),
    ("hectoedra", 4, {"cards": "1-40", "rounds": 6, "keep_penalties": True}, False),
    ("hectoedra", 2, {"cards": "1-12"}, False),
    ("monete", 2, {}, True),
    ("maestras", 3, {"colours": 2}, False),
    ("maestras", 2, {}, True),
]


@pytest.mark.parametrize("game_id, players, options, ok", FAILING)
def test_a_deck_for_a_player_count_or_a_failing_deck_reads_in_spanish(game_id, players, options, ok):
    from deckgen import pipeline
    from deckgen.engine.replay import phrases_in
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    spec = spec_for(get_game(game_id), cli={}, file_layer={"game": game_id, "players": players, "options": options})
    v = pipeline.validate(spec, games=4, workers=1, compare_default=False)
    assert v.ok is ok
    text = pipeline.report_text(v)
    spanish, missing = translated(text, "es", phrases_in(v.report.phrases, "es"))
    assert missing == []
    assert english_words(spanish) == [], english_words(spanish)
    assert len(spanish.splitlines()) == len(text.splitlines())
    assert ("\nJUGABLE\n" if ok else "\nNO JUGABLE: ") in spanish
