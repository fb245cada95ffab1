"""MGC's round graph for the model checker, fast: positions packed into integers, chance stages inlined.

``model.py`` states a round's rules over position objects (the reference, checked move by move
against the engine by tests/mgc/test_model.py). Exploring millions of positions through objects is
slow, so this module gives the model checker (``engine/modelcheck.py``, its ``graph`` protocol) the
same graph in a smaller, faster form. Each reduction is exact for the three claims (no dead end, an
end always reachable, no trap), and tests/mgc/test_graph.py checks each against model.py:

1. **Chance stages inlined.** Only the positions where a player decides (PLAY, DRAWN, CHOOSE) are
   nodes. A move that starts a draw (a "draw", a Toma card's penalty, the first card's draw) leads
   straight to the decision positions its outcomes bring. A chance node always has an outcome (an
   empty pile yields "nothing"), so it is never a dead end, and it can reach an end exactly when one
   of its outcomes can: removing it and joining its parent to its outcomes changes no verdict.
2. **Ends merged.** Every finished round is one of two nodes (a seat went out, or blocked): nothing
   follows an end, so which cards were left cannot matter to the claims.
3. **Identical cards merged, seats rotated and mirrored** as in ``Position.canonical_key``.
4. **Fields the rules never read again dropped.** At a decision, ``pending``, ``skip`` and
   ``left`` are always 0 (``key_of`` asserts it); the seat to act is 0 after rotation; the
   dealer only matters at the deal. A constraint is kept only as the set of cards it lets be
   played: the rules read it through that set alone, and the next constraint comes from the card
   played (or stays), never from the old one.
5. **Packed integers.** A hand or a pile is one integer, ``bits`` bits per card type; a position is
   the hands (seat to act first), the pile and an index into a table of the remaining small fields.
   The draws a pile can bring are computed once per pile and cached.

Keys: ``ROOT`` (before the deal), ``WIN`` (a seat went out), ``BLOCKED`` (nobody can go on), and
non-negative integers for decision positions.
"""

from __future__ import annotations

from typing import Any, Iterator

from deckgen.games.mgc import rules

ROOT, WIN, BLOCKED = -3, -1, -2
PLAY, DRAWN, CHOOSE = 0, 1, 2  # decision stages (their own numbering, packed)


