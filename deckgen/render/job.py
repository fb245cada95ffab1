"""What every card writer draws: the sheets of cards.pdf, the one-card-a-page PDF, the PNGs, Tabletop
Simulator's sheets and the contact sheets all take one :class:`PrintJob` (a deck's cards, the faces
that draw them, the print settings, the deck's options, the build's title and label) instead of a
signature each, and make a face's :class:`~deckgen.render.faces.Frame` from it in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from deckgen.model import Card
from deckgen.render.faces import Faces, Frame

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.render.settings import PrintSettings


@dataclass(frozen=True)
class PrintJob:
    cards: Sequence[Card]
    faces: Faces
    settings: "PrintSettings"
    options: Mapping[str, Any] = field(default_factory=dict)  # the deck's options as its cards show them
    title: str = ""  # the game's title
    label: str = ""  # its options in words ("tablas 1-6"), or nothing

    def frame(self, bleed: float = 0.0) -> Frame:
        """The frame the faces draw into: the settings' card, language and ink, the deck's options,
        and ``bleed`` mm drawn past the trim (0: the trim box alone)."""
        card = self.settings.card
        return Frame(card.width, card.height, bleed, self.settings.lang, dict(self.options), self.settings.ink)

    @property
    def document_title(self) -> str:
        """A PDF's title: the game's, with its label when it has one."""
        return f"{self.title} — {self.label}" if self.label else self.title
