"""Cartas Maestras on the shared engine: dealing, policies, measures, thresholds, exhaustive checks."""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.checks import Check, check
from deckgen.checks import Joined
from deckgen.engine.game import Engine, Measure, Skill, Threshold, random_policy
from deckgen.engine.words import players_tag
from deckgen.i18n import Listing, _
from deckgen.errors import DeckgenError
from deckgen.model import Deck

from deckgen.games.maestras import rules as R
from deckgen.games.maestras.cards import EMPTY_K, MASTER_K, POINTS_K, CENTRAL_K, infos, name
from deckgen.games.maestras.deck import composition, deck_for_players, removed_empties
from deckgen.games.maestras.hidden import copy_world, sample_hidden, sample_seen
from deckgen.games.maestras.policies import heuristic_policy
from deckgen.games.maestras.rules import CENTRE, Rules
from deckgen.games.maestras.state import MaestrasState
from deckgen.games.maestras.design import DESIGN


def new_state(deck: Deck, players: int, rng: random.Random) -> MaestrasState:
    """Set aside the empty cards this player count takes out, shuffle the rest (not the central
    card), deal ``hand`` cards to each player one at a time; the rest is the draw pile."""
    if deck.players is not None and deck.players != players:
        raise DeckgenError(_("this Cartas Maestras deck was built for {players} players, not {asked}", players=deck.players, asked=players))
    if not deck.custom and deck.players is None and removed_empties(composition(deck.options), players, deck.options["removal"]) is None:
        raise DeckgenError(_("this Cartas Maestras deck cannot be shared evenly among {players} players", players=players))
    rules = Rules.from_options(deck.options)
    info = infos(deck.cards)
    used = set(deck_for_players(deck, players))
    aside = [i for i in range(len(deck.cards)) if i not in used]
    central = next(i for i in sorted(used) if info[i].kind == CENTRAL_K)
    rest = [i for i in sorted(used) if i != central]
    if players * rules.hand > len(rest):
        raise DeckgenError(_("{n} cards cannot deal {hand} to each of {players} players", n=len(rest), hand=rules.hand, players=players))
    rng.shuffle(rest)
    hands: list[list[int]] = [[] for _ in range(players)]
    for k in range(rules.hand * players):
        hands[k % players].append(rest.pop())
    return MaestrasState(info, rules, players, hands, rest, aside, central)


WON, DRAWS, SHARED, NO_MASTER, FIRST = (_("masters won per game"), _("turns with a draw"), _("shared wins"), _("games with no master won"),
                                         _("first player's wins"))
MEASURES = (
    Measure(WON, "masters_won", help=_("paths completed and won")),
    Measure(_("paths left unwon"), "paths_unwon", help=_("paths on the table when play stopped")),
    Measure(DRAWS, "draws", per="turns", percent=True, help=_("turns where the player had nothing to place and drew")),
    Measure(_("turns passed"), "passes", per="turns", percent=True, help=_("nothing to place and nothing to draw")),
    Measure(_("tie-break played"), "tiebreak", per="games", percent=True, help=_("games that needed the tie-break phase")),
    Measure(SHARED, "shared_win", per="games", percent=True, help=_("games still tied after the tie-break")),
    Measure(NO_MASTER, "no_master_won", per="games", percent=True),
    Measure(_("masters placed per game"), "masters_placed"),
    Measure(FIRST, "first_seat_win", per="games", percent=True, help=_("share of wins of the player who starts (ties shared)")),
)


def _typed(name: str, *values: str):
    """A rule option with values, as a hint names it: "--link either (the same colour or points one apart)"."""
    from deckgen.games.maestras import OPTIONS
    from deckgen.options import typed_value

    return typed_value(OPTIONS, name, *values)


def thresholds(deck: Deck, players: int) -> Sequence[Threshold]:
    return (
        Threshold(WON, lo=1.5,
                  why=_("masters are the score: a game where fewer than two paths are won is decided by the tie-break, not by play"),
                  hint=_("a shorter --path-length, {link}, or --refill", link=_typed("link", "either"))),
        Threshold(NO_MASTER, hi=0.10,
                  why=_("in at most one game in ten may nobody win a master"),
                  hint=_("a shorter --path-length, or {link}", link=_typed("link", "either"))),
        Threshold(DRAWS, hi=0.50,
                  why=_("a player who draws more often than they place is waiting, not playing"),
                  hint=_("{link}, {in_line}, or --corners", link=_typed("link", "either"), in_line=_typed("in_line", "links", "off"))),
        Threshold(SHARED, hi=0.50,
                  why=_("a shared win is a result the rules state, but most games should still have one winner"),
                  hint=_("--tiebreak always")),
        Threshold(FIRST, lo=max(0.0, 1 / players - 0.10), hi=1 / players + 0.10,
                  why=_("the player who starts should win about one game in {players} (within {points} points)", players=players, points=10),
                  hint=_("more --games to tell luck from an edge, or a larger --hand")),
    )


