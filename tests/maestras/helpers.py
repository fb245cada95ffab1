"""Helpers for the Cartas Maestras tests: decks, card lookup, hand-made positions."""

from __future__ import annotations

from typing import Any, Sequence

from deckgen.model import Deck
from deckgen.options import resolve
from deckgen.registry import BuildRequest, get_game

from deckgen.games.maestras import OPTIONS
from deckgen.games.maestras.cards import infos
from deckgen.games.maestras.rules import SIDES, Rules
from deckgen.games.maestras.state import MaestrasState, Path


def build(players: int | None = None, **options: Any) -> Deck:
    return get_game("maestras").build(BuildRequest(resolve(OPTIONS, options), 1, players))


class Finder:
    """Deck indexes by description, each card handed out once: find("points", "red", 5)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.used: set[int] = set()

    def __call__(self, kind: str, colour: str | None = None, points: int | None = None) -> int:
        for i, c in enumerate(self.deck.cards):
            if i in self.used or c.kind != kind:
                continue
            if colour is not None and c.get("colour") != colour:
                continue
            if points is not None and c.get("points") != points:
                continue
            self.used.add(i)
            return i
        raise LookupError((kind, colour, points))


def make_state(deck: Deck, hands: Sequence[Sequence[int]], *, pile: Sequence[int] = (), **options: Any) -> MaestrasState:
    """A main-phase position with these hands and draw pile (top card last); other cards set aside."""
    opts = resolve(OPTIONS, {**dict(deck.options), **options})
    central = next(i for i, c in enumerate(deck.cards) if c.kind == "central")
    used = {central, *pile, *(c for h in hands for c in h)}
    aside = [i for i in range(len(deck.cards)) if i not in used]
    return MaestrasState(infos(deck.cards), Rules.from_options(opts), len(hands), [list(h) for h in hands], list(pile), aside, central)


def lay_path(state: MaestrasState, cards: Sequence[int], cells: Sequence[tuple[int, int]]) -> Path:
    """Put a path on the board by hand (master first), taking its cards out of the set-aside pile."""
    side = SIDES.index(cells[0])
    path = Path(side, list(cells), list(cards))
    for card, cell in zip(cards, cells):
        state.board[cell] = card
        if card in state.aside:
            state.aside.remove(card)
    state.paths.append(path)
    state.last = cells[-1]
    state._legal = None
    return path
