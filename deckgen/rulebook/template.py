"""The jinja2 side of rulebooks: the environment, the template's context, and clear error messages.

A template is ``templates/<game id>/<stem>.<lang>.html.j2``, rendered with autoescaping (so deck text
is escaped) and StrictUndefined (so a misspelt name is an error, not an empty string).
"""

from __future__ import annotations

import os
import re
import traceback
from pathlib import Path
from typing import Any, Mapping, Sequence

import jinja2
from jinja2.bccache import Bucket

from deckgen.errors import DeckgenError
from deckgen.model import Deck
from deckgen.registry import Game
from deckgen.render.settings import PrintSettings
from deckgen.resources import data_dir
from deckgen.rulebook.markup import TAGS

AND = {"es": "y", "en": "and"}
OR = {"es": "o", "en": "or"}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
YES_NO = {"es": ("sí", "no"), "en": ("yes", "no")}


PREPARING = "preparing"  # the stem of the page for whoever prepares the deck (not the players')


def template_name(game: Game, lang: str, stem: str | None = None) -> str:
    stem = stem or (game.rulebook.template if game.rulebook else "rulebook")
    return f"{game.id}/{stem}.{lang}.html.j2"


def shown_path(root: Path, name: str) -> str:
    """How a template's path is shown in messages: templates/<game>/... for the project's own."""
    if root == data_dir("templates"):
        return f"templates/{name}"
    return str(root / name)


# ---------------------------------------------------------------- filters


@jinja2.pass_context
def andlist(ctx: jinja2.runtime.Context, items: Sequence[Any], word: str = "and") -> str:
    """["a", "b", "c"] -> "a, b y c" (Spanish) or "a, b and c" (English); word="or" for o/or."""
    lang = ctx.get("lang", "en")
    joiner = (OR if word == "or" else AND).get(lang, word)
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {joiner} {items[-1]}"


@jinja2.pass_context
def number(ctx: jinja2.runtime.Context, value: float, digits: int = 2) -> str:
    """A number as the language writes it: 0,35 in Spanish, 0.35 in English; whole numbers plain."""
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if ctx.get("lang") == "es" else text


def environment(root: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=_CompiledTemplates.at(_cache_dir()),
    )
    env.filters["andlist"] = andlist
    env.filters["number"] = number
    return env


def _cache_dir() -> Path | None:
    """None when there is no absolute place for caches (deckgen.surroundings.cache_home): no cache then."""
    from deckgen.surroundings import cache_home

    base = cache_home()
    return None if base is None else base / "deckgen" / "templates"


MOST_BYTES = 4 * 1024 * 1024  # a compiled rulebook template is some 100 KB


class _CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """jinja2's cache of compiled templates, in ``$XDG_CACHE_HOME/deckgen/templates/``: compiling a
    rulebook's template is a twentieth of a build, and a template compiles the same every time.

    jinja2 reuses an entry only for the same template source, jinja2 and Python; the key here also
    holds the environment's syntax settings (which shape the compiled code), so a change to
    :func:`environment` never reuses code compiled under the old settings. The cache is only an
    optimisation: a folder that cannot be made, read or written means compiling, never an error."""

    @classmethod
    def at(cls, folder: Path | None) -> "_CompiledTemplates | None":
        if folder is None:
            return None
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
        return cls(str(folder))

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None, source: str) -> Any:
        settings = repr((
            environment.block_start_string, environment.block_end_string, environment.variable_start_string,
            environment.variable_end_string, environment.comment_start_string, environment.comment_end_string,
            environment.line_statement_prefix, environment.line_comment_prefix, environment.trim_blocks,
            environment.lstrip_blocks, environment.newline_sequence, environment.keep_trailing_newline,
            environment.autoescape, environment.optimized, sorted(environment.extensions),
        ))
        bucket = Bucket(environment, self.get_cache_key(f"{name}|{settings}", filename), self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Any) -> None:
        """Read an entry only from a regular file of at most MOST_BYTES (a FIFO, a device, a link or a
        huge file is not one jinja2 wrote: compiled again and written over); anything damaged compiles."""
        import io

        from deckgen.fileio import read_regular

        data = read_regular(Path(self._get_cache_filename(bucket)), MOST_BYTES)
        if data is None:
            return
        try:
            bucket.load_bytecode(io.BytesIO(data))
        except Exception:  # unreadable or damaged (jinja2 reads it with pickle and marshal): compile instead
            bucket.reset()

    def dump_bytecode(self, bucket: Any) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:  # a full disk or a read-only cache: the template was compiled all the same
            pass


