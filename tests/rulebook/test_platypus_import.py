"""deckgen.rulebook.platypus: reportlab's platypus with its two widest patterns compiled on first use
(issue 33, PDF writing). They must act exactly as the patterns reportlab compiles; nothing else may
be deferred, and re.compile must be the standard one again afterwards."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from deckgen.rulebook import platypus

ROOT = Path(__file__).resolve().parents[2]


def test_only_the_patterns_reaching_u_ffff_are_deferred():
    assert platypus._deferred("[a-z\xa1-\uffff0-9]", re.I)
    assert platypus._deferred("([\u2e80-\uffff])", re.UNICODE)
    assert not platypus._deferred("[a-z0-9]", re.I)
    assert not platypus._deferred("[\u2e80-\ufffe]", 0)
    assert not platypus._deferred(b"[a-z]", 0)


@pytest.mark.parametrize(
    "text",
    ["https://example.com/a/b", "http://192.168.0.1:8080/x", "www.ejemplo.es", "mailto:x", "C:\\a\\b", "ñandú.es/á", "", "not a uri"],
)
def test_a_deferred_pattern_matches_as_the_compiled_one(text):
    pattern = "(^(?:[a-z0-9\\.\\-\\+]*)://)?(?:[a-z\xa1-\uffff0-9-]{1,63}\\.)*[a-z\xa1-\uffff-]{2,63}(?:[/?#][^\\s]*)?\\Z"
    lazy = platypus.LazyPattern(pattern, re.I)
    real = re.compile(pattern, re.I)
    got, want = lazy.match(text), real.match(text)
    assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups()))
    assert lazy.sub("*", text) == real.sub("*", text)
    assert lazy.compiled is lazy.compiled  # compiled once


def test_in_a_fresh_process_reportlab_gets_the_lazy_pattern_and_re_compile_is_restored():
    probe = (
        "import re; std = re.compile\n"
        "import deckgen.rulebook.platypus as p\n"
        "import reportlab.platypus.paragraph as para, reportlab.lib.textsplit as ts\n"
        "assert re.compile is std\n"
        "assert type(para.uri_pat) is p.LazyPattern and type(ts.rx) is p.LazyPattern\n"
        "assert isinstance(para._wsc_re_split.__self__, re.Pattern)\n"  # every other pattern as reportlab compiles it
        "print(para._uri_split_pairs('https://example.com/a/b'))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[('https://example.com/a/', 'b'), ('https://example.com/', 'a/b'), ('https://', 'example.com/a/b')]"
