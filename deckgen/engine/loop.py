"""Play one game to its end and keep a record of it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from deckgen.engine.game import Engine, Policy
from deckgen.engine.state import CHANCE, IllegalAction, State
from deckgen.i18n import _
from deckgen.model import Deck


MAX_REMEMBERED = 50_000  # positions loop detection remembers in one game
# the steps of one game along which a game's argument is checked (``watch``), and once more at its end:
# a watched step costs several plain ones (MGC's: the inductive step from the position), so a
# match of 100,000 steps would cost a minute for each player count. Every game of a default deck,
# and of the decks the arguments were made for, is far shorter and watched whole.
WATCHED_STEPS = 10_000
KEY_CARDS = 500  # loop detection looks at every step's position up to this many cards, fewer above


def key_stride(cards: int) -> int:
    """Every how many steps loop detection takes the position's key. A key costs time in proportion
    to the cards in play (a 5,000-card deck: a third of a millisecond), so a deck of more than
    KEY_CARDS cards is looked at every few steps: the cost per step stays bounded whatever the
    deck. A loop is still found (its positions come back at multiples of the stride), or the
    game meets its step budget; either is reported as a game that does not end. Every deck of up
    to KEY_CARDS cards (every default deck) is looked at every step, as before."""
    return 1 + cards // KEY_CARDS if cards > KEY_CARDS else 1


class InvariantBroken(AssertionError):
    """A rule engine broke one of its own invariants (cards created or lost, an illegal move)."""

    @property
    def message(self) -> Any:
        """What broke, as a message (``str`` gives it in the language in force)."""
        return self.args[0] if self.args else ""


@dataclass
class GameRecord:
    seed: int
    players: int
    ended: bool  # True when the game reached its end by the rules
    problem: str = ""  # why it did not end: "step limit", "repeated position"
    steps: int = 0
    length: int = 0
    winners: tuple[int, ...] = ()
    returns: tuple[float, ...] = ()
    counts: Mapping[str, float] = field(default_factory=dict)
    moves: list[str] | None = None  # the moves, when asked for
    # the first deal or refill after which a promise of the rulebook did not hold ("round 3 dealt
    # 6 cards a player, not the 10 printed"): a state lists these in ``shortfalls`` (engine/state.py)
    shortfall: str = ""
    unwatched: int = 0  # the steps after the first WATCHED_STEPS, along which the game's argument was not checked


DEAD_END = "a dead end"  # how dead_end's English begins (validate tells a dead end from a loop by it)


def dead_end(seat: int) -> str:
    """Why a game stopped at a position where the player to act has no legal action: a dead end of
    the rules (GAMES.md, playable (3)), never an end."""
    return _("a dead end: seat {seat} has no legal action and the game is not over", seat=seat)


def first_shortfall(state: State) -> str:
    """The first promise of the rulebook a deal of this game broke, or "" (see engine/state.py)."""
    found = getattr(state, "shortfalls", None)
    return found[0] if found else ""


def play(
    state: State,
    policies: Sequence[Policy],
    rng: random.Random,
    *,
    seed: int = 0,
    max_steps: int = 100_000,
    check: bool = False,
    deck_size: int | None = None,
    repeat_limit: int = 0,
    keep_moves: bool = False,
    key_every: int = 1,
    watch: Callable[[State, Any], str] | None = None,
) -> GameRecord:
    """Run ``state`` to its end. With ``check``, verify after every step that no card was created or
    lost and that every action was legal; with ``repeat_limit``, stop a game that visits the same
    position that many times (a loop the rules cannot leave), looking at the position every
    ``key_every`` steps (see :func:`key_stride`). ``watch(state, action)``, a game's argument checked
    along the game (``Engine.argument_steps``), is called before each of the first WATCHED_STEPS
    steps (``action`` None at a chance node) and once at the end: what it returns, when not "", is
    raised as :class:`InvariantBroken`."""
    players = len(policies)
    seen: dict = {}
    moves: list[str] | None = [] if keep_moves else None
    steps = 0  # the work done, in steps: a step counts ``state.step_weight()`` when the state has one
    taken = 0  # the steps themselves
    weight = getattr(state, "step_weight", None)
    problem = ""
    variant = getattr(state, "length_variant", None) if check else None  # the game's decreasing variant, if it has one
    before = variant() if variant is not None else None
    turn_start, turns = before, state.length() if variant is not None else 0
    while not state.is_terminal():
        if steps >= max_steps:
            problem = (_("did not end within {max_steps} steps ({taken:,} turns and draws with hands of hundreds of cards, each counted as several steps)",
                         max_steps=max_steps, taken=taken) if taken < steps else _("did not end within {max_steps} steps", max_steps=max_steps))
            break
        if repeat_limit and taken % key_every == 0:
            # the key's 64-bit hash, not the key: a position of a 5,000-card deck is a large object,
            # and 50,000 of them would take gigabytes (50 equal hashes without a loop: never seen)
            k = hash(state.key())
            n = seen.get(k, 0) + 1
            if n >= repeat_limit:
                problem = _("the same position came back {n} times (a loop)", n=n)
                break
            if n > 1 or len(seen) < MAX_REMEMBERED:  # memory stays bounded in a game that never repeats
                seen[k] = n
        seat = state.current_player()
        if seat == CHANCE:
            if watch is not None and taken < WATCHED_STEPS:
                _watched(watch, state, None, seed, taken)
            state.chance(rng)
            if moves is not None:
                moves.append("chance")
        else:
            legal = state.legal_actions() if check else None  # listed once: a policy leaves the state as it found it
            if check and not legal:
                problem = dead_end(seat)
                break
            try:
                action = policies[seat](state, rng)
            except (IndexError, ValueError):  # a policy given no legal action to choose from
                if state.legal_actions():
                    raise
                problem = dead_end(seat)
                break
            if check and action not in legal:
                raise InvariantBroken(_("seed {seed}: illegal action {action} for seat {seat}", seed=seed, action=action, seat=seat))
            if watch is not None and taken < WATCHED_STEPS:
                _watched(watch, state, action, seed, taken)
            if moves is not None:
                moves.append(f"{seat}: {state.action_to_string(action)}")
            try:
                state.apply_action(action)
            except IllegalAction as exc:
                raise InvariantBroken(_("seed {seed}: {problem}", seed=seed, problem=str(exc))) from None
        taken += 1
        # a state whose steps cost more as hands grow (a policy reads the whole hand) counts them so:
        # the step budgets then bound the time a game takes, whatever the deck file
        steps += 1 if weight is None else weight()
        if variant is not None:  # never up at a step, strictly down from one turn to the next
            now = variant()
            if now > before or (state.length() > turns and not now < turn_start):
                raise InvariantBroken(_("seed {seed}: the game's variant did not decrease at step {step}: {before} then {now}",
                                        seed=seed, step=taken, before=str(before), now=str(now)))
            if state.length() > turns:
                turn_start, turns = now, state.length()
            before = now
        if check and deck_size is not None and state.card_count() != deck_size:
            raise InvariantBroken(_("seed {seed}: {count} cards in play after step {step}, deck has {size}",
                                    seed=seed, count=state.card_count(), step=steps, size=deck_size))
    ended = state.is_terminal()
    if watch is not None and ended:
        _watched(watch, state, None, seed, taken)
    return GameRecord(
        seed=seed,
        players=players,
        ended=ended,
        problem=problem,
        steps=steps,
        length=state.length(),
        winners=tuple(state.winners()) if ended else (),
        returns=tuple(state.returns()) if ended else (),
        counts=dict(state.counts()),
        moves=moves,
        shortfall=first_shortfall(state),
        unwatched=max(0, taken - WATCHED_STEPS) if watch is not None else 0,
    )


def _watched(watch: Callable[[State, Any], str], state: State, action: Any, seed: int, step: int) -> None:
    why = watch(state, action)
    if why:
        raise InvariantBroken(_("seed {seed}, step {step}: the game's argument fails: {why}", seed=seed, step=step, why=why))


def play_seeded(
    engine: Engine,
    deck: Deck,
    players: int,
    seed: int,
    *,
    policy: str = "heuristic",
    check: bool = False,
    detect_loops: bool = False,
    keep_moves: bool = False,
) -> GameRecord:
    """Deal and play one game from ``seed`` alone: the same seed gives the same game.

    ``check`` verifies the invariants at every step; ``detect_loops`` stops a game that keeps coming
    back to one position (both cost time, so plain simulation leaves them off). When neither is asked
    for and the state offers a fast path for the policy (``playout``, see ``engine/state.py``), the
    game is played by it; it must give the same record as the loop would."""
    rng = random.Random(seed)
    state = engine.new_state(deck, players, rng)
    fast = getattr(state, "playout", None)
    if fast is not None and policy in getattr(state, "playout_policies", ()) and not (check or detect_loops or keep_moves):
        # the state's own fast path: the same rules and random numbers, without the loop's overhead
        max_steps = engine.max_steps(deck, players)
        steps = fast(rng, policy, max_steps)
        ended = state.is_terminal()
        return GameRecord(
            seed=seed,
            players=players,
            ended=ended,
            problem="" if ended else _("did not end within {max_steps} steps", max_steps=max_steps),
            steps=steps,
            length=state.length(),
            winners=tuple(state.winners()) if ended else (),
            returns=tuple(state.returns()) if ended else (),
            counts=dict(state.counts()),
            shortfall=first_shortfall(state),
        )
    pol = engine.policies[policy]
    return play(
        state,
        [pol] * players,
        rng,
        seed=seed,
        max_steps=engine.max_steps(deck, players),
        check=check,
        deck_size=len(deck.cards),
        repeat_limit=engine.repeat_limit if detect_loops else 0,
        keep_moves=keep_moves,
        key_every=key_stride(len(deck.cards)),
        watch=engine.argument_steps(deck, players) if check and engine.argument_steps is not None else None,
    )
