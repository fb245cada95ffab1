"""The web form of a game, built from the same option declarations as the command line, and the way
back: a submitted form becomes the very command-line words and options the CLI would parse.

A form field holds what a user would type after ``--name`` (``1-6``, ``two-left``, ``true``). The
request a form makes is a :class:`DeckRequest`: plain values only, so it can cross to the worker
process that builds or checks the deck, where :meth:`DeckRequest.spec` makes the spec exactly as
``deckgen build GAME --name=value ...`` (or ``deckgen build FILE``) does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from deckgen.errors import DeckgenError
from deckgen.options import Option
from deckgen.registry import Game, get_game
from deckgen.spec import DeckSpec

# The common options of `deckgen build` / `validate`, in the order the form shows them. Their values
# are the CLI's: (name, group, kind, choices). The labels live in deckgen.web.texts.
COMMON = (
    ("players", "play", "int", ()),
    ("seed", "play", "int", ()),
    ("lang", "print", "choice", ("es", "en", "all")),
    ("paper", "print", "choice", ("a4", "letter")),
    ("card_size", "print", "text", ("poker", "bridge", "mini", "tarot")),
    ("bleed", "print", "float", ()),
    ("backs", "print", "choice", ("duplex-long", "duplex-short", "separate", "none")),
)
CHECK = (("games", "check", "int", ()), ("skill_games", "check", "int", ()))
CHECK_GAMES = 400  # what `deckgen validate` plays when --games is not given
# The page's check is `deckgen validate --report`; its skill section (about two minutes by default)
# is left out unless the form asks for it with a number of games
WEB_SKILL_GAMES = 0
MAX_FIELD = 200  # characters in a form value (a deck file's texts have the same bound)


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
    for opt in sorted(game.options, key=lambda o: o.scope != "deck"):
        label, explanation = texts.get(opt.name, (opt.name.replace("_", " "), ""))
        choices = tuple(getattr(opt.parse, "choices", ()))
        kind = "flag" if opt.flag else "choice" if choices else "text"
        value = ("true" if opt.default else "false") if opt.flag else _typed(opt)
        out.append(
            Field(opt.name, opt.cli, opt.scope, kind, value, opt.describe_default(), choices, label, explanation or opt.help)
        )
    return out


def common_fields(game: Game, words: Mapping[str, tuple[str, str]], *, check: bool = True) -> list[Field]:
    """Players, seed, language and print settings (defaults from the game's default deck file), and the
    number of games a check plays. ``words``: name -> (label, explanation) in the page's language."""
    from deckgen.spec import spec_for

    base = spec_for(game, cli={})
    card = base.print.card
    size = card.name if card.name != "custom" else f"{card.width:g}x{card.height:g}"
    start = {
        "players": "", "seed": str(base.seed), "lang": base.lang, "paper": base.print.paper,
        "card_size": size, "bleed": f"{base.print.bleed:g}", "backs": base.print.backs, "games": str(CHECK_GAMES),
        "skill_games": str(WEB_SKILL_GAMES),
    }
    lo, hi = game.players
    hint = {"players": f"{lo}–{hi}"}
    out = []
    for name, group, kind, choices in COMMON + (CHECK if check else ()):
        label, explanation = words.get(name, (name, ""))
        out.append(
            Field(name, "--" + name.replace("_", "-"), group, "choice" if kind == "choice" else "text",
                  start[name], hint.get(name, ""), choices, label, explanation)
        )
    return out


@dataclass(frozen=True)
class DeckRequest:
    """What to build or check: a game and the command-line words a user would type after it
    (``--tables=1-6 --players=4``), or the text of an uploaded deck file and such words."""

    game: str
    words: tuple[str, ...] = ()
    deck_text: str | None = None
    deck_name: str = "deck.toml"  # labels messages only; never a path

    @property
    def uploaded(self) -> bool:
        return self.deck_text is not None

    def params(self, command: str) -> tuple[dict[str, Any], list[str]]:
        """The words parsed by the CLI's own ``command`` (build or validate): typed common options,
        and the game's option words left for the game to parse."""
        return cli_params(command, [self.game or "deck.toml", *self.words])

    def spec(self, *, check: bool = False) -> DeckSpec:
        """The spec, made as the CLI makes it: `deckgen build` passes every common option, `deckgen
        validate` the seed and --players (the player count the deck is checked for, as a deck file's)."""
        from deckgen.cli import load_spec
        from deckgen.deckfile.load import read_deck_text
        from deckgen.spec import spec_for

        params, extra = self.params("validate" if check else "build")
        common = {k: params.get(k) for k in (("seed", "players") if check else SPEC_KEYS)}
        if self.deck_text is None:
            return load_spec(self.game, extra, **common)
        if extra:
            raise DeckgenError(f"an uploaded deck file takes its options from the file, not {extra[0]!r}")
        raw, game = read_deck_text(self.deck_text, self.deck_name, folder=None)
        cli = {
            "options": {},
            "players": common.get("players"),
            "seed": common.get("seed"),
            "lang": common.get("lang"),
            "print": {k: common.get(k) for k in ("paper", "card_size", "bleed", "backs")},
        }
        return spec_for(game, cli=cli, file_layer=raw, source=self.deck_name)

    def check_plan(self) -> tuple[list[int] | None, int]:
        """The player counts and games a check plays, as `deckgen validate` reads them."""
        params, _ = self.params("validate")
        players = params.get("players")
        return ([players] if players else None), (CHECK_GAMES if params.get("games") is None else params["games"])

    def skill_games(self) -> int:
        """`--skill-games` of the check (0: no skill section)."""
        params, _ = self.params("validate")
        return WEB_SKILL_GAMES if params.get("skill_games") is None else params["skill_games"]


SPEC_KEYS = ("players", "seed", "lang", "paper", "card_size", "bleed", "backs")
COMMON_NAMES = tuple(name for name, *_ in COMMON)
# what a form may hold besides the game's options and the common ones: the game, an uploaded deck's
# token, the page's CSRF token, and `cards` of the deck-file download
FORM_KEYS = ("game", "deck", "csrf", "cards")
KNOWN_COMMON = (*COMMON_NAMES, *(name for name, *_ in CHECK))


def unknown_fields(names: list[str], known: list[str] | tuple[str, ...] = ()) -> "FormError":
    """The error for fields no option has (``tabels``): each named, with the closest known name."""
    from deckgen.spelling import did_you_mean

    shown = [n if len(n) <= 40 else n[:40] + "…" for n in names[:10]]
    each = {n[:40]: f"unknown field {n[:40]!r}{did_you_mean(n, known)}" for n in names[:10]}
    more = f" and {len(names) - 10} more" if len(names) > 10 else ""
    first = next(iter(each.values())) if len(names) == 1 else f"unknown fields {', '.join(repr(n) for n in shown)}{more}"
    return FormError(first, each)


@lru_cache(maxsize=4)
def _command(name: str) -> Any:
    import typer.main

    from deckgen.cli import app

    return typer.main.get_command(app).commands[name]


def cli_params(command: str, words: list[str]) -> tuple[dict[str, Any], list[str]]:
    """``deckgen COMMAND WORDS...`` parsed by the CLI's own command (nothing runs): its typed options
    and the extra words; a mistake raises the CLI's message."""
    from deckgen.cli import click_errors

    try:
        ctx = _command(command).make_context(command, list(words))
    except click_errors.UsageError as exc:
        raise DeckgenError(exc.format_message()) from None
    return dict(ctx.params), list(ctx.args)


class FormError(DeckgenError):
    """A form with mistakes: the first message (as the CLI prints it) and one per field."""

    def __init__(self, message: str, fields: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.fields = dict(fields or {})


def request_from_form(form: Mapping[str, str], *, check: bool = False) -> DeckRequest:
    """A request from a submitted game form (or an uploaded deck's token and its few fields). Every
    field is checked the way the CLI checks it, so each mistake comes back beside its field with the
    CLI's own message. Raises :class:`FormError`."""
    game = get_game(str(form.get("game", "")).strip() or "?")  # the CLI's "unknown game" message
    command = "validate" if check else "build"
    errors: dict[str, str] = {}
    words: list[str] = []
    names = [o.name for o in game.options] + [n for n in COMMON_NAMES + ("games", "skill_games") if n in _takes(command)]
    known = [o.name for o in game.options] + list(KNOWN_COMMON)
    extra = sorted(str(k) for k in form if k not in known and k not in FORM_KEYS)
    if extra:  # a misspelt option must not quietly build the default deck
        raise unknown_fields(extra, known)
    by_name = {o.name: o for o in game.options}
    for name in names:
        text = _clean(form.get(name), name)
        if text is None:
            continue
        these = typed_words(by_name.get(name), name, text)
        try:
            DeckRequest(game.id, these).spec(check=check)
            _check_counts(name, DeckRequest(game.id, these))
            words.extend(these)
        except DeckgenError as exc:
            errors[name] = str(exc)
    if errors:
        raise FormError(next(iter(errors.values())), errors)
    request = DeckRequest(game.id, tuple(words))
    spec = request.spec(check=check)  # whatever only the whole set can tell (a card that does not fit the paper...)
    players = request.check_plan()[0] if check else None
    if players:  # what `deckgen validate --players` refuses first, said beside the field before the job starts
        from deckgen.engine.validate import player_counts

        try:
            player_counts(spec.game, spec.build(), players)
        except DeckgenError as exc:
            raise FormError(str(exc), {"players": str(exc)}) from None
    return request


def typed_words(opt: Option | None, name: str, text: str) -> tuple[str, ...]:
    """The words a user would type for a field: ``--tables 1-6``, ``--no-specials``, ``--players 4``
    (``--name=value`` for a switch given something other than true or false, which the CLI refuses)."""
    cli = opt.cli if opt is not None else "--" + name.replace("_", "-")
    if opt is not None and opt.flag:
        word = text.lower()
        if word in ("true", "on", "yes", "1"):
            return (cli,)
        if word in ("false", "off", "no", "0"):
            return ("--no-" + cli[2:],)
        return (f"{cli}={text}",)
    return (cli, text)


def common_words_of(form: Mapping[str, str], *, check: bool) -> tuple[str, ...]:
    """For an uploaded deck: the few common fields (players, and games for a check) as CLI words."""
    command = "validate" if check else "build"
    words = []
    errors = {}
    for name in ("players", "seed", "games", "skill_games"):
        text = _clean(form.get(name), name)
        if text is None or name not in _takes(command):
            continue
        these = typed_words(None, name, text)
        try:
            cli_params(command, ["deck.toml", *these])
            _check_counts(name, DeckRequest("", these))
            words.extend(these)
        except DeckgenError as exc:
            errors[name] = str(exc)
    if errors:
        raise FormError(next(iter(errors.values())), errors)
    return tuple(words)


def _check_counts(name: str, request: DeckRequest) -> None:
    """The bounds the pipeline puts on a check's games (``pipeline.validate``) and on the skill
    ladder's (``pipeline.skill``), with their messages, said before the job starts."""
    from deckgen.pipeline import _in_range

    if name == "games":
        _in_range("--games", request.check_plan()[1], 1, 1_000_000)
    elif name == "skill_games" and request.skill_games() != 0:
        _in_range("--games", request.skill_games(), 1, 100_000)


def _takes(command: str) -> set[str]:
    return {p.name for p in _command(command).params}


def _clean(value: Any, name: str = "") -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    if not text:
        return None
    if len(text) > MAX_FIELD:
        message = f"a form value of {len(text)} characters is too long (at most {MAX_FIELD})"
        raise FormError(message, {name: message} if name else None)
    return text
