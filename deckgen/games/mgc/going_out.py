"""MGC's own argument that every round can end (issue 26, point 2), for a deck whose every card can
be played at any time: with two players (the turn chain), or with more and no Toma card.

Where it applies, ``validate`` proves the three playable claims with it instead of searching: such
decks (one kind of monomial and many action cards, issue 26's case 1) have too many positions for
the model checker (30 cards of 5 kinds split between two hands, the draw pile and the discard pile
in about 1.6 billion ways), while the argument needs none of them.

**When it applies.** Two players, or more and no Toma card; every monomial follows every
constraint the rules can set (the first card's, each monomial's, each value an Elección card can
name, "any card"), so every card in a hand is always legal; the deck has a value for each Elección card to name; a player who plays
the second-to-last card may say ÁLGEBRA (or not be caught) with a positive chance; every card left
in a hand is worth at least one point.

**The argument.** Call a card *turn-keeping* when playing it gives the same player the next turn:
with two players, Intermisión, Toma dos and Toma cuatro (and Retorno under the ``skip`` variant).
Every other card (a monomial, Retorno, Elección) passes the turn. From any position, let the
players follow :func:`move`:

- a player who holds a card that passes the turn plays one;
- a player who holds only turn-keeping cards plays them one after the other and goes out: each
  gives the turn back to them, whatever the other player draws;
- a card just drawn is played when that is one of the two moves above, and kept otherwise;
- an Elección card names the deck's first value; at the ÁLGEBRA moment the player says it.

Nobody draws by choice and no turn-keeping card is played before the last run, so neither hand
grows until then. :func:`measure` is the lexicographic tuple (phase, count, stage) of the player
who plays next: phase 0 with the count of cards in their hand when they hold only turn-keeping
cards, else phase 1 with the cards that pass the turn in both hands; stage 1 at a drawn card or a
value to name, 0 at a plain turn. It strictly decreases at every decision of :func:`move`, for
every card any draw brings. A tuple of such values takes at most 4 × (cards + 1) values, so the
round ends within that many decisions from any position. Hence, for every deal:

1. no dead end: a player always holds a legal card (or a drawn one to play or keep, or a value to
   name), and the rules give a draw or a pass besides;
2. an end is always reachable: the moves above reach one;
3. no trap: those moves have a positive chance under random play (a chance of at least q > 0 to
   end within the bound, from every position), so random players end a round with probability 1.

**With three or more players and no Toma card** nobody ever has to draw: each player plays a card
(the drawn one at a drawn card), every play sheds a card, and the measure is (0, cards in hands,
stage): someone goes out within 2 × (cards + 1) decisions. (With Toma cards and three players or
more, a player who holds only Toma cards hands cards on at every play: no argument is made there.)

The winner scores the others' cards, at least one card worth at least one point: every round adds
a point or more to a score, so a match to T points ends within n × (T - 1) + 1 rounds. :func:`arguments` checks the argument in code: from each
position of seeded random matches (the engine's own games, ÁLGEBRA slips included; a bounded amount
of work per match), it follows :func:`move` to the end of the round and asserts the measure's
decrease at each decision. And :class:`Along` checks it at every step of every game ``validate``
simulates with its checks on (``Engine(argument_steps=...)``): the preconditions read from the
engine's position and moves, the inductive step (:func:`one_step`), the engine's own turn order
where its move is the argument's, and the match's bound; a failure fails the argument's claims.
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any, Callable

from deckgen.checks import Check, check
from deckgen.model import Deck

from deckgen.engine.words import players_tag
from deckgen.i18n import _

from deckgen.games.mgc import rules
from deckgen.games.mgc.stages import ALGEBRA, CHOOSE, DRAWN, OVER, PLAY

PLAYERS = 2  # the turn chain's player count: with more players a turn-keeping card skips the next player instead
TOMA = (rules.TOMA_DOS, rules.TOMA_CUATRO)  # the cards that make a player draw
SEEDS = 8  # seeded random matches whose positions the argument is checked from
WORK = 5_000  # the argument's decisions followed per match at most: a large deck's check stays within a second or two
OUTCOMES = 16  # a draw's outcomes a check picks among (listing every multiset of a large pile would cost more than the rest)


class Broken(AssertionError):
    """The argument failed at a position: a bug in it or in the rules, never the deck's fault."""


