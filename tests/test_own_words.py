"""The rulebooks are written anew: no run of eight words is taken from the source rulebooks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckgen.registry import games
from deckgen.rulebook.render import render_markup
from deckgen.spec import spec_for

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
SOURCES = {  # seeds/README.md
    "mgc": "000_3fd8b35a6753cf2b.txt",
    "hectoedra": "001_ccc5a5c87207f2e5.txt",
    "monete": "002_0a422f57fe0f3374.txt",
    "maestras": "003_62fdcd6a902813e2.txt",
    "multiplicats": "004_590c7f6548076805.txt",
}
N = 8
IDIOMS = ("en el sentido de las agujas del reloj",)  # "clockwise": a stock phrase, not a sentence


def words(text: str) -> list[str]:
    return re.findall(r"[a-záéíóúñü0-9]+", text.lower())


def copied(ours: str, source: str) -> list[str]:
    src = words(source)
    grams = {tuple(src[i : i + N]) for i in range(len(src) - N + 1)}
    w = words(ours)
    hits = []
    for i in range(len(w) - N + 1):
        gram = tuple(w[i : i + N])
        text = " ".join(gram)
        if gram in grams and sum(not t.isdigit() for t in gram) >= 6 and not any(text in idiom for idiom in IDIOMS):
            hits.append(text)
    return hits


def test_the_checker_catches_a_copied_sentence():
    source = "Si se acaba el mazo, gana quien tenga menos cartas en la mano."
    assert copied("Regla: si se acaba el mazo gana quien tenga menos cartas.", source)
    assert not copied("Cuando no quedan cartas, vence la mano más pequeña: 1 2 3 4 5 6 7 8 9.", source + " 1 2 3 4 5 6 7 8 9")


@pytest.mark.parametrize("game_id", sorted(SOURCES))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_rulebook_copies_its_source(game_id, lang):
    if game_id not in games():
        pytest.skip(f"{game_id} is not built yet")
    source = SEEDS / SOURCES[game_id]
    if not source.is_file():
        pytest.skip("the source rulebooks (../shared/seeds) are not beside this checkout")
    spec = spec_for(game_id, cli={})
    game = games()[game_id]
    html = re.sub(r"<[^>]+>", " ", render_markup(game, spec.build(), lang, spec.print))
    assert not copied(html, source.read_text(encoding="utf-8"))
