"""Who slaps in Multipli Cat's, and what a slap does: the reactions to a turned-up card (a match, a
Magia, a Balancín, the special cards), the race between the players entitled to slap, false slaps
(gula), the exchange of face-up cards, and the confirmed players' ¡Ratón! call. A part of
:class:`deckgen.games.multiplicats.state.MultiplicatsState` (its base class), over its fields.
"""

from __future__ import annotations

import random

from deckgen.games.multiplicats import rules
from deckgen.games.multiplicats.cards import BALANCIN, EMBOSCADA, PERSECUCION
from deckgen.games.multiplicats.reaction import NEVER


class Slaps:
    """The reacting half of a turn (the chance node), over the state's fields (see MultiplicatsState)."""

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

    def _race(self, rng: random.Random, entitled: list[int], drawn: dict[int, float] | None = None) -> tuple[dict[int, float], int | None, list[int]]:
        """Reaction times of every active pile: entitled ones may miss, the others may slap wrongly.
        Returns the times, the first entitled pile to slap (None if none does) and every pile that
        slapped without the right (the gluttons), fastest first, whenever they slapped. ``drawn``:
        each player's reaction, already drawn (in the order below) by the caller."""
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
        if drawn is None:
            drawn = {}
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
        """Nobody may slap: anyone who does anyway commits gula. Most turned-up cards end here with
        nobody slapping: each player still holding a card draws whether they slap wrongly (the same
        random numbers, in the same order, as :meth:`_race`), and only when one does is the race run."""
        # the players still holding a card, in seat order: the order of their first piles (pile_owners)
        model = self.model
        many = getattr(model, "false_times", None)  # the model's own loop (a scripted model has none)
        drawn = many(rng, self._players_in()) if many is not None else {player: model.false_time(rng, player) for player in self._players_in()}
        if all(t == NEVER for t in drawn.values()):
            return None  # what _gula of nobody returns
        _, _, gluttons = self._race(rng, [], drawn)
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
