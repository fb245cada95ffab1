"""A refused choice lists the allowed values as a sentence of the language: "a, b o c" in Spanish,
"a, b or c" in English, never a bare comma list."""

from __future__ import annotations

import re

import pytest

from clirun import run


@pytest.mark.parametrize("option, es, en", [
    ("--ink", r"usa normal o low$", r"use normal or low$"),
    ("--backs", r"usa duplex-long, duplex-short, manual-duplex, separate o none$", r"use duplex-long, duplex-short, manual-duplex, separate or none$"),
    ("--lang", r"usa es, en o all$", r"use es, en or all$"),
    ("--for", r"usa tgc, mpc, dtc [ou] home$", r"use tgc, mpc, dtc or home$"),  # "u" before an o sound
])
def test_the_choices_of_a_refused_value_read_as_a_sentence(capsys, monkeypatch, tmp_path, option, es, en):
    for lang, words in (("es", es), ("en", en)):
        monkeypatch.setenv("DECKGEN_LANG", lang)
        code, out, err = run(capsys, "build", "hectoedra", option, "x", "--quiet", "--out", tmp_path / "out")
        assert code == 2 and re.search(words, err.strip()), err
