"""A toy game for the model checker: a counter on a track, moved by a die and by the players.

Position: the counter (0..size-1) and the seat to act. Seat s moves the counter one or two steps;
square ``size - 1`` ends the game. Options make it fail on purpose: a square with no legal move
(a dead end), a pair of squares that send the counter back and forth (a trap), a die roll (chance).
"""

from __future__ import annotations

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction


class Toy:
    def __init__(self, size=6, dead=(), trap=(), die=False, players=2):
        self.size, self.dead, self.trap, self.die, self.players = size, set(dead), set(trap), die, players
        self.at, self.seat, self.rolling = 0, 0, die

    def clone(self):
        c = Toy.__new__(Toy)
        c.__dict__.update(self.__dict__)
        return c

    def current_player(self):
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    def is_terminal(self):
        return self.at == self.size - 1

    def legal_actions(self):
        if self.at in self.dead:
            return []
        if self.at in self.trap:  # only moves inside the trap
            return [t for t in sorted(self.trap) if t != self.at]
        return [a for a in (1, 2) if self.at + a < self.size]

    def apply_action(self, a):
        if a not in self.legal_actions():
            raise IllegalAction(str(a))
        self.at = a if self.at in self.trap else self.at + a
        self.seat = (self.seat + 1) % self.players
        self.rolling = self.die and not self.is_terminal()

    def chance_outcomes(self):
        return [0, 1]

    def apply_chance_outcome(self, o):
        self.at = min(self.size - 1, self.at + o)
        self.rolling = False

    def outcome_to_string(self, o):
        return f"the die says {o}"

    def action_to_string(self, a):
        return f"to square {a}" if self.at in self.trap else f"moves {a}"

    def key(self):
        return (self.at, self.seat, self.rolling)

    def canonical_key(self):
        return (self.at, self.rolling)  # the seats are alike

    def position_to_string(self):
        return f"counter on square {self.at}, seat {self.seat} to act"
