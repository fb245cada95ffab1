"""The shared rulebook renderer: a game's template and the deck actually built -> a print-ready PDF.

    template (jinja2, autoescaped) --render--> markup (HTML subset) --parse--> blocks --> flowables --> PDF

The page: A4 or Letter as the build's print settings say, the embedded font, a running header with the
game and its options, and "page n of N" at the foot.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Mapping

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from deckgen.errors import DeckgenError
from deckgen.fileio import atomic_path
from deckgen.model import Deck
from deckgen.registry import Game
from deckgen.render import fonts
from deckgen.render.faces import Frame
from deckgen.render.geometry import PAPERS
from deckgen.render.palette import INK
from deckgen.render.pdfx import tag_fonts
from deckgen.render.settings import LANGS, PrintSettings
from deckgen.resources import data_dir
from deckgen.rulebook import flow
from deckgen.rulebook.markup import MarkupError, parse
from deckgen.rulebook.platypus import SimpleDocTemplate
from deckgen.rulebook.template import common_context, render_text, shown_path, template_name

MM = fonts.PT_PER_MM
MARGIN_SIDE, MARGIN_TOP, MARGIN_BOTTOM = 20.0, 22.0, 20.0  # mm (the header and page number)
MEASURE = 136.0  # mm: the text column, narrow enough for lines of at most 80 characters
WORDS = {
    "es": {"rules": "Reglas del juego", "page": "página {n} de {total}"},
    "en": {"rules": "Rules of the game", "page": "page {n} of {total}"},
}


def languages(lang: str) -> tuple[str, ...]:
    """The rulebook languages a build's ``--lang`` asks for: es, en, or all (both)."""
    return LANGS if lang == "all" else (lang,)


def file_name(lang: str) -> str:
    return f"rulebook-{lang}.pdf"


def preparing_name(lang: str) -> str:
    """The file for whoever prepares the deck: the command and options that made it, kept out of the
    players' rulebook (one sheet less per class copy)."""
    return f"preparing-{lang}.pdf"


def render_markup(
    game: Game,
    deck: Deck,
    lang: str,
    settings: PrintSettings,
    *,
    templates: Path | None = None,
    stem: str | None = None,
    context: Mapping[str, Any] | None = None,
) -> str:
    """The rendered template: the HTML subset, with every fact taken from ``deck`` (``context``: the
    facts :func:`rulebook_context` gives for the same arguments, when the caller has them already)."""
    if game.rulebook is None:
        raise DeckgenError(f"{game.title} has no rulebook yet")
    if context is None:
        context = rulebook_context(game, deck, lang, settings)
    return render_text(templates or data_dir("templates"), template_name(game, lang, stem), context)


def rulebook_context(game: Game, deck: Deck, lang: str, settings: PrintSettings) -> dict[str, Any]:
    """What a game's templates are given: the facts every game's rulebook prints and the game's own.
    The rulebook and the page for whoever prepares the deck are given the same (worked out once)."""
    context: dict[str, Any] = common_context(game, deck, lang, settings)
    context.update(_game_context(game, deck, lang, settings.lang))
    return context


def _game_context(game: Game, deck: Deck, lang: str, card_lang: str) -> Mapping[str, Any]:
    """The game's own facts; a game whose ``context`` takes ``card_lang`` names the cards in the
    language they are printed in (a rulebook names the cards as printed)."""
    import inspect

    assert game.rulebook is not None
    context = game.rulebook.context
    try:
        takes = "card_lang" in inspect.signature(context).parameters
    except (TypeError, ValueError):
        takes = False
    return context(deck, lang, card_lang=card_lang) if takes else context(deck, lang)


def write_rulebook(
    target: Path,
    game: Game,
    deck: Deck,
    lang: str,
    settings: PrintSettings,
    *,
    card_lang: str | None = None,
    templates: Path | None = None,
    stem: str | None = None,
    context: Mapping[str, Any] | None = None,
) -> Path:
    """Write the rulebook of ``deck`` in ``lang`` to ``target`` (atomically) and return its path.

    Card pictures are drawn as the cards are printed: in ``card_lang`` (default: the print settings').
    ``context``: the templates' facts (:func:`rulebook_context`), when the caller has them already.
    """
    root = templates or data_dir("templates")
    markup = render_markup(game, deck, lang, settings, templates=root, stem=stem, context=context)
    assert game.rulebook is not None
    try:
        blocks = parse(markup, n_cards=len(deck), figures=game.rulebook.figures, lang=lang)
    except MarkupError as exc:
        where = shown_path(root, template_name(game, lang, stem))
        raise DeckgenError(f"{where}: {exc} (line {exc.line} of the rendered rulebook)") from None
    card = settings.card
    frame = Frame(card.width, card.height, 0.0, card_lang or settings.lang, dict(game.described(deck)))
    styles = flow.styles()
    ctx = flow.Context(deck.cards, game.faces, frame, game.rulebook.figures, lang, styles)
    page_w, page_h = (x * MM for x in PAPERS[settings.paper])
    text_w = min(MEASURE * MM, page_w - 2 * MARGIN_SIDE * MM)
    side = (page_w - text_w) / 2
    story = flow.keep_together(flow.build(blocks, ctx, text_w))
    if not story:
        raise DeckgenError(f"{shown_path(root, template_name(game, lang, stem))}: the rulebook is empty")
    label = game.label(deck, lang)
    header = f"{game.title} · {label}" if label else game.title
    target = Path(target)
    regular, _ = fonts.register()
    with atomic_path(target) as tmp:
        doc = SimpleDocTemplate(
            str(tmp),
            pagesize=(page_w, page_h),
            leftMargin=side,
            rightMargin=side,
            topMargin=MARGIN_TOP * MM,
            bottomMargin=MARGIN_BOTTOM * MM,
            title=f"{game.title} — {WORDS[lang]['rules']}" + (f" ({label})" if label else ""),
            author="deckgen",
            subject=f"{game.title}: {WORDS[lang]['rules'].lower()}, {len(deck)} cards",
            creator="deckgen",
            invariant=1,
            initialFontName=regular,
            lang=lang,
        )
        furniture = partial(_furniture, header=header, words=WORDS[lang])
        doc.build(story, canvasmaker=partial(_NumberedCanvas, furniture=furniture))
        tag_fonts(Path(tmp))
    return target


# ---------------------------------------------------------------- page furniture


class _NumberedCanvas(Canvas):
    """Holds every page until the end, so each can say "page n of N"."""

    def __init__(self, *args: Any, furniture: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []
        self._furniture = furniture

    def showPage(self) -> None:  # noqa: N802 (reportlab's name)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._furniture(self, self._pageNumber, total)
            super().showPage()
        super().save()


def _furniture(c: Canvas, n: int, total: int, *, header: str, words: Mapping[str, str]) -> None:
    w, h = c._pagesize
    left, right = MARGIN_SIDE * MM, w - MARGIN_SIDE * MM
    c.saveState()
    c.setFillColor(HexColor(INK))
    c.setStrokeColor(HexColor(flow.RULE))
    c.setLineWidth(0.5)
    if n > 1:  # the first page opens with the title itself
        y = h - 13 * MM
        c.setFont(fonts.font_name(True), 8.5)
        c.drawString(left, y, header)
        c.setFont(fonts.font_name(False), 8.5)
        c.drawRightString(right, y, words["rules"])
        c.line(left, y - 2.2 * MM, right, y - 2.2 * MM)
    c.setFont(fonts.font_name(False), 8.5)
    c.drawCentredString(w / 2, 11 * MM, words["page"].format(n=n, total=total))
    c.restoreState()
