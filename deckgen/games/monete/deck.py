"""The Monete deck: numbers 1..TOP in four colours, the purple numbered action cards, the comodines
and the printable markers (number marker + / −, colour marker same / different).

Kinds in deck.json: ``number`` (value, colour), ``action`` (value, action), ``wild``, ``marker``
(marker: "number" or "colour", side: "+", "-", "same" or "different").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from deckgen.checks import Check, Counts, Joined, check, expect_equal
from deckgen.engine.words import players_tag
from deckgen.i18n import N_, Listing, Msg, _, pgettext
from deckgen.model import Card, Deck
from deckgen.registry import BuildRequest

NUMBER, ACTION, WILD, MARKER = "number", "action", "wild", "marker"
KINDS = (NUMBER, ACTION, WILD, MARKER)

MODES = ("perezoso", "siesta", "recreo", "jungla")
ALL = "all"  # the full printed deck, checked in every mode
COLOUR_MODES = ("recreo", "jungla")  # the modes that use the colour marker
HAND = 5  # cards dealt to each player (rulebook)
MAX_COMBO = 3  # a combo has at most three cards (rulebook)
WILDCARDS = 4  # comodines in the default deck
ACTION_COPIES = 2  # copies of each action type
MIN_DRAW_PER_PLAYER = 2  # cards left in the draw pile per player after dealing, at least

# The four number colours (code names) and the purple of the action cards.
COLOURS = ("blue", "red", "green", "orange")
PURPLE = "purple"
COLOUR_NAMES = {
    "blue": {"es": "azul", "en": "blue"},
    "red": {"es": "rojo", "en": "red"},
    "green": {"es": "verde", "en": "green"},
    "orange": {"es": "naranja", "en": "orange"},
    "purple": {"es": "morado", "en": "purple"},
}

# the colours as a report names them (the page's or the command line's language, not the cards')
COLOUR_WORDS = {"blue": pgettext("colour", "blue"), "red": pgettext("colour", "red"), "green": pgettext("colour", "green"),
                "orange": pgettext("colour", "orange"), "purple": pgettext("colour", "purple")}

# The action types in rulebook order ("Toma 2 o 3" split in two). The Spanish name is the card's name.
ACTIONS: dict[str, dict[str, str]] = {
    "todos_mudos": {"es": "Todos mudos", "en": "All quiet"},
    "te_la_cambio": {"es": "Te la cambio", "en": "Swap you"},
    "numeros_mayores": {"es": "Números mayores", "en": "Higher numbers"},
    "numeros_menores": {"es": "Números menores", "en": "Lower numbers"},
    "ladronzuelos": {"es": "Ladronzuelos", "en": "Little thieves"},
    "cambio_sentido": {"es": "Cambio de sentido", "en": "Reverse"},
    "regalito": {"es": "Regalito", "en": "Little gift"},
    "toma_2": {"es": "Toma 2", "en": "Take 2"},
    "toma_3": {"es": "Toma 3", "en": "Take 3"},
    "repite_turno": {"es": "Repite turno", "en": "Play again"},
    "descarte": {"es": "Descarte", "en": "Discard"},
    "maldicion": {"es": "Maldición", "en": "Curse"},
    "espiar": {"es": "Espiar", "en": "Spy"},
}

MARKERS = (("number", "+"), ("number", "-"), ("colour", "same"), ("colour", "different"))


def modes_of(mode: str) -> tuple[str, ...]:
    """The modes a deck built with ``mode`` is played in."""
    return MODES if mode == ALL else (mode,)


def has_actions(mode: str) -> bool:
    return mode != "perezoso"


def uses_colour_marker(mode: str) -> bool:
    return mode == ALL or mode in COLOUR_MODES


def action_values(top: int) -> list[int]:
    """The numbers the action cards carry, one per card, in the order of ``action_layout``.

    Thirteen cards take the lower half of 2..TOP-1 evenly (``2 + i*H // 13``); the other thirteen
    mirror them (``TOP + 1 - v``), so every number 2..TOP-1 carries one or two action cards and each
    action type has a low copy and a high copy.
    """
    n = len(ACTIONS)
    half = (top - 1) // 2
    low = [2 + (i * half) // n for i in range(n)]
    return low + [top + 1 - v for v in low]


def action_layout(top: int) -> list[tuple[int, str]]:
    """(value, action) of every action card, sorted by value then rulebook order."""
    values = action_values(top)
    names = list(ACTIONS)
    pairs = [(values[i], names[i]) for i in range(len(names))]
    pairs += [(values[len(names) + i], names[i]) for i in range(len(names))]
    order = {name: i for i, name in enumerate(names)}
    return sorted(pairs, key=lambda p: (p[0], order[p[1]]))


@dataclass(frozen=True)
class Composition:
    numbers: int
    actions: int
    wilds: int
    markers: tuple[tuple[str, str], ...]

    @property
    def playing(self) -> int:
        """Cards that are dealt and played (markers stay on the table)."""
        return self.numbers + self.actions + self.wilds

    @property
    def total(self) -> int:
        return self.playing + len(self.markers)


def composition(options: Mapping[str, Any]) -> Composition:
    mode = options["mode"]
    markers = MARKERS if uses_colour_marker(mode) else MARKERS[:2]
    return Composition(
        numbers=len(COLOURS) * options["top"],
        actions=len(ACTIONS) * ACTION_COPIES if has_actions(mode) else 0,
        wilds=WILDCARDS if options["wildcards"] else 0,
        markers=markers,
    )


def build(request: BuildRequest) -> Deck:
    """The deck for the options (pure; the order is fixed, so the seed changes nothing here): the
    full deck, then what the mode leaves out."""
    options = request.options
    top = options["top"]
    cards: list[Card] = [Card(NUMBER, {"value": v, "colour": c}) for c in COLOURS for v in range(1, top + 1)]
    cards += [Card(ACTION, {"value": v, "action": a}) for v, a in action_layout(top)]
    if options["wildcards"]:
        cards += [Card(WILD) for _ in range(WILDCARDS)]
    cards += [Card(MARKER, {"marker": m, "side": s}) for m, s in MARKERS]
    full = Deck("monete", {**options, "mode": ALL}, request.seed, tuple(cards), request.players)
    return for_mode(full, options["mode"])


def for_mode(deck: Deck, mode: str) -> Deck:
    """The cards of ``deck`` a mode plays with: PEREZOSO leaves the purple cards out, and the modes
    without a colour marker leave the colour markers out. Works on a designer's card list too."""

    def keep(card: Card) -> bool:
        if card.kind == ACTION:
            return has_actions(mode)
        if card.kind == MARKER and card.get("marker") == "colour":
            return uses_colour_marker(mode)
        return True

    cards = deck.cards if mode == ALL else tuple(c for c in deck.cards if keep(c))
    return Deck(deck.game, {**deck.options, "mode": mode}, deck.seed, cards, deck.players, custom=deck.custom)


def playing_cards(deck: Deck) -> list[Card]:
    return [c for c in deck.cards if c.kind != MARKER]


def max_players(deck: Deck) -> int:
    """The most players the deck deals to while leaving a draw pile of 2 cards per player, in every
    mode it is played in (a deck for all modes is played without its purple cards in PEREZOSO)."""
    return fewest_playing(deck) // (HAND + MIN_DRAW_PER_PLAYER)


def fewest_playing(deck: Deck) -> int:
    """The playing cards of the mode that plays with the fewest of them."""
    return min(len(playing_cards(for_mode(deck, m))) for m in modes_of(deck.options.get("mode", ALL)))


def closing_values(top: int) -> tuple[int, int]:
    return (1, top)


def _malformed(card: Card, top: int) -> bool:
    """A card whose fields the engine cannot read (a hand-written card list may have them)."""
    value = card.get("value")
    good_value = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= top
    if card.kind == NUMBER:
        return not good_value or card.get("colour") not in COLOURS
    if card.kind == ACTION:
        return not good_value or card.get("action") not in ACTIONS
    if card.kind == MARKER:
        return (card.get("marker"), card.get("side")) not in MARKERS
    return False


def checks(deck: Deck) -> list[Check]:
    """Static checks: composition for the options (a designer's own card list may differ), card
    fields, the action numbers, closing cards, enough cards for the players."""
    options = deck.options
    top = options["top"]
    expected = composition(options)
    numbers = deck.of_kind(NUMBER)
    actions = deck.of_kind(ACTION)
    unknown = sorted({c.kind for c in deck.cards} - set(KINDS))
    out = [check(_("card kinds"), not unknown, _("unknown kinds {kinds}", kinds=unknown) if unknown else _("number, action, wild, marker"),
                 hint=_('kind = "number", "action", "wild" or "marker" on every card'))]
    broken = [i for i, c in enumerate(deck.cards) if _malformed(c, top)]
    if broken:
        return out + [
            check(_("card fields"), False, _("cards {cards} lack a valid value (1..{top}), colour, action or marker side", cards=broken[:5], top=top),
                  hint=_("each number card needs value (1 to --top) and colour; each action card a value and an action"))
        ]
    markers = sorted((c["marker"], c["side"]) for c in deck.of_kind(MARKER))
    if deck.custom:  # an explicit card list: the counts are the designer's; the rules below still hold
        out += [
            check(_("number cards"), True, _("{count} (custom list)", count=len(numbers))),
            check(_("action cards"), True, _("{count} (custom list)", count=len(actions))),
            check(_("comodines"), True, _("{count} (custom list)", count=len(deck.of_kind(WILD)))),
        ]
        needed = set(expected.markers)
        out.append(
            check(_("markers"), needed <= set(markers),
                  _("all present") if needed <= set(markers) else _("missing {markers}", markers=_markers(sorted(needed - set(markers)))),
                  hint=_('add the marker cards named (kind = "marker", marker and side)'))
        )
        return out + _playability(deck, numbers, top, actions)
    out += [
        expect_equal(_("number cards"), len(numbers), expected.numbers, hint=_("build the deck again from --top")),
        expect_equal(_("action cards"), len(actions), expected.actions, hint=_("build the deck again from --mode")),
        expect_equal(_("comodines"), len(deck.of_kind(WILD)), expected.wilds, hint=_("build the deck again (--wildcards)")),
        expect_equal(_("markers"), markers, sorted(expected.markers), hint=_("build the deck again from --mode"), show=_markers),
    ]
    pairs = sorted((c["value"], c["colour"]) for c in numbers)
    wanted = sorted((v, c) for c in COLOURS for v in range(1, top + 1))
    out.append(
        check(
            _("every number {lo}..{hi} once in each colour", lo=1, hi=top),
            pairs == wanted,
            _("complete") if pairs == wanted else _("missing {missing}, extra {extra}", missing=sorted(set(wanted) - set(pairs))[:4],
                                                    extra=sorted(set(pairs) - set(wanted))[:4]),
            hint=_("build the deck again from --top"),
        )
    )
    if expected.actions:
        per_type = {a: sum(1 for c in actions if c["action"] == a) for a in ACTIONS}
        out.append(expect_equal(_("action cards of each type"), per_type, {a: ACTION_COPIES for a in ACTIONS}, hint=_("build the deck again from --mode"),
                                show=lambda counts: Counts(counts, {k: names["es"] for k, names in ACTIONS.items()})))
        per_value = {v: sum(1 for c in actions if c["value"] == v) for v in range(2, top)}
        outside = sorted(c["value"] for c in actions if not 2 <= c["value"] <= top - 1)
        spread = not outside and min(per_value.values()) >= 1 and max(per_value.values()) - min(per_value.values()) <= 1
        out.append(
            check(
                _("action numbers spread evenly over {lo}..{hi}", lo=2, hi=top - 1),
                spread,
                _("every number carries {fewest} to {most} action cards", fewest=min(per_value.values()), most=max(per_value.values()))
                if spread
                else _("numbers out of range {values}", values=outside) if outside else _("uneven: {counts}", counts=Counts(per_value)),
                hint=_("build the deck again from --top"),
            )
        )
    return out + _playability(deck, numbers, top, actions)


MARKER_WORDS = {("number", "+"): N_("number +"), ("number", "-"): N_("number -"), ("colour", "same"): N_("colour same"),
                ("colour", "different"): N_("colour different")}


def _markers(markers: Sequence[tuple[str, str]]) -> Joined:
    """Marker cards as the report names them ("number +, colour same")."""
    return Joined([_(MARKER_WORDS[m]) if m in MARKER_WORDS else f"{m[0]} {m[1]}" for m in markers], ", ")


def _players_hint(deck: Deck, have: int) -> Msg:
    most = have // (HAND + MIN_DRAW_PER_PLAYER)
    if deck.custom:
        return (_("at most {most} --players (or more cards in the file)", most=most) if most >= 2 else _("more cards (or more cards in the file)"))
    return (_("at most {most} --players, or a bigger deck (a higher --top, --wildcards, --mode all)", most=most) if most >= 2
            else _("more cards, or a bigger deck (a higher --top, --wildcards, --mode all)"))


def _playability(deck: Deck, numbers: list[Card], top: int, actions: Sequence[Card] = ()) -> list[Check]:
    out = []
    ends = [v for v in closing_values(top) if any(c["value"] == v for c in numbers)]
    # an action card is numbered too, and a deck file may number one 1 or --top: played, it closes the round as a number card does
    acted = [v for v in closing_values(top) if v not in ends and any(c["value"] == v for c in actions)]
    out.append(
        check(
            _("a round can be closed"),
            bool(ends) or bool(acted) or bool(deck.of_kind(WILD)),
            _("number cards {values} close a round", values=Listing(ends)) if ends and not acted
            else _("cards numbered {values} close a round (action cards among them)", values=Listing(sorted(ends + acted))) if acted
            else _("no 1, no {top} and no comodín", top=top),
            hint=_('add a number card 1 or {top}, or comodines (kind = "wild")', top=top),
        )
    )
    if deck.players:
        need = deck.players * (HAND + MIN_DRAW_PER_PLAYER)
        have = fewest_playing(deck)
        out.append(
            check(
                _("enough cards for {players}", players=players_tag(deck.players)),
                have >= need,
                _("{have} playing cards, {need} needed ({hand} each and a draw pile of {pile} per player) in PEREZOSO, which plays "
                  "without the purple cards", have=have, need=need, hand=HAND, pile=MIN_DRAW_PER_PLAYER)
                if have < len(playing_cards(deck)) else
                _("{have} playing cards, {need} needed ({hand} each and a draw pile of {pile} per player)", have=have, need=need, hand=HAND,
                  pile=MIN_DRAW_PER_PLAYER),
                hint=_players_hint(deck, have),
            )
        )
    return out


MIN_PLAYERS, MAX_PLAYERS = 2, 8


def player_counts(deck: Deck) -> list[int]:
    return list(range(MIN_PLAYERS, min(MAX_PLAYERS, max_players(deck)) + 1))
