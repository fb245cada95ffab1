"""Words the engine's reports share: a player count's tag, a game's length unit, a simulated player's
name (catalog messages, shown in the language in force)."""

from __future__ import annotations

from typing import Any

from deckgen.i18n import Msg, ngettext, pgettext


def players_tag(players: int, variant: str = "") -> Msg:
    """"4 players", or "siesta, 4 players" for a rule variant (mode): a check's or a table's tag."""
    if variant:
        return ngettext("{variant}, {n} player", "{variant}, {n} players", players, variant=variant)
    return ngettext("{n} player", "{n} players", players)


def length_unit(name: str) -> Any:
    """What a game's length is counted in ("turns"), as the report says it."""
    return {"turns": pgettext("length unit", "turns")}.get(name, name)


def policy_word(policy: str) -> Any:
    """A simulated player's name: "heuristic" (the game's built-in player) or "random"."""
    return {"heuristic": pgettext("policy", "heuristic"), "random": pgettext("policy", "random")}.get(policy, policy)
