"""A game of Monete in progress (the engine's ``State``).

Actions are indexes into the list of legal moves of the current decision (``moves()``), so
``legal_actions()`` is ``range(len(moves()))``. Decisions come in phases:

- PLAY: a play (one card, or a combo) with the value/colour declared for each comodín;
- MARKERS: the marker setting after a play that lets the player choose it;
- TARGET / TAKE / GIVE / DISCARD: the choices an action card asks for;
- CHANCE: a card taken blindly from another hand (Te la cambio, Ladronzuelos).

What needs no choice happens on its own: a player with no legal play draws one card and, if still
nothing is legal, passes; the discard-or-draw after a ¡Monete!; the effect of most action cards.

The action cards live in ``actions.py`` and the ends of a round and of the game in ``ending.py`` (the
state's base classes); the phases in ``phases.py``.
"""

from __future__ import annotations

import random
from typing import Hashable, Mapping, Sequence

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction

from deckgen.games.monete.cards import NO_COLOUR, CardTable
from deckgen.games.monete.actions import ActionCards
from deckgen.games.monete.ending import Ending
from deckgen.games.monete.deck import HAND
from deckgen.games.monete.phases import (  # noqa: F401 (the state's vocabulary, imported from here by policies and tests)
    CHANCE_NODE, DISCARD, GIVE, MARKERS, OVER, PHASE_NAMES, PLAY, STEAL, TAKE, TARGET,
)
from deckgen.games.monete.rules import Play, Rules, Situation, closes, marker_options, play_moves

_situation = Situation._make  # a Situation from its six fields in order, without the keyword handling

COUNT_KEYS = (
    "turns", "rounds", "cards_played", "plays", "combos", "forced_draws", "passes", "all_pass_rounds",
    "monetes", "monete_discards", "monete_draws", "action_cards", "action_draws", "deck_out", "seat0_wins",
)


