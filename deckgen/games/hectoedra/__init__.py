"""Hectoedra: the divisor game with the 100 cards 1..100 (seed 001, GAMES.md), competitive and
cooperative (the longest stack, with an exact solver for the teacher's answer key)."""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.i18n import _, pgettext
from deckgen.options import Opt, choice, compact_ranges, declare, int_list
from deckgen.registry import Game, deferred

from deckgen.games.hectoedra import deck

AIDS = ("prime", "factors", "divisors")
DEFAULT_AIDS = ["prime"]  # primes marked: the start of a round counts them
AID_NAMES = {"prime": _("primes"), "factors": _("factors"), "divisors": _("divisors")}  # a deck's label names its aids


def parse_aids(value: Any) -> list[str]:
    """"prime,factors" or a TOML list -> the aids in a fixed order; "none" or "" -> []."""
    if isinstance(value, (list, tuple)):
        words = [str(v).strip().lower() for v in value]
    else:
        text = str(value).strip().lower()
        words = [] if text in ("", "none") else [w.strip() for w in text.split(",")]
    for w in words:
        if w not in AIDS:
            choice(*AIDS)(w)  # raises with a did-you-mean
    return [a for a in AIDS if a in words]


parse_aids.typed = (*AIDS, "none")  # type: ignore[attr-defined]  # its values as typed (data in any language: help names them)


def _aids_text(aids: list[str]) -> str:
    return ",".join(aids) if aids else "none"


OPTIONS = declare(
    deck=(
        Opt("cards", list(range(1, 101)), int_list(1, 100), _("The numbers in the deck: a range like 1-20 or a list like 2,3,5."),
            label=_("Cards"), metavar=pgettext("metavar", "RANGE"), show=compact_ranges, examples=("1-40", "2,3,5")),
        Opt("aids", ["prime"], parse_aids,
            _("Learning aids on the faces, separated by commas: {prime} (a star on the primes, which the start of a round counts), "
              "{factors} (the factorisation) and {divisors} (the list of divisors); {none} for no aid.",
              prime="prime", factors="factors", divisors="divisors", none="none"),
            label=_("Aids on the cards"), metavar=pgettext("metavar", "LIST"), show=_aids_text, examples=("prime,factors,divisors", "none")),
    ),
    rules=(
        Opt("per_player", 10, (4, 10), _("Cards per player in each round's game deck."), label=_("Cards per player")),
        Opt("hand", 4, (1, 10), _("Cards in hand, drawn back up after each turn while the draw pile lasts."), label=_("Cards in hand")),
        Opt("rounds", 0, (0, 20), _("Rounds in a match; 0: as many as players."), label=_("Rounds"),
            show=lambda v: str(v) if v else _("as many as players")),
        Opt("start_tie", "youngest", ("youngest", "random"), _("Who starts when several players tie for the fewest primes."),
            label=_("Tie at the start"),
            words={"youngest": _("the youngest player, seat 0 first"), "random": _("drawn at random")}),
        Opt("next_starter", "last-played", ("last-played", "last-turn"), _("Who starts the next round."), label=_("Who starts the next round"),
            words={"last-played": _("who put the last card on the pile"), "last-turn": _("who took the last turn")}),
        Opt("each_starts", True, bool,
            _("Nobody starts a second round before everybody has started one: if the player who played the last card has started "
              "already, the next player in turn who has not starts (off: whoever played last always starts)."),
            label=_("Everyone starts a round")),
        Opt("must_play", True, bool, _("A player holding a card that can be played must play one (off: may take a penalty instead)."),
            label=_("Must play")),
        Opt("keep_penalties", False, bool, _("Penalty cards stay face down for the whole match instead of going back into each deal."),
            label=_("Keep penalties")),
    ),
)


def _tag(options: Mapping[str, Any]) -> str:
    parts = []
    if sorted(options["cards"]) != list(range(1, 101)):
        parts.append(compact_ranges(options["cards"]).replace(",", "_"))
    if list(options.get("aids") or []) != DEFAULT_AIDS:
        parts.append("-".join(options["aids"]) or "no-aids")
    return "-".join(parts)


def _described(cards) -> dict[str, Any]:
    """The options as the cards show them: the numbers on them."""
    values = sorted({v for v in deck.values(cards) if isinstance(v, int) and not isinstance(v, bool)})
    return {**cards.options, "cards": values} if values else dict(cards.options)


def _describe(options: Mapping[str, Any], lang: str) -> str:
    from deckgen.i18n import Listing, render

    cards = options["cards"]
    # "cartas 2, 3 y 5": a list in words, never "2,3" (a decimal in Spanish)
    said = _("cards {cards}", cards=Listing(compact_ranges(cards).split(","))) if cards != list(range(1, 101)) else _("all 100 cards")
    if options.get("aids"):
        # the aids printed on the faces, named as a list: "primos, factores y divisores"
        said = _("{cards} · {aids}", cards=said, aids=Listing(AID_NAMES[a] for a in AIDS if a in options["aids"]))
    return render(said, lang)


def _capabilities() -> dict:
    from deckgen.games.hectoedra.commands import PUZZLE, SOLVE

    return {"solve": SOLVE, "puzzle": PUZZLE}


GAME = Game(
    id="hectoedra",
    title="Hectoedra",
    summary=_("a divisor game with the cards 1 to 100, competitive and cooperative"),
    players=deck.PLAYERS,
    default_players=4,
    options=OPTIONS,
    build=deck.build,
    checks=deck.checks,
    faces=deferred("deckgen.games.hectoedra.faces", "HectoedraFaces", call=True),
    out_tag=_tag,
    describe=_describe,
    seconds_per_turn=15,  # a player looks for a multiple, divisor or common divisor in a hand of four
    described=_described,
    engine=deferred("deckgen.games.hectoedra.engine", "ENGINE"),
    served=deferred("deckgen.games.hectoedra.deck", "player_counts"),
    rulebook=deferred("deckgen.games.hectoedra.rulebook", "RULEBOOK"),
    capabilities=_capabilities(),
    card_kinds=deferred("deckgen.games.hectoedra.schema", "CARD_KINDS"),
    help_card=deferred("deckgen.games.hectoedra.help", "help_card"),
    ages=(9, 99),
)
