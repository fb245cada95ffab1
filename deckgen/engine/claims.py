"""What `validate` claims about a deck, and what each claim rests on.

Playable (GAMES.md, points 3-5), for every deal at every player count the deck serves, played by
the printed rules: (1) no dead end: the player to act always has a legal action (a draw or a pass
counts); (2) an end is always reachable: from every reachable position some legal moves end the
game; (3) no trap: with every player choosing uniformly at random among the legal moves, the game
ends with probability 1.

Each claim is either **proven** (by the model checker over every deal and every move, or by a
game's own argument checked in code) or **sampled**: no failure in N games of random and built-in
players, which bounds the share of such games (a random deal played by those players) that do not
end below 3/N at 95% confidence (the rule of three: if a share p of games failed, N games would all
pass with probability (1 - p)^N <= e^(-pN), below 5% once p >= 3/N). It bounds games, not deals: a
deal that gets stuck only after moves these players rarely make goes unseen (issue 40, case 1). The same words are used by the text report, --json, build's refusal and the web
page.
"""

from __future__ import annotations

import random
from typing import Any

from deckgen.checks import Check, check
from deckgen.engine.modelcheck import Result, check_model, find_path, walk_path
from deckgen.engine.replay import Path
from deckgen.engine.words import players_tag
from deckgen.i18n import Msg, _, ngettext

PROVEN, SAMPLED = "proven", "sampled"
# positions `validate` lets the model checker explore, shared by the player counts (--model-budget).
# With a game's compact graph (MGC: graph.py) the search runs at ~100,000 positions a CPU second in
# ~200 bytes a position, so the budget costs at most ~15 s and ~400 MB, and only for a deck small
# enough to have a model at all (no default deck has one: their deals are too many to enumerate).
# It proves issue 26's case 2 (1.2 M positions). A verdict never depends on the machine's speed.
MODEL_BUDGET = 1_500_000
MIN_MODEL_BUDGET = 10_000  # the least any one player count gets
LOOP_BUDGET = 20_000  # positions searched from a position the computer player kept coming back to
MAX_FAULT_SEARCHES = 3  # loops of the computer player searched for a way out in one validation
CONFIDENCE = 100  # default games that must end for the sampled claim "every game ends"

DEFINITION = _(
    "Playable means, for every deal at every player count the deck serves, played by the printed rules: "
    "(1) no dead end: the player to act always has a legal action (a draw or a pass counts); "
    "(2) an end is always reachable: from every reachable position some legal moves end the game; "
    "(3) no trap: with every player choosing at random among the legal moves, the game ends with probability 1. "
    "Each claim is proven (every deal and every move searched, or the game's own argument checked in code) "
    "or sampled (no failure in N games: fewer than 3/N of games dealt and played that way fail to end, at 95% confidence; "
    "a sample bounds games, not deals)."
)


def bound(n: int) -> Msg:
    """The sampled claim's words for ``n`` games that all ended: what the sample bounds is the share of
    games, dealt at random and played by these players, that do not end; not the share of deals that
    can get stuck (a deal stuck only after moves these players rarely make goes unseen: issue 40)."""
    share = min(100.0, 300 / n) if n else 100.0
    shown = _("{share:.2g}", share=share) if share < 100 else "100"  # never "1e+02"
    return ngettext("no failure in {n:,} game of random and built-in players: at 95% confidence, fewer than 3/{n:,} ({share}%) "
                    "of games dealt and played this way fail to end; a sample bounds these players' games, not deals: "
                    "a deal that gets stuck only after rare moves can go unseen",
                    "no failure in {n:,} games of random and built-in players: at 95% confidence, fewer than 3/{n:,} ({share}%) "
                    "of games dealt and played this way fail to end; a sample bounds these players' games, not deals: "
                    "a deal that gets stuck only after rare moves can go unseen", n, share=shown)


def model_result(engine: Any, deck: Any, players: int, budget: int = MODEL_BUDGET, tick: Any = None) -> Result | None:
    """The model checker's verdict on one player count, or None when the game has no model, the
    deck is too large to enumerate, or the budget is 0 (no search). ``tick(positions)`` shows progress."""
    if engine.model is None or budget <= 0:
        return None
    root = engine.model(deck, players)
    if root is None:
        return None
    return check_model(root, budget=budget, tick=tick)


