"""The web form of a game, built from the same declarations the command line parses: the game's options
(deckgen.options: each with its label, explanation and dropdown words) and the common options
(deckgen.shared_options). A submitted form goes back through the request layer (deckgen/request.py),
below both faces.

A form field holds what a user would type after ``--name`` (``1-6``, ``two-left``, ``true``). Each
field says which of the page's actions send it (``commands``: build, validate, init), as each command
of the command line takes its own options; the request a form makes is a :class:`DeckRequest`, which
makes the spec exactly as ``deckgen build GAME --name=value ...`` (or ``deckgen build FILE``) does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from deckgen.options import PAGE_NAMES, Option
from deckgen.registry import Game
from deckgen.request import DeckRequest, FieldErrors, request_from_values, typed_words, unknown_fields
from deckgen.shared_options import BUILD, INIT, SHARED, VALIDATE, Shared

__all__ = ["DeckRequest", "Field", "FieldErrors", "common_fields", "option_fields", "request_from_form", "typed_words", "unknown_fields"]

ACTIONS = {"build": BUILD, "check": VALIDATE, "deckfile": INIT, "preview": BUILD}  # the page's actions and their commands
# what a form may hold besides option values: the game, an uploaded deck's token, the page's CSRF token,
# its language, the list of its switches and a back image's token (none of them an option's name:
# deckgen.options.declare refuses such a name)
FORM_KEYS = ("game", "deck", "csrf", "page_lang", "switches", "back_image")
assert set(FORM_KEYS) <= PAGE_NAMES


@dataclass(frozen=True)
class Field:
    """One input of the form."""

    name: str  # the form key: the option's name
    cli: str  # how the command line writes it (--tables)
    group: str  # deck | rules | play | print | check
    kind: str  # flag | choice | text | image
    value: str  # what the input holds at first (the default, as a user would type it, or the address's value)
    default: str = ""  # the value a request leaves out (the command line's default)
    placeholder: Any = ""
    choices: tuple[str, ...] = ()
    words: tuple[Any, ...] = ()  # what a dropdown shows for each of ``choices`` (catalog messages)
    label: Any = ""
    help: Any = ""
    commands: tuple[str, ...] = ()  # the commands (build, validate, init) that take it
    show_value: bool = False  # a dropdown shows each value's command-line word beside its words


def _as_typed(opt: Option, value: Any) -> str:
    """A value of ``opt`` as a user would type it ("" when it has no such text)."""
    if opt.flag:
        return "true" if value else "false"
    if value is None:
        return ""
    shown = str(opt.show(value))
    try:
        return shown if opt.parse(shown) == value else ""
    except Exception:  # noqa: BLE001 - a value the parser cannot read back is not offered as text
        return ""


def option_fields(game: Game, options: Mapping[str, Any] | None = None, *, deck_options: bool = True) -> list[Field]:
    """The game's own options: deck options first, then rule variants, then the simulated players'
    habits (a setting of the check). ``options``: the values to start from (the default deck's, or an
    uploaded deck file's). ``deck_options``: offer the options that shape the cards (not for a deck
    file that lists its cards)."""
    out = []
    for opt in sorted(game.options, key=lambda o: (o.scope != "deck", o.habit)):
        if opt.scope == "deck" and not deck_options:
            continue
        choices = opt.choices
        kind = "flag" if opt.flag else "choice" if choices else "text"
        value = _as_typed(opt, (options or {}).get(opt.name, opt.default))
        group = "check" if opt.habit else opt.scope
        commands = (VALIDATE,) if opt.habit else (BUILD, VALIDATE, INIT)
        out.append(Field(opt.name, opt.cli, group, kind, value, value, opt.describe_default(), choices,
                         tuple(opt.words.get(c, c) for c in choices), opt.label or opt.name, opt.help, commands, show_value=True))
    return out


def common_fields(game: Game, base: Any, *, lang: str | None = None, check: bool = True) -> list[Field]:
    """Players, seed, language, printing and the check's settings, as deckgen.shared_options declares
    them, starting from ``base`` (the spec of the default deck, or of an uploaded deck file). The
    deck's language follows the page's (``lang``) unless the teacher changes it."""
    from deckgen.request import SKILL_GAMES
    from deckgen.shared_options import CHECK_GAMES

    card = base.print.card
    size = card.name if card.name != "custom" else f"{card.width:g}x{card.height:g}"
    offset = base.print.back_offset
    start = {
        "players": "" if base.players is None else str(base.players), "seed": str(base.seed), "lang": base.lang,
        "paper": base.print.paper, "card_size": size, "bleed": f"{base.print.bleed:g}", "backs": base.print.backs,
        "ink": base.print.ink, "shop": base.print.shop or "", "formats": ",".join(base.print.formats), "dpi": str(base.print.dpi),
        "colour": base.print.colour, "back_offset": f"{offset[0]:g},{offset[1]:g}", "back_image": "", "help_card": "true",
        "games": str(CHECK_GAMES), "skill_games": str(SKILL_GAMES),
    }
    default = dict(start)
    if lang in ("es", "en") and base.lang in ("es", "en"):
        start["lang"] = lang  # the page's language is the deck's unless the teacher changes it
    lo, hi = game.players
    hint = {"players": f"{lo}–{hi}"}
    out = []
    for row in SHARED.values():
        if row.group == "check" and not check:
            continue
        commands = tuple(c for c in (BUILD, VALIDATE, INIT) if c in row.commands)
        if not commands:
            continue
        kind = _kind(row)
        out.append(Field(row.name, row.flag, row.group, kind, start[row.name], default[row.name], hint.get(row.name, ""),
                         row.choices, tuple(row.words.get(c, c) for c in row.choices) if kind == "choice" else (),
                         row.label, row.help, commands))
    return out


def _kind(row: Shared) -> str:
    if row.kind == "switch":
        return "flag"
    if row.kind == "image":
        return "image"
    return "choice" if row.choices and not row.open else "text"


def request_from_form(form: Mapping[str, str], *, action: str = "build", deck: DeckRequest | None = None,
                      back_image: str | None = None) -> DeckRequest:
    """A request from a submitted game form: its option values go to the request layer, which judges
    each as the command line does and says every mistake beside its field (:class:`FieldErrors`).
    ``action``: the page's button (build, check, deckfile, preview), which is a command."""
    values = {k: v for k, v in form.items() if k not in FORM_KEYS}
    game = str(form.get("game", "")) if deck is None else deck.game
    return request_from_values(game, values, command=ACTIONS[action], deck=deck, back_image=back_image)


def sent_by(action: str, fields: list[Field]) -> set[str]:
    """The fields an action sends (what its command takes)."""
    return {f.name for f in fields if ACTIONS[action] in f.commands}

