"""Issue 31: one register per rulebook. The house register is informal singular "tú"
(deckgen/games/README.md); a group action may use "se" ("se barajan las cartas"). What the player
does on a turn is said to "tú": MGC's rules switched to an impersonal "se" for the player's own moves
("no se puede robar mientras se tenga…", "hay que poner…", "se puede poner…") beside "puedes jugarla".

tests/test_spanish_register.py catches vosotros/ustedes; this scan catches the impersonal player in
every Spanish template (every {% if %} branch)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").glob("*/*.es.html.j2"))
# the player's own move said impersonally: to be said to "tú" ("puedes poner", "no puedes robar", "pon")
IMPERSONAL_MOVE = re.compile(
    r"\bse tenga\b|\b(?:no\s+)?se\s+pueden?\s+(?:robar|pasar|poner)\b|\bhay\s+que\s+(?:poner|jugar|robar|pasar)\b",
    re.IGNORECASE,
)


def impersonal_moves(text: str) -> list[str]:
    text = re.sub(r"\{[{%#].*?[}%#]\}", " ", text, flags=re.S)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))
    return [m.group(0) for m in IMPERSONAL_MOVE.finditer(text)]


def test_the_scan_finds_what_it_should():
    bad = ["No se puede robar mientras se tenga una carta.", "Un monomio solo se puede poner si…", "Las cartas de acción se pueden poner siempre.", "hay que poner una carta"]
    assert all(impersonal_moves(t) for t in bad)
    good = ["No puedes robar mientras tengas una carta que puedas poner.", "Se barajan las cartas y se reparten.", "Se puede acordar una meta más baja.", "Qué hay que seguir"]
    assert not any(impersonal_moves(t) for t in good)


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.parent.name)
def test_the_player_is_addressed_as_tu(path):
    assert len({p.parent.name for p in TEMPLATES}) == 5 and len(TEMPLATES) == 10  # rulebook and preparing pages
    assert impersonal_moves(path.read_text(encoding="utf-8")) == []
