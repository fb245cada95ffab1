"""A game of Multipli Cat's as an engine state.

The only thing a player *chooses* is nothing: they turn up the top card of their pile when it is
their turn (the action REVEAL). Everything else is speed, so it is a chance node: after each turned-up
card the reaction model decides who slaps and in which order, and the rules settle the exchange.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Mapping

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.model import Deck

from deckgen.games.multiplicats import rules
from deckgen.games.multiplicats.cards import (
    BALANCIN,
    EMBOSCADA,
    MAGIA,
    PERSECUCION,
    REGALO,
    SIN_SALIDA,
    CardTable,
)
from deckgen.games.multiplicats.reaction import NEVER, ReactionModel

REVEAL = 0
_TURN, _REACT, _OVER = 0, 1, 2


class MultiplicatsState:
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

    def _react_to(self, rng: random.Random, t: int, code: int) -> int | None:
        """Resolve the reactions to the card pile ``t`` just turned up; returns who turns up next
        when the rules say so (None: the player after ``t``)."""
        if code in (PERSECUCION, EMBOSCADA):
            return self._everyone_slaps(rng, t, code)
        if code == BALANCIN:
            return self._balancin(rng)
        if code > 0:
            group = rules.match_group(self._tops(), self.owner, t)
            if group:
                return self._match(rng, [group])
        return self._false_slaps_only(rng)

    def _react_to_magia(self, rng: random.Random, revealed: list[int]) -> int | None:
        """Everyone turned up at once: a Persecución or Emboscada among them comes first, then a
        Balancín, then any products in common."""
        codes = {p: self.code[self.up[p][-1]] for p in revealed}
        for p in revealed:
            if codes[p] in (PERSECUCION, EMBOSCADA):
                return self._everyone_slaps(rng, p, codes[p])
        if any(codes[p] == BALANCIN for p in revealed):
            return self._balancin(rng)
        groups = rules.all_match_groups(self._tops(), self.owner)
        if groups:
            return self._match(rng, groups)
        return self._false_slaps_only(rng)

    def _everyone_slaps(self, rng: random.Random, t: int, code: int) -> int | None:
        """Persecución or Emboscada turned up by pile ``t``: every player still in slaps once (with
        two players, a player with two piles is still one pair of hands: one reaction time)."""
        players = self._players_in()
        times = {player: self.model.time(rng, player) for player in players}
        fastest = min(players, key=lambda player: times[player])
        self.tally["chances"] += 1
        self.tally["slaps"] += 1
        if code == PERSECUCION:  # the slowest player takes back their face-up cards; the fastest goes next
            loser = rules.slowest(players, times)
            for q in self.piles_of[loser]:
                self.piles[q].extend(self.up[q])
                self.up[q] = []
            return self._pile_of(fastest, t)
        if fastest != self.owner[t]:  # Emboscada lost by its player: every other player hands them one top card
            for q in self._first_piles_of_others(t, need_cards=True):
                self.piles[t].append(self.piles[q].popleft())
        return None

    def _balancin(self, rng: random.Random) -> int | None:
        sides = rules.balancin_sides(self._tops(), self.owner)
        if sides is None:
            return self._false_slaps_only(rng)
        high, low = sides
        entitled = [p for p in high if any(self.owner[q] != self.owner[p] for q in low)]
        entitled += [p for p in low if any(self.owner[q] != self.owner[p] for q in high)]
        self.tally["chances"] += 1
        times, first, gluttons = self._race(rng, entitled)
        if first is None:
            if gluttons:
                return self._gula(gluttons)
            self.tally["missed"] += 1
            return None
        other = low if first in high else high
        loser = rules.slowest([q for q in other if self.owner[q] != self.owner[first]], times)
        nxt = self._exchange(first, [loser])
        self._gula(gluttons)
        return nxt

    def _match(self, rng: random.Random, groups: list[list[int]]) -> int | None:
        """Some piles share a product: they race. A player whose face-down pile is used up and whose
        last card was a special may slap too (chapter VI) and, winning, hands their cards to the pair."""
        entitled = sorted({p for g in groups for p in g})
        in_pairs = {self.owner[p] for p in entitled}
        bonus = [  # "two other players": never a player with a pile in the match (two-player game)
            p for p in range(self.n)
            if self.owner[p] not in in_pairs and self._active(p) and not self.piles[p] and self.up[p] and self.code[self.up[p][-1]] < 0
        ]
        self.tally["chances"] += 1
        times, first, gluttons = self._race(rng, entitled + bonus)
        if first is None:
            if gluttons:
                return self._gula(gluttons)
            self.tally["missed"] += 1
            self.missed = groups[0]
            return None
        if first in bonus:  # the two slowest rivals of the first group share the winner's cards
            rivals = [q for q in groups[0] if self.owner[q] != self.owner[first]]
            pair = sorted(rivals, key=lambda q: (times.get(q, NEVER), q))[-2:]
            nxt = self._exchange(first, sorted(pair))
        else:
            group = next(g for g in groups if first in g)
            nxt = self._duel(first, group, times)
            if self.magia_pairs == "each":  # every other pair on the table settles its own exchange
                for other in groups:
                    if other is group:
                        continue
                    racing = [q for q in other if times.get(q, NEVER) != NEVER]
                    if racing:  # someone of that pair slapped: the fastest of them wins it
                        self._duel(min(racing, key=lambda q: (times[q], q)), other, times)
        self._gula(gluttons)
        return nxt

    def _duel(self, first: int, group: list[int], times: dict[int, float]) -> int | None:
        """Pile ``first`` won the slap on ``group``: it gives its face-up cards to the slowest rival
        pile of another player."""
        rivals = [q for q in group if q != first and self.owner[q] != self.owner[first]]
        return self._exchange(first, [rules.slowest(rivals, times)])

    def _race(self, rng: random.Random, entitled: list[int]) -> tuple[dict[int, float], int | None, list[int]]:
        """Reaction times of every active pile: entitled ones may miss, the others may slap wrongly.
        Returns the times, the first entitled pile to slap (None if none does) and every pile that
        slapped without the right (the gluttons), fastest first, whenever they slapped."""
        # One reaction per player (with two players, one for both piles): a player with an
        # entitled pile slaps for it, never as a glutton for their other pile.
        times: dict[int, float] = {}
        model, out, piles, up = self.model, self.out, self.piles, self.up
        hand: dict[int, int] = {}  # player -> the pile their slap counts for (their first in play order)
        for p in self._order_from(self.turn):
            owner = self.owner[p]
            if owner in out or not (piles[p] or up[p]):
                continue
            if owner not in hand or (p in entitled and hand[owner] not in entitled):
                hand[owner] = p
        drawn: dict[int, float] = {}
        for p, owner in enumerate(self.owner):
            if owner in hand and owner not in drawn:
                drawn[owner] = model.entitled_time(rng, owner) if hand[owner] in entitled else model.false_time(rng, owner)
        for p, owner in enumerate(self.owner):
            if owner in hand and (piles[p] or up[p]):
                times[p] = drawn[owner] if p in entitled or hand[owner] not in entitled else NEVER
        slapped = sorted((p for p in times if times[p] != NEVER and (p in entitled or hand[self.owner[p]] == p)), key=lambda p: (times[p], p))
        first = next((p for p in slapped if p in entitled), None)
        gluttons = [p for p in slapped if p not in entitled]
        self.tally["slaps"] += first is not None
        return times, first, gluttons

    def _false_slaps_only(self, rng: random.Random) -> int | None:
        """Nobody may slap: anyone who does anyway commits gula."""
        _, _, gluttons = self._race(rng, [])
        return self._gula(gluttons)

    def _gula(self, gluttons: list[int]) -> int | None:
        """Slaps without the right: each glutton, fastest first, takes every face-up card left on the
        table (so a later glutton may take none). The player after the first glutton turns up next."""
        for glutton in gluttons:
            self.tally["gulas"] += 1
            for p in self._order_from(glutton):
                self.piles[glutton].extend(self.up[p])
                self.up[p] = []
        return self._after(gluttons[0]) if gluttons else None

    def _exchange(self, winner: int, losers: list[int]) -> int | None:
        """The winner's face-up cards go under the losers' piles (shared out in turn), with the
        losers' own face-up cards."""
        given = self.up[winner]
        self.up[winner] = []
        for i, card in enumerate(given):
            self.piles[losers[i % len(losers)]].append(card)
        for q in losers:
            self.piles[q].extend(self.up[q])
            self.up[q] = []
        if self.after_exchange == "loser":
            return losers[0]
        return None

    def _raton(self, rng: random.Random) -> int | None:
        """Confirmed players' rule: a match nobody slapped can be denounced once the next card is up.

        The callers are the *other* players: with two players both are in every pair, so nobody can
        call unless ``raton_own_pile`` lets a player call with their pile outside the pair. Each
        player calls once (one reaction time per player, whatever their number of piles)."""
        missed, self.missed = self.missed, None
        denounced = {self.owner[q] for q in missed} if missed else set()
        callers: dict[int, int] = {}  # player -> the pile they call from (turns up next)
        for p in self._order_from(self.turn):
            owner = self.owner[p]
            if owner in callers or not self._active(p) or (missed and p in missed):
                continue
            if owner in denounced and not self.raton_own_pile:
                continue
            callers[owner] = p
        times: dict[int, float] = {}
        for owner in sorted(callers):
            times[owner] = self.model.entitled_time(rng, owner) if missed else self.model.false_time(rng, owner)
        first = min(times, key=lambda owner: times[owner], default=None)
        if first is None or times[first] == NEVER:
            return None
        self.tally["raton_calls"] += 1
        if missed:  # the denounced piles take back their face-up cards; the caller turns up next
            for q in missed:
                self.piles[q].extend(self.up[q])
                self.up[q] = []
            return callers[first]
        for q in self.piles_of[first]:  # a wrong call: the caller's own face-up cards go back
            self.piles[q].extend(self.up[q])
            self.up[q] = []
        return None

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
        """Players still in the game who hold a card (face down or face up)."""
        return [player for player in range(self.players) if any(self._active(p) for p in self.piles_of[player])]

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

