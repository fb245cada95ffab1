"""The request layer: what a user asks for (a game or a deck file, the game's own options as command-line
words, and the common options' values as typed) becomes a spec, with its mistakes said per field.

Both faces stand on it and neither imports the other: the command line (deckgen/cli.py) parses its
words with typer and calls :func:`load_spec`; the web page (deckgen/web/) sends its form's values to
:func:`request_from_values` and hands the :class:`DeckRequest` it gets to a job. A request holds
plain values only, so it can cross to the worker process that builds or checks the deck.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from deckgen.errors import DeckgenError
from deckgen.options import Option, parse_cli_args
from deckgen.registry import Game, get_game

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.spec import DeckSpec

CHECK_GAMES = 400  # what `deckgen validate` plays when --games is not given
# a requested check is `deckgen validate --report`; its skill section (about two minutes by default)
# is left out unless the request asks for it with a number of games
SKILL_GAMES = 0
MAX_VALUE = 200  # characters in one value (a deck file's texts have the same bound)


@dataclass(frozen=True)
class Common:
    """A common option of `deckgen build` / `validate`: its name, how the command line writes it,
    its type (int, float, text, switch) and the commands that take it."""

    name: str
    flag: str
    kind: str
    commands: tuple[str, ...]


COMMON: dict[str, Common] = {
    c.name: c
    for c in (
        Common("players", "--players", "int", ("build", "validate")),
        Common("seed", "--seed", "int", ("build", "validate")),
        Common("lang", "--lang", "text", ("build",)),
        Common("paper", "--paper", "text", ("build",)),
        Common("card_size", "--card-size", "text", ("build",)),
        Common("bleed", "--bleed", "float", ("build",)),
        Common("backs", "--backs", "text", ("build",)),
        Common("ink", "--ink", "text", ("build",)),
        Common("shop", "--for", "text", ("build",)),
        Common("formats", "--format", "text", ("build",)),
        Common("dpi", "--dpi", "int", ("build",)),
        Common("colour", "--colour", "text", ("build",)),
        Common("back_offset", "--back-offset", "text", ("build",)),
        Common("help_card", "--help-card", "switch", ("build",)),
        Common("games", "--games", "int", ("validate",)),
        Common("skill_games", "--skill-games", "int", ("validate",)),
    )
}
SPEC_KEYS = ("players", "seed", "lang", "paper", "card_size", "bleed", "backs", "ink", "shop", "formats", "dpi", "colour", "back_offset")


class FieldErrors(DeckgenError):
    """Mistakes in a request: the first message (as the command line prints it) and one per field."""

    def __init__(self, message: str, fields: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.fields = dict(fields or {})


# ---------------------------------------------------------------- a spec from a game or a deck file


def is_file(target: str) -> bool:
    """A deck file when it ends in .toml or names a folder; anything else is a game id, even if a file
    of that name sits in the current folder (write ./NAME to read that file)."""
    return target.endswith(".toml") or os.sep in target or bool(os.altsep and os.altsep in target)


def load_spec(
    target: str,
    extra: Sequence[str],
    *,
    players: int | None = None,
    seed: int | None = None,
    lang: str | None = None,
    paper: str | None = None,
    card_size: str | None = None,
    bleed: float | None = None,
    backs: str | None = None,
    ink: str | None = None,
    shop: str | None = None,
    formats: str | None = None,
    dpi: int | None = None,
    colour: str | None = None,
    back_offset: str | None = None,
    also: Sequence[str] = (),
) -> "DeckSpec":
    """A spec from GAME (or a deck FILE) plus the common options and the game's own option words
    (``extra``). ``also``: other flags the "did you mean" of an unknown word may propose."""
    from deckgen.deckfile.load import read_deck_file
    from deckgen.spec import spec_for

    if target.startswith("-"):
        raise DeckgenError(f"name the game (or deck file) first and its options after it; {target!r} came first")
    file_layer = None
    if is_file(target):
        file_layer, game = read_deck_file(Path(target))
    else:
        try:
            game = get_game(target)
        except DeckgenError as exc:
            if Path(target).is_file():
                raise DeckgenError(f"{exc}; to read the deck file {target!r}, write ./{target}") from None
            raise
    extra = list(extra)
    cli: dict[str, Any] = {
        "options": parse_cli_args(game.options, extra, game=game.id, also=list(also)),
        "players": players,
        "seed": seed,
        "lang": lang,
        "print": {"paper": paper, "card_size": card_size, "bleed": bleed, "backs": backs, "ink": ink, "for": shop,
                  "format": formats, "dpi": dpi, "colour": colour, "back_offset": back_offset},
    }
    from deckgen.i18n import _
    from deckgen.spec import DEFAULT_OPTIONS

    source = target if file_layer is not None else (_("{game} with {options}", game=game.id, options=" ".join(extra)) if extra
                                                    else _(DEFAULT_OPTIONS, game=game.id))
    return spec_for(game, cli=cli, file_layer=file_layer, source=source)


# ---------------------------------------------------------------- values as typed


def typed(name: str, text: str) -> Any:
    """A common option's value from its text, refused with the command line's own message."""
    common = COMMON[name]
    if common.kind == "text":
        return text
    if common.kind == "switch":
        from deckgen.options import boolean

        try:
            return boolean(text)
        except DeckgenError as exc:
            raise DeckgenError(f"{common.flag}: {exc}") from None
    from deckgen.numerals import decimal_number, whole_number

    try:
        return (whole_number if common.kind == "int" else decimal_number)(text)
    except ValueError as exc:  # the words the command line's --players parser says (cli.py)
        raise DeckgenError(f"Invalid value for '{common.flag}': {exc}") from None


def clean(value: Any, name: str = "") -> str | None:
    """A value as typed, stripped (None: blank, the default); more than MAX_VALUE characters is refused."""
    if value is None:
        return None
    text = str(value).strip()
    if not text:
        return None
    if len(text) > MAX_VALUE:
        message = f"a form value of {len(text)} characters is too long (at most {MAX_VALUE})"
        raise FieldErrors(message, {name: message} if name else None)
    return text


def typed_words(opt: Option | None, name: str, text: str) -> tuple[str, ...]:
    """The words a user would type for a value: ``--tables 1-6``, ``--no-specials``, ``--players 4``
    (``--name=value`` for a switch given something other than true or false, which the CLI refuses)."""
    cli = opt.cli if opt is not None else COMMON[name].flag if name in COMMON else "--" + name.replace("_", "-")
    if opt is not None and opt.flag:
        word = text.lower()
        if word in ("true", "on", "yes", "1"):
            return (cli,)
        if word in ("false", "off", "no", "0"):
            return ("--no-" + cli[2:],)
        return (f"{cli}={text}",)
    return (cli, text)


# ---------------------------------------------------------------- the request


@dataclass(frozen=True)
class DeckRequest:
    """What to build or check: a game and its own option words (``--tables 1-6``) with the common
    options' values as typed, or the text of an uploaded deck file and such values."""

    game: str
    options: tuple[str, ...] = ()  # the game's option words, as the command line takes them
    common: tuple[tuple[str, str], ...] = ()  # (common option name, value as typed)
    deck_text: str | None = None
    deck_name: str = "deck.toml"  # labels messages only; never a path

    @property
    def uploaded(self) -> bool:
        return self.deck_text is not None

    @property
    def words(self) -> tuple[str, ...]:
        """The request as command-line words, after the game (or deck file)."""
        return self.options + tuple(w for name, text in self.common for w in typed_words(None, name, text))

    def values(self, command: str) -> dict[str, Any]:
        """The typed common options ``command`` (build or validate) takes."""
        return {name: typed(name, text) for name, text in self.common if command in COMMON[name].commands}

    def spec(self, *, check: bool = False) -> "DeckSpec":
        """The spec, made as the command line makes it: `deckgen build` passes every common option,
        `deckgen validate` the seed and --players (the player count the deck is checked for)."""
        from deckgen.deckfile.load import read_deck_text
        from deckgen.spec import spec_for

        given = self.values("validate" if check else "build")
        common = {k: given.get(k) for k in (("seed", "players") if check else SPEC_KEYS)}
        if self.deck_text is None:
            return load_spec(self.game, self.options, **common)
        if self.options:
            raise DeckgenError(f"an uploaded deck file takes its options from the file, not {self.options[0]!r}")
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
        given = self.values("validate")
        players = given.get("players")
        return ([players] if players else None), (CHECK_GAMES if given.get("games") is None else given["games"])

    def skill_games(self) -> int:
        """`--skill-games` of the check (0: no skill section)."""
        given = self.values("validate")
        return SKILL_GAMES if given.get("skill_games") is None else given["skill_games"]

    @property
    def help_card(self) -> bool:
        """The build prints its quick-reference card (`--no-help-card` leaves it out)."""
        return self.values("build").get("help_card", True)