def max_steps(deck: Deck, players: int) -> int:
    """A proven bound: every card is placed or drawn at most once, and between two of these at most
    ``players`` turns pass (then the main phase ends); the tie-break places each card at most once."""
    n = len(deck.cards)
    return 2 * n * (players + 1) + n + players + 1


def _reachable(deck: Deck, rules: Rules) -> tuple[set[int], list[str]]:
    """Point cards that some path can reach: first after a master, then link by link (an empty card
    resumes the path, so it never opens anything new)."""
    info = infos(deck.cards)
    masters = {info[i] for i, c in enumerate(info) if c.kind == MASTER_K}
    points = [i for i, c in enumerate(info) if c.kind == POINTS_K]
    frontier = [i for i in points if any(R.links(m, info[i], rules) for m in masters)]
    seen = set(frontier)
    while frontier:
        a = frontier.pop()
        for b in points:
            if b not in seen and R.links(info[a], info[b], rules):
                seen.add(b)
                frontier.append(b)
    missing = [name(info[i]) for i in points if i not in seen]
    return seen, missing


def at_players(deck: Deck, players: int) -> Deck:
    """The deck as ``players`` play it: the empty cards that player count takes out set aside."""
    from dataclasses import replace

    return replace(deck, cards=tuple(deck.cards[i] for i in deck_for_players(deck, players)))


def _winnable(deck: Deck, rules: Rules) -> bool:
    """Is there a master and ``path_length`` distinct cards linking one after another from it?"""
    info = infos(deck.cards)
    masters = {c for c in info if c.kind == MASTER_K}
    others = [c for c in info if c.kind in (POINTS_K, EMPTY_K)]
    need = rules.path_length

    def extend(ref, used: list[bool], count: int, cards: list) -> bool:
        if R.linked_count(cards, rules) >= need:
            return True
        if len(cards) > need + 10:
            return False
        tried = set()
        for k, c in enumerate(others):
            if used[k] or c in tried or not R.links(ref, c, rules):
                continue
            tried.add(c)
            used[k] = True
            if extend(c if c.kind != EMPTY_K else ref, used, count + 1, cards + [c]):
                return True
            used[k] = False
        return False

    return any(extend(m, [False] * len(others), 0, []) for m in masters)


def _straight_path_fits(rules: Rules) -> bool:
    """A path laid straight out from a side: each card touches only the one before and is in line."""
    occupied = {CENTRE}
    last = CENTRE
    target = CENTRE
    for k in range(rules.path_length + 1):
        cell = (0, -1 - k)
        if not R.can_place(occupied, cell, target, last, line=rules.in_line != "off", corners=rules.corners):
            return False
        occupied.add(cell)
        last = target = cell
    return True


def last_master_ends(rules: Rules, masters: int) -> bool:
    """With ``main_end = "masters"`` the main phase ends as soon as every master is on the table: a
    deck of a single master ends it the moment that master opens its path, before any card links."""
    return rules.main_end == "masters" and masters < 2