def keeps_turn(kind: int, variant: rules.Variant) -> bool:
    """Does playing a card of ``kind`` give the same player the next turn (two players)?"""
    return rules.effect(kind, PLAYERS, variant.retorno_two_players).skip


def why_not(t: Any, players: int, variant: rules.Variant) -> str:
    """Why the argument does not apply to these types, player count and rules ("" when it does)."""
    if players != PLAYERS and any(k in TOMA for k in t.kind):
        return _("with more than {n} players it covers only decks without Toma cards", n=PLAYERS)
    if any(not all(t.playable(c)) for c in t.constraints()):  # the first blocked constraint settles it
        return _("it needs every card always legal, and some card cannot follow some other card")
    if rules.ELECCION_COEF in t.kind and not t.coefficients or rules.ELECCION_GRADO in t.kind and not t.degrees:
        return _("an Elección card would have no value to name")
    if variant.algebra_call <= 0.0 and variant.algebra_catch >= 1.0:
        return _("a forgotten ÁLGEBRA is always caught and never said")
    if any(rules.points(t.kind[i], t.coef[i]) < 1 for i in range(t.n)):
        return _("a card is worth no points")
    return ""


def gap(deck: Deck, players: int) -> str:
    """Why the going-out argument proves nothing for this deck and player count ("" when it may)."""
    from deckgen.games.mgc.model import Types

    t = Types.of_deck(deck)
    why = why_not(t, players, rules.Variant.from_options(deck.options)) if t.n else ""
    return _("the going-out argument does not apply: {why}", why=why) if why else ""


def bound(t: Any) -> int:
    """The most decisions the argument's moves take to end a round: the measure's values, 2 phases
    × (0 to all the cards) × 2 stages."""
    return 4 * (sum(t.total) + 1)


def _passing(p: Any, hand: tuple) -> list[int]:
    """The card types in ``hand`` that pass the turn when played."""
    t, v = p.m.t, p.m.variant
    return [i for i in range(t.n) if hand[i] and not keeps_turn(t.kind[i], v)]


def _next_player(p: Any) -> int:
    """The seat that plays the next card: at a value to name after an Elección card played in a
    turn (not the first card's), the other seat."""
    if p.stage == CHOOSE and not p.then_play:
        return 1 - p.seat
    return p.seat


def measure(p: Any) -> tuple[int, int, int]:
    """(phase, count, stage) at a decision position: see the module's argument."""
    stage = 0 if p.stage == PLAY else 1
    if p.m.players != PLAYERS:  # no card makes anyone draw: every play sheds a card
        return (0, sum(map(sum, p.hands)), stage)
    s = _next_player(p)
    own = p.hands[s]
    mine = sum(own[i] for i in _passing(p, own))
    if not mine:
        return (0, sum(own), stage)
    other = p.hands[1 - s]
    return (1, mine + sum(other[i] for i in _passing(p, other)), stage)


def move(p: Any) -> Any:
    """The argument's move at a decision position (see the module's argument)."""
    if p.stage == CHOOSE:
        return p.legal_actions()[0]
    hand = p.hands[p.seat]
    if p.m.players != PLAYERS:  # any card: each sheds one, and none makes anyone draw
        return p.drawn if p.stage == DRAWN else next(i for i in range(p.m.t.n) if hand[i])
    passing = _passing(p, hand)
    if p.stage == DRAWN:
        return p.drawn if p.drawn in passing or not passing else "keep"
    return passing[0] if passing else next(i for i in range(p.m.t.n) if hand[i])