# ---------------------------------------------------------------- values to a request, mistakes per field


def unknown_fields(names: Sequence[str], known: Sequence[str] = ()) -> FieldErrors:
    """The error for values no option has (``tabels``): each named, with the closest known name."""
    from deckgen.spelling import did_you_mean

    names = list(names)
    shown = [n if len(n) <= 40 else n[:40] + "…" for n in names[:10]]
    each = {n[:40]: f"unknown field {n[:40]!r}{did_you_mean(n, known)}" for n in names[:10]}
    more = f" and {len(names) - 10} more" if len(names) > 10 else ""
    first = next(iter(each.values())) if len(names) == 1 else f"unknown fields {', '.join(repr(n) for n in shown)}{more}"
    return FieldErrors(first, each)


def known_names(game: Game) -> list[str]:
    return [o.name for o in game.options] + list(COMMON)


def request_from_values(game_id: str, values: Mapping[str, Any], *, check: bool = False) -> DeckRequest:
    """A request for a game from option values as a user types them (``{"tables": "1-6", "players":
    "4"}``). Every value is judged as the command line judges it, so each mistake comes back beside
    its field with the command line's own message; a name no option has is refused by name. Raises
    :class:`FieldErrors` (or the unknown-game error)."""
    game = get_game(str(game_id).strip() or "?")  # the CLI's "unknown game" message
    command = "validate" if check else "build"
    known = known_names(game)
    extra = sorted(str(k) for k in values if k not in known)
    if extra:  # a misspelt option must not quietly build the default deck
        raise unknown_fields(extra, known)
    errors: dict[str, str] = {}
    options: list[str] = []
    common: list[tuple[str, str]] = []
    by_name = {o.name: o for o in game.options}
    for name in [o.name for o in game.options] + [n for n in COMMON if command in COMMON[n].commands]:
        text = clean(values.get(name), name)
        if text is None:
            continue
        try:
            if name in by_name:
                these = typed_words(by_name[name], name, text)
                DeckRequest(game.id, these).spec(check=check)
                options.extend(these)
            else:
                one = DeckRequest(game.id, common=((name, text),))
                one.spec(check=check)
                _check_counts(name, one)
                common.append((name, text))
        except DeckgenError as exc:
            errors[name] = str(exc)
    if errors:
        raise FieldErrors(next(iter(errors.values())), errors)
    request = DeckRequest(game.id, tuple(options), tuple(common))
    spec = request.spec(check=check)  # whatever only the whole set can tell (a card that does not fit the paper...)
    players = request.check_plan()[0] if check else None
    if players:  # what `deckgen validate --players` refuses first, said beside the field before the job starts
        from deckgen.engine.validate import player_counts

        try:
            player_counts(spec.game, spec.build(), players)
        except DeckgenError as exc:
            raise FieldErrors(str(exc), {"players": str(exc)}) from None
    return request