def model_checks(engine: Any, tag: str, r: Result | None, budget: int = MODEL_BUDGET) -> list[Check]:
    """The exhaustive claims of one player count (``tag``: "2 players", "siesta, 2 players"), and a
    failed "every round dealt as printed" when a searched position followed a deal short of the
    rulebook (GAMES.md's point 6)."""
    out = _model_checks(engine, tag, r, budget)
    if r is not None and r.short_deal is not None:
        out.append(check(_("every round dealt as printed ({players})", players=tag), False, _replay_text(r.short_deal), proof=PROVEN,
                         hint=_("more cards, or rules that give back to the deal what they take out (see the replay)")))
    return out


def _model_checks(engine: Any, tag: str, r: Result | None, budget: int = MODEL_BUDGET) -> list[Check]:
    scope = engine.model_scope
    searched = _("every deal searched ({players})", players=tag)
    dead_end, reachable, trap = (_("no dead end ({players})", players=tag), _("an end is always reachable ({players})", players=tag),
                                 _("no trap ({players})", players=tag))
    if r is None:
        if engine.model is None:
            return []
        if budget <= 0:
            return [check(searched, True, _("not proven by search: --model-budget 0 turns the model checker off; the claims below are sampled"))]
        return [check(searched, True,
                      _("not proven by search: the deck has too many different deals to enumerate ({scope}); the claims below are sampled",
                        scope=scope) if scope else
                      _("not proven by search: the deck has too many different deals to enumerate; the claims below are sampled"))]
    if r.dead_end is not None:
        return [check(dead_end, False, _replay_text(r.dead_end), proof=PROVEN,
                      hint=_("a card or rule that leaves the player to act without a legal move: see the replay"))]
    if not r.complete and r.no_end is not None:  # a closed set found within the budget (engine/graphsearch.py)
        return [
            check(searched, True,
                  _("not proven by search: the model checker stopped at its budget of {budget:,} positions; "
                    "the part it searched holds a closed set of positions without an end all the same", budget=budget)),
            check(reachable, False, _replay_text(r.no_end), proof=PROVEN,
                  hint=_("the cards named in the replay can never be got rid of: change or add cards so that they can")),
            check(trap, False,
                  _("{n:,} positions form a closed set without an end (the replay above reaches one), found in the part of the "
                    "positions searched within the budget: every move from them was searched", n=r.no_end.trap), proof=PROVEN),
        ]
    if not r.complete:
        return [check(searched, True,
                      _("not proven by search: the model checker stopped at its budget of {budget:,} positions ({scope}); "
                        "the claims below are sampled", budget=budget, scope=scope) if scope else
                      _("not proven by search: the model checker stopped at its budget of {budget:,} positions; "
                        "the claims below are sampled", budget=budget))]
    what = (_("proven for every deal: {n:,} positions searched ({scope})", n=r.states, scope=scope) if scope
            else _("proven for every deal: {n:,} positions searched", n=r.states))
    if r.no_end is not None:
        return [
            check(dead_end, True, what, proof=PROVEN),
            check(reachable, False, _replay_text(r.no_end), proof=PROVEN,
                  hint=_("the cards named in the replay can never be got rid of: change or add cards so that they can")),
            check(trap, False,
                  _("{n:,} positions form a closed set without an end (the replay above reaches one)", n=r.no_end.trap), proof=PROVEN),
        ]
    return [
        check(dead_end, True, what, proof=PROVEN),
        check(reachable, True, (_("proven for every deal: {n:,} positions searched ({scope}); backward search from the {ends:,} ends reaches every one",
                                  n=r.states, scope=scope, ends=r.ends) if scope else
                                _("proven for every deal: {n:,} positions searched; backward search from the {ends:,} ends reaches every one",
                                  n=r.states, ends=r.ends)), proof=PROVEN),
        check(trap, True, (_("proven for every deal: no closed set of positions without an end ({scope}: finite graph, an end reachable from each)",
                             scope=scope) if scope else
                           _("proven for every deal: no closed set of positions without an end (finite graph, an end reachable from each)")),
              proof=PROVEN),
    ]


def _replay_text(replay: Any) -> Msg:
    return replay.message()


def replays(r: Result | None) -> list[Any]:
    """The counterexamples a model checker's result prints (each a Replay, engine/replay.py)."""
    return [x for x in (r.dead_end, r.no_end, r.short_deal) if x is not None] if r is not None else []


