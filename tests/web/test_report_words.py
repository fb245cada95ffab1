"""The validation report on the page, in the page's language: the worker renders every line from the
message catalogs in the job's language (no translation afterwards), and the report file to download
says what the page says."""

from __future__ import annotations

from pathlib import Path

import pytest

from i18n.english import english_words  # noqa: F401 - the page tests' shared check (test_browser)
from web.webtools import finish

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
def test_the_pages_check_shows_the_report_and_its_file_in_the_pages_language(client, lang):
    form = {"game": "multiplicats", "tables": "1-3", "players": "4", "games": "5"}
    state = finish(client, client.post(f"/api/check?lang={lang}", data=form).json()["id"])
    result = state["result"]
    assert result["text_lang"] == lang
    text = result["text"]
    file = client.get(f"/api/jobs/{state['id']}/files/report.txt").text
    assert file == text
    data = client.get(f"/api/jobs/{state['id']}/files/report.json").json()
    assert data["static"][0]["name"] == "multiplication cards"  # the JSON keeps its stable English in every language
    if lang == "es":
        assert text.startswith("Multipli Cat's: ") and "comprobaciones estáticas:" in text and "\nJUGABLE\n" in text
        assert english_words(text) == [], "\n".join(english_words(text))
        assert result["basis"].startswith(("ningún fallo en ", "demostrado para todo reparto"))  # under the verdict
    else:
        assert "static checks:" in text and "\nPLAYABLE\n" in text
        assert result["basis"].startswith(("no failure in ", "proven for every deal"))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_counterexample_on_the_page_is_told_whole_in_the_pages_language(client, lang):
    up = client.post("/api/upload?name=islas.toml", content=(DECKS / "mgc_islands.toml").read_bytes()).json()
    state = finish(client, client.post(f"/api/check?lang={lang}", data={"deck": up["deck"], "games": "5"}).json()["id"])
    result = state["result"]
    text = result["text"]
    assert result["ok"] is False and result["text_lang"] == lang
    assert client.get(f"/api/jobs/{state['id']}/files/report.txt").text == text  # the file says what the page says
    lines = text.splitlines()
    failed = result["failed"]
    if lang == "en":  # the command line's words, unchanged
        assert ISLANDS_EN in lines
        assert ("an end is always reachable (2 players): no end reachable, the shortest case:\n1. deal: seat 0: 5 cards 2x^2, "
                "2 cards 3x^3; seat 1: 7 cards 2x^2; turned up: x\nthen: seat 0 to act;") in "\n".join(failed)
        assert "[proven]\nWhat to try: the cards named in the replay can never be got rid of" in "\n".join(failed)
        assert "the monomials fall into 3 groups that never follow one another" in text
        return
    assert english_words(text) == [], "\n".join(english_words(text))
    assert ISLANDS_ES in lines
    assert ("  FALLA ninguna trampa (2 jugadores): 127 posiciones forman un grupo cerrado sin final (el ejemplo de arriba llega "
            "a una de ellas) [demostrado]") in lines
    assert ("  FALLA cada carta puede llegar a jugarse desde cualquier otra (grafo de los monomios y los comodines): los monomios "
            "forman 3 grupos que nunca se siguen unos a otros: {x}; {2x^2}; {3x^3} [demostrado]; prueba: añade monomios que "
            "compartan coeficiente o grado entre los grupos, o cartas Elección") in lines
    assert ISLANDS_LISTED in failed  # under the verdict: the same counterexample, a step a line
    assert all(english_words(f) == [] for f in failed), failed