UPLOAD_NAMES = ("players", "seed", "games", "skill_games")  # what an uploaded deck's page may add to its file


def upload_values(values: Mapping[str, Any], *, check: bool) -> tuple[tuple[str, str], ...]:
    """For an uploaded deck file: the few common values (players, seed; games for a check), judged."""
    command = "validate" if check else "build"
    common: list[tuple[str, str]] = []
    errors = {}
    for name in UPLOAD_NAMES:
        text = clean(values.get(name), name)
        if text is None or command not in COMMON[name].commands:
            continue
        try:
            typed(name, text)
            _check_counts(name, DeckRequest("", common=((name, text),)))
            common.append((name, text))
        except DeckgenError as exc:
            errors[name] = str(exc)
    if errors:
        raise FieldErrors(next(iter(errors.values())), errors)
    return tuple(common)


def _check_counts(name: str, request: DeckRequest) -> None:
    """The bounds the pipeline puts on a check's games (``pipeline.validate``) and on the skill
    ladder's (``pipeline.skill``), with their messages, said before the job starts."""
    from deckgen.pipeline import _in_range

    if name == "games":
        _in_range("--games", request.check_plan()[1], 1, 1_000_000)
    elif name == "skill_games" and request.skill_games() != 0:
        _in_range("--skill-games", request.skill_games(), 1, 100_000)
