"""Monete: numbers 1 to 20 in four colours played up or down by markers, with action cards, combos
and four difficulty modes (seed 002, GAMES.md)."""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.i18n import _, pgettext
from deckgen.options import Opt, declare
from deckgen.registry import Game, deferred

from deckgen.games.monete import deck
from deckgen.games.monete.deck import ALL, MAX_COMBO, MODES

OPTIONS = declare(
    deck=(
        Opt("mode", ALL, (ALL, *MODES), _("The game mode, from the easiest to the hardest."), label=_("Game mode"), metavar=pgettext("metavar", "MODE"),
            words={"perezoso": _("easiest: no purple cards, the number marker"),
                   "siesta": _("easy: every card, the number marker"),
                   "recreo": _("harder: both markers, respect one"),
                   "jungla": _("hardest: both markers, respect both"),
                   ALL: _("the full deck, simulated and checked in every mode")}),
        Opt("wildcards", True, bool, _("Include the 4 comodines."), label=_("Wild cards")),
        Opt("top", 20, (10, 20), _("The highest number: the cards run from 1 to it in each colour, and 1 and it close a round "
                                   "(10 makes a deck for the youngest)."), label=_("Highest number"), metavar=pgettext("metavar", "TOP")),
    ),
    rules=(
        Opt("combo", MAX_COMBO, (1, MAX_COMBO), _("The most consecutive cards one play may hold (1 switches combos off)."),
            label=_("Longest combo")),
        Opt("deck_out", "empty", ("empty", "need"), _("When running out of the draw pile ends the game."),
            label=_("When the draw pile runs out"), metavar=pgettext("metavar", "WHEN"),
            words={"empty": _("as soon as its last card is drawn"), "need": _("when someone has to draw and it is empty")}),
        Opt("give_taken", False, bool, _("Te la cambio and Espiar: the card given back may be the very card just taken (off: one of the "
                                         "player's own cards, as the rulebook's «give one of yours» says)."),
            label=_("Give back the card taken")),
        Opt("wild_discard", False, bool, _("At a ¡Monete!, a player without the 1 (or the highest number) may discard a comodín instead of drawing."),
            label=_("Discard a wild card")),
    ),
)


def _tag(options: Mapping[str, Any]) -> str:
    parts = [] if options["mode"] == ALL else [options["mode"]]
    if options.get("top", 20) != 20:
        parts.append(f"1-{options['top']}")
    if not options.get("wildcards", True):
        parts.append("nowild")
    return "-".join(parts)


def _described(cards) -> dict[str, Any]:
    """The options as the cards show them: the highest number, comodines or not."""
    values = [c.get("value") for c in cards.of_kind(deck.NUMBER) if isinstance(c.get("value"), int) and not isinstance(c.get("value"), bool)]
    out = dict(cards.options)
    if values:
        out["top"] = max(values)
    out["wildcards"] = bool(cards.of_kind(deck.WILD))
    return out


def _describe(options: Mapping[str, Any], lang: str) -> str:
    from deckgen.i18n import render

    mode = _("all four modes") if options["mode"] == ALL else _("{mode} mode", mode=options["mode"].upper())
    if not options.get("wildcards", True):
        return render(_("1–{top} · {mode} · no wild cards", top=options.get("top", 20), mode=mode), lang)
    return render(_("1–{top} · {mode}", top=options.get("top", 20), mode=mode), lang)


def _game() -> Game:
    return Game(
        id="monete",
        title="Monete",
        summary=_("play numbers 1 to 20 up or down, with colours, combos and action cards"),
        players=(2, 8),
        default_players=4,
        options=OPTIONS,
        build=deck.build,
        checks=deck.checks,
        faces=deferred("deckgen.games.monete.faces", "MoneteFaces", call=True),
        out_tag=_tag,
        describe=_describe,
        seconds_per_turn=8,  # a card or a combo played against the markers, or a card drawn
        described=_described,
        engine=deferred("deckgen.games.monete.engine", "ENGINE"),
        served=deferred("deckgen.games.monete.deck", "player_counts"),
        rulebook=deferred("deckgen.games.monete.rulebook", "RULEBOOK"),
        card_kinds=deferred("deckgen.games.monete.schema", "CARD_KINDS"),
        help_card=deferred("deckgen.games.monete.help", "help_card"),
        ages=(6, 99),
    )


GAME = _game()
