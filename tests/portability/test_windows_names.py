"""Names deckgen makes (output folders, ZIP and deck-file downloads, heat maps) are names Windows
accepts, whatever text an option, a deck file or a game puts in them; and a path Windows could not
open without its long-path prefix gets it."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given, strategies as st

from deckgen.filenames import MAX_DIR, MAX_NAME, RESERVED, long_path, reserved, safe_name, windows_long_path
from deckgen.naming import folder_name
from deckgen.registry import games, get_game
from deckgen.spec import spec_for

WINDOWS_FORBIDDEN = set('<>:"/\\|?*') | {chr(c) for c in range(32)}
DEVICES = ["CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)), *(f"LPT{i}" for i in range(10)), "CONIN$", "CONOUT$"]


def windows_accepts(name: str) -> bool:
    """Windows' rules for one name (Microsoft's "Naming Files, Paths, and Namespaces")."""
    stem = name.split(".")[0].rstrip(" ").upper()
    return (
        bool(name)
        and len(name) <= 255
        and not WINDOWS_FORBIDDEN & set(name)
        and not name.endswith((".", " "))
        and stem not in {*DEVICES, "COM\u00b9", "COM\u00b2", "COM\u00b3", "LPT\u00b9", "LPT\u00b2", "LPT\u00b3"}
    )


def check(name: str) -> None:
    assert windows_accepts(name), name
    assert len(name) <= MAX_NAME and re.fullmatch(r"[A-Za-z0-9._-]+", name) and not name.startswith(("-", "."))


REFUSED = [
    *DEVICES, *(d.lower() for d in DEVICES), "Con", "nUl", "con.pdf", "NUL.tar.gz", "com1.png", "LPT9.zip", "aux .txt",
    "COM\u00b9", "trailing.", "trailing ", "trailing. . ", "...", " ", "", "a:b", 'a*b?c"d<e>f|g', "back\\slash/slash",
    "tab\there", "nul\x00byte", "\x1f\x7f", "é ñ 漢字", "x" * 1000, "multiplicats-" + "1-" * 200,
]


@pytest.mark.parametrize("text", REFUSED)
def test_names_windows_refuses_become_names_it_accepts(text):
    check(safe_name(text))


def test_device_names_keep_their_meaning_and_extension():
    assert safe_name("con") == "con_" and safe_name("NUL.txt") == "NUL_.txt" and safe_name("lpt1.tar.gz") == "lpt1_.tar.gz"
    assert safe_name("console") == "console" and safe_name("com10") == "com10" and safe_name("con-1-6") == "con-1-6"
    assert reserved("aux.pdf") and not reserved("auxiliary.pdf")


def test_ordinary_names_are_unchanged():
    for name in ("multiplicats-1-6", "mgc-coef-3-3-deg0-4", "hectoedra-1-100", "monete-perezoso-10", "seat-advantage-points"):
        assert safe_name(name) == name


def test_long_names_are_cut_and_kept_apart():
    a, b = "tables-" + "1" * 300 + "a", "tables-" + "1" * 300 + "b"
    assert len(safe_name(a)) == MAX_NAME and safe_name(a) != safe_name(b)
    assert safe_name(a) == safe_name(a)  # the same text, the same name


@given(st.text(max_size=400))
def test_any_text_becomes_a_name_windows_accepts(text):
    check(safe_name(text))


@given(st.lists(st.sampled_from(sorted(RESERVED) + [".", " ", "-", "x", ":", "txt", "\x00"]), max_size=8))
def test_any_arrangement_of_device_names_and_dots(words):
    check(safe_name("".join(words)))
    check(safe_name("".join(words).lower()))


# ---------------------------------------------------------------- the names deckgen makes


def test_every_default_output_folder_is_a_windows_name():
    for game_id in games():
        spec = spec_for(game_id, cli={})
        check(folder_name(spec, spec.build()))


def test_a_game_tag_or_option_text_that_windows_refuses_never_reaches_a_folder():
    game = get_game("multiplicats")
    spec = spec_for(game, cli={"options": {"tables": "1-6"}})
    deck = spec.build()
    for tag in ("", "CON", "nul.", "a:b*c", "x" * 500, "..", "1-6 "):
        tagged = dataclasses.replace(game, out_tag=lambda options, tag=tag: tag)
        check(tagged.out_name({}))
        check(folder_name(dataclasses.replace(spec, game=tagged), deck))
    con = dataclasses.replace(game, id="con", out_tag=lambda options: "")
    assert con.out_name({}) == "con_" and folder_name(dataclasses.replace(spec, game=con), deck).startswith("con_")


def test_heat_map_names_are_windows_names():
    from deckgen.analysis.sweep import slug

    for measure in ("Con", "nul", "length (turns, mean)", "???", "x" * 300):
        check(slug(measure) + ".png")


# ---------------------------------------------------------------- the long-path prefix


def test_a_windows_path_past_the_limit_gets_the_long_path_prefix():
    short = "C:\\Users\\ana\\Documents\\output\\multiplicats-1-6"
    assert windows_long_path(short, 80) == short
    deep = "C:\\Users\\ana\\" + "carpeta-muy-larga\\" * 12 + "output\\multiplicats-1-6"
    assert len(deep) + 80 >= MAX_DIR
    assert windows_long_path(deep, 80) == "\\\\?\\" + deep
    assert windows_long_path("C:/Users/ana/" + "x" * 250 + "/../out", 0) == "\\\\?\\C:\\Users\\ana\\out"  # / and .. resolved first
    unc = "\\\\server\\share\\" + "y" * 250
    assert windows_long_path(unc) == "\\\\?\\UNC\\server\\share\\" + "y" * 250
    assert windows_long_path("\\\\?\\" + deep, 80) == "\\\\?\\" + deep  # never twice


@given(st.lists(st.text(alphabet="abcdefghij-_ ", min_size=1, max_size=40), min_size=1, max_size=12), st.integers(0, 120))
def test_every_path_is_short_enough_or_prefixed(parts, room):
    full = "D:\\" + "\\".join(parts)
    out = windows_long_path(full, room)
    assert out == full and len(full) + room < MAX_DIR or out.startswith("\\\\?\\D:\\")


def test_other_systems_paths_are_left_alone(tmp_path):
    deep = tmp_path / ("x" * 200) / ("y" * 200)
    assert long_path(deep, 80) == deep
