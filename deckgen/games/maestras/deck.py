"""The Cartas Maestras deck: the central card, master cards, point cards and empty cards.

Facts (seed 003, GAMES.md): 2 to 8 players; with 2, 3, 6 or 7 players 43 cards are used (3 empty
cards out), with 4, 5 or 8 players 41 cards (5 empty cards out), so the full set has 46 cards and the
cards besides the central one divide evenly among the players. Decision (GAMES.md): the 46 cards are
1 central, 5 empty, 8 masters (2 per colour, 4 colours) and 32 point cards (4 colours × points 1..8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from deckgen.checks import Check, Counts, Joined, check, expect_equal
from deckgen.engine.words import players_tag
from deckgen.i18n import Listing, _, pgettext
from deckgen.model import Card, Deck
from deckgen.registry import BuildRequest

CENTRAL, MASTER, POINTS, EMPTY = "central", "master", "points", "empty"
KINDS = (CENTRAL, MASTER, POINTS, EMPTY)
PLAYERS = (2, 8)

# Colour ids (English, as deck.json shows them) with the names printed on the cards.
COLOURS: tuple[str, ...] = ("blue", "red", "green", "yellow")
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "blue": {"es": "azul", "en": "blue"},
    "red": {"es": "rojo", "en": "red"},
    "green": {"es": "verde", "en": "green"},
    "yellow": {"es": "amarillo", "en": "yellow"},
}

# The rulebook's table: how many empty cards leave the game for each player count.
RULEBOOK_REMOVAL: dict[int, int] = {2: 3, 3: 3, 6: 3, 7: 3, 4: 5, 5: 5, 8: 5}
REMOVAL_MODES = ("rulebook", "fewest")


@dataclass(frozen=True)
class Composition:
    """What a deck holds for some options (before any empty card is taken out)."""

    colours: tuple[str, ...]
    points: int  # point cards run 1..points in every colour
    masters: int  # master cards per colour
    empties: int

    @property
    def master_cards(self) -> int:
        return len(self.colours) * self.masters

    @property
    def point_cards(self) -> int:
        return len(self.colours) * self.points

    @property
    def total(self) -> int:
        return 1 + self.master_cards + self.point_cards + self.empties

    @property
    def besides_central(self) -> int:
        return self.total - 1


def composition(options: Mapping[str, Any]) -> Composition:
    return Composition(
        colours=COLOURS[: options["colours"]],
        points=options["points"],
        masters=options["masters"],
        empties=options["empties"],
    )


def removed_empties(comp: Composition, players: int, mode: str) -> int | None:
    """How many empty cards leave the game for ``players``, or None when no number of them can make
    the other cards (besides the central one) divide evenly among the players.

    ``rulebook``: the rulebook's table (3 for 2, 3, 6, 7 players; 5 for 4, 5, 8), valid only when
    the deck has that many empty cards and the rest then divides evenly. ``fewest``: the fewest empty
    cards whose removal makes the rest divide evenly.
    """
    if mode == "rulebook":
        r = RULEBOOK_REMOVAL.get(players)
        if r is None or r > comp.empties or (comp.besides_central - r) % players:
            return None
        return r
    for r in range(comp.empties + 1):
        if (comp.besides_central - r) % players == 0:
            return r
    return None


def removal_table(comp: Composition, mode: str) -> dict[int, int | None]:
    return {n: removed_empties(comp, n, mode) for n in range(PLAYERS[0], PLAYERS[1] + 1)}


def supported_players(comp: Composition, mode: str) -> list[int]:
    return [n for n, r in removal_table(comp, mode).items() if r is not None]


def remove_for(comp: Composition, mode: str) -> list[list[int]]:
    """For empty card 1..E, the player counts that take it out (empty card i leaves with ``players``
    when at least i empties leave): the first empty cards leave most often."""
    table = removal_table(comp, mode)
    return [[n for n, r in table.items() if r is not None and i < r] for i in range(comp.empties)]


def build(request: BuildRequest) -> Deck:
    """The full set, or with ``request.players`` exactly the cards that player count uses."""
    options = request.options
    comp = composition(options)
    cards: list[Card] = [Card(CENTRAL, {})]
    for colour in comp.colours:
        cards.extend(Card(MASTER, {"colour": colour}) for _ in range(comp.masters))
    for colour in comp.colours:
        cards.extend(Card(POINTS, {"points": p, "colour": colour}) for p in range(1, comp.points + 1))
    for i, out in enumerate(remove_for(comp, options["removal"])):
        if request.players is not None and request.players in out:
            continue
        cards.append(Card(EMPTY, {"number": i + 1, "remove_for": out}))
    return Deck("maestras", options, request.seed, tuple(cards), request.players)


def deck_for_players(deck: Deck, players: int) -> list[int]:
    """Indexes of the cards of ``deck`` that a game of ``players`` uses (the others are set aside)."""
    return [i for i, c in enumerate(deck.cards) if not (c.kind == EMPTY and players in (c.get("remove_for") or []))]


def _valid_fields(card: Card) -> bool:
    if card.kind == MASTER:
        return card.get("colour") in COLOURS
    if card.kind == POINTS:
        p = card.get("points")
        return card.get("colour") in COLOURS and isinstance(p, int) and not isinstance(p, bool) and 0 < p < 100
    if card.kind == EMPTY:
        out = card.get("remove_for", [])
        return isinstance(out, list) and all(isinstance(n, int) and not isinstance(n, bool) for n in out)
    return card.kind == CENTRAL


COLOUR_WORDS = {"blue": pgettext("colour", "blue"), "red": pgettext("colour", "red"), "green": pgettext("colour", "green"),
                "yellow": pgettext("colour", "yellow")}  # the colours as a report names them (not the cards' language)


def _colours(colours: Sequence[str]) -> Listing:
    return Listing([COLOUR_WORDS.get(c, c) for c in colours])


def checks(deck: Deck) -> list[Check]:
    """Composition for the options (or a custom list's own), the empty-card marks, the even share."""
    out: list[Check] = []
    unknown = sorted({c.kind for c in deck.cards} - set(KINDS))
    out.append(check(_("card kinds"), not unknown, _("unknown kinds {kinds}", kinds=unknown) if unknown else _("central, master, points, empty"),
                     hint=_('kind = "central", "master", "points" or "empty" on every card')))
    malformed = [i for i, c in enumerate(deck.cards) if c.kind in KINDS and not _valid_fields(c)]
    if malformed:
        out.append(check(_("card fields"), False, _("cards {cards} need a colour among {colours} (and whole points on point cards, a list of "
                                                    "player counts in remove_for)", cards=malformed[:5], colours=", ".join(COLOURS)),
                         hint=_("give each card a colour (and points on point cards)")))
    out.append(expect_equal(_("central card"), len(deck.of_kind(CENTRAL)), 1, hint=_('exactly one [[cards]] with kind = "central"')))
    if deck.custom:
        return out + _custom_checks(deck)
    comp = composition(deck.options)
    mode = deck.options["removal"]
    rebuild = _("build the deck again without editing its cards")
    masters = {c: sum(1 for m in deck.of_kind(MASTER) if m.get("colour") == c) for c in comp.colours}
    out.append(expect_equal(_("master cards per colour"), masters, {c: comp.masters for c in comp.colours},
                            hint=_("other --masters, or build the deck again"), show=lambda counts: Counts(counts, COLOUR_WORDS)))
    points = sorted((str(c.get("colour")), str(c.get("points"))) for c in deck.of_kind(POINTS))
    expected_points = sorted((c, str(p)) for c in comp.colours for p in range(1, comp.points + 1))
    out.append(
        check(
            _("point cards"),
            points == expected_points,
            _("{n}: points {lo}-{hi} in {colours} colours", n=len(points), lo=1, hi=comp.points, colours=len(comp.colours))
            if points == expected_points
            else _("found {n} cards, expected points {lo}-{hi} once in each of {colours}", n=len(points), lo=1, hi=comp.points,
                   colours=_colours(comp.colours)),
            hint=_("other --points or --colours, or build the deck again"),
        )
    )
    marks = remove_for(comp, mode)
    empties = deck.of_kind(EMPTY)
    wrong = [e.get("number") for e in empties if not isinstance(e.get("number"), int) or not 1 <= e["number"] <= comp.empties
             or e.get("remove_for") != marks[e["number"] - 1]]
    out.append(check(_("empty cards marked with the player counts that take them out"), not wrong,
                     _("wrong marks on empty cards {numbers}", numbers=wrong) if wrong else _("{n} empty cards in the full set", n=comp.empties),
                     hint=_("build the deck again (--empties, --removal)")))
    table = removal_table(comp, mode)
    hand = deck.options.get("hand", 4)
    if deck.players is None:
        out.append(expect_equal(_("full set"), len(deck.cards), comp.total, hint=rebuild))
        shares = Joined([_("{players} players: {cards} cards", players=n, cards=comp.total - r) for n, r in table.items() if r is not None], "; ")
        unsupported = [n for n, r in table.items() if r is None]
        out.append(
            check(
                _("cards besides the central one divide evenly"),
                bool(shares.items),
                _("cards used by player count: {shares}; not playable by {counts} players", shares=shares, counts=Listing(unsupported))
                if unsupported else _("cards used by player count: {shares}", shares=shares),
                hint=_("--removal fewest, or other --colours, --points or --empties"),
            )
        )
        short = [n for n, r in table.items() if r is not None and n * hand > comp.besides_central - r]
        served = player_counts(deck)  # a count that cannot be dealt is not served; the others still are
        out.append(check(_("enough cards to deal"), bool(served),
                         (_("{hand} cards each; not to {counts} players, which this deck does not serve", hand=hand, counts=Listing(short))
                          if short else _("{hand} cards each", hand=hand))
                         if served else _("{hand} cards each cannot be dealt to any player count", hand=hand),
                         hint=_("a smaller --hand, or more cards (--colours, --points, --masters)")))
    else:
        n = deck.players
        r = table.get(n)
        tag = players_tag(n)
        if r is None:
            out.append(check(_("cards for {players}", players=tag), False,
                             _("no number of empty cards taken out makes {n} cards divide among {players}", n=comp.besides_central, players=tag),
                             hint=_("--removal fewest") if mode == "rulebook" else _("other --players, --colours, --points or --empties")))
        else:
            out.append(expect_equal(_("cards for {players}", players=tag), len(deck.cards), comp.total - r, hint=rebuild))
            rest = len(deck.cards) - 1
            out.append(check(_("cards besides the central one divide among {players}", players=tag), rest % n == 0,
                             _("{rest} = {n} × {each}", rest=rest, n=n, each=rest // n) if rest % n == 0
                             else _("{rest} cards do not divide by {n}", rest=rest, n=n),
                             hint=_("--removal fewest, or other --empties")))
            out.append(check(_("enough cards to deal"), n * hand <= rest, _("{hand} cards each for {players} from {rest}", hand=hand, players=tag, rest=rest),
                             hint=_("a --hand of at most {most}, or fewer --players", most=rest // n)))
    return out


def _custom_checks(deck: Deck) -> list[Check]:
    """A designer's own card list: the counts are theirs; the rules still need masters and cards to deal."""
    masters = len(deck.of_kind(MASTER))
    out = [check(_("master cards"), masters > 0, _("{count} (custom list)", count=masters) if masters else _("no master card: no path can ever open"),
                 hint=_('add [[cards]] with kind = "master" and a colour'))]
    counts = custom_player_counts(deck)
    out.append(check(_("player counts this list can deal"), bool(counts),
                     ", ".join(map(str, counts)) if counts else _("too few cards to deal {hand} to 2 players", hand=deck.options.get('hand', 4)),
                     hint=_("more point or empty cards, or a smaller --hand")))
    if deck.players is not None:
        out.append(check(_("enough cards for {players}", players=players_tag(deck.players)), deck.players in counts,
                         _("{n} cards besides the central one", n=len(deck_for_players(deck, deck.players)) - 1),
                         hint=_("players = one of {counts}", counts=", ".join(map(str, counts))) if counts else _("more cards in the file")))
    return out


def custom_player_counts(deck: Deck) -> list[int]:
    hand = deck.options.get("hand", 4)
    return [n for n in range(PLAYERS[0], PLAYERS[1] + 1) if n * hand <= len(deck_for_players(deck, n)) - 1]


def player_counts(deck: Deck) -> Sequence[int]:
    """The player counts this deck serves: the cards besides the central one divide evenly among
    them (the removal rule takes empty cards out) and each gets a full hand. The one source for
    build, the rulebook, the web page and validate (through Game.player_counts)."""
    if deck.custom:
        counts = custom_player_counts(deck)
    else:
        comp = composition(deck.options)
        hand = deck.options.get("hand", 4)
        counts = [n for n, r in removal_table(comp, deck.options["removal"]).items()
                  if r is not None and n * hand <= comp.besides_central - r]
    if deck.players is not None:
        return [deck.players] if deck.players in counts else []
    return counts