def follow(p: Any, rng: random.Random) -> int:
    """Follow :func:`move` from ``p`` (a copy of it) to the end of the round, with a random outcome
    at each draw and "said" at each ÁLGEBRA moment; raise :class:`Broken` when a move is illegal, the
    measure does not decrease, or the round is not over within the bound. Returns the decisions made."""
    p = p.clone()
    limit = bound(p.m.t)
    before = None
    decisions = 0
    while p.stage != OVER:
        if p.stage == ALGEBRA:
            p.apply_chance_outcome("said")
            continue
        if p.current_player() < 0:  # a draw: any outcome will do
            outcomes = list(islice(p.chance_outcomes(), OUTCOMES))
            p.apply_chance_outcome(outcomes[rng.randrange(len(outcomes))])
            continue
        now = measure(p)
        if before is not None and not now < before:
            raise Broken(f"the measure did not decrease: {before} then {now} at {p.position_to_string()}")
        if decisions >= limit:
            raise Broken(f"no end within {limit} decisions")
        a = move(p)
        if a not in p.legal_actions():
            raise Broken(f"the argument's move {a!r} is not legal at {p.position_to_string()}")
        p.apply_action(a)
        before, decisions = now, decisions + 1
    if p.winner < 0:
        raise Broken("the round was blocked instead of won")
    return decisions


def checked(deck: Deck, players: int, new_state: Callable[..., Any], seeds: int = SEEDS) -> str:
    """Check the argument from every position of ``seeds`` seeded random matches of the engine
    (``new_state(deck, players, rng)``), each up to WORK decisions followed (then the next match):
    "" when it held everywhere, else what broke."""
    from deckgen.engine.game import random_policy
    from deckgen.games.mgc.model import Types, position_of

    types = Types.of_deck(deck)  # once: reading the deck's types costs a pass over its cards
    for seed in range(seeds):
        rng = random.Random(seed)
        walk = random.Random(seed + 1)
        state = new_state(deck, players, rng)
        steps = work = 0
        while not state.is_terminal() and work < WORK:
            p = position_of(state, types)
            if p is not None:
                try:
                    work += follow(p, walk)
                except Broken as exc:
                    return f"seed {seed}, step {steps}: {exc}"
            if state.current_player() < 0:
                state.chance(rng)
            else:
                state.apply_action(random_policy(state, rng))
            steps += 1
    return ""


LEAVES = 64  # the positions one step of the argument may lead to that a per-step check looks at (every outcome of a
# one-card draw; of a Toma card's draws, the first LEAVES multisets)


def one_step(p: Any) -> str:
    """The argument's inductive step at the decision position ``p``: its move is legal, and every
    position it leads to (through every chance outcome, "said" at an ÁLGEBRA moment, up to LEAVES)
    is a round won by a player or a decision whose measure is below ``measure(p)``. "" when it holds,
    else why not."""
    a = move(p)
    if a not in p.legal_actions():
        return _("the argument's move {move} is not legal at {position}", move=repr(a), position=p.position_to_string())
    before = measure(p)
    q = p.clone()
    q.apply_action(a)
    todo, seen = [q], 0
    while todo and seen < LEAVES:
        q = todo.pop()
        if q.stage == ALGEBRA:
            q.apply_chance_outcome("said")
            todo.append(q)
            continue
        if q.current_player() < 0 and q.stage != OVER:  # a draw: every outcome (the first LEAVES)
            for o in islice(q.chance_outcomes(), LEAVES):
                r = q.clone()
                r.apply_chance_outcome(o)
                todo.append(r)
            continue
        seen += 1
        if q.stage == OVER:
            if q.winner < 0:
                return _("the argument's move {move} ends the round blocked at {position}", move=repr(a), position=p.position_to_string())
            continue
        if not measure(q) < before:
            return _("the measure did not decrease: {before} then {after} at {position}", before=before, after=measure(q),
                     position=p.position_to_string())
    return ""


