"""Fuzzing deck files: whatever a designer writes, the answer is a report or one clear error, never a
traceback."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckgen.main import main
from deckgen.registry import games
from fuzzing import FUZZ

KEYS = ["game", "seed", "players", "lang", "options", "print", "cards", "copies", "kind", "tables", "specials",
        "paper", "bleed", "card_size", "backs", "back_image", "a", "b", "value", "multiplications", "special", "gmae", "x"]
GAME_IDS = list(games()) + ["uno", ""]

scalars = st.one_of(
    st.sampled_from(GAME_IDS),
    st.sampled_from(["1-6", "7-3", "2,5,10", "abc", "a4", "letter", "poker", "60x90", "huge", "es", "en", "<b>&amp;", "../x.png", "balancin"]),
    st.integers(-5, 2**64),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(string.printable, max_size=30),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=8)


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if v != v else ("inf" if v > 0 else "-inf") if v in (float("inf"), float("-inf")) else repr(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + '"'


@st.composite
def deck_files(draw) -> str:
    # one file in four leaves `game` out, the one key every deck file needs
    lines = [f"game = {toml_value(draw(st.sampled_from(GAME_IDS)))}"] if draw(st.integers(0, 3)) else []
    for key in draw(st.lists(st.sampled_from(KEYS), max_size=4, unique=True)):
        if key not in ("game", "options", "print", "cards"):
            lines.append(f"{key} = {toml_value(draw(values))}")
    for table in draw(st.lists(st.sampled_from(["options", "print"]), max_size=2, unique=True)):
        lines.append(f"[{table}]")
        for key in draw(st.lists(st.sampled_from(KEYS), max_size=4, unique=True)):
            lines.append(f"{key} = {toml_value(draw(values))}")
    for _ in range(draw(st.integers(0, 3))):
        lines.append("[[cards]]")
        for key in draw(st.lists(st.sampled_from(KEYS), max_size=4, unique=True)):
            lines.append(f"{key} = {toml_value(draw(values))}")
    text = "\n".join(lines) + "\n"
    if draw(st.booleans()):  # break it a little: delete or insert a few characters
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(text)))
            text = text[:i] + draw(st.text("[]=\"'#\n{},.x", max_size=2)) + text[i + draw(st.integers(0, 2)):]
    return text


@FUZZ
@given(text=deck_files())
def test_no_deck_file_ever_gets_a_traceback(tmp_path_factory, capsys, text):
    folder = tmp_path_factory.mktemp("fuzz")
    f = folder / "deck.toml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["validate", str(f), "--games", "2", "--players", "3", "--quiet"])
        raise SystemExit(0)
    err = capsys.readouterr().err
    assert exc.value.code in (0, 1, 2, None)
    assert "Traceback" not in err
    if exc.value.code == 2:
        assert err.startswith("error: ")
        assert sum(line.startswith("error:") for line in err.splitlines()) == 1
        assert not any(ord(c) < 32 and c != "\n" for c in err)  # control characters are shown escaped
    if "game" not in text:  # a deck file must say which game it is for
        assert exc.value.code == 2
