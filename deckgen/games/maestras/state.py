"""The state of a game of Cartas Maestras, for the shared engine (deckgen.engine.state.State).

Turn order: seat 0 starts and play passes to the right, which is seat 1, then seat 2... (seats are
numbered in turn order). One action is one turn: place one card, or, with nothing to place, draw one
card (or pass when the draw pile is empty). The main phase ends as soon as every master card is on
the table (rule main_end="masters", source steps 5-6), or earlier when a whole round passes with an
empty draw pile (nothing more can be placed; the only end with main_end="stuck"); then, if the rules say so, the tie-break phase: each
player in turn links as many of their remaining cards as they can in a single chain from the cleared
central card (one action per card; the chain ends when nothing more can be linked).

The end of the match (the end of the main phase, the tie-break, who wins) is in ``ending.py``, the
state's base class; the table's vocabulary (phases, action codes, paths) in ``table.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Mapping, Sequence

from deckgen.engine.state import TERMINAL, IllegalAction

from deckgen.games.maestras import rules as R
from deckgen.games.maestras.cards import CENTRAL_INFO, EMPTY_K, MASTER_K, Info, name
from deckgen.games.maestras.ending import Ending
from deckgen.games.maestras.rules import CENTRE, SIDES, Cell, Rules
from deckgen.games.maestras.table import DRAW, MAIN, OVER, TIEBREAK, Path, Snapshot, decode, encode  # noqa: F401 (the state's vocabulary)


@dataclass
class MaestrasState(Ending):
    infos: tuple[Info, ...]
    rules: Rules
    players: int
    hands: list[list[int]]
    pile: list[int]  # the draw pile, top card last
    aside: list[int]  # empty cards set aside for this player count
    central: int  # the deck index of the central card
    board: dict[Cell, int] = field(default_factory=dict)
    paths: list[Path] = field(default_factory=list)
    last: Cell | None = CENTRE  # where the last card was placed (the central card at the start)
    won: list[list[int]] = field(default_factory=list)  # cards of paths won, per seat
    masters: list[int] = field(default_factory=list)  # masters won, per seat
    tiebreak_won: list[list[int]] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)  # unwon cards taken off at the end of the main phase
    phase: str = MAIN
    turn: int = 0
    passes: int = 0  # consecutive passes with an empty draw pile
    pending: int | None = None  # a drawn card that must be placed at once (play_drawn)
    chain: list[int] = field(default_factory=list)  # the tie-break chain on the board, in order
    chain_cells: list[Cell] = field(default_factory=list)
    chain_ref: Info = CENTRAL_INFO  # the chain's reference card: its last card that is not empty (R.reference)
    # the chain the heuristic player planned for its tie-break turn: (seat, chain length then, the
    # kinds of card to lay), kept by the policy between its steps; not part of the position
    plan: tuple[int, int, tuple[Info, ...]] | None = None
    tiebreak_done: int = 0  # players who have had their tie-break turn
    turns: int = 0
    draws: int = 0
    passed: int = 0
    masters_placed: int = 0
    masters_left: int = -1  # master cards still in the hands or the draw pile (-1: count them)
    won_late: int = 0  # masters won after the last master was placed (only with main_end="stuck")
    paths_unwon: int = 0
    tiebreak_played: bool = False
    order: dict[Cell, int] = field(default_factory=dict)  # placement number of each card on the board
    placed: int = 0
    history: list[tuple[int, list[int]]] = field(default_factory=list)
    final: Snapshot | None = None
    _legal: list[int] | None = None
    codes: tuple[int, ...] = ()  # each card's kind as a small number (equal infos, equal numbers)
    # what every seat has seen (a searching player's worlds respect it, hidden.sample_seen): for each
    # draw or pass with nothing to place, (seat, cards it had received then, open_ends() then)
    voids: list[tuple[int, int, tuple[bool, tuple[Info, ...]]]] = field(default_factory=list)
    received: list[int] = field(default_factory=list)  # cards each seat has drawn or been refilled
    # each hand indexed by kind of card (codes): for every kind held, its cards in the order they came
    # into the hand (a hand's order), and when each card came (``arrival``). A step reads the kinds
    # held, never the whole hand, so it costs the same whether a hand holds 4 cards or 4,000 (a deck
    # file of thousands of cards where nothing can be placed). Hands change only through _receive
    # and _give_up; a hand rewritten from outside (a searching player's world) calls reindex().
    held: list[dict[int, list[int]]] = field(default_factory=list)
    arrival: dict[int, int] = field(default_factory=dict)
    arrivals: int = 0
    # which kinds of card may follow which (R.links, asked once per pair: R.LinkTable); shared by copies
    follow: R.LinkTable | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.follow is None:
            self.follow = R.LinkTable(self.infos, self.rules)
        if not self.codes:
            number: dict[Info, int] = {}
            self.codes = tuple(number.setdefault(i, len(number)) for i in self.infos)
        if not self.board:
            self.board = {CENTRE: self.central}
        self.won = self.won or [[] for _ in range(self.players)]
        self.masters = self.masters or [0] * self.players
        self.tiebreak_won = self.tiebreak_won or [[] for _ in range(self.players)]
        self.received = self.received or [0] * self.players
        if not self.held:
            self.reindex()
        if self.masters_left < 0:
            held = [c for h in self.hands for c in h] + self.pile
            self.masters_left = sum(1 for c in held if self.infos[c].kind == MASTER_K)
        self._settle()

    # ------------------------------------------------------------ protocol

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def chance(self, rng) -> None:  # pragma: no cover - this game has no chance nodes after the deal
        raise IllegalAction("Cartas Maestras has no chance nodes")

    def apply_action(self, action: int) -> None:
        if self.phase == OVER or action not in self.legal_actions():
            raise IllegalAction(f"{self.action_to_string(action)} is not legal for seat {self.turn}")
        self._legal = None
        if self.phase == TIEBREAK:
            self._tiebreak_place(*decode(action))
        elif action == DRAW:
            self._draw_or_pass()
        else:
            self._place(*decode(action))
        self._settle()

    def action_to_string(self, action: int) -> str:
        if action == DRAW:
            return "draw" if self.pile else "pass"
        card, cell = decode(action)
        if not 0 <= card < len(self.infos):
            return f"unknown action {action}"
        i = self.infos[card]
        if self.phase == MAIN and i.kind == MASTER_K and cell in SIDES:
            return f"{name(i)} opens the {R.SIDE_NAMES[SIDES.index(cell)]} side"
        return f"{name(i)} on {cell}"

    def length_variant(self) -> tuple[int, int, int]:
        """A lexicographic tuple that strictly decreases at every action (the proof that every game
        ends, asserted at every step of checked games): (phase: main 2, tie-break 1, over 0;
        2 × the draw pile + the cards in hands; the passes still allowed before the main phase ends).
        Placing a card takes one from a hand (a refill moves k cards from the pile to a hand: 2k - k
        fewer); drawing moves one from the pile to a hand (one fewer); a pass (empty pile) leaves the
        cards and uses up one of the ``players`` passes that end the main phase; a tie-break action
        places a card."""
        held = sum(len(h) for h in self.hands)
        if self.phase == MAIN:
            return (2, 2 * len(self.pile) + held, self.players - self.passes)
        if self.phase == TIEBREAK:
            return (1, held, 0)
        return (0, 0, 0)

    def length(self) -> int:
        return self.turns

    def card_count(self) -> int:
        on_board = len(self.board) - sum(len(p.cards) for p in self.paths if p.winner is not None)
        return (
            on_board
            + sum(map(len, self.hands))
            + len(self.pile)
            + len(self.aside)
            + sum(map(len, self.won))
            + sum(map(len, self.tiebreak_won))
            + len(self.removed)
        )

    def key(self) -> Hashable:
        return (
            self.phase,
            self.turn,
            tuple(tuple(sorted(h)) for h in self.hands),
            tuple(self.pile),
            tuple(sorted(self.board.items())),
            self.last,
            self.passes,
            self.pending,
            tuple(self.masters),
            tuple(map(len, self.won)),
            tuple(map(len, self.tiebreak_won)),
        )

    def counts(self) -> Mapping[str, float]:
        over = self.phase == OVER
        return {
            "games": 1.0,
            "turns": float(self.turns),
            "draws": float(self.draws),
            "passes": float(self.passed),
            "masters_won": float(sum(self.masters)),
            "masters_placed": float(self.masters_placed),
            "masters_won_late": float(self.won_late),
            "paths_unwon": float(self.paths_unwon),
            "tiebreak": 1.0 if self.tiebreak_played else 0.0,
            "tiebreak_cards": float(sum(map(len, self.tiebreak_won))),
            "shared_win": 1.0 if over and len(self.winners()) > 1 else 0.0,
            "no_master_won": 1.0 if over and sum(self.masters) == 0 else 0.0,
            "first_seat_win": self.returns()[0] if over else 0.0,
        }

    # ------------------------------------------------------------ what may be placed

    def open_paths(self) -> list[Path]:
        return [p for p in self.paths if p.winner is None]

    def path_reference(self, path: Path) -> Info:
        """R.reference of the path's cards after its master (the master when all are empty)."""
        return self._folded(path)[0]

    def linked(self, path: Path) -> int:
        """R.linked_count of the path's cards after its master."""
        return len(path.cards) - 1 if self.rules.empty_counts else self._folded(path)[1]

    def _folded(self, path: Path) -> tuple[Info, int]:
        """The path's reference card and its cards after the master that are not empty, kept on the
        path and brought up to date with the cards added since: a step costs the same however long
        a path grows (a path of hundreds of empty cards, with empty cards that do not count)."""
        seen = path.__dict__.get("_seen", 0)
        if seen != len(path.cards):
            if 0 < seen < len(path.cards):
                ref, filled = path.__dict__["_ref"], path.__dict__["_filled"]
            else:
                seen, ref, filled = 1, self.infos[path.cards[0]], 0
            for c in path.cards[seen:]:
                info = self.infos[c]
                if info.kind != EMPTY_K:
                    ref, filled = info, filled + 1
            path.__dict__.update(_seen=len(path.cards), _ref=ref, _filled=filled)
        return path.__dict__["_ref"], path.__dict__["_filled"]

    def reindex(self) -> None:
        """Index the hands again from scratch (after they were rewritten from outside the state)."""
        self.held, self.arrival, n = [], {}, 0
        for hand in self.hands:
            kinds: dict[int, list[int]] = {}
            for c in hand:
                kinds.setdefault(self.codes[c], []).append(c)
                self.arrival[c] = n
                n += 1
            self.held.append(kinds)
        self.arrivals = n
        self._legal = None

    def _receive(self, seat: int, card: int) -> None:
        """``card`` comes into the hand of ``seat`` (at its end)."""
        self.hands[seat].append(card)
        self.held[seat].setdefault(self.codes[card], []).append(card)
        self.arrival[card] = self.arrivals
        self.arrivals += 1

    def _give_up(self, seat: int, card: int) -> None:
        """``card`` leaves the hand of ``seat``."""
        self.hands[seat].remove(card)
        code = self.codes[card]
        same = self.held[seat][code]
        same.remove(card)  # the first of its kind, as a rule (the moves name it): at once
        if not same:
            del self.held[seat][code]

    def kinds_held(self, seat: int) -> list[int]:
        """One card of each kind in the hand of ``seat``, the first of each, in the order of first
        appearance: what ``_distinct(self.hands[seat])`` gives, read from the index in time that
        grows with the kinds held (a few dozen at most), not with the hand."""
        firsts = self.kinds_unordered(seat)
        firsts.sort(key=self.arrival.__getitem__)
        return firsts

    def kinds_unordered(self, seat: int) -> list[int]:
        """The cards of ``kinds_held(seat)`` in no particular order (not sorted: a step that keeps
        only a few of them sorts those few)."""
        return [same[0] for same in self.held[seat].values()]

    def held_counts(self, seat: int) -> dict[Info, int]:
        """The hand of ``seat`` as kinds of card and how many of each (from the index)."""
        return {self.infos[same[0]]: len(same) for same in self.held[seat].values()}

    def _distinct(self, cards: Sequence[int]) -> list[int]:
        """One card of each kind in ``cards``, the first of each, in the order of first appearance
        (two equal cards give the same moves). Two passes at C speed: a hand of thousands of cards
        (a huge deck where nothing can be placed) costs microseconds a step, not a loop in Python."""
        code = self.codes.__getitem__
        kinds = dict.fromkeys(map(code, cards))  # kinds in order of appearance
        back = cards[::-1]
        first = dict(zip(map(code, back), back))  # the last write is the first card
        return [first[k] for k in kinds]

    def _compute_legal(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == TIEBREAK:
            return self._tiebreak_moves(self.turn)
        if self.pending is not None:
            return self._placements_of([self.pending]) or [DRAW]
        return self._placements_of(self.kinds_unordered(self.turn), order=self.arrival.__getitem__) or [DRAW]

    def placements(self, hand: Sequence[int]) -> list[int]:
        """Every legal placement in the main phase of a card from ``hand``."""
        return self._placements_of(self._distinct(hand))

    def _placements_of(self, cards: Sequence[int], order: Callable[[int], int] | None = None) -> list[int]:
        """Every legal placement in the main phase of one of ``cards`` (one card of each kind), the
        cards in their order, or sorted by ``order``. The free places are found first, and only the
        cards that fit one are looked at again (and sorted): a step where nothing can be placed
        costs a pass over the kinds held."""
        rules, occupied, infos = self.rules, self.board, self.infos
        out: list[int] = []
        line = rules.in_line == "all"
        sides = [side for side in SIDES if R.can_place(occupied, side, CENTRE, self.last, line=line, corners=rules.corners)]
        if sides:
            masters = [c for c in cards if infos[c].kind == MASTER_K]
            if order is not None:
                masters.sort(key=order)
            for side in sides:
                out.extend(encode(m, side) for m in masters)
        line = rules.in_line != "off"
        for path in self.open_paths():
            cells = R.free_cells(occupied, path.tip, self.last, line=line, corners=rules.corners)
            if not cells:
                continue
            after = self.follow.after(self.path_reference(path))
            fit = [c for c in cards if infos[c] in after and infos[c].kind != MASTER_K]
            if order is not None:
                fit.sort(key=order)
            for c in fit:
                out.extend(encode(c, cell) for cell in cells)
        return out

    def open_ends(self) -> tuple[bool, tuple[Info, ...]]:
        """What a main-phase card may be placed on now (public): whether a master may open a side,
        and the reference card of every open path with a free cell. A point or empty card may be
        placed iff it links to one of them (``placeable``)."""
        rules, board, last = self.rules, self.board, self.last
        line = rules.in_line == "all"
        masters = any(R.can_place(board, side, CENTRE, last, line=line, corners=rules.corners) for side in SIDES)
        line = rules.in_line != "off"
        refs = tuple(self.path_reference(p) for p in self.open_paths()
                     if R.free_cells(board, p.tip, last, line=line, corners=rules.corners))
        return masters, refs

    def placeable(self, card: int, ends: tuple[bool, tuple[Info, ...]]) -> bool:
        """Could ``card`` be placed on ``ends`` (an ``open_ends()``)?"""
        i = self.infos[card]
        if i.kind == MASTER_K:
            return ends[0]
        return any(i in self.follow.after(ref) for ref in ends[1])

    # ------------------------------------------------------------ main phase

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players

    def _draw_or_pass(self) -> None:
        self.turns += 1
        if self.pending is not None:  # pragma: no cover - a pending card always has a placement
            raise IllegalAction("a drawn card that can be placed must be placed")
        self.voids.append((self.turn, self.received[self.turn], self.open_ends()))
        if self.pile:
            card = self.pile.pop()
            self._receive(self.turn, card)
            self.received[self.turn] += 1
            self.draws += 1
            self.passes = 0
            if self.rules.play_drawn and self._placements_of([card]):
                self.pending = card  # the same player places it now, in the same turn
                self.turns -= 1  # drawing and placing it are one turn
                return
        else:
            self.passed += 1
            self.passes += 1
        self._next_turn()

    def _place(self, card: int, cell: Cell) -> None:
        seat = self.turn
        self._give_up(seat, card)
        self.pending = None
        self.turns += 1
        self.passes = 0
        self.board[cell] = card
        self.placed += 1
        self.order[cell] = self.placed
        self.last = cell
        i = self.infos[card]
        if i.kind == MASTER_K:  # a master opens a path on its side
            self.paths.append(Path(SIDES.index(cell), [cell], [card]))
            self.masters_placed += 1
            self.masters_left -= 1
        else:
            path = self._path_at(cell)
            path.cells.append(cell)
            path.cards.append(card)
            if self.linked(path) >= self.rules.path_length:
                self._win(path, seat)
        if self.rules.refill:
            hand = self.hands[seat]
            while len(hand) < self.rules.hand and self.pile:
                self._receive(seat, self.pile.pop())
                self.received[seat] += 1
        self._next_turn()

    def _path_at(self, cell: Cell) -> Path:
        x, y = cell
        for path in self.open_paths():
            tx, ty = path.tip
            if abs(tx - x) + abs(ty - y) == 1:
                return path
        raise IllegalAction(f"no path ends next to {cell}")  # pragma: no cover

    def _win(self, path: Path, seat: int) -> None:
        """The player who added the path's last linked card wins it: its master and its cards."""
        path.winner = seat
        self.masters[seat] += 1
        if self.masters_left == 0:
            self.won_late += 1
        self.won[seat].extend(path.cards)
        self.history.append((seat, list(path.cards)))
        if self.rules.won_paths == "taken":
            for cell in path.cells:
                del self.board[cell]
                self.order.pop(cell, None)
            self.paths.remove(path)
            self.last = CENTRE  # the table is back to the central card as the reference
