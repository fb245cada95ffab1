"""What a game provides to draw its cards: a front for each card and one back for the deck."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol

from deckgen.model import Card
from deckgen.render.pen import Pen

SAFE = 3.0  # mm: keep every line, frame and text this far inside the trim (backgrounds excepted)
MISREGISTRATION = 2.0  # mm: how far a back may land off its front in duplex printing


@dataclass(frozen=True)
class Frame:
    """The card a face is drawn into: trim size and bleed in mm, the language and the deck options."""

    width: float
    height: float
    bleed: float = 0.0
    lang: str = "es"
    options: Mapping[str, Any] = field(default_factory=dict)
    ink: str = "normal"  # "low": large fills are paled (see deckgen.render.ink)

    @property
    def unit(self) -> float:
        """Scale relative to a poker card (63×88 mm), for sizes that should follow the card."""
        return min(self.width / 63.0, self.height / 88.0)

    @property
    def safe(self) -> float:
        return SAFE * max(1.0, self.unit)

    @property
    def cx(self) -> float:
        return self.width / 2

    @property
    def cy(self) -> float:
        return self.height / 2


class Faces(Protocol):
    def front(self, pen: Pen, card: Card, frame: Frame) -> None:
        """Draw ``card``'s face, background first (extend it into the bleed: -bleed .. size+bleed)."""
        ...

    def back(self, pen: Pen, frame: Frame) -> None:
        """Draw the deck's back."""
        ...

    # Optional: ``back_face(card) -> Card | None``: a two-sided card (a marker turned over in play)
    # whose back is another face, drawn as that card's front; None for the deck's common back.


def back_face(faces: object, card: Card) -> Card | None:
    """The face printed behind ``card`` when it is a two-sided card, else None (the common back)."""
    own = getattr(faces, "back_face", None)
    return own(card) if callable(own) else None


def colour_codes(faces: object) -> tuple[tuple[str, ...], ...]:
    """The colour codes a game's faces declare (``colour_codes``: groups of colours that tell kinds
    of card apart, kept apart in low ink), looked up through the wrappers (help card, back image)."""
    seen = 0
    while faces is not None and seen < 8:
        codes = getattr(type(faces), "colour_codes", None)
        if codes is not None:
            return tuple(tuple(c) for c in codes)
        faces, seen = getattr(faces, "faces", None), seen + 1
    return ()


def two_sided(faces: object, cards) -> frozenset[int]:
    """The indices of the cards among ``cards`` whose back is a face of their own."""
    return frozenset(i for i, card in enumerate(cards) if back_face(faces, card) is not None)


def misregistration_margin(frame: Frame) -> float:
    """How far inside the trim a back's motifs stay, so a back printed off its front by up to
    MISREGISTRATION mm still shows nothing cut at an edge."""
    return frame.safe + MISREGISTRATION


def background(pen: Pen, frame: Frame, fill: str) -> None:
    b = frame.bleed
    pen.rect(-b, -b, frame.width + 2 * b, frame.height + 2 * b, fill=fill)


class ImageBack:
    """A game's faces with a designer's own image on every back (full bleed, cropped to cover)."""

    def __init__(self, faces: Faces, path: str) -> None:
        self.faces, self.path = faces, path

    def back_face(self, card: Card) -> Card | None:
        return back_face(self.faces, card)

    def front(self, pen: Pen, card: Card, frame: Frame) -> None:
        self.faces.front(pen, card, frame)

    def back(self, pen: Pen, frame: Frame) -> None:
        b = frame.bleed
        pen.image(self.path, -b, -b, frame.width + 2 * b, frame.height + 2 * b)


class LowInkFaces:
    """A game's faces drawn through :class:`deckgen.render.ink.LowInkPen` (``--ink low``)."""

    def __init__(self, faces: Faces) -> None:
        self.faces = faces

    def back_face(self, card: Card) -> Card | None:
        return back_face(self.faces, card)

    def front(self, pen: Pen, card: Card, frame: Frame) -> None:
        from deckgen.render.ink import LowInkPen

        self.faces.front(LowInkPen(pen, frame.width * frame.height, colour_codes(self.faces)), card, frame)

    def back(self, pen: Pen, frame: Frame) -> None:
        from deckgen.render.ink import LowInkPen

        self.faces.back(LowInkPen(pen, frame.width * frame.height, colour_codes(self.faces)), frame)


def faces_for(faces: Faces, back_image: str | None, ink: str = "normal") -> Faces:
    out = ImageBack(faces, back_image) if back_image else faces
    return LowInkFaces(out) if ink == "low" else out
