"""Issue 42, points 3 to 8: rulebooks a teacher reads once and trusts, read back from the PDFs.

The default deck's rulebook of every game in both languages, and the page for whoever prepares the
deck (its own file, not the players' copy)."""

from __future__ import annotations

import re

import pytest

from rulebook.rbtools import flat, pdf_pages

GAMES = ("hectoedra", "maestras", "mgc", "monete", "multiplicats")


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """``books(game, lang, stem="rulebook", **cli)`` -> the text of each page, written once."""
    from deckgen.registry import get_game
    from deckgen.rulebook.render import write_rulebook
    from deckgen.spec import spec_for

    made: dict = {}

    def get(game: str, lang: str, stem: str = "rulebook", card_lang: str | None = None, **options):
        key = (game, lang, stem, card_lang, tuple(sorted(options.items())))
        if key not in made:
            spec = spec_for(game, cli={"options": options, "lang": card_lang or lang})
            path = tmp_path_factory.mktemp("rb") / f"{stem}-{lang}.pdf"
            write_rulebook(path, get_game(game), spec.build(), lang, spec.print, stem=None if stem == "rulebook" else stem)
            made[key] = pdf_pages(path)
        return made[key]

    return get


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_players_copy_has_no_command_line(books, game, lang):
    text = flat(" ".join(books(game, lang)))
    assert "deckgen" not in text and "--" not in text.replace("—", ""), re.findall(r".{40}(?:deckgen|--).{40}", text)[:3]
    assert ("Para quien prepara el mazo" if lang == "es" else "For whoever prepares the deck") not in text


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_preparing_page_has_the_command(books, game, lang):
    pages = books(game, lang, "preparing")
    text = flat(" ".join(pages))
    assert f"deckgen" in text and (("para quien prepara el mazo" if lang == "es" else "for whoever prepares the deck") in text)
    assert ("no es para los jugadores" if lang == "es" else "not for the players") in text


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_help_cards_are_named_and_kept_out_of_the_deal(books, game, lang):
    from deckgen import pipeline
    from deckgen.spec import spec_for

    spec = spec_for(game, cli={"lang": lang})
    printed = len(pipeline._with_help(spec, spec.build())[0].cards) - len(spec.build())
    assert printed >= 1
    text = flat(" ".join(books(game, lang)))
    if printed == 1:
        words = "una carta de ayuda" if lang == "es" else "One help card"
    else:
        words = f"{printed} cartas de ayuda" if lang == "es" else f"{printed} help cards"
    assert words in text
    assert ("antes de barajar" if lang == "es" else "before shuffling") in text


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_underline_is_explained_in_every_game(books, game, lang):
    text = flat(" ".join(books(game, lang)))
    assert re.search(r"subrayad|raya debajo" if lang == "es" else r"underlined|bar under", text), game


def test_monete_setup_takes_out_the_action_cards_for_perezoso(books):
    es, en = (flat(" ".join(books("monete", lang))) for lang in ("es", "en"))
    setup_es = es[es.index("Preparación"):es.index("Una ronda")]
    setup_en = en[en.index("Setting up"):en.index("A round")]
    assert "PEREZOSO, aparta también las 26 cartas de acción" in setup_es
    assert "PEREZOSO mode, also take out the 26 action cards" in setup_en


def test_monete_winner_calls_monete_and_toma_is_explained(books):
    es, en = (flat(" ".join(books("monete", lang))) for lang in ("es", "en"))
    assert "gritando «¡MONETE!»" in es and 'calling "¡MONETE!"' in en
    assert "«Toma 2 o 3»" in es and '"Toma 2 o 3"' in en


def test_monete_picture_sits_with_its_sentence(books):
    """The ¡Monete! picture (its caption "¡Monete!" under the closing card) comes before the
    exception paragraph that it would contradict."""
    for lang, exception in (("es", "Excepción"), ("en", "Exception")):
        text = flat(" ".join(books("monete", lang)))
        section = text[text.index("cerrar la ronda" if lang == "es" else "closing the round"):]
        picture = section.index("en la mesa ¡Monete!" if lang == "es" else "on the table ¡Monete!")
        assert picture < section.index(exception)


