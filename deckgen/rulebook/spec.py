"""What a game registers to get a rulebook.

Templates live in ``templates/<game id>/rulebook.<lang>.html.j2`` (lang: es, en). They are jinja2
with autoescaping on, written in a small HTML subset that the renderer turns into PDF:

    block:  <h1> <h2> <h3> <p> <ul>/<ol> with <li>, <table> with <tr> and <th>/<td>,
            <note> (a boxed aside), <pagebreak/>
    inline: <b> <i> <sup> <sub> <br/>
    cards:  <card index="N"/>   a picture of deck card N, drawn by the same faces as the card sheet
            <cards indexes="3,7,12"/>   a row of card pictures
            <card back/>        the deck's back
    figure: <figure name="NAME" width="MM" height="MM"/>  a drawing the game provides (Rulebook.figures)

Everything a template prints from the deck goes through jinja2's escaping, so a card text such as
``<b> & co`` prints literally.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from deckgen.model import Deck
from deckgen.render.pen import Pen

# context(deck, lang) -> the facts the template prints (counts, lists, examples), computed from the deck
Context = Callable[[Deck, str], Mapping[str, Any]]
# figure(pen, width_mm, height_mm, lang): draws into a box whose top-left is (0, 0)
Figure = Callable[[Pen, float, float, str], None]


@dataclass(frozen=True)
class Rulebook:
    context: Context
    figures: Mapping[str, Figure] = field(default_factory=dict)
    template: str = "rulebook"  # file stem under templates/<game id>/