def exhaustive(deck: Deck, counts: Sequence[int]) -> list[Check]:
    rules = Rules.from_options(deck.options)
    comp = composition(deck.options)
    out: list[Check] = []
    rows = []
    for n in counts:
        r = removed_empties(comp, n, deck.options["removal"])
        used = len(deck_for_players(deck, n)) if deck.players is None else len(deck.cards)
        shared = deck.custom or (r is not None and (used - 1) % n == 0)
        ok = shared and n * rules.hand <= used - 1
        rows.append((n, used, ok))
    bad = [n for n, _, ok in rows if not ok]
    out.append(check(_("composition for every player count"), not bad,
                     Joined([_("{players}: {cards} cards, {each} each", players=players_tag(n), cards=u, each=(u - 1) // n) for n, u, _ok in rows], "; ")
                     if not bad else _("cannot deal or share evenly for {counts} players", counts=Listing(bad)),
                     hint=_("--removal fewest, a smaller --hand, or other --empties")))
    n_masters = len(deck.of_kind("master"))
    out.append(check(_("a master can open the first path"), n_masters > 0, _("{n} master cards", n=n_masters),
                     hint=_('at least one --masters card (or a kind = "master" card in the file)')))
    _reached, missing = _reachable(deck, rules)
    if last_master_ends(rules, n_masters):
        # the main phase ends as the only master is placed (source steps 5-6): nothing ever links to it
        why = _("the main phase ends as soon as the only master card is on the table (--main-end masters), so no card is ever linked to it")
        out.append(check(_("every point card can enter a path"), False, why, hint=_("two master cards or more, or {main_end}", main_end=_typed("main_end", "stuck"))))
        out.append(check(_("a path can be won"), False, why, hint=_("two master cards or more, or {main_end}", main_end=_typed("main_end", "stuck"))))
    else:
        out.append(check(_("every point card can enter a path"), not missing,
                         _("never linkable: {cards}", cards=", ".join(missing)) if missing
                         else _("every point card links from a master, directly or through other cards"),
                         hint=_("{link}, or other --points", link=_typed("link", "either"))))
        # at each player count, with the cards that count plays with: the empty cards it takes out may be the only ones a path
        # could be won with (an empty card counts as a linked card with --empty-counts)
        lost = [n for n in counts if not _winnable(at_players(deck, n), rules)] if counts else ([] if _winnable(deck, rules) else [0])
        out.append(check(_("a path can be won"), not lost,
                         _("a master and {n} linked cards exist", n=rules.path_length) if not lost else
                         _("no master can have {n} linked cards", n=rules.path_length) if lost == [0] or len(lost) == len(counts) else
                         _("not at {counts} players: with the empty cards set aside there, no master can have {n} linked cards",
                           counts=Listing(lost), n=rules.path_length),
                         hint=_("a shorter --path-length, or more --points")))
    out.append(check(_("a path fits on the grid"), _straight_path_fits(rules),
                     _("a straight arm of {n} cards from a side is legal", n=rules.path_length + 1), hint=_("a shorter --path-length")))
    return out


def variant_bound(cards: int, players: int) -> int:
    """The most actions a game can last by its variant (MaestrasState.length_variant): in the main phase
    the pair (2 × pile + cards in hands, passes left) starts at most at (2 × cards, players) and
    decreases at every action, so at most (2 × cards + 1) × players actions; the tie-break places each
    card at most once."""
    return (2 * cards + 1) * players + cards + 1


def length_argument(deck: Deck, players: int) -> list[Check]:
    """"every game ends", as a checked argument for one player count: the variant's bound fits the
    step budget, and the variant strictly decreases at every step of dealt games' random play
    (asserted again at every step of validate's checked games). With nothing to place a player
    draws or passes (state.py), so no position is a dead end."""
    counts = [players]
    import random

    from deckgen.engine.game import random_policy
    from deckgen.engine.loop import InvariantBroken, play

    n = len(deck.cards)
    over = [p for p in counts if variant_bound(n, p) > max_steps(deck, p)]
    broken = ""
    for p in counts:
        for seed in range(3):
            rng = random.Random(seed)
            state = new_state(deck, p, rng)
            try:
                record = play(state, [random_policy] * p, rng, seed=seed, max_steps=max_steps(deck, p), check=True)
            except InvariantBroken as exc:
                broken = exc.message
                break
            if not record.ended:
                broken = _("seed {seed}: {problem}", seed=seed, problem=record.problem)
    ok = not over and not broken
    detail = (_("proven for every deal: the tuple (phase, 2 × draw pile + cards in hands, passes left) decreases at every action "
                "(a draw or a pass is always legal with nothing to place), so a game lasts at most "
                "(2 × {n} + 1) × {players} + {tail} = {bound:,} actions, within the step budget", n=n, players=players, tail=n + 1,
                bound=variant_bound(n, players))
              if ok else _("the argument fails: {why}", why=broken or _("its bound is above the step budget")))
    return [check(_("every game's length is bounded ({players})", players=players_tag(players)), ok, detail,
                  hint="" if ok else _("report it: the rules broke their own bound"), proof="proven")]


def play_to_end(deck: Deck, players: int, seed: int, policy: str) -> MaestrasState:
    """The game of ``seed`` (the first game of ``deckgen simulate``) played to its end by ``policy``."""
    rng = random.Random(seed)
    state = ENGINE.new_state(deck, players, rng)
    pol = ENGINE.policies[policy]
    steps, limit = 0, ENGINE.max_steps(deck, players)
    while not state.is_terminal() and steps < limit:
        state.apply_action(pol(state, rng))
        steps += 1
    return state


def board_picture(deck: Deck, players: int, seed: int, policy: str, path, lang: str = "es", px_per_mm: float = 2.0):
    """Play the game of ``seed`` and write a PNG of its board when the main phase ended."""
    from deckgen.games.maestras.board import check_picture_path, final_board_picture  # drawing is only loaded when asked for

    check_picture_path(path)
    state = play_to_end(deck, players, seed, policy)
    return final_board_picture(deck, state, players, seed, policy, path, lang, px_per_mm)


ENGINE = Engine(
    design=DESIGN,  # the design measures' hooks (design.py)
    new_state=new_state,
    policies={"random": random_policy, "heuristic": heuristic_policy},
    measures=MEASURES,
    thresholds=thresholds,
    exhaustive=exhaustive,
    max_steps=max_steps,
    # the default deck's longest stream (2 players) spends about 23,000 steps in 500 games; a step
    # reads the kinds of card held (the state's index), never a whole hand, so a step of a 4,800-card
    # deck, whose hands grow to thousands of cards, costs about as much as one of the default deck
    validate_steps=30_000,
    length_name="turns",
    board_picture=board_picture,
    skill=Skill(sample_hidden=sample_hidden, copy_world=copy_world, sample_seen=sample_seen, rollouts=(4, 16, 32), search_worlds=8),
    # "every game ends" proven by a decreasing variant (MaestrasState.length_variant), checked in code
    arguments=length_argument,
)
