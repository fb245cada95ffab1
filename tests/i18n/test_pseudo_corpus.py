"""Issue 38: every word deckgen says comes from the catalog. The corpus (tests/i18n/corpus.py) runs in
the pseudo-locale `qps` (tests/pseudo_locale.py: every message accented and padded between ⟪ and ⟫),
taking the other half of the costly cases (corpus.half), so the two corpus runs together cover them
all. Every letter of the catalog's words is then accented: a word of plain ASCII letters, data aside
(tests/i18n/words.py), bypassed the catalog or was joined from fragments, unless a known gap covers
it (tests/i18n/gaps.py, which must end empty)."""

from __future__ import annotations

import pytest

import pseudo_locale
from i18n import corpus
from i18n.checking import badly_ended, foreign_lines, shown, unused_gaps
from i18n.page import PageRun, page_cases
from i18n.words import ascii_words

RUN = pseudo_locale.LANG


@pytest.fixture(scope="module")
def said(tmp_path_factory):
    folder = pseudo_locale.build(tmp_path_factory.mktemp("qps-catalog"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DECKGEN_LOCALE_DIR", str(folder))
        mp.setenv("DECKGEN_LANG", RUN)
        page = PageRun(RUN, tmp_path_factory.mktemp("pseudo-page"))
        try:
            return corpus.run_all([*corpus.half(corpus.cases(), 1), *page_cases(0)], tmp_path_factory.mktemp("pseudo-corpus"), page.answer)
        finally:
            page.close()


def test_the_corpus_is_said_in_the_pseudo_locale(said):
    assert badly_ended(said) == []
    first = {s.case.name: s for s in said if s.face == "cli"}
    assert first["deckgen --help"].out[0].startswith(f"{pseudo_locale.OPEN}Ûśàĝé: ")
    marked = [line for s in said for _stream, line in s.lines() if pseudo_locale.marked(line)]
    assert len(marked) > 1000
    page = [line for s in said if s.face == "page" for _stream, line in s.lines()]
    assert len(page) > 500 and sum(map(pseudo_locale.marked, page)) > len(page) // 2  # the page, in the pseudo-locale


def test_every_word_comes_from_the_catalog(said):
    problems, used = foreign_lines(said, RUN, ascii_words)
    assert not problems, f"{len(problems)} lines hold words that bypassed the catalog:\n{shown(problems)}"
    stale = unused_gaps(used, RUN)
    assert not stale, "these known gaps cover nothing any more: delete them from tests/i18n/gaps.py:\n" + "\n".join(
        f"{g.owner}: {g.what}" for g in stale)
