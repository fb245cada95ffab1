"""The options every deck command shares (players, seed, language, printing, the check's games): one
table, read by the command line (its flags and their help), the request layer (how a value as typed
is judged) and the web form (its fields, their labels, explanations and dropdown words).

A game's own options are declared by the game (deckgen.options); these are the commands'. Every word
is a catalog message (deckgen.i18n), shown in the user's language on either face.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from deckgen.errors import DeckgenError
from deckgen.i18n import _, pgettext
from deckgen.render.geometry import BACK_MODES, CARD_SIZES, PAPERS
from deckgen.render.ink import INK_MODES
from deckgen.render.palette import COLOUR_SPACES
from deckgen.render.presets import PRESETS
from deckgen.render.settings import FORMATS, MAX_DPI, MIN_DPI
from deckgen.seeds import RANGE as SEEDS

CHECK_GAMES = 400  # what `deckgen validate` plays at most per player count when --games is not given
MOST_GAMES = 1_000_000  # --games: its bounds (pipeline.validate refuses more)
MOST_SKILL_GAMES = 100_000


@dataclass(frozen=True)
class Shared:
    """One common option: its name (the request's and the form's key), how the command line writes it,
    the kind of its value, its words, where the form shows it and the commands that take it."""

    name: str
    flag: str  # the command line's spelling ("--for" for shop)
    kind: str  # int | float | text | switch | image
    label: Any
    help: Any
    group: str  # play | print | check: the fieldset of the form
    commands: tuple[str, ...]
    choices: tuple[str, ...] = ()  # the values a dropdown offers
    words: Mapping[str, Any] = field(default_factory=dict)  # each choice -> its words
    open: bool = False  # the choices are suggestions: another value may be typed (a card size as WxH)
    bounds: tuple[float, float] | None = None
    examples: tuple[str, ...] = ()  # typical values as typed
    metavar: Any = None  # what --help shows for the value (a catalog message)

    def typed(self, text: str) -> Any:
        """The value as the command line's own parser reads it, refused with its message."""
        if self.kind in ("text", "image"):
            return text
        from deckgen.errors import message
        from deckgen.switches import boolean

        if self.kind == "switch":
            try:
                return boolean(text)
            except DeckgenError as exc:
                raise DeckgenError(_("{flag}: {problem}", flag=self.flag, problem=message(exc))) from None
        from deckgen.numerals import decimal_number, invalid_value, whole_number

        try:
            return (whole_number if self.kind == "int" else decimal_number)(text)
        except ValueError as exc:  # the command line's words for a value its parser refuses (numerals.invalid_value)
            raise DeckgenError(invalid_value(self.flag, message(exc))) from None

    def explained(self) -> Any:
        """The help as the command line prints it: for a dropdown, each value with its words."""
        if not self.words or self.open:
            return self.help
        from deckgen.i18n import Listing

        values = Listing([_("{value} ({meaning})", value=c, meaning=self.words[c]) for c in self.choices if c], "or")
        return _("{help} Choose {values}.", help=self.help, values=values)

    def samples(self) -> tuple[str, ...]:
        """Values as typed that a test of every setting tries: each choice (or both ends of a range)
        and the typical values."""
        found = [c for c in self.choices if c]
        if self.kind == "switch":
            found = ["true", "false"]
        if self.bounds is not None:
            found += [f"{b:g}" if isinstance(b, float) else str(b) for b in self.bounds]  # a seed's top whole, not 9.22337e+18
        return tuple(dict.fromkeys([*found, *self.examples]))


BUILD, RULES, PREVIEW, INIT, VALIDATE, SIMULATE = "build", "rules", "preview", "init", "validate", "simulate"
DECK_COMMANDS = (BUILD, RULES, PREVIEW, INIT, VALIDATE, SIMULATE)

