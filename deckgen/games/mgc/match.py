"""The rules of an MGC match, written once: the generator :meth:`Match._match` deals each round and
plays its turns, the action cards, ÁLGEBRA and the refilling of the draw pile, as straight-line code
that keeps the position in local variables. It runs in two modes:

- *stepping*: at every decision and every chance node it publishes the position on the state and
  pauses (``yield``) until the State protocol resumes it: :meth:`MgcState.apply_action` sends a
  decision, :meth:`MgcState.chance` sends the ``random.Random`` that resolves the chance node. This
  is how the generic loop, the tests and the heuristic policy play.
- *fast*: :meth:`MgcState.playout` tells it to run on without pausing; every decision is then made
  on the spot by the random policy (:func:`deckgen.games.mgc.policies.random_policy`), spending
  random numbers in exactly the order the generic loop would. Both paths play identical games from
  the same seed (tests/mgc/test_engine.py).

Between two steps, a test may rearrange the position in place (hands, draw and discard piles) and
set the constraint, seat and direction before the next decision: the generator reads those back.

A base class of :class:`deckgen.games.mgc.state.MgcState` (which holds the position in its slots);
the piles (:mod:`deckgen.games.mgc.piles`) and the end of a round (:mod:`deckgen.games.mgc.scoring`)
are its neighbours. The generator stays one function: the position lives in its locals, which is
what makes the fast path fast.
"""

from __future__ import annotations

import random
from typing import Generator

from deckgen.games.mgc import rules
from deckgen.games.mgc.deck import HAND
from deckgen.games.mgc.phases import CHANCE_NODE, CHOOSE, DRAWN, J_ALGEBRA, J_DEAL, J_DRAW, J_PENALTY, OVER, PLAY
from deckgen.games.mgc.piles import INDEX_BITS

ALGEBRA_PENALTY = 2  # cards drawn by a player caught not saying "ÁLGEBRA"
UNLIMITED = 1 << 62


def run_on(msg: tuple, draw_freely: bool, done: int) -> tuple:
    """What a paused match resumes with when :meth:`MgcState.playout` tells it to run on fast
    (``msg`` = (rng, more steps, the round to stop after)): (stepping, slow, rand, bits, limit,
    stop_rounds) = not stepping, the slow path only to draw freely, the rng's two draws, the step
    limit counted from the ``done`` steps, and the round limit."""
    rng = msg[0]
    return False, draw_freely, rng.random, rng.getrandbits, done + msg[1], msg[2]


