"""The Hectoedra deck: one card per hectoíndice 1..100 (or the chosen subset for a classroom set)."""

from __future__ import annotations

from deckgen.checks import Check, check, expect_equal
from deckgen.engine.words import players_tag
from deckgen.i18n import _
from deckgen.model import Card, Deck
from deckgen.registry import BuildRequest

from deckgen.games.hectoedra.numbers import linked
from deckgen.games.hectoedra.rules import CARDS_PER_PLAYER

NUMBER = "number"
FULL_DECK = tuple(range(1, 101))
MAX_CUSTOM = 999  # a designer's own deck file may use other whole numbers


def build(request: BuildRequest) -> Deck:
    values = sorted(request.options["cards"])
    cards = tuple(Card(NUMBER, {"value": v}) for v in values)
    return Deck("hectoedra", request.options, request.seed, cards, request.players)


def values(deck: Deck) -> list[int]:
    return [c.get("value") for c in deck.cards]


PLAYERS = (2, 10)  # the competitive game (GAMES.md); a deck serves fewer when it is small


def per_player(deck: Deck) -> int:
    """Cards per player in a round's game deck: the resolved option, exactly as the engine reads it."""
    return int(deck.options.get("per_player", CARDS_PER_PLAYER))


def max_players(deck: Deck) -> int:
    return min(PLAYERS[1], len(deck.cards) // per_player(deck))


def checks(deck: Deck) -> list[Check]:
    """Composition (one card per chosen number, 1..100, no repeats), every card playable, enough cards."""
    vals = values(deck)
    custom = getattr(deck, "custom", False)  # an explicit card list from a deck file
    wanted = sorted(vals) if custom else sorted(deck.options.get("cards", FULL_DECK))
    out = [expect_equal(_("cards"), len(vals), len(wanted), hint=_("list each number once in the file (or use --cards)"))]
    kinds = sorted({c.kind for c in deck.cards} - {NUMBER})
    out.append(check(_("card kinds"), not kinds, _("unknown kinds {kinds}", kinds=kinds) if kinds else _("number"),
                     hint=_('kind = "number" on every card')))
    dup = sorted({v for v in vals if vals.count(v) > 1})
    out.append(check(_("every number once"), not dup, _("repeated: {values}", values=dup) if dup else _("{n} different numbers", n=len(set(vals))),
                     hint=_("remove the repeated numbers from [[cards]]")))
    top = MAX_CUSTOM if custom else 100
    bad = sorted((v for v in vals if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= top), key=str)
    out.append(check(_("hectoíndices 1 to {top}", top=top), not bad,
                     _("outside 1..{top}: {values}", top=top, values=bad) if bad else _("all in 1..{top}", top=top),
                     hint=_("whole numbers from 1 to 100 in --cards (a deck file may use 1 to 999)")))
    if bad:
        return out  # the other checks need whole numbers
    if not custom:
        out.append(check(_("the chosen numbers"), sorted(vals) == wanted,
                         _("match the --cards option") if sorted(vals) == wanted else _("differ from the --cards option"),
                         hint=_("build the deck again from --cards")))
    lonely = [v for v in vals if not any(linked(v, w, "full") for w in vals if w != v)]
    out.append(
        check(
            _("every card can be played on another card"),
            not lonely,
            _("no card links with {values}", values=lonely) if lonely else _("each card has a partner by the three rules"),
            hint=_("take out the cards named, or add a multiple or divisor of each"),
        )
    )
    per = per_player(deck)
    if deck.players:
        need = deck.players * per
        out.append(
            check(
                _("enough cards for {players}", players=players_tag(deck.players)),
                len(vals) >= need,
                _("{n} cards, {need} needed ({per} each in the round's game deck)", n=len(vals), need=need, per=per),
                hint=_("--per-player {per}, fewer --players, or more --cards", per=len(vals) // deck.players)
                if len(vals) // deck.players >= 4 else _("fewer --players or more --cards"),
            )
        )
    else:
        most = max_players(deck)
        out.append(
            check(
                _("players"),
                True,
                _("the competitive game for {fewest} to {most} players ({per} cards each in a round's game deck)", fewest=PLAYERS[0], most=most,
                  per=per) if most >= PLAYERS[0]
                else _("{n} cards: a set for the cooperative puzzle (the competitive game needs {need})", n=len(vals), need=PLAYERS[0] * per),
            )
        )
    return out


def player_counts(deck: Deck) -> list[int]:
    return list(range(PLAYERS[0], max_players(deck) + 1))
