"""How a game of Cartas Maestras ends: the end of the main phase, the tie-break phase, and who wins.

A part of :class:`deckgen.games.maestras.state.MaestrasState` (its base class): the judge and the
last phase, apart from the turns of the main phase.
"""

from __future__ import annotations

from deckgen.games.maestras import rules as R
from deckgen.games.maestras.cards import CENTRAL_INFO, EMPTY_K
from deckgen.games.maestras.rules import CENTRE, SIDES, Cell
from deckgen.games.maestras.table import MAIN, OVER, TIEBREAK, Path, Snapshot, encode


class Ending:
    """The end of the match, over the state's fields (see MaestrasState)."""

    # ------------------------------------------------------------ who wins

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.players
        w = self.winners()
        return [1.0 / len(w) if s in w else 0.0 for s in range(self.players)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return R.winners(self.masters, self.cards_won())

    def cards_won(self) -> list[int]:
        return [len(self.won[s]) + len(self.tiebreak_won[s]) for s in range(self.players)]

    # ------------------------------------------------------------ the end of the main phase

    def _settle(self) -> None:
        """Move on from positions where nobody has a choice: the end of the main phase, tie-break
        turns with nothing to link, the end of the game."""
        if self.phase == MAIN:
            everyone_out = not self.pile and not any(self.hands) and self.pending is None
            all_masters_out = self.rules.main_end == "masters" and self.masters_left == 0 and self.masters_placed > 0
            if self.passes >= self.players or everyone_out or all_masters_out:
                self._end_main()
        if self.phase == TIEBREAK:
            while self.phase == TIEBREAK and not self._tiebreak_moves(self.turn):
                self._end_tiebreak_turn()
        self._legal = None

    def _end_main(self) -> None:
        self.final = Snapshot(
            {cell: (card, self.order.get(cell, 0)) for cell, card in self.board.items()},
            [Path(p.side, list(p.cells), list(p.cards), p.winner) for p in self.paths],
            self.last,
            [(s, list(c)) for s, c in self.history],
        )
        for path in self.paths:
            if path.winner is None:
                self.removed.extend(path.cards)
                self.paths_unwon += 1
        self.paths = []
        self.board = {CENTRE: self.central}
        self.order = {}
        play = self.rules.tiebreak == "always" or (self.rules.tiebreak == "when-tied" and R.masters_tied(self.masters))
        if play:
            self.phase = TIEBREAK
            self.tiebreak_played = True
            self.turn = 0
            self._start_chain()
        else:
            self.phase = OVER

    # ------------------------------------------------------------ tie-break phase

    def _tiebreak_moves(self, seat: int) -> list[int]:
        if not self.held[seat]:
            return []
        if not self.chain:
            return [encode(c, side) for c in self.kinds_held(seat) for side in SIDES if side not in self.board]
        tip = self.chain_cells[-1]
        cells = R.free_cells(self.board, tip, self.last, line=True, corners=self.rules.corners)
        if not cells:
            return []
        after = self.follow.after(self.chain_ref)
        fit = [c for c in self.kinds_unordered(seat) if self.infos[c] in after]  # the few that link, then in the hand's order
        fit.sort(key=self.arrival.__getitem__)
        return [encode(c, cell) for c in fit for cell in cells]

    # ------------------------------------------------------------ a player's tie-break chain

    def _start_chain(self) -> None:
        self.chain = []
        self.chain_cells = []
        self.chain_ref = CENTRAL_INFO
        self.board = {CENTRE: self.central}
        self.last = CENTRE

    def _tiebreak_place(self, card: int, cell: Cell) -> None:
        self._give_up(self.turn, card)
        self.board[cell] = card
        self.chain.append(card)
        self.chain_cells.append(cell)
        if self.infos[card].kind != EMPTY_K:
            self.chain_ref = self.infos[card]
        self.last = cell

    def _end_tiebreak_turn(self) -> None:
        """The player's chain is theirs: it counts as cards won (for ties only); the central card is
        cleared for the next player."""
        self.tiebreak_won[self.turn].extend(self.chain)
        self._start_chain()
        self.tiebreak_done += 1
        if self.tiebreak_done >= self.players:
            self.phase = OVER
        else:
            self._next_turn()