class Match:
    __slots__ = ()

    def _read_back(self, clockwise: tuple, counterclockwise: tuple) -> tuple:
        """After a decision's pause, what a test may have rearranged in place (see the module's
        docstring): the constraint, the seat, the direction, the top card, and the turn order."""
        direction = self.dir
        return self.cons, self.seat, direction, self.top, clockwise if direction > 0 else counterclockwise

    def _publish(self, phase, job, cons, seat, direction, pending, skip, choosing, then_play, drawn, counters) -> None:  # noqa: ANN001
        """Copy the generator's local position and tallies onto the state (at a pause, or the end)."""
        self.phase, self.job, self.cons, self.seat, self.dir = phase, job, cons, seat, direction
        self.pending, self.skip, self.choosing, self.then_play, self.drawn = pending, skip, choosing, then_play, drawn
        (self.top, self.played, self.turns, self.voluntary, self.draws, self.dry_draws, self.offers, self.choices,
         self.moments, self.penalties, self.deals, self.penalty_cards) = counters

    def _match(self, rng: random.Random) -> Generator[None, object, None]:
        """The whole match, written once. See the module docstring for the two modes.

        At each pause it receives an action (int) after a decision, a ``random.Random`` at a chance
        node, or ``(rng, max_turns, stop_rounds)`` to run on fast with the random policy until the
        match ends, ``stop_rounds`` rounds have been played, or ``max_turns`` more turns have begun.
        """
        k = self.k
        t = k.tables
        n = self.n
        masks, bit, kinds, follow = t.masks, t.bit, t.kind, t.follow
        effects = tuple(zip(k.e_draw, k.e_skip, k.e_reverse, k.e_choose))  # per kind: draw, skip, reverse, choose
        starts, free, size, DRAW, PASS, CHOOSE_BASE = k.starts, t.free, t.size, k.DRAW, k.PASS, k.CHOOSE_BASE
        choice_constraint, coefficient_choices, degree_choices = k.choice_constraint, k.coefficient_choices, k.degree_choices
        variant = k.variant
        draw_freely, algebra_chance, last_card_draws = variant.draw_freely, k.algebra_chance, variant.last_card_draws
        after_free = variant.after_action == "free"
        call, catch = variant.algebra_call, variant.algebra_catch
        hands, pile = self.hands, self.pile
        clockwise = [(s + 1) % n for s in range(n)]  # the seat after each seat, to the left
        counterclockwise = [(s - 1) % n for s in range(n)]
        order = clockwise
        draw_cards, refill, publish = self._draw_cards, self._refill, self._publish

        stepping = True  # pause at every decision and chance node
        slow = True  # stepping, or the draw-freely variant: decisions leave the fastest path
        rand, bits = rng.random, rng.getrandbits
        limit, stop_rounds = UNLIMITED, -1  # a fast run's bounds (turns, rounds)
        # tallies: draws chosen while holding a legal card (draw-freely variant), cards
        # drawn, draws that found no card, drawn cards offered for play, values named, ÁLGEBRA
        # moments, Toma penalties, deals after the first, cards drawn as penalties
        # (turns are counted, not incremented: each turn has one decision to play or draw, so the
        # turns so far are the cards played from a hand plus the draws tried)
        voluntary = draws = dry = offers = choices = moments = penalties = deals = penalty_cards = 0
        played_before = drawn_plays = 0  # cards played in earlier rounds; drawn cards played at once
        cons = seat = direction = pending = choosing = played = 0
        started = False
        top = -1
        skip = then_play = False
        drawn = -1

        while True:  # ================================================================ rounds
            if started:  # ---- chance node: deal a new round (the match's first deal is not one)
                if stepping:
                    publish(CHANCE_NODE, J_DEAL, cons, seat, direction, 0, False, 0, False, -1, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                    msg = yield
                    stepping, slow, rand, bits, limit, stop_rounds = (run_on(msg, draw_freely, played_before + played - drawn_plays + draws + dry) if msg.__class__ is tuple
                                                                       else (stepping, slow, msg.random, msg.getrandbits, limit, stop_rounds))
                deals += 1
            started = True
            played_before += played
            self.recycled = played = 0
            if played_before - drawn_plays + draws + dry >= limit:  # a fast run's turn budget is spent
                stepping = slow = True
            dealer = self.dealer
            pile[:] = range(size)
            left = size  # the full pile needs no refill: swap-removes, the tail cut off at the end
            for s in range(n):
                got = 0
                for _ in range(HAND):
                    i = (bits(INDEX_BITS) * left) >> INDEX_BITS
                    left -= 1
                    got |= bit[pile[i]]
                    pile[i] = pile[left]
                hands[s] = got
            i = (bits(INDEX_BITS) * left) >> INDEX_BITS
            left -= 1
            top = pile[i]
            pile[i] = pile[left]
            del pile[left:]
            kind = kinds[top]
            seat, direction, start_draw, choosing = starts[kind][dealer]  # the turned-up card's rule
            order = clockwise if direction > 0 else counterclockwise
            self.round_starter = seat
            cons = follow[top] if not kind else free
            pending, skip, then_play = 0, False, bool(choosing)
            if start_draw:  # Toma dos / Toma cuatro turned up: the dealer's left draws and is skipped
                got = draw_cards(start_draw, bits, top)
                hands[(dealer + 1) % n] |= got
                penalty_cards += got.bit_count()
            winner = -1

            while True:  # ============================================================ turns
                if choosing:  # ---- decision: name the coefficient or the degree (Elección)
                    if stepping:
                        publish(CHOOSE, 0, cons, seat, direction, pending, skip, choosing, then_play, drawn, (top, played, played_before + played - drawn_plays + draws + dry + then_play, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                        msg = yield
                        cons, seat, direction, top, order = self._read_back(clockwise, counterclockwise)
                        if msg.__class__ is tuple:  # run on fast: decide again, by the random policy
                            stepping, slow, rand, bits, limit, stop_rounds = run_on(msg, draw_freely, played_before + played - drawn_plays + draws + dry)
                            continue
                        i = msg - CHOOSE_BASE  # type: ignore[operator]
                    else:
                        lo, hi = coefficient_choices if choosing == rules.CHOOSE_COEFFICIENT else degree_choices
                        i = lo + int(rand() * (hi - lo)) if hi - lo > 1 else lo  # forced: no random number
                    choices += 1
                    cons = choice_constraint[i]
                    choosing = 0
                    if then_play:  # a round opened by an Elección card: the chooser then plays
                        then_play = False
                        continue
                    hand = hands[seat]
                else:
                    # ---- decision: play a legal card, or draw
                    mask = masks[cons]
                    if not pile and played <= self.recycled and not any(h & mask for h in hands):
                        break  # nobody can play and nothing is left to draw: the round ends (RULES.md, row 24)
                    legal = hands[seat] & mask
                    if legal and not slow:  # the random policy: uniform over the legal cards, in order
                        count = legal.bit_count()
                        if count == 1:  # a forced move takes no random number
                            card = legal.bit_length() - 1
                        else:
                            x = rand() * count  # the card at index floor(x) (x - 1.0 is exact here)
                            if x >= count - 1:  # the last one: the highest bit
                                card = legal.bit_length() - 1
                            else:
                                while x >= 1.0:
                                    legal &= legal - 1
                                    x -= 1.0
                                card = (legal & -legal).bit_length() - 1
                    else:
                        card = -1
                        if slow:
                            if stepping:
                                publish(PLAY, 0, cons, seat, direction, pending, skip, choosing, then_play, drawn, (top, played, played_before + played - drawn_plays + draws + dry + 1, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                                msg = yield
                                cons, seat, direction, top, order = self._read_back(clockwise, counterclockwise)
                                if msg.__class__ is tuple:  # run on fast: decide again, by the random policy
                                    stepping, slow, rand, bits, limit, stop_rounds = run_on(msg, draw_freely, played_before + played - drawn_plays + draws + dry)
                                    continue
                                legal = hands[seat] & masks[cons]
                                if msg != DRAW:
                                    card = msg  # type: ignore[assignment]
                            elif legal:  # the random policy, drawing freely: uniform over the legal cards, then DRAW if a card is left to draw
                                count = legal.bit_count()
                                i = int(rand() * (count + (bool(pile) or played > self.recycled)))
                                if i < count:
                                    m = legal
                                    while i:
                                        m &= m - 1
                                        i -= 1
                                    card = (m & -m).bit_length() - 1
                            if card < 0 and legal:  # the draw-freely variant: drawing while holding a legal card
                                voluntary += 1
                        if card < 0:
                            # ---- chance node: draw one card
                            if stepping:
                                publish(CHANCE_NODE, J_DRAW, cons, seat, direction, pending, skip, choosing, then_play, drawn, (top, played, played_before + played - drawn_plays + draws + dry + 1, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                                msg = yield
                                stepping, slow, rand, bits, limit, stop_rounds = (run_on(msg, draw_freely, played_before + played - drawn_plays + draws + dry) if msg.__class__ is tuple
                                                                                   else (stepping, slow, msg.random, msg.getrandbits, limit, stop_rounds))
                            if pile or refill(top):  # (the swap-remove draw of _draw_cards, written out: it is hot)
                                i = (bits(INDEX_BITS) * len(pile)) >> INDEX_BITS
                                got = bit[pile[i]]
                                pile[i] = pile[-1]
                                pile.pop()
                            else:  # nothing left to draw: the turn passes (someone else can still play)
                                dry += 1
                                if played_before + played - drawn_plays + draws + dry >= limit:
                                    stepping = slow = True  # a fast run's turn budget is spent inside a round
                                seat = order[seat]
                                continue
                            hands[seat] |= got
                            draws += 1
                            if played_before + played - drawn_plays + draws + dry >= limit:
                                # a fast run's turn budget is spent inside a round (a round that never ends
                                # draws again and again): step from here, so the run stops at the next pause
                                stepping = slow = True
                            if not got & masks[cons]:  # it does not fit: the turn passes
                                seat = order[seat]
                                continue
                            # ---- decision: play the drawn card at once, or keep it
                            if stepping:
                                drawn = got.bit_length() - 1
                                publish(DRAWN, 0, cons, seat, direction, pending, skip, choosing, then_play, drawn, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                                msg = yield
                                cons, seat, direction, top, order = self._read_back(clockwise, counterclockwise)
                                if msg.__class__ is tuple:  # run on fast: the random policy decides
                                    stepping, slow, rand, bits, limit, stop_rounds = run_on(msg, draw_freely, played_before + played - drawn_plays + draws + dry)
                                    keep = rand() >= 0.5
                                else:
                                    keep = msg == PASS
                            else:
                                keep = rand() >= 0.5  # the random policy: index int(2r) = 1 of [the card, PASS]
                            offers += 1
                            if keep:
                                seat = order[seat]
                                continue
                            card = got.bit_length() - 1
                            drawn_plays += 1

                    # ---- play `card`
                    hand = hands[seat] ^ bit[card]
                    hands[seat] = hand
                    top = card
                    played += 1
                    kind = kinds[card]
                    if not kind:  # a monomial sets the constraint
                        cons = follow[card]
                        if hand.bit_count() > 1:  # two or more cards left: the turn simply passes on
                            seat = order[seat]
                            continue
                    else:
                        pending, skip, reverse, choose = effects[kind]
                        if after_free:  # variant: after an action card any card may follow
                            cons = free
                        if reverse:
                            direction = -direction
                            order = clockwise if direction > 0 else counterclockwise
                        if choose and hand:  # Elección: the player names a value next
                            choosing = choose
                            continue

                # ---- after a card (and the value an Elección card named); `hand` is the player's hand
                if algebra_chance and hand.bit_count() == 1:
                    # ---- chance node: one card left, the player must say "ÁLGEBRA"
                    if stepping:
                        publish(CHANCE_NODE, J_ALGEBRA, cons, seat, direction, pending, skip, choosing, then_play, drawn, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                        msg = yield
                        stepping, slow, rand, bits, limit, stop_rounds = (run_on(msg, draw_freely, played_before + played - drawn_plays + draws + dry) if msg.__class__ is tuple
                                                                           else (stepping, slow, msg.random, msg.getrandbits, limit, stop_rounds))
                    moments += 1
                    if rand() >= call:  # forgot to say it...
                        self.algebra_forgot += 1
                        if rand() < catch:  # ...and was caught in time
                            self.algebra_caught += 1
                            got = draw_cards(ALGEBRA_PENALTY, bits, top)
                            hands[seat] |= got
                            penalty_cards += got.bit_count()
                if pending and (hand or last_card_draws):
                    # ---- chance node: the next player draws what the Toma card says
                    if stepping:
                        publish(CHANCE_NODE, J_PENALTY, cons, seat, direction, pending, skip, choosing, then_play, drawn, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                        msg = yield
                        stepping, slow, rand, bits, limit, stop_rounds = (run_on(msg, draw_freely, played_before + played - drawn_plays + draws + dry) if msg.__class__ is tuple
                                                                           else (stepping, slow, msg.random, msg.getrandbits, limit, stop_rounds))
                    penalties += 1
                    got = 0
                    for _ in range(pending):  # (the swap-remove draw of _draw_cards, written out: it is hot)
                        if not pile and not refill(top, got):
                            break
                        i = (bits(INDEX_BITS) * len(pile)) >> INDEX_BITS
                        got |= bit[pile[i]]
                        pile[i] = pile[-1]
                        pile.pop()
                    hands[order[seat]] |= got
                    penalty_cards += got.bit_count()
                    pending = 0
                if not hand:  # the round is won
                    winner = seat
                    break
                # ---- the next turn (skipping a player after Intermisión or a Toma card)
                seat = order[seat]
                if skip:
                    seat = order[seat]
                    skip = False

            # ==================================================================== the round is over
            if self._end_round(winner):  # the match is won
                publish(OVER, 0, cons, seat, direction, 0, False, 0, False, -1, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                return
            if self.rounds == stop_rounds:
                stepping = slow = True
