"""The web form of a game, built from the same option declarations as the command line, and the way
back: a submitted form's values go to the request layer (deckgen/request.py), below both faces.

A form field holds what a user would type after ``--name`` (``1-6``, ``two-left``, ``true``). The
request a form makes is a :class:`DeckRequest`: plain values only, so it can cross to the worker
process that builds or checks the deck, where :meth:`DeckRequest.spec` makes the spec exactly as
``deckgen build GAME --name=value ...`` (or ``deckgen build FILE``) does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from deckgen import request
from deckgen.errors import DeckgenError
from deckgen.options import Option
from deckgen.registry import Game
from deckgen.request import CHECK_GAMES, DeckRequest

# The common options of `deckgen build` / `validate`, in the order the form shows them. Their values
# are the CLI's: (name, group, kind, choices). The labels live in deckgen.web.texts.
COMMON = (
    ("players", "play", "int", ()),
    ("seed", "play", "int", ()),
    ("lang", "print", "choice", ("es", "en", "all")),
    ("paper", "print", "choice", ("a4", "letter")),
    ("shop", "print", "choice", ("", "home", "tgc", "mpc", "dtc")),
    ("card_size", "print", "text", ("poker", "bridge", "mini", "tarot")),
    ("bleed", "print", "float", ()),
    ("backs", "print", "choice", ("duplex-long", "duplex-short", "manual-duplex", "separate", "none")),
    ("ink", "print", "choice", ("normal", "low")),
    ("help_card", "print", "flag", ()),
)
# form names whose command-line spelling is not --name
CLI_NAMES = {"shop": "--for", "help_card": "--no-help-card"}
CHECK = (("games", "check", "int", ()), ("skill_games", "check", "int", ()))
WEB_SKILL_GAMES = request.SKILL_GAMES


@dataclass(frozen=True)
class Field:
    """One input of the form."""

    name: str  # the form key: the option's name
    cli: str  # how the command line writes it (--tables)
    group: str  # deck | rules | play | print | check
    kind: str  # flag | choice | text
    value: str  # what the input holds at first (the default, as a user would type it)
    placeholder: str = ""
    choices: tuple[str, ...] = ()
    label: str = ""
    help: str = ""
    default: str = ""  # the value a request leaves out (value may come from the page's address instead)
    words: tuple[str, ...] = ()  # what a dropdown shows for each of ``choices``


def _typed(opt: Option) -> str:
    if opt.default is None:
        return ""
    shown = opt.show(opt.default)
    try:  # offer the default as text only when it reads back as the same value
        return shown if opt.parse(shown) == opt.default else ""
    except DeckgenError:
        return ""


def option_fields(game: Game, lang: str) -> list[Field]:
    """The game's own options: deck options first, then rule variants, each with its words in ``lang``."""
    texts = game.option_text.get(lang, {})
    out = []
    spanish = game.option_text.get("es", {})
    simulated = {o.name for o in game.options if is_simulation(o) or spanish.get(o.name, ("",))[0].startswith("Simulación")}
    for opt in sorted(game.options, key=lambda o: (o.scope != "deck", o.name in simulated)):
        label, explanation = texts.get(opt.name, (opt.name.replace("_", " "), ""))
        choices = tuple(getattr(opt.parse, "choices", ()))
        kind = "flag" if opt.flag else "choice" if choices else "text"
        value = ("true" if opt.default else "false") if opt.flag else _typed(opt)
        group = "check" if opt.name in simulated else opt.scope  # how the simulated players behave: a check setting
        out.append(
            Field(opt.name, opt.cli, group, kind, value, opt.describe_default(), choices, label, explanation or opt.help, value,
                  choice_words(choices, explanation or opt.help))
        )
    return out


def is_simulation(opt: Option) -> bool:
    """A habit of the simulated players (``simulation:`` in its help), not a rule of the game."""
    return opt.help.startswith("simulation:")