# ---------------------------------------------------------------- the context every template gets


def option_rows(game: Game, options: Mapping[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """Each option of the game with its value in this build, for templates to print generically.

    Switches show as yes/no (sí/no) in the rulebook's language; ``cli`` is how to ask for the value;
    ``meaning`` and ``default_meaning``: a choice's words in the rulebook's language ("" for others),
    since the value itself is what is typed on the command line.
    """
    from deckgen.i18n import render

    def meaning(value: Any) -> str:
        words = getattr(opt, "words", None) or {}
        return render(words[value], lang) if isinstance(value, str) and value in words else ""

    yes, no = YES_NO.get(lang, YES_NO["en"])
    rows = []
    for opt in game.options:
        value = options.get(opt.name, opt.default)
        if opt.flag:
            shown, default = (yes if value else no), (yes if opt.default else no)
            cli = opt.cli if value else f"--no-{opt.cli[2:]}"
        else:
            shown, default = ("none" if value is None else opt.show(value)), opt.describe_default()
            cli = f"{opt.cli} {shown}"
        rows.append(
            {
                "name": opt.name,
                "flag": opt.cli,
                "scope": opt.scope,
                "value": shown,
                "raw": value,
                "default": default,
                "meaning": "" if opt.flag else meaning(value),
                "default_meaning": "" if opt.flag else meaning(opt.default),
                "is_default": value == opt.default,
                "help": opt.help,
                "switch": opt.flag,
                "cli": cli,
            }
        )
    return rows


def players_phrase(counts: list[int], lang: str) -> str:
    """"De 2 a 8 jugadores" / "2 to 8 players", or "2, 4 o 5 jugadores" when the counts have gaps."""
    lo, hi = counts[0], counts[-1]
    if counts == list(range(lo, hi + 1)):
        return f"De {lo} a {hi} jugadores" if lang == "es" else f"{lo} to {hi} players"
    head, last = ", ".join(map(str, counts[:-1])), counts[-1]
    return f"{head} o {last} jugadores" if lang == "es" else f"{head} or {last} players"


def underlined_examples(game: Game, deck: Deck, most: int = 3) -> list[str]:
    """Up to ``most`` texts the deck's cards print with a bar underneath because upside down they read
    as another value (6 and 9): the rulebook says what the bar means (deckgen.render.orientation)."""
    from deckgen.render.orientation import confusable

    faces = game.faces
    texts, valid = getattr(faces, "texts", None), getattr(faces, "valid_text", None)
    own = getattr(faces, "underlined_texts", None)  # a game that underlines part of a text (MGC's coefficient)
    if callable(own):
        def underlined(card):
            return own(card)
    elif callable(texts) and callable(valid):
        def underlined(card):
            return tuple(t for t in texts(card) if confusable(t, valid))
    else:
        return []
    found: list[str] = []
    for card in deck.cards:
        for text in underlined(card):
            if text.replace(" ", "") not in (f.replace(" ", "") for f in found):
                found.append(text)
                if len(found) >= most:
                    return found
    return found


def help_card_count(game: Game, deck: Deck, settings: PrintSettings) -> int:
    """How many help cards a build prints after the deck (0 for a game without one): the rulebook
    says what they are and to keep them out of the deal."""
    if game.help_card is None:
        return 0
    from deckgen.render.faces import Frame
    from deckgen.render.help_card import help_cards

    lang = settings.lang if settings.lang in ("es", "en") else "es"
    frame = Frame(settings.card.width, settings.card.height, 0.0, lang)
    return len(help_cards(game.help_card(deck, lang), frame, lang))


def common_context(game: Game, deck: Deck, lang: str, settings: PrintSettings) -> dict[str, Any]:
    rows = option_rows(game, deck.options, lang)
    changed = " ".join(r["cli"] for r in rows if not r["is_default"])
    counts = game.player_counts(deck) or list(range(game.players[0], game.players[1] + 1))
    lo, hi = counts[0], counts[-1]  # the counts this deck serves (one source: the registry)
    return {
        "lang": lang,
        "help_cards": help_card_count(game, deck, settings),
        "underlined": underlined_examples(game, deck),
        "card_lang": settings.lang,  # the language the cards are printed in (the same deck for --lang all)
        "cards_foreign": settings.lang != lang,
        "game": {
            "id": game.id,
            "title": game.title,
            "summary": game.summary.get(lang, ""),
            "min_players": lo,
            "max_players": hi,
            "default_players": game.default_players,
        },
        "deck": deck,
        "cards": deck.cards,
        "n_cards": len(deck),
        "players": deck.players,
        "players_min": lo,
        "players_max": hi,
        "player_range": {"min": lo, "max": hi},
        "players_note": game.players_note.get(lang, ""),
        "players_text": players_phrase(counts, lang),
        "options": dict(deck.options),
        "option_rows": rows,
        "rule_options": [r for r in rows if r["scope"] == "rules"],
        "deck_options": [r for r in rows if r["scope"] != "rules"],
        "label": game.label(deck, lang),
        "command": f"deckgen build {game.id} {changed}".strip(),
        "print": {
            "paper": settings.paper,
            "paper_name": PAPER_NAMES.get(settings.paper, settings.paper),
            "card": settings.card.label,
            "card_width": settings.card.width,
            "card_height": settings.card.height,
            "backs": settings.backs,
            "bleed": settings.bleed,
        },
    }


# ---------------------------------------------------------------- rendering with clear errors


_JINJA = re.compile(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", re.S)
_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9_-]*)")


def lint(source: str, shown: str) -> None:
    """Catch an unknown tag in the template source itself, so the message gives the template's line."""
    text = _JINJA.sub(lambda m: "\n" * m.group(0).count("\n"), source)
    for m in _TAG.finditer(text):
        tag = m.group(1).lower()
        if tag not in TAGS:
            line = text.count("\n", 0, m.start()) + 1
            raise DeckgenError(f"{shown}, line {line}: unknown tag <{tag}>; the rulebook tags are {', '.join(TAGS)}")


def _template_line(exc: BaseException) -> tuple[str, int] | None:
    """The innermost template frame of a jinja2 traceback: (file name, line)."""
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.endswith(".j2") and frame.lineno:
            found = (frame.filename, frame.lineno)
    return found


def render_text(root: Path, name: str, context: Mapping[str, Any]) -> str:
    """Render template ``name`` under ``root``; every template problem becomes one DeckgenError."""
    env = environment(root)
    shown = shown_path(root, name)
    try:
        template = env.get_template(name)
    except jinja2.TemplateNotFound as exc:
        missing = exc.name if exc.name and exc.name != name else name
        raise DeckgenError(f"rulebook template {shown_path(root, missing)} is missing") from None
    except jinja2.TemplateSyntaxError as exc:
        where = shown_path(root, exc.name) if exc.name else shown
        raise DeckgenError(f"{where}, line {exc.lineno}: template syntax error: {exc.message}") from None
    if template.filename:
        lint(Path(template.filename).read_text(encoding="utf-8"), shown)
    try:
        return template.render(**context)
    except jinja2.TemplateSyntaxError as exc:  # in an included or imported template
        where = shown_path(root, exc.name) if exc.name else shown
        raise DeckgenError(f"{where}, line {exc.lineno}: template syntax error: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        raise DeckgenError(f"{shown}: the template it includes, {shown_path(root, exc.name)}, is missing") from None
    except Exception as exc:  # an undefined name, a bad filter call, a division by zero...
        at = _template_line(exc)
        if at is None:
            raise
        file, line = at
        try:
            where = shown_path(root, Path(file).resolve().relative_to(root.resolve()).as_posix())
        except ValueError:
            where = file
        message = exc.message if isinstance(exc, jinja2.TemplateError) and exc.message else f"{type(exc).__name__}: {exc}"
        raise DeckgenError(f"{where}, line {line}: {message}") from None
