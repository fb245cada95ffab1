"""One Spanish register everywhere: informal singular "tú" (deckgen/games/README.md). The printed
rulebooks and cards are read back in tests/rulebook/test_rulebook_print.py; here every Spanish source
text is scanned, so branches the default decks never print are covered too: each template (every
``{% if %}`` branch), and every string of the code (card texts, help cards, challenge sheets, option
help)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from spanish import register_problems

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = sorted((ROOT / "templates").glob("*/*.es.html.j2"))
SOURCES = sorted((ROOT / "deckgen").rglob("*.py"))


def test_the_scan_finds_what_it_should():
    bad = ["Separad las cartas.", "Coged dos.", "Tenéis tres turnos.", "Es vuestro turno.", "Mezclen bien.", "Luego: repartan cinco.", "Roba o coge una.", "Antes de jugar, quítense anillos.", "Pónganse en círculo.", "vuelve a poner el montón dado la vuelta"]
    assert all(register_problems(t) for t in bad)
    good = ["Mezcla las cartas y reparte cinco a cada jugador.", "Se reparten cuatro cartas para que se repartan igual.", "La mitad de la cantidad.", "Pueden pasar varias vueltas."]
    assert not any(register_problems(t) for t in good)


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.parent.name)
def test_spanish_templates(path):
    text = re.sub(r"\{[{%#].*?[}%#]\}", " ", path.read_text(encoding="utf-8"), flags=re.S)  # every branch
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<li>", " • ", text))
    # a rulebook is long; a preparing sheet (for whoever prepares the deck) holds a few lines
    assert len(text) > (2000 if path.name.startswith("rulebook.") else 200) and not register_problems(text)


def _spanish_strings(tree: ast.AST) -> tuple[list[str], list[str]]:
    """(strings under an "es" key, every other string) of a module, identifiers left out."""
    spanish: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "es":
                    spanish |= {id(n) for n in ast.walk(value)}
    es, other = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and not re.fullmatch(r"[a-z0-9_]*", node.value):
            # placeholders and option values ("last-played", "{ahead}") are English names, not prose
            text = re.sub(r"\{\w*\}|\b\w+(?:-\w+)+\b|\b\w+(?:\.\w+)+\b", " ", node.value)  # and dotted code names (os.rename)
            (es if id(node) in spanish else other).append(text)
    return es, other


def test_spanish_strings_in_the_code():
    """Strings under an "es" key are weighed fully; every other string (English, or Spanish card
    names) for the words that are never English: vosotros, ustedes, coger."""
    problems, spanish = {}, 0
    for path in SOURCES:
        es, other = _spanish_strings(ast.parse(path.read_text(encoding="utf-8")))
        spanish += len(es)
        found = [w for s in es for w in register_problems(s)] + [w for s in other for w in register_problems(s, endings=False)]
        if found:
            problems[str(path.relative_to(ROOT))] = found
    assert spanish > 200 and not problems, problems