def choice_words(choices: tuple[str, ...], explanation: str) -> tuple[str, ...]:
    """What a game option's dropdown shows: each value's own words from its explanation ("first: the
    game ends when...", or "rotate (the deal passes on)") when every value has some, else the values."""
    import re

    said = []
    for c in choices:
        found = re.search(rf"(?:^|[;.(]\s*){re.escape(c)}(?: \([^)]*\))?: ([^;]+?)(?:;|\.\s|\.$|$)", explanation) or re.search(
            rf"(?:^|[\s:,])(?<![-\w]){re.escape(c)} \(([^()]+)\)", explanation)
        if not found:
            return ()
        words = found.group(1).strip()
        said.append(f"{words[0].upper()}{words[1:]} ({c})" if len(words) <= 90 else c)
    return tuple(said)


def common_fields(
    game: Game, words: Mapping[str, tuple[str, str]], *, check: bool = True, lang: str | None = None,
    choice_words: Mapping[str, Mapping[str, str]] | None = None,
) -> list[Field]:
    """Players, seed, language and print settings (defaults from the game's default deck file), and the
    number of games a check plays. ``words``: name -> (label, explanation) in the page's language;
    ``lang``: the page's language, which the deck's language follows unless the teacher changes it;
    ``choice_words``: name -> value -> what its dropdown shows."""
    from deckgen.spec import spec_for

    base = spec_for(game, cli={})
    card = base.print.card
    size = card.name if card.name != "custom" else f"{card.width:g}x{card.height:g}"
    start = {
        "players": "", "seed": str(base.seed), "lang": base.lang, "paper": base.print.paper,
        "card_size": size, "bleed": f"{base.print.bleed:g}", "backs": base.print.backs, "games": str(CHECK_GAMES),
        "skill_games": str(WEB_SKILL_GAMES), "ink": base.print.ink, "shop": base.print.shop or "", "help_card": "true",
    }
    default = dict(start)
    if lang in ("es", "en"):
        start["lang"] = lang  # the page's language is the deck's unless the teacher changes it
    lo, hi = game.players
    hint = {"players": f"{lo}–{hi}"}
    out = []
    for name, group, kind, choices in COMMON + (CHECK if check else ()):
        label, explanation = words.get(name, (name, ""))
        said = (choice_words or {}).get(name, {})
        out.append(
            Field(name, CLI_NAMES.get(name, "--" + name.replace("_", "-")), group, kind if kind in ("choice", "flag") else "text",
                  start[name], hint.get(name, ""), choices, label, explanation, default[name],
                  tuple(said.get(c, c) for c in choices) if kind == "choice" else ())
        )
    return out


COMMON_NAMES = tuple(name for name, *_ in COMMON)
# what a form may hold besides option values: the game, an uploaded deck's token, the page's CSRF
# token, and `cards` of the deck-file download
FORM_KEYS = ("game", "deck", "csrf", "cards")
KNOWN_COMMON = tuple(request.COMMON)
FormError = request.FieldErrors
unknown_fields = request.unknown_fields
typed_words = request.typed_words


@dataclass(frozen=True)
class WebRequest(DeckRequest):
    """A request from the page, which may also carry a back image the server stored (its own file,
    never a path the user typed): the build prints it on every back, as a deck file's back_image."""

    back_image: str | None = None

    def spec(self, *, check: bool = False) -> Any:
        spec = super().spec(check=check)
        if self.back_image and not check:
            from dataclasses import replace

            spec = replace(spec, print=replace(spec.print, back_image=self.back_image))
        return spec


def with_back_image(req: DeckRequest, back_image: str | None) -> DeckRequest:
    """``req`` carrying ``back_image`` (unchanged without one)."""
    if not back_image:
        return req
    from dataclasses import fields

    return WebRequest(**{f.name: getattr(req, f.name) for f in fields(DeckRequest)}, back_image=back_image)


def request_from_form(form: Mapping[str, str], *, check: bool = False) -> DeckRequest:
    """A request from a submitted game form: its option values go to the request layer, which judges
    each as the command line does and says every mistake beside its field (:class:`FormError`)."""
    values = {k: v for k, v in form.items() if k not in FORM_KEYS}
    return request.request_from_values(str(form.get("game", "")), values, check=check)


def common_words_of(form: Mapping[str, str], *, check: bool) -> tuple[tuple[str, str], ...]:
    """For an uploaded deck: the few common fields (players, seed, and games for a check), judged."""
    return request.upload_values(form, check=check)
