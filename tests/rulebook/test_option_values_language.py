"""The option values a preparing sheet prints are what is typed on the command line; beside each
choice stand its words in the sheet's language (the option's own catalog messages), never another
language's."""

from __future__ import annotations

import pdfplumber
import pytest

from clirun import run
from deckgen.i18n import render
from deckgen.registry import get_game


def flat(text: str | None) -> str:
    return " ".join((text or "").split())


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_choice_is_said_in_the_sheets_language(capsys, tmp_path, lang):
    code, _, err = run(capsys, "rules", "multiplicats", "--end", "first", "--lang", lang, "--out", tmp_path / "r", "-q")
    assert code == 0, err
    end = {o.name: o for o in get_game("multiplicats").options}["end"]
    with pdfplumber.open(tmp_path / "r" / f"preparing-{lang}.pdf") as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        first = next(w for w in words if w["text"] == "first")  # this sheet's value of --end, in its column
        default = next(w for w in words if w["text"] == "two-left" and w["top"] > first["top"] - 2)
        row = [w for w in words if first["top"] - 2 <= w["top"] <= first["top"] + 40]
        cell = flat(page.crop((first["x0"] - 1, first["top"] - 2, default["x0"] - 1, first["top"] + 40)).extract_text())
        default_cell = flat(page.crop((default["x0"] - 1, first["top"] - 2, page.width, first["top"] + 40)).extract_text())
    said = flat(render(end.words["first"], lang))
    assert cell.startswith(f"first ({said})"), cell
    assert default_cell.startswith(f"two-left ({flat(render(end.words['two-left'], lang))})"), default_cell
    other = flat(render(end.words["first"], "en" if lang == "es" else "es"))
    assert other != said and other not in " ".join(w["text"] for w in row)