class MoneteState(ActionCards, Ending):
    def __init__(self, table: CardTable, rules: Rules, players: int, hands: list[list[int]], draw: list[int]) -> None:
        self.table = table
        self.rules = rules
        self.n = players
        self.hands = hands
        self.draw = draw  # the top of the draw pile is the end of the list
        self.pile: list[int] = []  # this round's played cards
        self.out: list[int] = []  # cleared rounds and discarded cards: out of the game
        self.direction = 1  # +1: to the left (seat + 1); -1 after a Cambio de sentido
        self.top_value = 0
        self.top_colour = NO_COLOUR
        self.up = True
        self.same: bool | None = True if rules.colour else None
        self.exempt = 0
        self.player = 0
        self.phase = PLAY
        self.drew = False
        self.passes = 0
        self.first_passer = -1
        self.pending = 0  # the action waiting for the MARKERS choice, or being resolved
        self.target = -1
        self.taken = -1  # the card just taken by Te la cambio / Espiar (not to be given back)
        # (viewer, target) -> the cards of target's hand the viewer saw with Espiar that have not
        # left it unseen by the viewer since (a card played is seen by all: the sampler drops it);
        # what a searching player's worlds respect (hidden.sample_seen)
        self.known: dict[tuple[int, int], tuple[int, ...]] = {}
        # what every seat saw an opponent fail to follow (hidden.sample_seen): (seat, cards it had
        # received then, test), test ("play", situation) for a forced draw or a pass with no legal
        # play, ("monete", value) for a draw answering a ¡Monete! with no card of that value
        self.voids: list[tuple[int, int, tuple]] = []
        self.received = [0] * players  # cards each seat has drawn or been given
        # test -> {(value, colour, wild): follows?}: a cache for hidden.sample_seen, not part of the
        # position (the answer depends only on the deck's table and rules, shared by every copy)
        self.follow_memo: dict[tuple, dict[tuple, bool]] = {}
        self.chance_kind = 0
        self.winners_: tuple[int, ...] = ()
        self.end = ""  # "win" or "deck"
        self.tally = dict.fromkeys(COUNT_KEYS, 0)
        self._moves: list | None = None

    # ------------------------------------------------------------------ construction

    @staticmethod
    def deal(table: CardTable, rules: Rules, players: int, rng: random.Random, first: int = 0) -> "MoneteState":
        """Shuffle, deal HAND cards each; the rest is the draw pile. Seat ``first`` opens."""
        ids = list(table.playing)
        rng.shuffle(ids)
        hands = [ids[i * HAND : (i + 1) * HAND] for i in range(players)]
        state = MoneteState(table, rules, players, hands, ids[players * HAND :])
        state.start(first)
        return state

    @staticmethod
    def position(
        table: CardTable,
        rules: Rules,
        hands: list[list[int]],
        draw: list[int],
        *,
        pile: Sequence[int] = (),
        top: tuple[int, int] | None = None,
        up: bool = True,
        same: bool | None = None,
        exempt: int = 0,
        player: int = 0,
        direction: int = 1,
        out: Sequence[int] | None = None,
    ) -> "MoneteState":
        """A position set up by hand (tests, rulebook examples): ``pile`` is this round's cards, the
        last one on top, counting as ``top`` (value, colour) if given. Every playing card not in a
        hand, the draw pile or the pile is put out of the game, unless ``out`` is given."""
        state = MoneteState(table, rules, len(hands), [list(h) for h in hands], list(draw))
        state.pile = list(pile)
        state.direction = direction
        if pile:
            last = pile[-1]
            state.top_value, state.top_colour = top if top else (table.value[last], table.colour[last])
        state.up = up
        state.same = (True if same is None else same) if rules.colour else None
        state.exempt = exempt
        if out is None:
            used = set(state.pile) | set(state.draw) | {c for h in state.hands for c in h}
            out = [c for c in table.playing if c not in used]
        state.out = list(out)
        state._begin(player)
        return state

    @property
    def opening(self) -> bool:
        return not self.pile

    def start(self, first: int = 0) -> None:
        if not self.draw and self.rules.deck_out == "empty":
            self._deck_out()
            return
        self._begin(first)

    # ------------------------------------------------------------------ protocol

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == CHANCE_NODE:
            return CHANCE
        return self.player

    def moves(self) -> list:
        """The legal moves of the decision in progress (empty at chance and terminal nodes)."""
        if self._moves is None:
            self._moves = self._compute_moves()
        return self._moves

    def legal_actions(self) -> Sequence[int]:
        return range(len(self.moves()))

    def apply_action(self, action: int) -> None:
        moves = self.moves()
        if self.phase in (OVER, CHANCE_NODE) or not isinstance(action, int) or not 0 <= action < len(moves):
            raise IllegalAction(f"action {action!r} is not legal in phase {PHASE_NAMES[self.phase]}")
        move = moves[action]
        self._moves = None
        phase = self.phase
        if phase == PLAY:
            self._play(move)
        elif phase == MARKERS:
            self.up, self.same = move
            self._effect(self.player, self.pending)
        elif phase == TARGET:
            self._target(move)
        elif phase == GIVE:
            self._give(move)
        elif phase == TAKE:
            self._move_card(self.target, self.player, move)
            self.taken = move
            self.phase = GIVE
        elif phase == DISCARD:
            self._discard(move)

    def chance(self, rng: random.Random) -> None:
        if self.phase != CHANCE_NODE:
            raise IllegalAction("not a chance node")
        self._moves = None
        p = self.player
        if self.chance_kind == STEAL:
            victim = self.hands[self.target]
            card = victim[rng.randrange(len(victim))]
            self._move_card(self.target, p, card)
            self.taken = card
            self.phase = GIVE
            return
        # Ladronzuelos: from the player of the card on, in turn order, each takes a card blindly
        # from the player on their left (seat + 1).
        q = p
        for _ in range(self.n):
            left = (q + 1) % self.n
            victim = self.hands[left]
            if victim:
                self._move_card(left, q, victim[rng.randrange(len(victim))])
            q = (q + self.direction) % self.n
        self._end_turn(p)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> Sequence[float]:
        share = 1.0 / len(self.winners_) if self.winners_ else 0.0
        return [share if q in self.winners_ else 0.0 for q in range(self.n)]

    def winners(self) -> Sequence[int]:
        return self.winners_

    def length(self) -> int:
        return self.tally["turns"]

    def length_variant(self) -> tuple[int]:
        """2 × the draw pile + the cards in hands: never up, and down by at least one every turn
        (the proof that every game ends, asserted at every step of checked games). Cards never go
        back to the draw pile nor from the table to a hand. A turn plays at least one card from a
        hand (one fewer), or, with nothing to play, draws one (the pile loses one, a hand gains it:
        one fewer) before passing; an empty draw pile ends the game. Cards passed between hands
        (Regalito, Te la cambio, Espiar, Ladronzuelos) leave it unchanged; a draw by a Toma card,
        Maldición, Descarte or ¡Monete! lowers it; a discard lowers it."""
        return (2 * len(self.draw) + sum(map(len, self.hands)),)

    def counts(self) -> Mapping[str, float]:
        return dict(self.tally)

    def card_count(self) -> int:
        return sum(map(len, self.hands)) + len(self.draw) + len(self.pile) + len(self.out) + self.table.markers

    def key(self) -> Hashable:
        return (
            self.phase, self.player, self.direction, self.top_value, self.top_colour, self.up, self.same,
            self.exempt, self.drew, self.passes, self.first_passer, self.pending, self.target, self.taken,
            tuple(tuple(sorted(h)) for h in self.hands), len(self.draw), tuple(self.pile), len(self.out),
        )

    def action_to_string(self, action: int) -> str:
        move = self.moves()[action]
        label = self.table.label
        if self.phase == PLAY:
            cards, values, colours = move
            parts = []
            for c, v, col in zip(cards, values, colours):
                parts.append(f"comodín as {v}" + (f"/{col}" if col != NO_COLOUR else "") if self.table.wild[c] else label(c, "en"))
            return "play " + " + ".join(parts)
        if self.phase == MARKERS:
            up, same = move
            text = "markers " + ("+" if up else "-")
            return text + ("" if same is None else " same" if same else " different")
        if self.phase == TARGET:
            return f"target seat {move}"
        return f"{PHASE_NAMES[self.phase]} {label(move, 'en')}"

    # ------------------------------------------------------------------ views for policies and tests

    def situation(self) -> Situation:
        return _situation((not self.pile, self.top_value, self.top_colour, self.up, self.same, self.exempt))

    def next_seat(self, p: int) -> int:
        return (p + self.direction) % self.n

    def others(self, p: int) -> list[int]:
        """The other seats in turn order from the one after ``p``."""
        out, q = [], p
        for _ in range(self.n - 1):
            q = (q + self.direction) % self.n
            out.append(q)
        return out

    # ------------------------------------------------------------------ moves

    def _compute_moves(self) -> list:
        phase = self.phase
        if phase == PLAY:
            return play_moves(self.rules, self.situation(), self.table, self.hands[self.player])
        if phase == TARGET:
            return self.others(self.player)
        if phase == GIVE:
            hand = self.hands[self.player]
            if self.taken >= 0 and not self.rules.give_taken:
                own = [c for c in hand if c != self.taken]
                if own:  # give back one of your own cards, never the one just taken
                    return own
            return list(hand)
        if phase == DISCARD:
            return list(self.hands[self.player])
        if phase == TAKE:
            return list(self.hands[self.target])
        return []  # MARKERS sets its list when it starts; CHANCE and OVER have none

    # ------------------------------------------------------------------ turn flow

    def _begin(self, p: int) -> None:
        """Start turns from seat ``p`` until someone has a decision (or the game ends): a player with
        no legal play draws one card, then passes if still nothing is legal; when everyone has
        passed in a row, the first who passed opens a new round."""
        t = self.tally
        while True:
            self.player = p
            self.phase = PLAY
            self.drew = False
            t["turns"] += 1
            moves = self._compute_moves()
            if moves:
                self._moves = moves
                return
            t["forced_draws"] += 1
            self.voids.append((p, self.received[p], ("play", self.situation())))
            if not self._draw(p, 1):
                return
            self.drew = True
            moves = self._compute_moves()
            if moves:
                self._moves = moves
                return
            self.voids.append((p, self.received[p], ("play", self.situation())))
            t["passes"] += 1
            self.passes += 1
            if self.passes == 1:
                self.first_passer = p
            if self.passes >= self.n:
                t["all_pass_rounds"] += 1
                p = self.first_passer
                self._clear_round()
            else:
                p = self.next_seat(p)

    def _end_turn(self, p: int) -> None:
        if self.phase != OVER:
            self._begin(self.next_seat(p))

    def _play(self, play: Play) -> None:
        p = self.player
        cards, values, colours = play
        sit = self.situation()
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)
        self.pile.extend(cards)
        t = self.tally
        t["cards_played"] += len(cards)
        t["plays"] += 1
        if len(cards) > 1:
            t["combos"] += 1
        if sit.opening:
            t["rounds"] += 1
        self.passes = 0
        self.first_passer = -1
        closing = closes(self.rules, sit, play)
        v, col = values[-1], colours[-1]
        action = self.table.action[cards[-1]]
        self.top_value, self.top_colour = v, col
        self.exempt = v if sit.opening and (v == 1 or v == self.rules.top) else 0
        if not hand:
            self._win([p])
            return
        if closing:
            self._monete(p, v)
            return
        options = marker_options(self.rules, sit, play, action != 0)
        if len(options) > 1:
            self.phase = MARKERS
            self.pending = action
            self._moves = options
            return
        self.up, self.same = options[0]
        self._effect(p, action)

    # ------------------------------------------------------------------ card movement

    def _move_card(self, src: int, dst: int, card: int) -> None:
        self.hands[src].remove(card)
        self.hands[dst].append(card)
        self.received[dst] += 1
        if self.known:  # who knew src's hand: the taker saw which card left; anyone else did not
            for (viewer, target), cards in list(self.known.items()):
                if target == src:
                    if viewer == dst:
                        self.known[(viewer, target)] = tuple(c for c in cards if c != card)
                    elif viewer != src:
                        del self.known[(viewer, target)]

    def _draw(self, q: int, k: int, action: bool = False) -> bool:
        """Seat ``q`` draws ``k`` cards; False when the draw pile ran out and the game ended."""
        for _ in range(k):
            if not self.draw:
                self._deck_out()
                return False
            self.hands[q].append(self.draw.pop())
            self.received[q] += 1
            if action:
                self.tally["action_draws"] += 1
            if not self.draw and self.rules.deck_out == "empty":
                self._deck_out()
                return False
        return True