class Graph:
    """The round graph of ``m`` (a ``model.Model`` without ÁLGEBRA slips) over packed keys."""

    def __init__(self, m: Any) -> None:
        assert not m.algebra_chance, "the fast graph follows the printed rules (no ÁLGEBRA slips)"
        t = m.t
        self.m, self.n, self.T = m, m.players, t.n
        self.bits = max(1, max(t.total).bit_length())
        self.W = self.bits * self.T
        self.mask = (1 << self.W) - 1
        self.unit = [1 << (self.bits * i) for i in range(self.T)]
        self.cmask = (1 << self.bits) - 1
        self.total = self.pack_counts(t.total)
        # constraints: every (coefficient or None, degree or None) the rules can set
        cons = t.constraints()
        # a constraint matters only through the cards it lets be played (the next one comes from the
        # card played, or stays through an action card): constraints with the same playable cards
        # are one class (with one monomial type, "x" and "any card" are the same constraint)
        self.cons = sorted(cons, key=repr)
        classes: dict[tuple, int] = {}
        self.cons_id = {c: classes.setdefault(t.playable(c), len(classes)) for c in self.cons}
        self.any = self.cons_id[(None, None)]
        self.fits = list(classes)
        self.playable = [[i for i in range(self.T) if f[i]] for f in self.fits]
        # per constraint class, the packed count fields of the playable types: a hand holds a playable
        # card exactly when it has a bit in common with this mask
        self.fit_fields = [sum(self.cmask << (self.bits * i) for i in p) for p in self.playable]
        self.basic_cons = [self.cons_id[(t.coef[i], t.degree[i])] if t.kind[i] == rules.BASIC else -1 for i in range(self.T)]
        v = m.variant
        self.effect = [rules.effect(t.kind[i], self.n, v.retorno_two_players) for i in range(self.T)]
        for e in self.effect:  # a card that makes a player choose neither draws nor skips (CHOOSE keeps no such field)
            assert not e.choose or (not e.draw and not e.skip)
        self.free = v.after_action == "free"
        self.draw_freely = v.draw_freely
        self.last_card_draws = v.last_card_draws
        # the values an Elección card names (a position names one only if the deck has that card)
        self.named = {rules.CHOOSE_COEFFICIENT: [self.cons_id[(c, None)] for c in t.coefficients if (c, None) in self.cons_id],
                      rules.CHOOSE_DEGREE: [self.cons_id[(None, d)] for d in t.degrees if (None, d) in self.cons_id]}
        self.misc: list[tuple] = []
        self.misc_id: dict[tuple, int] = {}
        self._size: dict[int, int] = {}
        self._draws: dict[tuple, list] = {}
        self.shift = [self.W * j for j in range(self.n + 1)]
        self.top_shift = self.W * (self.n + 1)

    # ---------------------------------------------------------------- packing

    def pack_counts(self, counts: Any) -> int:
        return sum(c << (self.bits * i) for i, c in enumerate(counts))

    def counts(self, x: int) -> tuple:
        return tuple((x >> (self.bits * i)) & self.cmask for i in range(self.T))

    def size(self, x: int) -> int:
        s = self._size.get(x)
        if s is None:
            s = self._size[x] = sum(self.counts(x))
        return s

    def _key(self, hands: list, actor: int, pile: int, d: int, misc: tuple) -> int:
        """The canonical key: seats rotated so that ``actor`` is seat 0, mirrored where it matters;
        ``BLOCKED`` for a turn where nobody can play and nothing is left to draw (the round is over)."""
        n = self.n
        if misc[0] == PLAY and not pile and self.total == sum(hands) + self.unit[misc[2]]:
            fit = self.fit_fields[misc[1]]
            if not any(h & fit for h in hands):
                return BLOCKED
        if n == 2:
            h = hands[0] | hands[1] << self.W if actor == 0 else hands[1] | hands[0] << self.W
            return self._pack(h, pile, misc + (1,))
        rot = hands[actor:] + hands[:actor]
        a = self._pack(sum(x << s for x, s in zip(rot, self.shift)), pile, misc + (d,))
        mir = rot[:1] + rot[:0:-1]
        b = self._pack(sum(x << s for x, s in zip(mir, self.shift)), pile, misc + (-d,))
        return a if a < b else b

    def _pack(self, h: int, pile: int, misc: tuple) -> int:
        i = self.misc_id.get(misc)
        if i is None:
            i = self.misc_id[misc] = len(self.misc)
            self.misc.append(misc)
        return h | pile << self.shift[self.n] | i << self.top_shift

    def unpack(self, key: int) -> tuple[list, int, tuple]:
        """(hands, seat to act first; pile; (stage, cons, top, drawn, choosing, then_play, dir))."""
        m = self.mask
        return [(key >> s) & m for s in self.shift[: self.n]], (key >> self.shift[self.n]) & m, self.misc[key >> self.top_shift]

    def key_of(self, p: Any) -> int | None:
        """The key of a model.py position; None at a chance stage (not a node of this graph)."""
        from deckgen.games.mgc import stages as M

        if p.stage == M.OVER:
            return WIN if p.winner >= 0 else BLOCKED
        if p.stage == M.DEAL:
            return ROOT
        stage = {M.PLAY: PLAY, M.DRAWN: DRAWN, M.CHOOSE: CHOOSE}.get(p.stage)
        if stage is None:
            return None
        assert not p.pending and not p.skip and not p.left, "a decision with a draw or a skip pending"
        drawn = p.drawn if stage == DRAWN else 0
        misc = (stage, self.cons_id[p.cons], p.top, drawn, p.choosing, p.then_play)
        return self._key([self.pack_counts(h) for h in p.hands], p.seat, self.pack_counts(p.pile), p.dir, misc)

    # ---------------------------------------------------------------- the rules, over packed positions

    def start(self) -> int:
        return ROOT

    @staticmethod
    def is_end(key: int) -> bool:
        return key == WIN or key == BLOCKED

    def successors(self, key: int) -> list[int]:
        """The keys of the decision positions (and ends) one move away, through any chance outcomes."""
        if key < 0:
            return list(self._deals()) if key == ROOT else []
        hands, pile, misc = self.unpack(key)
        stage, cons, top, drawn, choosing, then_play, d = misc
        out: list[int] = []
        if stage == PLAY:
            h = hands[0]
            b, cm = self.bits, self.cmask
            can = [i for i in self.playable[cons] if (h >> (b * i)) & cm]
            for i in can:
                self._play(hands, pile, d, cons, i, out)
            if not can or self.draw_freely and (pile or self.total - sum(hands) - self.unit[top]):
                self._draw(hands, pile, d, cons, top, out)
        elif stage == DRAWN:
            self._play(hands, pile, d, cons, drawn, out)
            out.append(self._key(hands, self._next(0, d), pile, d, (PLAY, cons, top, 0, 0, False)))
        else:  # CHOOSE
            for c in self.named[choosing]:
                if then_play:
                    out.append(self._key(hands, 0, pile, d, (PLAY, c, top, 0, 0, False)))
                else:  # the Elección card was played: the turn passes (it neither draws nor skips)
                    out.append(self._key(hands, self._next(0, d), pile, d, (PLAY, c, top, 0, 0, False)))
        return out

    def _next(self, s: int, d: int) -> int:
        return (s + d) % self.n

    def _play(self, hands: list, pile: int, d: int, cons: int, card: int, out: list) -> None:
        """Seat 0 plays ``card`` (model.Position._play and what follows it)."""
        h = hands[0] - self.unit[card]
        hands = [h] + hands[1:]
        left = self.size(h)
        e = self.effect[card]
        if e.draw == 0 and not e.skip and not e.reverse and not e.choose:  # a monomial (or a card with no effect)
            if self.basic_cons[card] >= 0:
                cons = self.basic_cons[card]
            elif self.free:
                cons = self.any
            if left == 0:
                out.append(WIN)
                return
            out.append(self._key(hands, self._next(0, d), pile, d, (PLAY, cons, card, 0, 0, False)))
            return
        if self.free:
            cons = self.any
        if e.reverse:
            d = -d
        if e.choose and left:
            out.append(self._key(hands, 0, pile, d, (CHOOSE, cons, card, 0, e.choose, False)))
            return
        if left == 0:  # whatever the next player draws, the round is over
            out.append(WIN)
            return
        if e.draw:
            drawer = self._next(0, d)
            nxt = self._next(0, d)
            if e.skip:
                nxt = self._next(nxt, d)
            for add, rest in self._draws_for(hands, pile, card, e.draw):
                hs = list(hands)
                hs[drawer] += add
                out.append(self._key(hs, nxt, rest, d, (PLAY, cons, card, 0, 0, False)))
            return
        nxt = self._next(0, d)
        if e.skip:
            nxt = self._next(nxt, d)
        out.append(self._key(hands, nxt, pile, d, (PLAY, cons, card, 0, 0, False)))

    def _draws_for(self, hands: list, pile: int, top: int, k: int) -> list:
        """(cards drawn, the pile after) for each outcome of ``k`` draws in a row: from the pile while
        it lasts, then from the discard pile (all but the top card) turned into a new pile."""
        have = self.size(pile)
        if have >= k:
            ck = (pile, k)
            got = self._draws.get(ck)
            if got is None:
                got = self._draws[ck] = [(x, pile - x) for x in self._multisets(pile, k)]
            return got
        refill = self.total - sum(hands) - pile - self.unit[top]
        ck = (pile, refill, k)
        got = self._draws.get(ck)
        if got is None:
            r = min(k - have, self.size(refill))
            got = self._draws[ck] = [(pile + x, refill - x) for x in self._multisets(refill, r)]
        return got

    def _multisets(self, x: int, k: int, i: int = 0) -> Iterator[int]:
        """Every multiset of ``k`` cards from the packed counts ``x``, packed."""
        if k == 0:
            yield 0
            return
        if i == self.T:
            return
        c = (x >> (self.bits * i)) & self.cmask
        for j in range(min(c, k) + 1):
            for rest in self._multisets(x, k - j, i + 1):
                yield j * self.unit[i] + rest

    def _draw(self, hands: list, pile: int, d: int, cons: int, top: int, out: list) -> None:
        """Seat 0 draws one card (model.Position's DRAW stage and its outcomes)."""
        if not pile:
            pile = self.total - sum(hands) - self.unit[top]  # the discard pile, all but its top card
        if not pile:  # nothing to draw: the turn passes (a round nobody can go on with ends at the next turn: _key)
            out.append(self._key(hands, self._next(0, d), pile, d, (PLAY, cons, top, 0, 0, False)))
            return
        b, cm, fits = self.bits, self.cmask, self.fits[cons]
        for i in range(self.T):
            if (pile >> (b * i)) & cm:
                u = self.unit[i]
                hs = [hands[0] + u] + hands[1:]
                if fits[i]:
                    out.append(self._key(hs, 0, pile - u, d, (DRAWN, cons, top, i, 0, False)))
                else:
                    out.append(self._key(hs, self._next(0, d), pile - u, d, (PLAY, cons, top, 0, 0, False)))

    def _deals(self) -> Iterator[int]:
        """Every deal, and the first card's rule (model.Position._deal)."""
        m, t, n = self.m, self.m.t, self.n
        for hands_c, top in m.deals():
            hands = [self.pack_counts(h) for h in hands_c]
            pile = self.total - sum(hands) - self.unit[top]
            start = rules.start_rule(t.kind[top], m.dealer, n)
            cons = self.basic_cons[top] if t.kind[top] == rules.BASIC else self.any
            stage = CHOOSE if start.choose else PLAY
            misc = (stage, cons, top, 0, start.choose, bool(start.choose))
            if not start.draw:
                yield self._key(hands, start.first, pile, start.direction, misc)
                continue
            drawer = (m.dealer + 1) % n
            for add, rest in self._draws_for(hands, pile, top, start.draw):
                hs = list(hands)
                hs[drawer] += add
                yield self._key(hs, start.first, rest, start.direction, misc)