def test_multiplicats_body_speaks_of_the_table_not_the_simulator(books):
    for lang in ("es", "en"):
        text = flat(" ".join(books("multiplicats", lang))).lower()
        for words in ("simulador", "simulator", "se preparó sin", "prepared without", "la elige quien prepara",
                      "whoever prepares the deck chooses"):
            assert words not in text
    assert "de la mesa, no de las cartas" in flat(" ".join(books("multiplicats", "es")))


def test_hectoedra_example_pairs_stay_on_one_row(tmp_path):
    """Each example "b on a" pair: the two cards' captions stand on one line of the page."""
    import pdfplumber

    from deckgen.registry import get_game
    from deckgen.rulebook.render import write_rulebook
    from deckgen.spec import spec_for

    spec = spec_for("hectoedra", cli={})
    path = write_rulebook(tmp_path / "h.pdf", get_game("hectoedra"), spec.build(), "es", spec.print)
    with pdfplumber.open(path) as pdf:
        words = [(w["text"], round(w["top"]), p) for p, page in enumerate(pdf.pages) for w in page.extract_words()]
    for a, b in (("12", "4"), ("9", "6"), ("3", "2")):
        lines = {(t, p) for i, (w, t, p) in enumerate(words[1:-1], 1)
                 if w == "sobre" and words[i - 1][0] == a and words[i + 1][0] == b}
        # a row of pictures: the caption "b" of the card below and "a sobre b" on one line
        assert any(sum(1 for w, t, p in words if w == b and (t, p) == line) >= 2 for line in lines), (a, b, lines)


def test_hectoedra_has_no_seat_list(books):
    assert "lista de asientos" not in flat(" ".join(books("hectoedra", "es")))
    assert "seat order" not in flat(" ".join(books("hectoedra", "en")))


def test_maestras_words(books):
    es = flat(" ".join(books("maestras", "es")))
    assert "y pasa el turno" not in es and "robas una del mazo y pasas" in es
    assert "tocaría otra carta además de aquella con la que enlaza y no está en línea" in es
    assert "la última maestra colocada nunca se gana" in es
    en = flat(" ".join(books("maestras", "en")))
    assert "the last master placed can never be won" in en


def test_maestras_english_rulebook_names_spanish_cards_as_printed(books, tmp_path, capsys):
    en = flat(" ".join(books("maestras", "en", card_lang="all")))
    assert "printed in Spanish" in en
    assert "blue azul circle A" in en and "yellow amarillo diamond M" in en
    own = flat(" ".join(books("maestras", "en")))  # English cards: the English letters, no note
    assert "printed in Spanish" not in own and "Printed" not in own
    from clirun import run

    code, out, err = run(capsys, "build", "maestras", "--lang", "all", "--out", tmp_path / "o")
    assert code == 0, err
    line = next(l for l in out.splitlines() if l.strip().startswith("rulebook-en.pdf"))
    assert "the cards are printed in Spanish" in line


def test_mgc_blocked_round_says_what_the_winner_scores(books):
    assert "se anota, como siempre, los puntos de las cartas que quedan en las manos de los demás" in flat(" ".join(books("mgc", "es")))


@pytest.mark.parametrize("tables,es,en", [("3-4", "tablas 3 y 4", "tables 3 and 4"), ("2,5", "tablas 2 y 5", "tables 2 and 5"),
                                          ("2,5,10", "tablas 2, 5 y 10", "tables 2, 5 and 10"), ("1-6", "tablas 1-6", "tables 1-6")])
def test_table_labels_never_read_as_decimals(tables, es, en):
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    deck = spec_for("multiplicats", cli={"options": {"tables": tables}}).build()
    assert get_game("multiplicats").label(deck, "es") == es and get_game("multiplicats").label(deck, "en") == en


def test_setup_picture_shows_one_match():
    from deckgen.games.multiplicats.rulebook import _table_labels
    from deckgen.spec import spec_for

    for tables in ("1-10", "2,5,10", "1-3", "7"):
        labels = _table_labels(spec_for("multiplicats", cli={"options": {"tables": tables}}).build())
        values = [eval(l.replace("×", "*")) for l in labels]
        assert len(values) - len(set(values)) == (1 if tables != "7" else 0), (tables, labels)  # one match at most
