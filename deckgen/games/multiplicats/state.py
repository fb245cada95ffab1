"""A game of Multipli Cat's as an engine state.

The only thing a player *chooses* is nothing: they turn up the top card of their pile when it is
their turn (the action REVEAL). Everything else is speed, so it is a chance node: after each turned-up
card the reaction model decides who slaps and in which order, and the rules settle the exchange
(``slaps.py``, the state's base class).
"""

from __future__ import annotations

import random
from collections import deque
from typing import Mapping

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.model import Deck

from deckgen.games.multiplicats import rules
from deckgen.games.multiplicats.cards import MAGIA, REGALO, SIN_SALIDA, CardTable
from deckgen.games.multiplicats.reaction import ReactionModel
from deckgen.games.multiplicats.slaps import Slaps

REVEAL = 0
_TURN, _REACT, _OVER = 0, 1, 2


class MultiplicatsState(Slaps):
    def __init__(self, deck: Deck, players: int, rng: random.Random) -> None:
        options = deck.options
        self.table = CardTable.of(deck)
        self.code = self.table.code
        self.players = players
        self.owner = rules.pile_owners(players)
        self.n = len(self.owner)
        self.piles_of = [[p for p in range(self.n) if self.owner[p] == player] for player in range(players)]
        order = list(range(len(self.code)))
        rng.shuffle(order)
        self.piles: list[deque[int]] = rules.deal(order, self.n)
        self.up: list[list[int]] = [[] for _ in range(self.n)]
        self.model = ReactionModel.from_options(options, players)
        self.end = options.get("end", "two-left")
        self.after_exchange = options.get("next_after_exchange", "loser")
        self.raton_call = bool(options.get("raton_call", False))
        self.raton_own_pile = bool(options.get("raton_own_pile", False))
        self.magia_pairs = options.get("magia_pairs", "one")
        self.infinite = bool(options.get("infinite", False))
        self.target_points = int(options.get("infinite_points", 3))
        self.refill = rules.infinite_refill(len(self.code), players, int(options.get("infinite_refill", 0)))
        self.direction = 1
        self.turn = 0  # the pile that turns up next (seat 0, the youngest, starts)
        self.phase = _TURN
        self.event: tuple = ()
        self.magia_from: int | None = None  # the pile that turned up Magia: next turn is simultaneous
        self.missed: list[int] | None = None  # piles of a match nobody slapped (for the ¡Ratón! call)
        self.out: list[int] = []  # players who gave all their cards away, in order
        self.out_turn: dict[int, int] = {}  # the turn each went out (two can go out at once: a tie)
        self.points = [0] * players
        self.tally = {k: 0 for k in ("turns", "reveals", "chances", "slaps", "gulas", "missed", "specials", "recycles", "raton_calls")}

    @classmethod
    def arranged(
        cls, deck: Deck, players: int, piles: list[list[int]], up: list[list[int]] | None = None, turn: int = 0
    ) -> "MultiplicatsState":
        """A position laid out by hand (card indices; each pile's first card is its top), to replay
        or teach a situation. Every card of the deck must appear exactly once."""
        state = cls(deck, players, random.Random(0))
        state.piles = [deque(p) for p in piles]
        state.up = [list(u) for u in (up or [[] for _ in piles])]
        if len(state.piles) != state.n or len(state.up) != state.n:
            raise ValueError(f"{players} players play {state.n} piles")
        if state.all_cards() != list(range(len(state.code))):
            raise ValueError("every card of the deck must be placed exactly once")
        state.turn = turn
        return state

    # ------------------------------------------------------------ protocol

    def current_player(self) -> int:
        if self.phase == _OVER:
            return TERMINAL
        if self.phase == _REACT:
            return CHANCE
        return self.owner[self.turn]

    def legal_actions(self) -> list[int]:
        return [REVEAL] if self.phase == _TURN else []

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def action_to_string(self, action: int) -> str:
        return "turn up a card" if action == REVEAL else f"unknown action {action}"

    def card_count(self) -> int:
        return sum(map(len, self.piles)) + sum(map(len, self.up))

    def all_cards(self) -> list[int]:
        return sorted([c for p in self.piles for c in p] + [c for u in self.up for c in u])

    def key(self) -> tuple:
        return (
            tuple(map(tuple, self.piles)),
            tuple(map(tuple, self.up)),
            self.direction, self.turn, self.phase, self.magia_from, tuple(self.out), tuple(self.points),
        )

    def length(self) -> int:
        return self.tally["turns"]

    def counts(self) -> Mapping[str, float]:
        return dict(self.tally)

    def winners(self) -> list[int]:
        if self.phase != _OVER:
            return []
        if self.infinite:
            best = max(self.points)
            return [p for p in range(self.players) if self.points[p] == best]
        first = min(self.out_turn.values())
        return [p for p in self.out if self.out_turn[p] == first]

    def returns(self) -> list[float]:
        """1 for the winner (the Gatosabio; players who go out on the same turn tie), 0 for the players
        left at the end, 0.5 in between."""
        if self.phase != _OVER:
            return [0.0] * self.players
        if self.infinite:
            losers = set(rules.infinite_losers(self.points))
            win = set(self.winners())
            return [1.0 if p in win else 0.0 if p in losers else 0.5 for p in range(self.players)]
        win = set(self.winners())
        out = set(self.out)
        return [1.0 if p in win else 0.5 if p in out else 0.0 for p in range(self.players)]

    # ------------------------------------------------------------ the fast path (engine/state.py)

    # both policies are the random policy: one legal action, chosen with one random number
    playout_policies = ("random", "heuristic")

    def playout(self, rng: random.Random, policy: str, max_steps: int) -> int:
        """Play on to the end (or ``max_steps`` steps) as the generic loop would with the random
        policy, spending ``rng`` the same way: one random number to choose the only action (REVEAL),
        then the chance node of the reactions. Returns the steps taken."""
        steps = 0
        draw = rng.random
        while self.phase != _OVER and steps < max_steps:
            if self.phase == _REACT:
                self.chance(rng)
            else:
                draw()  # random_policy's choice among the one legal action
                self.apply_action(REVEAL)
            steps += 1
        return steps

    # ------------------------------------------------------------ turning up cards

    def apply_action(self, action: int) -> None:
        if self.phase != _TURN or action != REVEAL:
            raise IllegalAction(f"{self.action_to_string(action)} is not legal now")
        self.tally["turns"] += 1
        if self.magia_from is not None:
            magia_from, self.magia_from = self.magia_from, None
            order = []
            for p in self._order_from(self.turn):
                if self.piles[p] and self._active(p):  # a Regalo turned up may empty a later pile
                    self._turn_up(p)
                    order.append(p)
            self.event = ("magia", magia_from, order)
        else:
            t = self.turn
            if not self.piles[t]:
                raise IllegalAction(f"pile {t} has no card to turn up")
            self.event = ("card", t, self._turn_up(t))
        self.phase = _REACT

    def _turn_up(self, p: int) -> int:
        card = self.piles[p].popleft()
        self.up[p].append(card)
        self.tally["reveals"] += 1
        code = self.code[card]
        if code < 0:
            self.tally["specials"] += 1
        if code == SIN_SALIDA:
            self.direction = -self.direction
        elif code == MAGIA:
            self.magia_from = p
        elif code == REGALO:  # one card to each other player (with two piles each: under their first pile in play order)
            for q in self._first_piles_of_others(p):
                if not self.piles[p]:
                    break
                self.piles[q].append(self.piles[p].popleft())
        return code

    # ------------------------------------------------------------ reacting (chance)

    def chance(self, rng: random.Random) -> None:
        if self.phase != _REACT:
            raise IllegalAction("no reaction to resolve")
        kind = self.event[0]
        nxt: int | None = None
        if kind == "card":
            _, t, code = self.event
            # the confirmed players' rule first (it is about the match before this card); then the
            # card just turned up is resolved as always, unless the call sent it back under its pile
            caller = self._raton(rng) if self.raton_call else None
            if self.up[t]:
                nxt = self._react_to(rng, t, code)
            if nxt is None:
                nxt = caller if caller is not None else self._after(t)
        else:
            _, magia_from, revealed = self.event
            nxt = self._react_to_magia(rng, revealed)
            if nxt is None:
                nxt = self._after(magia_from)
        self.event = ()
        self._settle(nxt, rng)

    # ------------------------------------------------------------ after each turn

    def _settle(self, nxt: int | None, rng: random.Random) -> None:
        """Players who have given every card away go out; then the end test; then who turns up next."""
        piles, up = self.piles, self.up
        for player, mine in enumerate(self.piles_of):
            if player in self.out:
                continue
            for p in mine:
                if piles[p] or up[p]:
                    break
            else:  # every pile of this player, face down and face up, is empty
                if self.infinite:
                    self._score_and_refill(player)
                else:
                    self.out.append(player)
                    self.out_turn[player] = self.tally["turns"]
        if self._over():
            self.phase = _OVER
            return
        self.phase = _TURN
        can = self._can_reveal()
        if not any(can):  # nobody can turn up a card: everyone shuffles their face-up cards into a pile
            self.tally["recycles"] += 1
            for p in range(self.n):
                if self._active(p):
                    cards = self.up[p]
                    rng.shuffle(cards)
                    self.piles[p] = deque(cards)
                    self.up[p] = []
            can = self._can_reveal()
        start = nxt if nxt is not None else self.turn
        if nxt is not None and can[nxt]:
            self.turn = nxt
        else:
            found = rules.next_pile(start, self.direction, can)
            assert found is not None, "an active player always holds cards"
            self.turn = found

    def _score_and_refill(self, player: int) -> None:
        self.points[player] += 1
        mine = [p for p in range(self.n) if self.owner[p] == player]
        for i in range(self.refill):
            richest = max((q for q in range(self.n) if self.owner[q] != player), key=lambda q: (len(self.piles[q]), -q))
            if not self.piles[richest]:
                break
            self.piles[mine[i % len(mine)]].append(self.piles[richest].popleft())

    def _over(self) -> bool:
        if self.infinite:
            return max(self.points) >= self.target_points
        left = self.players - len(self.out)
        if self.end == "first" or self.players == 2:
            return len(self.out) >= 1
        return left <= 2

    # ------------------------------------------------------------ helpers

    def _players_in(self) -> list[int]:
        """Players still in the game who hold a card (face down or face up): one of their piles is
        ``_active`` (asked after every turned-up card, so its test is written out here)."""
        out, piles, up = self.out, self.piles, self.up
        found = []
        for player, mine in enumerate(self.piles_of):
            if player not in out:
                for p in mine:
                    if up[p] or piles[p]:
                        found.append(player)
                        break
        return found

    def _pile_of(self, player: int, start: int) -> int:
        """The first pile of ``player`` in play order from pile ``start`` (itself included) that
        holds a card: the pile a player acts with when a rule names the player."""
        mine = [p for p in self._order_from(start) if self.owner[p] == player]
        return next((p for p in mine if self._active(p)), mine[0])

    def _active(self, p: int) -> bool:
        return self.owner[p] not in self.out and (bool(self.piles[p]) or bool(self.up[p]))

    def _tops(self) -> list[int | None]:
        code, out = self.code, self.out
        return [code[u[-1]] if u and owner not in out else None for u, owner in zip(self.up, self.owner)]

    def _can_reveal(self) -> list[bool]:
        """Piles that can turn up a card: cards face down, held by a player still in."""
        out = self.out
        return [bool(pile) and owner not in out for pile, owner in zip(self.piles, self.owner)]

    def _after(self, p: int) -> int | None:
        return rules.next_pile(p, self.direction, self._can_reveal())

    def _first_piles_of_others(self, p: int, need_cards: bool = False) -> list[int]:
        """For every other player still in play, their first pile after ``p`` in play order (one pile
        per player, so with two players each playing two piles the opponent counts once)."""
        out: list[int] = []
        seen = {self.owner[p]}
        for q in self._order_from(p)[1:]:
            if self.owner[q] in seen or not self._active(q) or (need_cards and not self.piles[q]):
                continue
            seen.add(self.owner[q])
            out.append(q)
        return out

    def _order_from(self, p: int) -> list[int]:
        """Piles in play order starting with ``p``."""
        return [(p + i * self.direction) % self.n for i in range(self.n)]


def new_state(deck: Deck, players: int, rng: random.Random) -> MultiplicatsState:
    return MultiplicatsState(deck, players, rng)

