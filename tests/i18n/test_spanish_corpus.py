"""Issue 38: in Spanish, deckgen holds no English sentence. The corpus (tests/i18n/corpus.py: every
command for the default and example decks, a failing deck of each game, every help page, one case
of every class of bad input) runs once in Spanish (its half of the costly cases: see corpus.half),
and no line holds a common English word (tests/i18n/words.py), card names, option names and values
and what the user typed aside, unless a known gap covers it (tests/i18n/gaps.py, which must end empty)."""

from __future__ import annotations

import pytest

from i18n import corpus
from i18n.checking import badly_ended, foreign_lines, shown, unused_gaps
from i18n.words import english_words

RUN = "es"


@pytest.fixture(scope="module")
def said(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DECKGEN_LANG", RUN)
        return corpus.run_all(corpus.half(corpus.cases(), 0), tmp_path_factory.mktemp("spanish-corpus"))


def test_the_corpus_is_said_in_spanish(said):
    """The run itself: every case ran and ended as a user would see it, and it speaks Spanish."""
    assert badly_ended(said) == []
    first = {s.case.name: s for s in said}
    assert first["deckgen --help"].out[0].startswith("Uso: deckgen [OPCIONES] COMANDO")
    assert first["command line: unknown option"].err == ["error: no existe la opción --pape (¿querías decir --paper?)"]
    assert len(said) > 200 and any(s.bars for s in said)  # progress bars' labels are read too


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
    stale = unused_gaps(used, RUN, page_ran=any(s.face == "page" for s in said))
    assert not stale, "these known gaps cover nothing any more: delete them from tests/i18n/gaps.py:\n" + "\n".join(
        f"{g.owner}: {g.what}" for g in stale)
