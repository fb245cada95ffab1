"""The MGC match as an engine state: rounds of play until a player reaches the target score.

Speed is designed in. Cards are integers (deck order); a hand is an int bit mask; the constraint in
force is a small integer whose legal-card mask is precomputed (cards.py), so "which of my cards may
I play?" is one ``&``; a draw is an O(1) swap-remove at a random place in the draw pile (nothing is
ever shuffled); nothing is copied per move.

One copy of the rules. Every rule of the match (dealing, each turn, the action cards, ÁLGEBRA,
refilling the draw pile) is written once, as straight-line code in the generator
:meth:`MgcState._match`, which keeps the position in local variables. It runs in two modes:

- *stepping*: at every decision and every chance node it publishes the position on the state and
  pauses (``yield``) until the State protocol resumes it: :meth:`apply_action` sends a decision,
  :meth:`chance` sends the ``random.Random`` that resolves the chance node. This is how the generic
  loop, the tests and the heuristic policy play.
- *fast*: :meth:`playout` tells it to run on without pausing; every decision is then made on the
  spot by the random policy (:func:`deckgen.games.mgc.policies.random_policy`), spending random
  numbers in exactly the order the generic loop would. Both paths play identical games from the
  same seed (tests/mgc/test_engine.py).

Between two steps, a test may rearrange the position in place (hands, draw and discard piles) and
set the constraint, seat and direction before the next decision: the generator reads those back.

Seats 0..n-1 sit clockwise; "to the left" is the next seat (direction +1). The first round is dealt
by the last seat, so seat 0 (the player the rulebook's birthday rule picks) opens the match.
"""

from __future__ import annotations

import random
from typing import Generator, Hashable, Mapping, Sequence

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import cards_of
from deckgen.games.mgc.deck import HAND
from deckgen.games.mgc.setup import Setup, hand_value  # noqa: F401 (engine, hidden and tests import Setup from here)

from deckgen.games.mgc.phases import CHANCE_NODE, CHOOSE, DRAWN, J_ALGEBRA, J_DEAL, J_DRAW, J_PENALTY, OVER, PLAY  # noqa: F401
ALGEBRA_PENALTY = 2  # cards drawn by a player caught not saying "ÁLGEBRA"
UNLIMITED = 1 << 62
# A random place in the draw pile is (getrandbits(INDEX_BITS) * len(pile)) >> INDEX_BITS: a product
# that stays a one-digit Python int (fast), uniform to within len(pile) / 2**23 < 0.002%.
INDEX_BITS = 23




