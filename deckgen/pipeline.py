"""The one-way flow: spec -> deck -> checks -> render. The CLI calls these; they never print."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from deckgen.checks import Check, require
from deckgen.errors import DeckgenError
from deckgen.fileio import prepare_out_dir, write_text
from deckgen.model import Deck
from deckgen.progress import Tick
from deckgen.render.preview import write_previews
from deckgen.render.sheets import write_cards_pdf
from deckgen.rulebook.render import file_name, languages, write_rulebook
from deckgen.spec import DeckSpec


@dataclass
class BuildResult:
    deck: Deck
    checks: list[Check]
    out_dir: Path
    files: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # one-line remarks for the user (no rulebook yet...)


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
    rulebooks: bool = True,
    extra_steps: list[Callable[[BuildResult], list[Path]]] | None = None,
) -> BuildResult:
    """Build, check, and write cards.pdf, deck.json and the rulebook(s) in the languages ``spec.lang``
    asks for (and whatever ``extra_steps`` add)."""
    result = _checked(spec, out_dir, force)
    deck, out = result.deck, result.out_dir
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
    if rulebooks:
        if spec.game.rulebook is None:
            result.notes.append(f"{spec.game.title} has no rulebook yet: only the cards were written")
        else:
            _write_rulebooks(spec, result, progress)
    for step in extra_steps or []:
        result.files.extend(step(result))
    return result


def rules(spec: DeckSpec, out_dir: Path | None = None, *, force: bool = False, progress: Callable[[str], Tick] | None = None) -> BuildResult:
    """Write only the rulebook(s) of the deck ``spec`` describes, in the languages ``spec.lang`` asks for."""
    if spec.game.rulebook is None:
        raise DeckgenError(f"{spec.game.title} has no rulebook yet")
    result = _checked(spec, out_dir, force)
    _write_rulebooks(spec, result, progress)
    return result


def _checked(spec: DeckSpec, out_dir: Path | None, force: bool) -> BuildResult:
    """The deck built and checked (its failures stop the build unless ``force``), the folder ready."""
    deck, checks = make_deck(spec)
    if not force:
        require(checks, f"the {spec.game.title} deck")
    return BuildResult(deck, checks, prepare_out_dir(out_dir or default_out(spec)))


def _write_rulebooks(spec: DeckSpec, result: BuildResult, progress: Callable[[str], Tick] | None) -> None:
    langs = languages(spec.lang)
    tick = progress("rulebook") if progress else None
    for n, lang in enumerate(langs, 1):
        target = result.out_dir / file_name(lang)
        result.files.append(write_rulebook(target, spec.game, result.deck, lang, spec.print, card_lang=spec.card_lang))
        if tick:
            tick(n, len(langs))


def preview(spec: DeckSpec, out_dir: Path | None = None, *, force: bool = False, progress: Callable[[str], Tick] | None = None) -> BuildResult:
    deck, checks = make_deck(spec)
    if not force:
        require(checks, f"the {spec.game.title} deck")
    out = prepare_out_dir(out_dir or default_out(spec))
    result = BuildResult(deck, checks, out)
    tick = progress("previews") if progress else None
    result.files.extend(write_previews(out, deck.cards, spec.game.faces, spec.print, options=dict(spec.options), progress=tick))
    return result
