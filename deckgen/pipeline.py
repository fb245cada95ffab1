"""The one-way flow: spec -> deck -> checks -> render. The CLI calls these; they never print."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from deckgen.checks import Check, require
from deckgen.fileio import prepare_out_dir, write_text
from deckgen.model import Deck
from deckgen.progress import Tick
from deckgen.render.preview import write_previews
from deckgen.render.sheets import write_cards_pdf
from deckgen.spec import DeckSpec


@dataclass
class BuildResult:
    deck: Deck
    checks: list[Check]
    out_dir: Path
    files: list[Path] = field(default_factory=list)


def default_out(spec: DeckSpec) -> Path:
    return Path("output") / spec.game.out_name(spec.options)


def make_deck(spec: DeckSpec) -> tuple[Deck, list[Check]]:
    """Build the deck and run the game's static checks on it."""
    deck = spec.build()
    return deck, list(spec.game.checks(deck))


def build(
    spec: DeckSpec,
    out_dir: Path | None = None,
    *,
    force: bool = False,
    progress: Callable[[str], Tick] | None = None,
    extra_steps: list[Callable[[BuildResult], list[Path]]] | None = None,
) -> BuildResult:
    """Build, check, and write cards.pdf and deck.json (and whatever ``extra_steps`` add)."""
    deck, checks = make_deck(spec)
    if not force:
        require(checks, f"the {spec.game.title} deck")
    out = prepare_out_dir(out_dir or default_out(spec))
    result = BuildResult(deck, checks, out)
    tick = progress("cards.pdf") if progress else None
    result.files.append(
        write_cards_pdf(
            out / "cards.pdf",
            deck.cards,
            spec.game.faces,
            spec.print,
            title=spec.game.title,
            label=spec.game.describe(spec.options, spec.card_lang),
            options=dict(spec.options),
            progress=tick,
        )
    )
    result.files.append(write_text(out / "deck.json", deck.dumps()))
    for step in extra_steps or []:
        result.files.extend(step(result))
    return result


def preview(spec: DeckSpec, out_dir: Path | None = None, *, force: bool = False, progress: Callable[[str], Tick] | None = None) -> BuildResult:
    deck, checks = make_deck(spec)
    if not force:
        require(checks, f"the {spec.game.title} deck")
    out = prepare_out_dir(out_dir or default_out(spec))
    result = BuildResult(deck, checks, out)
    tick = progress("previews") if progress else None
    result.files.extend(write_previews(out, deck.cards, spec.game.faces, spec.print, options=dict(spec.options), progress=tick))
    return result
