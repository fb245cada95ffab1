"""Games declare their options as a table (``deckgen.options.Opt`` lines read by ``declare``): the
kind of each option's values decides its parser, whether it is a switch, and the word help shows."""

from __future__ import annotations

import pytest

from deckgen.errors import OptionError
from deckgen.options import Opt, declare, int_list


def test_each_kind_of_values_makes_its_option():
    switch, word, whole, ratio, listed = declare(
        deck=(Opt("hints", False, bool, "h"), Opt("end", "first", ("first", "two-left"), "e")),
        rules=(Opt("hand", 4, (1, 10), "n"), Opt("miss", 0.1, (0.0, 0.5), "p", metavar="X"),
               Opt("tables", [1, 2], int_list(1, 10), "t", metavar="RANGE", show=lambda v: "shown")),
    )
    assert [o.scope for o in (switch, word, whole, ratio, listed)] == ["deck", "deck", "rules", "rules", "rules"]
    assert switch.flag and switch.usage() == "--hints/--no-hints" and switch.parse("yes") is True
    assert not word.flag and word.usage() == "--end first|two-left" and word.parse.choices == ("first", "two-left")
    with pytest.raises(OptionError, match="did you mean first"):
        word.parse("frist")
    assert whole.usage() == "--hand N" and whole.parse("10") == 10
    with pytest.raises(OptionError, match=r"out of range \(1 to 10\)"):
        whole.parse("11")
    assert ratio.usage() == "--miss X" and ratio.parse("0.25") == 0.25
    with pytest.raises(OptionError):
        ratio.parse("0.6")
    assert listed.usage() == "--tables RANGE" and listed.parse("2-4") == [2, 3, 4] and listed.describe_default() == "shown"
    assert whole.describe_default() == "4"  # no show given: the value as it is


@pytest.mark.parametrize("values", [(1, 2.5), ("a", 1), (), 7, "abc"])
def test_values_it_cannot_read_are_refused_when_the_game_is_declared(values):
    with pytest.raises(TypeError, match="option x: cannot read its values"):
        declare(deck=(Opt("x", None, values, "?"),))
