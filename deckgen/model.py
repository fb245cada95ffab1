"""Deck model: a card is a value (kind + face data); a deck is a game, its options, a seed and cards."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping, TypeVar

T = TypeVar("T")


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class Card:
    """One physical card. ``kind`` names what it is; ``face`` holds what is printed on it.

    ``face`` values must be JSON types (str, int, float, bool, lists of them).
    """

    kind: str
    face: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "face", dict(self.face))

    def __hash__(self) -> int:
        return hash((self.kind, _freeze(self.face)))

    def __getitem__(self, key: str) -> Any:
        return self.face[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.face.get(key, default)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.face}


@dataclass(frozen=True)
class Deck:
    """A built deck: the game it belongs to, the options it was built with, its seed and its cards."""

    game: str
    options: Mapping[str, Any]
    seed: int
    cards: tuple[Card, ...]
    players: int | None = None
    custom: bool = False  # True when the cards come from an explicit list in a deck file

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", dict(self.options))
        object.__setattr__(self, "cards", tuple(self.cards))

    def __len__(self) -> int:
        return len(self.cards)

    def derived(self, key: Hashable, make: Callable[["Deck"], T]) -> T:
        """``make(self)``, computed once for this deck object and kept with it (a deck never changes):
        what an engine reads from the cards at every deal (its tables, the card types) costs one pass
        over a 5,000-card deck, not one per game. ``key`` names what is kept (say, the game and the
        function). Kept values are not pickled: a worker process computes its own."""
        kept = self.__dict__.get("_derived")
        if kept is None:
            kept = {}
            object.__setattr__(self, "_derived", kept)
        if key not in kept:
            kept[key] = make(self)
        return kept[key]

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_derived"}

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards if c.kind == kind]

    def count_by(self, key: Any) -> dict[Any, int]:
        """Count cards by ``key(card)``, in order of first appearance."""
        counts: dict[Any, int] = {}
        for card in self.cards:
            k = key(card)
            counts[k] = counts.get(k, 0) + 1
        return counts

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "custom": self.custom,
            "count": len(self.cards),
            "cards": [c.to_json() for c in self.cards],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1, sort_keys=False) + "\n"

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "Deck":
        cards = []
        for raw in data["cards"]:
            raw = dict(raw)
            kind = raw.pop("kind")
            cards.append(Card(kind, raw))
        return Deck(
            game=data["game"],
            options=data.get("options", {}),
            seed=int(data.get("seed", 0)),
            cards=tuple(cards),
            players=data.get("players"),
            custom=bool(data.get("custom", False)),
        )


