"""A whole Hectoedra match for the engine: as many rounds as players (by default), each dealt afresh.

Actions: a card value ``v`` plays that card on the central pile; ``PENALTY + v`` puts it face down
as a penalty. Every card is always somewhere: set aside (not in this round's game deck), in the draw
pile, in a hand, on the central pile or in a penalty pile.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Hashable, Mapping, Sequence

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.i18n import _

from deckgen.games.hectoedra import rules

PENALTY = 1000


@dataclass(frozen=True)
class Variant:
    """The rule variants a match is played with (deck options of scope "rules")."""

    per_player: int = rules.CARDS_PER_PLAYER
    hand: int = rules.HAND
    rounds: int = 0  # 0: as many rounds as players
    start_tie: str = "youngest"  # "youngest": the lowest seat wins a tie for fewest primes; "random"
    next_starter: str = "last-played"  # who starts the next round: "last-played" or "last-turn"
    each_starts: bool = True  # nobody starts a second round before everybody has started one
    must_play: bool = True  # a player holding a legal card must play one
    keep_penalties: bool = False  # penalty cards stay out of later deals (the piles are the score)

    @staticmethod
    def from_options(options: Mapping) -> "Variant":
        return Variant(
            per_player=int(options.get("per_player", rules.CARDS_PER_PLAYER)),
            hand=int(options.get("hand", rules.HAND)),
            rounds=int(options.get("rounds", 0)),
            start_tie=str(options.get("start_tie", "youngest")),
            next_starter=str(options.get("next_starter", "last-played")),
            each_starts=bool(options.get("each_starts", True)),
            must_play=bool(options.get("must_play", True)),
            keep_penalties=bool(options.get("keep_penalties", False)),
        )


class HectoedraState:
    def __init__(self, cards: Sequence[int], players: int, variant: Variant = Variant()) -> None:
        if not 2 <= players <= 10:
            raise ValueError("Hectoedra is for 2 to 10 players")
        self.players = players
        self.variant = variant
        self.rounds_total = variant.rounds or players
        self.box: list[int] = sorted(cards)  # cards set aside (not in the current game deck)
        self.draw: list[int] = []  # the draw pile; its top is the end of the list
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.pile: list[int] = []  # the central pile; its top is the end of the list
        self.penalty_piles: list[list[int]] = [[] for _ in range(players)]  # face-down cards
        self.round_penalties = [0] * players
        self.totals = [0] * players
        self.round_no = 0  # rounds finished
        self.seat = 0
        self.starter = 0
        self.started: list[int] = []  # the seat that started each round so far, in order
        self.turns = 0  # turns played in the whole match
        self.last_played: int | None = None  # the seat that put the last card on the central pile
        self.last_turn: int | None = None
        self.dealing = True
        self.over = False
        self.history: list[dict] = []  # one record per finished round
        # what every seat has seen in this round: (seat, top card, cards it had drawn then) for each
        # penalty taken with no legal card; a searching player's worlds respect it (hidden.sample_seen)
        self.voids: list[tuple[int, int, int]] = []
        self.drawn = [0] * players  # cards each seat has drawn in this round
        self.shortfalls: list[str] = []  # every round dealt short of the printed counts (engine/state.py)
        self._counts = {"turns": 0, "penalties": 0, "no_legal": 0, "player_rounds": 0, "rounds": 0, "start_ties": 0, "starter_edge": 0.0, "every_seat_started": 0.0}

    # ------------------------------------------------------------ protocol

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.dealing else self.seat

    def is_terminal(self) -> bool:
        return self.over

    def chance(self, rng: random.Random) -> None:
        """Deal a round: shuffle every card set aside, take the game deck, deal the hands."""
        if not self.dealing:
            raise IllegalAction("no deal is due")
        v = self.variant
        if not v.keep_penalties:
            for p in self.penalty_piles:
                self.box.extend(p)
                p.clear()
        self.box.extend(self.pile)
        self.pile.clear()
        self.box.sort()
        rng.shuffle(self.box)
        per = min(v.per_player, len(self.box) // self.players)
        take = per * self.players
        game_deck, self.box = self.box[:take], sorted(self.box[take:])
        hand = min(v.hand, per)
        if per < v.per_player:
            self.shortfalls.append(_(
                "round {round} dealt {per} cards a player ({hand} in hand), not the {printed} printed"
                " ({needed} needed, {left} left to deal)", round=self.round_no + 1, per=per, hand=hand,
                printed=v.per_player, needed=self.players * v.per_player, left=take + len(self.box)))
        elif hand < v.hand:  # a hand larger than the cards a player gets: the rulebook's hand is never dealt
            self.shortfalls.append(_(
                "round {round} dealt {hand} cards in hand, not the {printed} printed: a player gets only {per} cards a round",
                round=self.round_no + 1, hand=hand, printed=v.hand, per=per))
        for i in range(self.players):
            self.hands[i] = game_deck[i * hand : (i + 1) * hand]
        self.draw = game_deck[self.players * hand :]
        self.round_penalties = [0] * self.players
        self.voids.clear()
        self.drawn = [0] * self.players
        if self.round_no == 0:
            if v.start_tie == "random":
                counts = [rules.primes_in(h) for h in self.hands]
                tied = [i for i, c in enumerate(counts) if c == min(counts)]
                self.starter = tied[int(rng.random() * len(tied))]
                was_tie = len(tied) > 1
            else:
                self.starter, was_tie = rules.first_starter(self.hands)
            self.start_tie = was_tie
            self._counts["start_ties"] += int(was_tie)
        else:
            prev = self.last_played if v.next_starter == "last-played" else self.last_turn
            self.starter = self.starter if prev is None else prev
            if v.each_starts:
                self.starter = rules.next_starter(self.starter, self.started, self.players)
        self.started.append(self.starter)
        self.seat = self.starter
        self.last_played = None
        self.last_turn = None
        self.dealing = False
        if not any(self.hands):  # nothing was dealt (fewer cards left than players): a round of no turns
            self._end_round()

    def length_variant(self) -> tuple[int, int, int]:
        """(rounds still to play, a deal due, cards in hands and the draw pile): never up, and down
        at every turn (the proof that every game ends). A turn puts one card from a hand on the
        central pile or a penalty pile and refills the hand from the draw pile (one fewer); a deal
        ends "a deal due" and fills the hands (the first component is unchanged, the second drops);
        the end of a round leaves one round fewer."""
        if self.over:
            return (0, 0, 0)
        return (self.rounds_total - self.round_no, int(self.dealing), sum(len(h) for h in self.hands) + len(self.draw))

    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    def legal_actions(self) -> list[int]:
        if self.over or self.dealing:
            return []
        hand = self.hands[self.seat]
        plays = sorted(rules.legal_cards(hand, self.top()))
        if plays and self.variant.must_play:
            return plays
        return plays + sorted(PENALTY + c for c in hand)

    def apply_action(self, action: int) -> None:
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(f"{self.action_to_string(action)} is not legal for seat {self.seat}")
        hand = self.hands[self.seat]
        had_legal = legal[0] < PENALTY  # the plays come first: a hand with a legal card offers one
        if action >= PENALTY:
            card = action - PENALTY
            if not had_legal and self.pile:  # public: this hand held nothing that follows the top card
                self.voids.append((self.seat, self.pile[-1], self.drawn[self.seat]))
            hand.remove(card)
            self.penalty_piles[self.seat].append(card)
            self.round_penalties[self.seat] += 1
            self._counts["penalties"] += 1
        else:
            hand.remove(action)
            self.pile.append(action)
            self.last_played = self.seat
        self._counts["no_legal"] += int(not had_legal)
        self.last_turn = self.seat
        if self.draw:
            while len(hand) < self.variant.hand and self.draw:
                hand.append(self.draw.pop())
                self.drawn[self.seat] += 1
        self.turns += 1
        self._counts["turns"] += 1
        if all(not h for h in self.hands):
            self._end_round()
        else:
            self.seat = (self.seat + 1) % self.players
            while not self.hands[self.seat]:  # cannot happen with equal hands; kept for safety
                self.seat = (self.seat + 1) % self.players

    def _end_round(self) -> None:
        winners = rules.round_winners(self.round_penalties)
        for i, p in enumerate(self.round_penalties):
            self.totals[i] += p
        self.history.append({"starter": self.starter, "penalties": list(self.round_penalties), "winners": winners, "last_played": self.last_played})
        self._counts["rounds"] += 1
        self._counts["player_rounds"] += self.players
        if self.starter in winners:
            self._counts["starter_edge"] += self.players / len(winners)
        self.round_no += 1
        if self.round_no >= self.rounds_total:
            self.over = True
            self._counts["every_seat_started"] = float(len(set(self.started)) == min(self.players, self.round_no))
        else:
            self.dealing = True

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.players
        w = self.winners()
        return [1.0 / len(w) if i in w else 0.0 for i in range(self.players)]

    def winners(self) -> list[int]:
        return rules.match_winners(self.totals) if self.over else []

    def action_to_string(self, action: int) -> str:
        if action >= PENALTY:
            return f"penalty {action - PENALTY}"
        return f"play {action}"

    def card_count(self) -> int:
        return len(self.box) + len(self.draw) + sum(map(len, self.hands)) + len(self.pile) + sum(map(len, self.penalty_piles))

    def key(self) -> Hashable:
        return (
            self.round_no,
            self.dealing,
            self.seat,
            tuple(self.draw),
            tuple(tuple(sorted(h)) for h in self.hands),
            tuple(self.pile),
            tuple(self.round_penalties),
            tuple(self.totals),
        )

    def length(self) -> int:
        return self.turns

    def counts(self) -> Mapping[str, float]:
        return dict(self._counts)
