"""The MGC match as an engine state: rounds of play until a player reaches the target score.

Speed is designed in. Cards are integers (deck order); a hand is an int bit mask; the constraint in
force is a small integer whose legal-card mask is precomputed (cards.py), so "which of my cards may
I play?" is one ``&``; a draw is an O(1) swap-remove at a random place in the draw pile (nothing is
ever shuffled); nothing is copied per move.

One file per concept, as RLCard splits UNO (card, dealer, judger, round, game):

- :mod:`deckgen.games.mgc.match`: the rules of play, written once as the generator
  :meth:`MgcState._match` (dealing, each turn, the action cards, ÁLGEBRA, refills); it keeps the
  position in local variables and runs in two modes, stepping (it pauses at every decision and
  chance node) and fast (:meth:`playout`, the random policy decides on the spot);
- :mod:`deckgen.games.mgc.piles`: the draw and discard piles (random draws, refills);
- :mod:`deckgen.games.mgc.scoring`: the end of a round (who scores what, the next dealer);
- :mod:`deckgen.games.mgc.setup`: the match's precomputed tables;
- here: the position (the state's slots) and the State protocol the generic loop, the tests, the
  policies and the model checker use.

Seats 0..n-1 sit clockwise; "to the left" is the next seat (direction +1). The first round is dealt
by the last seat, so seat 0 (the player the rulebook's birthday rule picks) opens the match.
"""

from __future__ import annotations

import random
from typing import Hashable, Mapping, Sequence

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import Legal
from deckgen.games.mgc.match import ALGEBRA_PENALTY, UNLIMITED, Match  # noqa: F401 (tests import them from here)
from deckgen.games.mgc.phases import CHANCE_NODE, CHOOSE, DRAWN, J_ALGEBRA, J_DEAL, J_DRAW, J_PENALTY, OVER, PLAY  # noqa: F401
from deckgen.games.mgc.piles import INDEX_BITS, Piles  # noqa: F401 (tests import INDEX_BITS from here)
from deckgen.games.mgc.scoring import Scoring
from deckgen.games.mgc.setup import Setup, hand_value  # noqa: F401 (engine, hidden and tests import Setup from here)


class MgcState(Match, Piles, Scoring):
    __slots__ = (
        "k", "n", "_gen",
        # the position, as published at the last pause
        "hands", "pile", "top", "played", "recycled", "phase", "job", "cons", "seat", "dir", "pending", "skip", "choosing",
        "then_play", "drawn", "scores", "dealer", "round_starter", "last_winner", "winner",
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

    # ------------------------------------------------------------------ tallies

    @property
    def steps(self) -> int:
        """Decisions and chance nodes so far, as the generic loop counts them (each turn opens with
        one decision to play or draw, which is still to come while the match waits for it)."""
        waiting = self.phase == PLAY or (self.phase == CHOOSE and self.then_play)
        return (
            self.turns - waiting + self.draws + self.dry_draws + self.offers + self.choices + self.moments
            + self.penalties + self.deals
        )

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

    def legal_actions(self) -> Sequence[int]:
        phase = self.phase
        k = self.k
        if phase == PLAY:
            # the legal cards in increasing order, then DRAW: a Legal sequence, read from the mask
            # (a hand of thousands of cards is never listed to pick one: cards.py)
            legal = self.hands[self.seat] & k.tables.masks[self.cons]
            return Legal(legal, (k.DRAW,) if not legal or k.variant.draw_freely and self.can_draw() else ())
        if phase == DRAWN:
            return [self.drawn, k.PASS]
        if phase == CHOOSE:
            lo, hi = k.choice_range(self.choosing)
            return list(range(k.CHOOSE_BASE + lo, k.CHOOSE_BASE + hi))
        return []

    def can_draw(self) -> bool:
        """Is a card left to draw: in the draw pile, or below the discard pile's top card (a refill)?
        With nothing to draw, a player who can play must play (``draw_freely`` offers no draw), and one
        who cannot passes; when nobody can play either, the round is over (RULES.md, row 24)."""
        return bool(self.pile) or self.played > self.recycled

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
            self.skip, self.choosing, self.then_play, self.drawn, tuple(self.hands), pile,
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
