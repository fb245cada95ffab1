"""Number lists and ranges (deckgen.options.int_list): bounds are checked in the order the user wrote
the numbers, and a range is refused before it is expanded."""

from __future__ import annotations

import time

import pytest

from deckgen.errors import OptionError
from deckgen.options import int_list


@pytest.mark.parametrize(
    "text, message",
    [
        ("1-10000000000", "the range 1-10000000000 is out of range: it goes past 10 (1 to 10)"),
        ("0-3", "0 is out of range (1 to 10)"),
        ("-5-3", "-5 is out of range (1 to 10)"),
        ("1-61", "the range 1-61 is out of range: it goes past 10 (1 to 10)"),
        ("12-99999999999", "12 is out of range (1 to 10)"),
        ("50,1-100000000", "50 is out of range (1 to 10)"),  # the first written number outside the bounds
        ("1-3,0", "0 is out of range (1 to 10)"),
        ("11", "11 is out of range (1 to 10)"),
    ],
)
def test_out_of_range_numbers_are_refused_at_once(text, message):
    start = time.monotonic()
    with pytest.raises(OptionError) as err:
        int_list(1, 10)(text)
    assert str(err.value) == message
    assert time.monotonic() - start < 0.5  # nothing was expanded


def test_ranges_and_lists_inside_the_bounds():
    parse = int_list(1, 10)
    assert parse("1-6") == [1, 2, 3, 4, 5, 6]
    assert parse("10") == [10] and parse("1") == [1]
    assert parse("2,5,10") == [2, 5, 10]
    assert parse("1-3,7") == [1, 2, 3, 7]
    assert parse("5-5") == [5] and parse("9-10") == [9, 10]
    with pytest.raises(OptionError, match=r"the range 6-5 goes backwards \(write 5-6\)"):
        parse("6-5")
    assert parse([1, 2, 3]) == [1, 2, 3] and parse(4) == [4]
    assert int_list(-3, 3)("-3-3") == [-3, -2, -1, 0, 1, 2, 3]
    with pytest.raises(OptionError, match="4 is out of range"):
        int_list(-3, 3)([1, 4])
    with pytest.raises(OptionError, match=r"-4 is out of range \(-3 to 3\)"):
        int_list(-3, 3)("-4-0")
