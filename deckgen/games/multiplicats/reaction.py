"""How fast and how reliably each player reacts: the simulator's model of a speed game.

Each player's reaction time is log-normal: median ``median_ms[player]`` and shape ``spread`` (the
sigma of the log), which gives the long right tail real reaction times have. A player entitled to
slap fails to notice with probability ``miss``; a player not entitled slaps anyway with probability
``false_slap`` on each turned-up card. All draws come from the game's seeded rng.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from deckgen.errors import OptionError
from deckgen.i18n import _
from deckgen.numerals import decimal_number, odd_digits

NEVER = math.inf


@dataclass(frozen=True)
class ReactionModel:
    median_ms: tuple[float, ...]  # one per player
    spread: float = 0.35
    miss: float = 0.10
    false_slap: float = 0.01
    misses: tuple[float, ...] = ()  # one miss chance per player, when they differ (player profiles)

    @staticmethod
    def from_options(options: Mapping[str, Any], players: int) -> "ReactionModel":
        medians = list(options.get("reaction_ms") or [700.0])
        if len(medians) == 1:
            medians = medians * players
        if len(medians) != players:
            raise OptionError(_("--reaction-ms gives {times} times for {players} players (give one, or one per player)",
                                times=len(medians), players=players))
        return ReactionModel(
            tuple(float(m) for m in medians),
            float(options.get("reaction_spread", 0.35)),
            float(options.get("miss_rate", 0.10)),
            float(options.get("false_slap_rate", 0.01)),
        )

    def time(self, rng: random.Random, player: int) -> float:
        """A reaction time in ms for ``player``."""
        return self.median_ms[player] * math.exp(self.spread * rng.gauss(0.0, 1.0))

    def entitled_time(self, rng: random.Random, player: int) -> float:
        """When an entitled player slaps, or NEVER if they miss it."""
        if rng.random() < (self.misses[player] if self.misses else self.miss):
            return NEVER
        return self.time(rng, player)

    def false_time(self, rng: random.Random, player: int) -> float:
        """When a player who should not slap does so anyway, or NEVER (the usual case)."""
        if self.false_slap > 0.0 and rng.random() < self.false_slap:
            return self.time(rng, player)
        return NEVER

    def false_times(self, rng: random.Random, players: Sequence[int]) -> dict[int, float]:
        """``false_time`` of each of ``players`` in order, drawn from ``rng`` exactly as those calls
        would draw: the hot path of a simulated game (asked at nearly every turned-up card)."""
        rate = self.false_slap
        if rate <= 0.0:
            return dict.fromkeys(players, NEVER)
        draw, time = rng.random, self.time
        return {player: time(rng, player) if draw() < rate else NEVER for player in players}


def _shown(value: Any) -> Any:
    return value[:60] + "…" if isinstance(value, str) and len(value) > 60 else value


def parse_times(value: Any) -> list[float]:
    """"700" or "600,700,900" (ms), "650,5;700" (decimal commas, the times apart by semicolons), or a TOML
    number / list."""
    items: Sequence[Any]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        items = [value]
    elif isinstance(value, (list, tuple)):
        items = value
    else:  # "600,700,900"; with semicolons each time may write a decimal comma: "650,5;700"
        text = str(value)
        items = text.split(";") if ";" in text else text.split(",")
    out = []
    for v in items:
        try:
            t = decimal_number(v)  # the digits 0-9, as every number deckgen reads (deckgen.numerals)
        except (TypeError, ValueError):
            if odd_digits(str(v)):
                raise OptionError(_("expected reaction times in ms written with the digits 0-9, like 700 or 600,700,900, got {value!r}",
                                    value=_shown(value))) from None
            raise OptionError(_("expected reaction times in ms like 700 or 600,700,900, got {value!r}", value=_shown(value))) from None
        if not 50.0 <= t <= 10_000.0:
            ms = f"{t:g}"
            raise OptionError(_("a reaction time of {ms} ms is out of range (50 to 10000)", ms=ms))
        out.append(t)
    if not out or len(out) > 16:
        raise OptionError(_("give 1 to 16 reaction times"))
    return out