class Along:
    """The argument checked at every step of one simulated game of the engine (validate's checked
    games: ``Engine(argument_steps=...)``, engine/loop.py), where it applies. Before each step, with
    the engine's own position and move:

    - the preconditions, read from the engine: at a turn every card in the hand is a legal play
      (the engine's legal moves), and the round model the argument reasons on (model.py) offers the
      same moves as the engine at this position;
    - the inductive step (:func:`one_step`): the argument's move is legal and every position it
      leads to is a won round or has a smaller measure;
    - the engine's own turn order: when the engine's move is the argument's, the next decision of
      the same round (with no ÁLGEBRA penalty between) has a smaller measure, or the round was won;
    - the match: no round ends blocked, every round adds at least a point to a score, and the
      rounds stay within n × (T - 1) + 1.

    A call returns "" or what broke (the loop then fails the game, and validate the argument)."""

    def __init__(self, deck: Deck, players: int) -> None:
        from deckgen.games.mgc.model import Types

        self.players = players
        self.types = Types.of_deck(deck)
        self.target = rules.Variant.from_options(deck.options).target_score
        self.expect: tuple | None = None  # (measure, round, ÁLGEBRA catches) after the engine took the argument's move
        self.rounds, self.scored, self.steps = 0, 0, 0
        self.piled: tuple | None = None  # (round, refills, deals), the hands and the draw pile's count per type at the last decision
        self.recounts = 0  # the times the draw pile was counted card by card

    def pile_counts(self, state: Any) -> tuple:
        """The draw pile's count per type, kept from one decision to the next: within a deal and
        between refills the pile only gives cards to the hands, so it loses the cards the hands
        gained (read type by type); a new deal or a refill counts it again. A pile of thousands of
        cards is not counted at every step."""
        from collections import Counter

        from deckgen.games.mgc.cards import types_in

        epoch, of_card = (state.rounds, state.refills, state.deals), self.types.of_card
        counts = None
        if self.piled is not None and self.piled[0] == epoch:
            counts = list(self.piled[2])
            for was, now in zip(self.piled[1], state.hands):
                for _t, low, n in types_in(now & ~was, state.k.tables):
                    counts[of_card[low]] -= n
            if sum(counts) != len(state.pile) or min(counts) < 0:
                counts = None  # never seen: the pile took cards another way; count it
        if counts is None:
            self.recounts += 1
            counts = [0] * self.types.n
            for t, n in Counter(map(of_card.__getitem__, state.pile)).items():
                counts[t] = n
        self.piled = (epoch, tuple(state.hands), tuple(counts))
        return self.piled[2]

    def __call__(self, state: Any, action: Any) -> str:
        from deckgen.games.mgc.model import position_of

        self.steps += 1
        if state.blocked:
            return _("a round ended blocked (nobody could play), which the argument rules out")
        if state.rounds != self.rounds:
            if sum(state.scores) <= self.scored:
                return _("round {n} added no point to any score", n=state.rounds)
            self.rounds, self.scored, self.expect = state.rounds, sum(state.scores), None
            if state.rounds > self.players * (self.target - 1) + 1:
                return _("the match lasted more than {most} rounds", most=self.players * (self.target - 1) + 1)
        if state.is_terminal() or state.current_player() < 0:
            return ""
        p = position_of(state, self.types, self.pile_counts(state))
        if p is None:
            return ""
        now = measure(p)
        if self.expect is not None:
            was, rounds, caught = self.expect
            self.expect = None
            if rounds == state.rounds and caught == state.algebra_caught and not now < was:
                return _("the engine's move was the argument's, yet the measure did not decrease: {before} then {after} at {position}",
                         before=was, after=now, position=p.position_to_string())
        from deckgen.games.mgc.cards import Legal, types_in

        legal = state.legal_actions()
        if isinstance(legal, Legal):  # a card of each type stands for its type (a hand of thousands is never listed)
            mine = {self._term(state, a) for a in [low for _t, low, _n in types_in(legal.mask, state.k.tables)] + list(legal.tail)}
        else:
            mine = {self._term(state, a) for a in legal}
        if mine != set(p.legal_actions()):
            return _("the argument's round model offers other moves than the engine at {position}", position=p.position_to_string())
        if p.stage == PLAY:
            # the engine's legal cards, as a mask (a Legal sequence is one already)
            offered = legal.mask if isinstance(legal, Legal) else sum(1 << a for a in set(legal) if 0 <= a < state.k.size)
            if state.hands[state.seat] & ~offered:
                return _("a card in the hand cannot be played at {position}: the argument needs every card always legal",
                         position=p.position_to_string())
        broken = one_step(p)
        if broken:
            return broken
        if action is not None and self._term(state, action) == move(p):
            self.expect = (now, state.rounds, state.algebra_caught)
        return ""

    def _term(self, state: Any, a: int) -> Any:
        """The engine's move as the round model names it."""
        k = state.k
        if 0 <= a < k.size:
            return self.types.of_card[a]
        if a == k.DRAW:
            return "draw"
        if a == k.PASS:
            return "keep"
        i, t = a - k.CHOOSE_BASE, k.tables
        return ("name", t.coefficients[i] if i < len(t.coefficients) else t.degrees[i - len(t.coefficients)])


