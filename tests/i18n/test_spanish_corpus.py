"""Issue 38: in Spanish, deckgen holds no English sentence. The corpus (tests/i18n/corpus.py: every
command for the default and example decks, a failing deck of each game, every help page, one case
of every class of bad input; on the command line and on the page: tests/i18n/page.py) runs once in Spanish (its half of the costly cases: see corpus.half),
and no line holds a common English word (tests/i18n/words.py), card names, option names and values
and what the user typed aside, unless a known gap covers it (tests/i18n/gaps.py, which must end empty)."""

from __future__ import annotations

import pytest

from i18n import corpus
from i18n.checking import badly_ended, foreign_lines, shown, unused_gaps
from i18n.page import PageRun, page_cases
from i18n.words import english_numbers, english_words

RUN = "es"


@pytest.fixture(scope="module")
def said(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DECKGEN_LANG", RUN)
        page = PageRun(RUN, tmp_path_factory.mktemp("spanish-page"))
        try:
            return corpus.run_all([*corpus.half(corpus.cases(), 0), *page_cases(1)], tmp_path_factory.mktemp("spanish-corpus"), page.answer)
        finally:
            page.close()


def test_the_corpus_is_said_in_spanish(said):
    """The run itself: every case ran and ended as a user would see it, and it speaks Spanish."""
    assert badly_ended(said) == []
    first = {s.case.name: s for s in said if s.face == "cli"}
    assert first["deckgen --help"].out[0].startswith("Uso: deckgen [OPCIONES] COMANDO")
    assert first["command line: unknown option"].err == ["error: no existe la opción --pape (¿querías decir --paper?)"]
    assert len(said) > 200 and any(s.bars for s in said)  # progress bars' labels are read too


def test_the_page_answers_in_spanish(said):
    """The page's answers are in the corpus: its pages, a build and a check followed to their pages
    (the progress words too), a failing deck, deck files, and every class of bad request."""
    page = {s.case.name: s for s in said if s.face == "page"}
    assert "Elige un juego, ajusta sus opciones, mira las cartas, comprueba que el juego funciona e imprime el mazo." in page[
        "page: the pages"].out
    checked = [s for name, s in page.items() if name in {f"validate {game}" for game in corpus.GAMES}]
    assert checked and all("JUGABLE" in s.out and s.bars for s in checked)
    failing = [s for name, s in page.items() if name.startswith("page: failing ")]
    assert failing and all("NO JUGABLE" in s.out and s.code == 1 for s in failing)
    assert any("Descargas" in s.out for name, s in page.items() if name in {f"build {game}" for game in corpus.GAMES})
    bad = page["page: bad requests"]
    assert {400, 403, 404, 405, 408, 409, 410, 413, 415, 429} <= set(bad.statuses)
    assert "error: no hay ninguna página en /nowhere" in bad.err
    assert set(page["page: the login"].statuses) == {200, 401, 429}


def test_json_keeps_its_language_free_keys(said):
    """`--json` output is for programs: its keys are the same identifiers in every language."""
    import json
    import re

    data = json.loads("\n".join(next(s for s in said if s.case.name == "validate --json").out))
    keys, stack = set(), [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            keys |= set(item)
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
    # the same keys in every language: identifiers and the figures' English names, never translated words
    odd = sorted(k for k in keys if not re.fullmatch(r"[A-Za-z0-9_ ()/%+,.:¡!-]+", k))  # ¡Monete!: a rule term keeps its name
    assert keys and not odd, odd


def test_no_line_holds_an_english_sentence(said):
    problems, used = foreign_lines(said, RUN, english_words)
    assert not problems, f"{len(problems)} lines hold English words:\n{shown(problems)}"
    stale = unused_gaps(used, RUN)
    assert not stale, "these known gaps cover nothing any more: delete them from tests/i18n/gaps.py:\n" + "\n".join(
        f"{g.owner}: {g.what}" for g in stale)


def test_numbers_are_written_the_spanish_way(said):
    """A decimal comma and "." grouping (2,5; 1.204.823), never 2.5 or 1,204,823, wherever deckgen
    writes a number in Spanish (what the user typed aside)."""
    words = [s for s in said if "--json" not in s.case.argv]  # JSON is for programs: its numbers are JSON's
    problems, _used = foreign_lines(words, RUN, english_numbers)
    assert not problems, f"{len(problems)} lines write numbers the English way:\n{shown(problems)}"
