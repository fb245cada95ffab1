"""Fuzzing the range parser (``--tables``, ``--cards``, ``--degrees``, ``--coefficients`` and the same
deck-file fields): any text or list gives the exact set of numbers it names or one OptionError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckgen.errors import OptionError
from deckgen.games.mgc import _coefficients
from deckgen.options import int_list
from fuzzing import FUZZ

LO, HI = -20, 100
PARSE = int_list(LO, HI)


def _written(n: int) -> str:
    return str(n)


@st.composite
def range_texts(draw) -> tuple[str, list[int] | None]:
    """A range text and the sorted numbers it names (None when it must be refused)."""
    parts, names = [], []
    for _ in range(draw(st.integers(1, 6))):
        a = draw(st.integers(-10**15, 10**15) | st.integers(LO - 3, HI + 3))
        b = draw(st.integers(a, a + 40) | st.integers(-10**25, 10**25))
        if draw(st.booleans()):
            parts.append(_written(a))
            names.append((a, a))
        else:
            parts.append(f"{a}-{b}")
            names.append((a, b))
    text = ",".join(parts)
    values: list[int] = []
    ok = True
    for a, b in names:
        if b < a or not (LO <= a <= HI and LO <= b <= HI) or len(str(abs(a))) > 12 or len(str(abs(b))) > 12:
            ok = False
            break
        values.extend(range(a, b + 1))
    if ok and len(set(values)) != len(values):
        ok = False
    return text, sorted(values) if ok and values else None


@FUZZ
@given(case=range_texts())
def test_a_range_text_names_exactly_its_numbers_or_is_refused(case):
    text, expected = case
    if expected is None:
        with pytest.raises(OptionError):
            PARSE(text)
    else:
        assert PARSE(text) == expected


ALPHABET = "0123456789-,+ 1x\x1b\n\u202e٣²"


@FUZZ
@given(value=st.one_of(st.text(ALPHABET, max_size=40), st.text(max_size=20),
                       st.recursive(st.integers(-10**30, 10**30) | st.text(ALPHABET, max_size=8) | st.booleans(),
                                    lambda inner: st.lists(inner, max_size=5), max_leaves=20)))
def test_any_value_gives_numbers_in_range_or_one_option_error(value):
    for parse in (PARSE, _coefficients):
        try:
            got = parse(value)
        except OptionError as exc:
            assert str(exc)  # a message, never an empty error
            continue
        assert got == sorted(set(got)) and all(-99 <= n <= HI for n in got)
