"""What a Monete player cannot see, dealt again for a searching player (``Skill.sample_hidden``).

Hidden from ``seat``: the other hands and the draw pile (its order too). Seen: its own hand, the
cards on the table and out of the game, every hand's size, the markers; during Espiar, the hand of
the player it looks at, and (``sample_seen``) the cards it saw in a hand with Espiar earlier and
every time an opponent could not follow (a forced draw or pass, a draw answering a ¡Monete!).
"""

from __future__ import annotations

import random

from deckgen.analysis.hidden import deal_avoiding, redeal
from deckgen.engine.state import copy_position

from deckgen.games.monete.rules import play_moves
from deckgen.games.monete.state import TAKE, MoneteState


def sample_hidden(state: MoneteState, seat: int, rng: random.Random) -> MoneteState:
    world = copy_position(state)
    seen = {seat, world.target} if world.phase == TAKE and world.player == seat else {seat}
    places = [world.hands[s] for s in range(world.n) if s not in seen] + [world.draw]
    redeal(places, rng)
    return world


def follows(state: MoneteState, card: int, test: tuple) -> bool:
    """Would ``card`` have answered ``test`` (a void's): a legal play alone in that situation, or a
    discard answering a ¡Monete! of that value (a comodín too when the rules allow)."""
    table = state.table
    if test[0] == "play":
        return bool(play_moves(state.rules, test[1], table, [card]))
    if table.wild[card]:
        return bool(state.rules.wild_discard)
    return table.value[card] == test[1]


def sample_seen(state: MoneteState, seat: int, rng: random.Random) -> MoneteState:
    """A world consistent with everything ``seat`` has seen: like sample_hidden, but a hand the seat
    saw with Espiar keeps the cards it saw there that are still hidden (not played since, not gone
    unseen to another hand), and an opponent who drew or passed with no legal play, or drew
    answering a ¡Monete!, holds, of the cards it held then (all but as many as it has received
    since), none that would have followed then (analysis.hidden.deal_avoiding). Cards played or out
    stay where they are. Reads only the seat's own memory (``state.known``), the public voids and
    counts, and which cards are hidden, never where they are."""
    world = copy_position(state)
    seen = {seat, world.target} if world.phase == TAKE and world.player == seat else {seat}
    hidden_seats = [s for s in range(world.n) if s not in seen]
    places = [world.hands[s] for s in hidden_seats] + [world.draw]
    hidden = {c for place in places for c in place}
    forced: dict[int, list[int]] = {}
    for (viewer, target), cards in sorted(state.known.items()):
        if viewer == seat and target in hidden_seats:
            keep = [c for c in cards if c in hidden][: len(world.hands[target])]
            forced[target] = keep
            hidden.difference_update(keep)
    pool = sorted(hidden)
    table = state.table
    memo: dict[tuple, frozenset] = {}

    def following(test: tuple) -> frozenset:
        """The pool's cards that follow ``test`` (alike cards, alike answer; kept in the state's memo)."""
        if test not in memo:
            answer = state.follow_memo.setdefault(test, {})
            for c in pool:
                kind = (table.value[c], table.colour[c], table.wild[c])
                if kind not in answer:
                    answer[kind] = follows(state, c, test)
            memo[test] = frozenset(c for c in pool if answer[(table.value[c], table.colour[c], table.wild[c])])
        return memo[test]

    avoid: dict[int, list[tuple[int, frozenset]]] = {}
    for s, got, test in state.voids:
        if s not in hidden_seats:
            continue
        own = forced.get(s, [])
        need = len(state.hands[s]) - (state.received[s] - got) - sum(1 for c in own if not follows(state, c, test))
        if need > 0:
            avoid.setdefault(hidden_seats.index(s), []).append((need, following(test)))
    sizes = [len(place) - len(forced.get(s, [])) for s, place in zip(hidden_seats + [-1], places)]
    dealt = deal_avoiding(pool, sizes, avoid, rng)
    for s, place, cards in zip(hidden_seats + [-1], places, dealt):
        place[:] = forced.get(s, []) + cards
    return world