class MgcState:
    __slots__ = (
        "k", "n", "_gen",
        # the position, as published at the last pause
        "hands", "pile", "top", "played", "recycled", "phase", "job", "cons", "seat", "dir", "pending", "skip", "choosing",
        "then_play", "drawn", "idle", "scores", "dealer", "round_starter", "last_winner", "winner",
        # tallies
        "turns", "rounds", "voluntary", "draws", "dry_draws", "offers", "choices", "moments", "penalties",
        "deals", "penalty_cards", "algebra_forgot", "algebra_caught", "starter_wins", "blocked", "refills",
        # what every seat has seen (for a searching player's worlds, hidden.sample_seen): the cards
        # each seat has played, and each draw taken with no legal card: (seat, constraint, hand size
        # then, its plays then, the round)
        "plays", "voids",
    )

    def __init__(self, setup: Setup, rng: random.Random) -> None:
        self.k = setup
        n = self.n = setup.players
        self.hands = [0] * n
        self.pile: list[int] = []
        self.top = -1  # the top card of the discard pile
        self.played = self.recycled = 0  # cards played onto the discard pile this round; moved back
        self.scores = [0] * n
        self.dealer = n - 1
        self.last_winner = self.winner = -1
        self.rounds = 0
        self.plays = [0] * n
        self.voids: list[tuple[int, int, int, int, int]] = []
        self.algebra_forgot = self.algebra_caught = self.starter_wins = self.blocked = self.refills = 0
        self._gen = self._match(rng)
        next(self._gen)  # deal the first round with ``rng`` and pause at the first decision

    # ------------------------------------------------------------------ piles and scoring

    def discard_mask(self, exclude: int = 0) -> int:
        """The discard pile as a mask: every card in no hand and not in the draw pile (``exclude``:
        cards on their way to a hand). The engine keeps only its top card and its size."""
        held = exclude
        for h in self.hands:
            held |= h
        for c in self.pile:
            held |= 1 << c
        return ((1 << self.k.size) - 1) & ~held

    def discard_pile(self) -> list[int]:
        """The discard pile's cards, the top card last."""
        return [c for c in cards_of(self.discard_mask()) if c != self.top] + [self.top]

    def _refill(self, top: int, exclude: int = 0) -> int:
        """Turn the discard pile, all but its ``top`` card, into the draw pile (in card order: every
        draw takes a random card, so no shuffle is needed). Returns how many cards moved."""
        below = self.discard_mask(exclude) & ~(1 << top)
        if not below:
            return 0
        moved = cards_of(below)
        self.pile.extend(moved)
        self.recycled += len(moved)
        self.refills += 1
        return len(moved)

    def _draw_cards(self, count: int, bits, top: int) -> int:
        """Take ``count`` cards from random places in the draw pile (swap-remove: O(1) each, nothing
        shuffled) and return them as a mask; fewer (or none) when even a refill leaves nothing."""
        pile = self.pile
        bit = self.k.tables.bit
        got = 0
        for _ in range(count):
            if not pile and not self._refill(top, got):
                break
            i = (bits(INDEX_BITS) * len(pile)) >> INDEX_BITS
            got |= bit[pile[i]]
            pile[i] = pile[-1]
            pile.pop()
        return got


    def _end_round(self, winner: int) -> bool:
        """Score a round: its winner takes the value of every card left in the other hands. A blocked
        round (winner -1: nobody could play or draw) goes to the lowest hand; a tie for it scores
        nothing. Returns True when the match is won; otherwise the next dealer is chosen."""
        points = self.k.tables.points
        values = [hand_value(h, points) for h in self.hands]
        if winner < 0:
            self.blocked += 1
            low = min(values)
            lowest = [s for s, v in enumerate(values) if v == low]
            winner = lowest[0] if len(lowest) == 1 else -1
        self.rounds += 1
        if winner >= 0:
            self.scores[winner] += sum(values) - values[winner]
            self.last_winner = winner
            self.starter_wins += winner == self.round_starter
            if self.scores[winner] >= self.k.variant.target_score:
                self.winner = winner
                return True
        if self.k.variant.round_starter == "winner" and self.last_winner >= 0:
            self.dealer = (self.last_winner - 1) % self.n  # the last winner opens the next round
        else:
            self.dealer = (self.dealer + 1) % self.n  # the deal passes to the left
        return False

    def _publish(self, phase, job, cons, seat, direction, pending, skip, choosing, then_play, drawn, idle, counters) -> None:  # noqa: ANN001
        """Copy the generator's local position and tallies onto the state (at a pause, or the end)."""
        self.phase, self.job, self.cons, self.seat, self.dir = phase, job, cons, seat, direction
        self.pending, self.skip, self.choosing, self.then_play, self.drawn, self.idle = pending, skip, choosing, then_play, drawn, idle
        (self.top, self.played, self.turns, self.voluntary, self.draws, self.dry_draws, self.offers, self.choices,
         self.moments, self.penalties, self.deals, self.penalty_cards) = counters

    @property
    def steps(self) -> int:
        """Decisions and chance nodes so far, as the generic loop counts them (each turn opens with
        one decision to play or draw, which is still to come while the match waits for it)."""
        waiting = self.phase == PLAY or (self.phase == CHOOSE and self.then_play)
        return (
            self.turns - waiting + self.draws + self.dry_draws + self.offers + self.choices + self.moments
            + self.penalties + self.deals
        )

    # ------------------------------------------------------------------ the rules

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
        cons = seat = direction = pending = choosing = idle = played = 0
        started = False
        top = -1
        skip = then_play = False
        drawn = -1

        while True:  # ================================================================ rounds
            if started:  # ---- chance node: deal a new round (the match's first deal is not one)
                if stepping:
                    publish(CHANCE_NODE, J_DEAL, cons, seat, direction, 0, False, 0, False, -1, idle, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                    msg = yield
                    if msg.__class__ is tuple:
                        stepping, slow, rand, bits, limit, stop_rounds = False, draw_freely, msg[0].random, msg[0].getrandbits, played_before + played - drawn_plays + draws + dry + msg[1], msg[2]
                    else:
                        rand, bits = msg.random, msg.getrandbits
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
            pending, skip, idle, then_play = 0, False, 0, bool(choosing)
            if start_draw:  # Toma dos / Toma cuatro turned up: the dealer's left draws and is skipped
                got = draw_cards(start_draw, bits, top)
                hands[(dealer + 1) % n] |= got
                penalty_cards += got.bit_count()
            winner = -1

            while True:  # ============================================================ turns
                if choosing:  # ---- decision: name the coefficient or the degree (Elección)
                    if stepping:
                        publish(CHOOSE, 0, cons, seat, direction, pending, skip, choosing, then_play, drawn, idle, (top, played, played_before + played - drawn_plays + draws + dry + then_play, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                        msg = yield
                        cons, seat, direction, top = self.cons, self.seat, self.dir, self.top
                        order = clockwise if direction > 0 else counterclockwise
                        if msg.__class__ is tuple:  # run on fast: decide again, by the random policy
                            stepping, slow, rand, bits, limit, stop_rounds = False, draw_freely, msg[0].random, msg[0].getrandbits, played_before + played - drawn_plays + draws + dry + msg[1], msg[2]
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
                    legal = hands[seat] & masks[cons]
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
                                publish(PLAY, 0, cons, seat, direction, pending, skip, choosing, then_play, drawn, idle, (top, played, played_before + played - drawn_plays + draws + dry + 1, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                                msg = yield
                                cons, seat, direction, top = self.cons, self.seat, self.dir, self.top
                                order = clockwise if direction > 0 else counterclockwise
                                if msg.__class__ is tuple:  # run on fast: decide again, by the random policy
                                    stepping, slow, rand, bits, limit, stop_rounds = False, draw_freely, msg[0].random, msg[0].getrandbits, played_before + played - drawn_plays + draws + dry + msg[1], msg[2]
                                    continue
                                legal = hands[seat] & masks[cons]
                                if msg != DRAW:
                                    card = msg  # type: ignore[assignment]
                            elif legal:  # the random policy, drawing freely: uniform over the legal cards, then DRAW
                                count = legal.bit_count()
                                i = int(rand() * (count + 1))
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
                                publish(CHANCE_NODE, J_DRAW, cons, seat, direction, pending, skip, choosing, then_play, drawn, idle, (top, played, played_before + played - drawn_plays + draws + dry + 1, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                                msg = yield
                                if msg.__class__ is tuple:
                                    stepping, slow, rand, bits, limit, stop_rounds = False, draw_freely, msg[0].random, msg[0].getrandbits, played_before + played - drawn_plays + draws + dry + msg[1], msg[2]
                                else:
                                    rand, bits = msg.random, msg.getrandbits
                            if pile or refill(top):  # (the swap-remove draw of _draw_cards, written out: it is hot)
                                i = (bits(INDEX_BITS) * len(pile)) >> INDEX_BITS
                                got = bit[pile[i]]
                                pile[i] = pile[-1]
                                pile.pop()
                            else:  # nothing left to draw: the turn passes; everyone stuck: the round is blocked
                                dry += 1
                                idle += 1
                                if idle >= n:
                                    break
                                seat = order[seat]
                                continue
                            idle = 0
                            hands[seat] |= got
                            draws += 1
                            if not got & masks[cons]:  # it does not fit: the turn passes
                                seat = order[seat]
                                continue
                            # ---- decision: play the drawn card at once, or keep it
                            if stepping:
                                drawn = got.bit_length() - 1
                                publish(DRAWN, 0, cons, seat, direction, pending, skip, choosing, then_play, drawn, idle, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                                msg = yield
                                cons, seat, direction, top = self.cons, self.seat, self.dir, self.top
                                order = clockwise if direction > 0 else counterclockwise
                                if msg.__class__ is tuple:  # run on fast: the random policy decides
                                    stepping, slow, rand, bits, limit, stop_rounds = False, draw_freely, msg[0].random, msg[0].getrandbits, played_before + played - drawn_plays + draws + dry + msg[1], msg[2]
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
                        publish(CHANCE_NODE, J_ALGEBRA, cons, seat, direction, pending, skip, choosing, then_play, drawn, idle, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                        msg = yield
                        if msg.__class__ is tuple:
                            stepping, slow, rand, bits, limit, stop_rounds = False, draw_freely, msg[0].random, msg[0].getrandbits, played_before + played - drawn_plays + draws + dry + msg[1], msg[2]
                        else:
                            rand, bits = msg.random, msg.getrandbits
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
                        publish(CHANCE_NODE, J_PENALTY, cons, seat, direction, pending, skip, choosing, then_play, drawn, idle, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                        msg = yield
                        if msg.__class__ is tuple:
                            stepping, slow, rand, bits, limit, stop_rounds = False, draw_freely, msg[0].random, msg[0].getrandbits, played_before + played - drawn_plays + draws + dry + msg[1], msg[2]
                        else:
                            rand, bits = msg.random, msg.getrandbits
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
                publish(OVER, 0, cons, seat, direction, 0, False, 0, False, -1, idle, (top, played, played_before + played - drawn_plays + draws + dry, voluntary, draws, dry, offers, choices, moments, penalties, deals, penalty_cards))
                return
            if self.rounds == stop_rounds:
                stepping = slow = True

    # ------------------------------------------------------------------ the State protocol

    def step_weight(self) -> int:
        """What the step just taken cost, in ordinary steps: a policy's decision reads the hand, so a
        hand of hundreds of cards (a deck file of Toma cuatro by the thousand) makes each step cost
        as several (one more per 32 cards). Hands of a playable deck (under 32 cards) weigh 1."""
        return 1 + (self.hands[self.seat].bit_count() >> 5)

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == CHANCE_NODE:
            return CHANCE
        return self.seat

    def legal_actions(self) -> list[int]:
        phase = self.phase
        k = self.k
        if phase == PLAY:
            actions = cards_of(self.hands[self.seat] & k.tables.masks[self.cons])
            if not actions or k.variant.draw_freely:
                actions.append(k.DRAW)
            return actions
        if phase == DRAWN:
            return [self.drawn, k.PASS]
        if phase == CHOOSE:
            lo, hi = k.choice_range(self.choosing)
            return list(range(k.CHOOSE_BASE + lo, k.CHOOSE_BASE + hi))
        return []

    def _resume(self, message: object) -> None:
        try:
            self._gen.send(message)
        except StopIteration:
            pass

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{self.action_to_string(action)} is not legal now")
        seat = self.seat
        if self.phase == PLAY and action == self.k.DRAW and not self.k.variant.draw_freely:
            # public: drawing is allowed only without a legal card, so this hand held none
            self.voids.append((seat, self.cons, self.hands[seat].bit_count(), self.plays[seat], self.rounds))
        elif self.phase in (PLAY, DRAWN) and 0 <= action < self.k.size:
            self.plays[seat] += 1
        self._resume(action)

    def chance(self, rng: random.Random) -> None:
        if self.phase != CHANCE_NODE:
            raise IllegalAction("not a chance node")
        self._resume(rng)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        return [self.winner] if self.phase == OVER else []

    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.n)]

    def action_to_string(self, action: int) -> str:
        k, t = self.k, self.k.tables
        if 0 <= action < k.size:
            return f"play {self.describe_card(action)}"
        if action == k.DRAW:
            return "draw"
        if action == k.PASS:
            return "keep the drawn card"
        i = action - k.CHOOSE_BASE
        if 0 <= i < len(t.coefficients):
            return f"name coefficient {t.coefficients[i]}"
        if 0 <= i - len(t.coefficients) < len(t.degrees):
            return f"name degree {t.degrees[i - len(t.coefficients)]}"
        return f"action {action}"

    def describe_card(self, card: int) -> str:
        t = self.k.tables
        if t.kind[card] == rules.BASIC:
            return f"card {card} (coefficient {t.coefficient[card]}, degree {t.degree[card]})"
        return f"card {card} ({rules.KIND_ACTION[t.kind[card]]})"

    def card_count(self) -> int:
        return sum(h.bit_count() for h in self.hands) + len(self.pile) + 1 + self.played - self.recycled

    def explorable(self) -> object | None:
        """This position as the model checker's round model (model.py), to search on from it; None
        between rounds and at the end of the match."""
        from deckgen.games.mgc.model import position_of

        return position_of(self)

    def key(self) -> Hashable:
        # the draw pile as a set (its order is not part of the position: every draw is at random),
        # built at C speed: a mask built card by card costs a big-integer copy a card (ms a step
        # with a 5,000-card deck)
        pile = frozenset(self.pile)
        return (
            self.phase, self.job if self.phase == CHANCE_NODE else -1, self.seat, self.dir, self.cons, self.pending,
            self.skip, self.choosing, self.then_play, self.drawn, self.idle, tuple(self.hands), pile,
            self.top, tuple(self.scores), self.dealer,
        )

    def length(self) -> int:
        return self.turns

    def counts(self) -> Mapping[str, float]:
        return {
            "rounds": self.rounds,
            "turns": self.turns,
            # every draw is a turn without a legal card, except the draw-freely variant's chosen draws
            "turns_with_legal": self.turns - (self.draws + self.dry_draws - self.voluntary),
            "draws": self.draws,
            "penalty_cards": self.penalty_cards,
            "algebra_forgot": self.algebra_forgot,
            "algebra_caught": self.algebra_caught,
            "starter_wins": self.starter_wins,
            "blocked_rounds": self.blocked,
            "refills": self.refills,
        }

    # ------------------------------------------------------------------ fast path

    playout_policies: Sequence[str] = ("random",)

    def playout(self, rng: random.Random, policy: str = "random", max_steps: int = UNLIMITED, rounds: int = 0) -> int:
        """Play on with the random policy until the match ends, ``rounds`` more rounds have ended
        (0: no limit), or ``max_steps`` more turns have begun (a safety bound: every turn is at
        least one step). Returns the steps taken, counted as the generic loop counts them (one per
        decision or chance node)."""
        if policy not in self.playout_policies:
            raise ValueError(f"no fast path for policy {policy!r}")
        if self.phase == OVER:
            return 0
        before = self.steps
        self._resume((rng, max_steps, self.rounds + rounds if rounds else -1))
        return self.steps - before
