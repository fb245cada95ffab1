"""What a game registers to get a rulebook, and the template format.

Templates live in ``templates/<game id>/rulebook.<lang>.html.j2`` (lang: es, en). They are jinja2
(autoescape on, StrictUndefined, trim_blocks and lstrip_blocks) written in a small HTML subset that
``deckgen.rulebook.render`` turns into a PDF (A4 or Letter as the build says, embedded font, running
header, "page n of N"):

    block:  <h1> <h2> <h3> <p [keep]>     headings and paragraphs (inline content only); headings
                                           stay with what follows, and so does <p keep> (a paragraph
                                           that introduces a table, a list or cards)
            <ul>/<ol> with <li>            bulleted / numbered lists; an <li> holds inline text or blocks
            <table [plain] [widths="30,*"]> with <tr [mark]> and <th>/<td>
                                           columns sized to their text unless widths gives mm or *;
                                           leading rows of <th> are the header (shaded, repeated on a
                                           new page); <tr mark> shades a row ("this deck"); <table
                                           plain> has no rules (a layout grid: a card beside its
                                           text). Cells hold inline text or blocks (cards, lists...).
                                           Tables up to 15 rows never split across pages.
            <note> ... </note>             a boxed aside (inline text or blocks)
            <pagebreak/>
    inline: <b> <i> <sup> <sub> <br/>
    cards:  <card index="N" [width="MM"] [caption="..."]/>   a picture of deck card N (0-based index
                                           in deck.cards), drawn by the game's faces, as printed
            <card back/>                   the deck's back
            <cards indexes="3,7,back" [width="MM"] [captions="a|b|c"] [group="N"]/>   a row of pictures
                                           (wrapping onto more rows); width defaults to 30 mm;
                                           group="2": cards go together in twos (an example's
                                           pair), and no row splits a group
    figure: <figure name="NAME" width="MM" height="MM"/>  a drawing the game provides (Rulebook.figures),
                                           centred. A name is known when ``name in figures``: a
                                           game's figures mapping may accept names it parses, e.g.
                                           "placement;in_line=off" for the deck's rule variant

Text between tags must sit in a paragraph, heading, list item, table cell or note; text at the top
level, an unknown tag or attribute, a card index outside the deck, or an unknown figure is an error
naming the template (and its line for a tag written in the template itself). Everything a template
prints from the deck goes through jinja2's escaping, and is escaped again for reportlab, so a card
text such as ``<b> & co`` prints literally.

Every template gets these names (besides what ``Rulebook.context`` returns, which may add or override):

    lang            "es" or "en"
    card_lang       the language the cards are printed in; cards_foreign: it is not ``lang``
    help_cards      how many help cards a build prints with the deck (0: none)
    underlined      up to 3 texts the cards print with a bar under them (6 and 9 upside down)
    game            id, title, summary (in lang), min_players, max_players, default_players
    deck, cards     the Deck built, and its cards (index them for <card index=...>)
    n_cards, players
    players_min, players_max, player_range (min, max), players_note, players_text ("2 to 8 players")
                    the player counts this deck serves (Game.player_range, the one source)
    options         the option values of this build, by name
    option_rows     per option: name, flag (--tables), scope, value (sí/no, yes/no for switches),
                    raw, default, is_default, help (English), switch, cli (e.g. "--tables 1-6")
    rule_options, deck_options   option_rows split by scope ("rules" / "deck")
    label           the game's describe() of the cards actually built ("tablas 1-6")
    command         the deckgen build command that makes this deck (non-default options only)
    print           paper, paper_name, card, card_width, card_height, backs, bleed

Filters: ``items|andlist`` ("1, 2 y 3" / "1, 2 and 3"; ``andlist("or")`` for o/or) and
``x|number`` (0,35 in Spanish, 0.35 in English).
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