_ROWS = (
    Shared("players", "--players", "int", _("Players"),
           _("How many players the deck is for, and checked for; left empty, every player count the deck serves."),
           "play", DECK_COMMANDS, metavar=pgettext("metavar", "N")),
    Shared("seed", "--seed", "int", _("Seed"),
           _("A number: the same seed gives the same deck, the same games and the same PDF."), "play", DECK_COMMANDS,
           bounds=SEEDS, examples=("7",), metavar=pgettext("metavar", "N")),
    Shared("lang", "--lang", "text", _("Language of the cards and rulebook"),
           _("The language of the cards and the rulebook."), "print", (BUILD, RULES, PREVIEW, INIT),
           choices=("es", "en", "all"),
           words={"es": _("Spanish"), "en": _("English"), "all": _("both: rulebooks in Spanish and English, cards in Spanish")}, metavar=pgettext("metavar", "LANG")),
    Shared("paper", "--paper", "text", _("Paper"), _("The size of the printer's paper."), "print", (BUILD, RULES, INIT),
           choices=tuple(PAPERS), words={"a4": _("A4, 210 × 297 mm"), "letter": _("US Letter, 216 × 279 mm")}, metavar=pgettext("metavar", "PAPER")),
    Shared("shop", "--for", "text", _("Print shop"),
           _("A print shop's template: it sets the card size, the bleed, the resolution and the files the shop takes."),
           "print", (BUILD, INIT), choices=("", *PRESETS),
           words={"": _("none: print at home or at school"), "home": _("a home or school printer: sheets of cards"),
                  "tgc": _("The Game Crafter: a PNG image of each card"), "mpc": _("MakePlayingCards: a PNG image of each card"),
                  "dtc": _("DriveThruCards: one PDF, a card a page, in CMYK")}, metavar=pgettext("metavar", "SHOP")),
    Shared("card_size", "--card-size", "text", _("Card size"),
           _("poker (63×88 mm, the usual), bridge, mini, tarot, or WIDTHxHEIGHT in millimetres, like 60x90."),
           "print", (BUILD, RULES, PREVIEW, INIT), choices=tuple(CARD_SIZES), open=True, examples=("60x90",), metavar=pgettext("metavar", "SIZE")),
    Shared("bleed", "--bleed", "float", _("Bleed (mm)"),
           _("Extra margin around each card for a print shop, in millimetres; it adds crop marks. 0 to print at home or at school."),
           "print", (BUILD, INIT), bounds=(0, 10), examples=("3",), metavar=pgettext("metavar", "MM")),
    Shared("backs", "--backs", "text", _("Backs"), _("How the backs of the cards are printed."), "print", (BUILD, INIT),
           choices=BACK_MODES,
           words={"duplex-long": _("double-sided, flipped on the long edge"),
                  "duplex-short": _("double-sided, flipped on the short edge"),
                  "manual-duplex": _("double-sided by hand, for a single-sided printer: all fronts, turn the stack over, all backs"),
                  "separate": _("backs on pages of their own, not mirrored, to glue onto the fronts"),
                  "none": _("no backs: fronts only")}, metavar=pgettext("metavar", "BACKS")),
    Shared("ink", "--ink", "text", _("Ink"), _("How much ink the cards use."), "print", (BUILD, INIT), choices=INK_MODES,
           words={"normal": _("normal"), "low": _("low: pale backgrounds, every sheet under 45% ink (C+M+Y+K, as the build measures it)")}, metavar=pgettext("metavar", "INK")),
    Shared("formats", "--format", "text", _("Files"),
           _("What a build writes, separated by commas: sheets (cards.pdf), png (an image of each card), "
             "pdf (a card a page) and tts (Tabletop Simulator)."),
           "print", (BUILD, INIT), choices=FORMATS, open=True, examples=("sheets,png",), metavar=pgettext("metavar", "FORMATS")),
    Shared("dpi", "--dpi", "int", _("Resolution (dpi)"), _("Dots per inch of the card images (PNG files)."), "print", (BUILD, INIT),
           bounds=(MIN_DPI, MAX_DPI), examples=("300",), metavar=pgettext("metavar", "DPI")),
    Shared("colour", "--colour", "text", _("Colours"), _("How the PDF files write their colours."), "print", (BUILD, INIT),
           choices=COLOUR_SPACES, words={"rgb": _("RGB, for screens and home printers"), "cmyk": _("CMYK, for a print shop's presses")}, metavar=pgettext("metavar", "COLOUR")),
    Shared("back_offset", "--back-offset", "text", _("Back offset (mm)"),
           _("X,Y in millimetres: every back moves by this much, as deckgen calibrate measures a duplex printer."),
           "print", (BUILD, INIT), examples=("1.5,-0.5",), metavar=pgettext("metavar", "X,Y")),
    Shared("back_image", "--back-image", "image", _("Back image"),
           _("A PNG or JPEG printed on the back of every card; 300 dpi or more prints sharp."), "print", (BUILD, PREVIEW, INIT), metavar=pgettext("metavar", "FILE")),
    Shared("help_card", "--help-card", "switch", _("Help card"),
           _("Print a card with a summary of the rules after the deck."), "print", (BUILD, PREVIEW)),
    Shared("games", "--games", "int", _("Most simulated games"),
           _("The most games the check plays at each player count. It stops a player count sooner, from 80 games on, "
             "once every figure is settled, so more is slower only where a figure is close to its limit; "
             "'every game ends' always rests on at least 100 games."),
           "check", (VALIDATE,), bounds=(1, MOST_GAMES), examples=(str(CHECK_GAMES), "40"), metavar=pgettext("metavar", "N")),
    Shared("skill_games", "--skill-games", "int", _("Skill-ladder games"),
           _("Does playing well matter? The check's report sets players of different levels against each other, this many "
             "games a pair, and measures it; 0 leaves it out (it is the slowest part)."),
           "check", (VALIDATE,), bounds=(0, MOST_SKILL_GAMES), examples=("2",), metavar=pgettext("metavar", "N")),
)

SHARED: dict[str, Shared] = {row.name: row for row in _ROWS}


def for_command(command: str) -> tuple[Shared, ...]:
    """The common options ``command`` takes, in the table's order."""
    return tuple(s for s in _ROWS if command in s.commands)