def player_fault(engine: Any, deck: Any, players: int, seed: int, policy: str = "heuristic", budget: int = LOOP_BUDGET) -> Any:
    """Replay a game of the computer player that did not end; from where it stopped, search for a
    legal continuation that ends the game. Returns the continuation (a :class:`WayOut`, its English
    words by ``str``: the loop is then the player's fault, not the deck's), or "" when none was found
    (the deck is blamed)."""
    from deckgen.engine.loop import key_stride, play

    rng = random.Random(seed)
    state = engine.new_state(deck, players, rng)
    pol = engine.policies[policy]
    play(state, [pol] * players, rng, seed=seed, max_steps=engine.max_steps(deck, players),
         repeat_limit=engine.repeat_limit, key_every=key_stride(len(deck.cards)))
    if state.is_terminal():
        return WayOut(None)
    here = getattr(state, "explorable", None)
    position = here() if here is not None else None
    if position is None:
        return ""
    path = find_path(position, budget)
    if path is None:  # the end may lie beyond the breadth-first budget: random walks go deeper
        path = walk_path(position, seed=seed, tries=20, steps=2_000)
    if path is None:
        return ""
    return WayOut(path)


class WayOut:
    """A way out of a loop of the computer player: a path to an end (None: the game ended when
    replayed), a message shown in the language in force (:meth:`message`); ``str`` gives it too."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    def message(self) -> Any:
        from deckgen.engine.replay import say

        return self.path.way_out() if self.path is not None else say(("ends when replayed", ()))

    def text(self, lang: str = "en") -> str:
        from deckgen.i18n.message import text_in

        return text_in(self.message(), lang)

    def __str__(self) -> str:
        return str(self.message())

    def __bool__(self) -> bool:
        return True


def headline_basis(report: Any) -> str:
    """After "Playable for 2 to 10 players": "proven for every deal" or "no failure in N games";
    when a player count's search stopped at its budget and no argument of the game proves it, the
    headline says so first: nothing is proven there (issue 40)."""
    games = [n for n in report.claim_games.values()]
    if report.claim_games and all(k in report.proven for k in report.claim_games):
        return _("proven for every deal")
    sampled = [n for k, n in report.claim_games.items() if k not in report.proven]
    if not sampled:
        return ""
    if len(games) > 1:
        seen = ngettext("no failure in {n:,} game at each player count", "no failure in {n:,} games at each player count", min(sampled))
    else:
        seen = ngettext("no failure in {n:,} game", "no failure in {n:,} games", min(sampled))
    stopped = [k for k in report.claim_games if k not in report.proven and stopped_search(report.models.get(k))]
    if stopped:
        return _("nothing is proven: the model checker stopped at its budget and no argument of the game applies; {seen}", seen=seen)
    return seen


def stopped_search(result: Any) -> bool:
    """A model checker's result that stopped at its budget before deciding anything."""
    return result is not None and not result.complete and result.no_end is None and result.dead_end is None


def variant_argument(engine: Any, deck: Any, players: int, bound: int, argument: str, seeds: int = 3) -> Check:
    """A game's proof that every game ends, checked: its variant (``length_variant``) bounds a game
    to ``bound`` steps, which must fit the step budget, and the variant must decrease at every turn
    of ``seeds`` dealt games of random play (engine/loop.py asserts it at every step, as it does in
    every checked game validate plays). ``argument`` says why the variant decreases."""
    from deckgen.engine.game import random_policy
    from deckgen.engine.loop import InvariantBroken, play

    budget = engine.max_steps(deck, players)
    broken: Any = "" if bound <= budget else _("its bound, {bound:,} steps, is above the step budget of {budget:,}", bound=bound, budget=budget)
    for seed in range(seeds if not broken else 0):
        rng = random.Random(seed)
        state = engine.new_state(deck, players, rng)
        try:
            record = play(state, [random_policy] * players, rng, seed=seed, max_steps=budget, check=True)
        except InvariantBroken as exc:
            broken = exc.message
            break
        if not record.ended:
            broken = _("seed {seed}: {problem}", seed=seed, problem=record.problem)
            break
    name = _("every game's length is bounded ({players})", players=players_tag(players))
    if broken:
        return check(name, False, _("the argument fails: {why}", why=broken), hint=_("report it: the rules broke their own bound"), proof=PROVEN)
    return check(name, True, _("proven for every deal: {argument}; so a game lasts at most {bound:,} steps, within the step budget",
                               argument=argument, bound=bound), proof=PROVEN)