def along(deck: Deck, players: int) -> Along | None:
    """The per-step check of one game (:class:`Along`), or None where the argument does not apply."""
    return Along(deck, players) if applies(deck, players) else None


def applies(deck: Deck, players: int) -> bool:
    """Does the argument cover this deck at this player count? Asked before every checked game
    (:func:`along`), so the answer is kept with the deck (Deck.derived)."""
    return deck.derived(("mgc", "argument applies", players), lambda d: _applies(d, players))


def _applies(deck: Deck, players: int) -> bool:
    from deckgen.games.mgc.model import Types

    t = Types.of_deck(deck)
    return bool(t.n) and not why_not(t, players, rules.Variant.from_options(deck.options))


def arguments(deck: Deck, players: int, new_state: Callable[..., Any]) -> list[Check]:
    """The three playable claims for one player count, proven by the argument, or [] where it does
    not apply (the model checker and the sample then decide). ``new_state`` starts the engine's
    matches the argument is checked on."""
    from deckgen.games.mgc.model import Types

    if not applies(deck, players):
        return []
    t = Types.of_deck(deck)
    tag = players_tag(players)
    most = bound(t)
    broken = checked(deck, players, new_state)
    if broken:
        return [check(_("an end is always reachable ({players})", players=tag), False, _("the game's argument fails: {why}", why=broken),
                      hint=_("report it: a bug in deckgen's rules or in its argument"), proof="proven")]
    if players == PLAYERS:
        how = _("proven for every deal by the game's argument (every card of this deck can be played at any time): from any position, "
                "each player plays a card that passes the turn while they hold one; the first who holds only cards that keep the turn "
                "(those that skip the other player) plays them all and goes out, within {most:,} moves; the winner scores at least 1 "
                "point, so a match reaches its target", most=most)
    else:
        how = _("proven for every deal by the game's argument (every card of this deck can be played at any time): from any position, "
                "each player plays a card and no card of this deck makes anyone draw, so the cards in hands drop at every play, within "
                "{most:,} moves; the winner scores at least 1 point, so a match reaches its target", most=most)
    return [
        check(_("no dead end ({players})", players=tag), True,
              _("proven for every deal by the game's argument (every card of this deck can be played at any time): the player to act "
                "always holds a legal card, or a drawn card to play or keep, or a value to name"), proof="proven"),
        check(_("an end is always reachable ({players})", players=tag), True, how, proof="proven"),
        check(_("no trap ({players})", players=tag), True,
              _("proven for every deal by the game's argument (every card of this deck can be played at any time): those moves have a "
                "positive chance from every position, so random players end every round, and the match, with probability 1"),
              proof="proven"),
    ]
