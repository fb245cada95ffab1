"""Multipli Cat's has no choices: its skill is speed and attention. The skill ladder compares player
profiles instead of players: the deck's average player, one 20% faster (reaction times 20% shorter),
and one who misses a chance to slap half as often."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from deckgen.i18n import _, pgettext

from deckgen.games.multiplicats.state import MultiplicatsState

AVERAGE, FASTER, ATTENTIVE = "average", "20% faster", "missing half as often"
PROFILES = (AVERAGE, FASTER, ATTENTIVE)
# the profiles as the skill report names them in its table, and a player of each in a sentence
PROFILE_WORDS = {AVERAGE: pgettext("profile", "average"), FASTER: pgettext("profile", "20% faster"),
                 ATTENTIVE: pgettext("profile", "missing half as often")}
PLAYER_WORDS = {AVERAGE: _("an average player"), FASTER: _("a player who is 20% faster"),
                ATTENTIVE: _("a player who misses half as often")}


def apply_profiles(state: MultiplicatsState, names: Sequence[str]) -> None:
    """Give seat ``s`` the profile ``names[s]``, starting from the deck's reaction model."""
    model = state.model
    medians = tuple(m * (0.8 if n == FASTER else 1.0) for m, n in zip(model.median_ms, names))
    misses = tuple(model.miss * (0.5 if n == ATTENTIVE else 1.0) for n in names)
    state.model = replace(model, median_ms=medians, misses=misses)
