"""The request layer: what a user asks for (a game or a deck file, the game's own options as command-line
words, and the common options' values as typed) becomes a spec, with its mistakes said per field.

Both faces stand on it and neither imports the other: the command line (deckgen/cli.py) parses its
words with typer and calls :func:`load_spec`; the web page (deckgen/web/) sends its form's values to
:func:`request_from_values` and hands the :class:`DeckRequest` it gets to a job. A request holds
plain values only, so it can cross to the worker process that builds or checks the deck, and it
says itself as the command line's words (:meth:`DeckRequest.argv`): what the page does is what those
words do (tests/web/test_differential.py proves it, file by file).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from deckgen.errors import DeckgenError, OptionError
from deckgen.i18n import _, ngettext
from deckgen.options import SHOWN, Option, message, parse_cli_args
from deckgen.registry import Game, get_game, imported
from deckgen.shared_options import BUILD, CHECK_GAMES, SHARED, VALIDATE, for_command

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.spec import DeckSpec

__all__ = ["CHECK_GAMES", "DeckRequest", "FieldErrors", "command_line", "load_spec", "request_from_values"]

# a requested check is `deckgen validate --report`; its skill section (about two minutes by default)
# is left out unless the request asks for it with a number of games
SKILL_GAMES = 0
MAX_VALUE = 200  # characters in one value (a deck file's texts have the same bound)
FILE_CHECK_GAMES = 100  # `deckgen build FILE` plays this many games before printing a designer's deck
SPEC_KEYS = ("players", "seed", "lang", "paper", "card_size", "bleed", "backs", "ink", "shop", "formats", "dpi", "colour",
             "back_offset", "back_image")


class FieldErrors(DeckgenError):
    """Mistakes in a request: the first message (as the command line prints it) and one per field."""

    def __init__(self, message: Any, fields: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.fields = dict(fields or {})


# ---------------------------------------------------------------- a spec from a game or a deck file


def is_file(target: str) -> bool:
    """A deck file when it ends in .toml or names a folder; anything else is a game id, even if a file
    of that name sits in the current folder (write ./NAME to read that file)."""
    return target.endswith(".toml") or os.sep in target or bool(os.altsep and os.altsep in target)


def load_spec(target: str, extra: Sequence[str], *, also: Sequence[str] = (), **common: Any) -> "DeckSpec":
    """A spec from GAME (or a deck FILE) plus the common options (``players``, ``seed``, ``paper``...,
    as deckgen.shared_options names them; None: the deck file's) and the game's own option words
    (``extra``). ``also``: other flags the "did you mean" of an unknown word may propose."""
    read_deck_file = imported("deckgen.deckfile.load").read_deck_file  # (settled: it lives as long as the program)

    if target.startswith("-"):
        raise DeckgenError(_("name the game (or deck file) first and its options after it; {target!r} came first", target=target[:SHOWN]))
    if is_file(target):
        file_layer, game = read_deck_file(Path(target))
        return spec_of(game, list(extra), common, file_layer=file_layer, source=target, also=also)
    try:
        game = get_game(target)
    except DeckgenError as exc:
        if len(target) <= 255 and Path(target).is_file():
            raise DeckgenError(_("{problem}; to read the deck file {target!r}, write ./{target}", problem=message(exc), target=target)) from None
        raise
    from deckgen.spec import DEFAULT_OPTIONS

    source = _("{game} with {options}", game=game.id, options=" ".join(extra)) if extra else _(DEFAULT_OPTIONS, game=game.id)
    return spec_of(game, list(extra), common, source=source, also=also)


def spec_of(game: Game, extra: Sequence[str], common: Mapping[str, Any], *, file_layer: Mapping[str, Any] | None = None,
            source: str = "", also: Sequence[str] = ()) -> "DeckSpec":
    """The spec of ``game`` (its default deck file, then ``file_layer``, a user's deck file), with the
    game's option words ``extra`` and the ``common`` values over them, as `deckgen build` makes it."""
    from deckgen.spec import spec_for

    unknown = sorted(set(common) - set(SPEC_KEYS))
    if unknown:  # a programming mistake, never a user's
        raise TypeError(f"not common options of a spec: {unknown}")
    image = common.get("back_image")
    if image is not None:
        image = str(judged_image(image))
    cli: dict[str, Any] = {
        "options": parse_cli_args(game.options, list(extra), game=game.id, also=list(also)),
        "players": common.get("players"),
        "seed": common.get("seed"),
        "lang": common.get("lang"),
        "print": {"paper": common.get("paper"), "card_size": common.get("card_size"), "bleed": common.get("bleed"),
                  "backs": common.get("backs"), "ink": common.get("ink"), "for": common.get("shop"), "format": common.get("formats"),
                  "dpi": common.get("dpi"), "colour": common.get("colour"), "back_offset": common.get("back_offset"),
                  "back_image": image},
    }
    spec = spec_for(game, cli=cli, file_layer=file_layer, source=source)
    if spec.print.back_image:  # too coarse for the card it covers: said now, by the image's own name
        from deckgen.render.images import check_back_image

        check_back_image(spec.print)
    return spec


def judged_image(path: Any) -> Path:
    """A back image given by path (``--back-image``, or the file the web page keeps under the name the
    teacher's file had): a whole PNG or JPEG within a deck file's limits, or one message naming it."""
    from deckgen.deckfile.paths import not_an_image_file, referenced_image

    if not str(path).strip():  # ("" is the current folder to pathlib)
        raise OptionError(_("{flag} needs a value", flag=SHARED["back_image"].flag))
    given = Path(str(path))
    try:  # named by the path as given: there is no deck file for it to sit beside
        if not (given.exists() or given.is_symlink()):
            raise DeckgenError(_("{file} not found", file=given))
        problem = not_an_image_file(given, str(given))
        if problem is not None:
            raise DeckgenError(problem)
        return referenced_image(given.parent, given.name)
    except DeckgenError as exc:
        raise OptionError(_("{flag}: {problem}", flag=SHARED["back_image"].flag, problem=message(exc))) from None


# ---------------------------------------------------------------- values as typed


def typed(name: str, text: str) -> Any:
    """A common option's value from its text, refused with the command line's own message."""
    return SHARED[name].typed(text)


def clean(value: Any, name: str = "") -> str | None:
    """A value as typed, stripped (None: blank, the default); more than MAX_VALUE characters is refused."""
    if value is None:
        return None
    text = str(value).strip()
    if not text:
        return None
    if len(text) > MAX_VALUE:
        problem = _("a form value of {n:,} characters is too long (at most {most:,})", n=len(text), most=MAX_VALUE)
        raise FieldErrors(problem, {name[:SHOWN]: problem} if name else None)
    return text


def typed_words(opt: Option | None, name: str, text: str) -> tuple[str, ...]:
    """The words a user would type for a value: ``--tables 1-6``, ``--no-specials``, ``--players 4``
    (``--name=value`` for a switch given something other than true or false, which the CLI refuses)."""
    flag = opt.cli if opt is not None else SHARED[name].flag if name in SHARED else "--" + name.replace("_", "-")
    switch = opt.flag if opt is not None else name in SHARED and SHARED[name].kind == "switch"
    if switch:
        word = text.lower()
        if word in ("true", "on", "yes", "1"):
            return (flag,)
        if word in ("false", "off", "no", "0"):
            return ("--no-" + flag[2:],)
        return (f"{flag}={text}",)
    return (flag, text)


def command_line(argv: Sequence[str]) -> str:
    """``deckgen`` and ``argv`` as one line to paste into a terminal that runs exactly ``argv``: a word
    with a space, a ``;``, a ``$``... is quoted (``--tables "1, 2"``), so a value or an uploaded deck
    file's name is never split into two words or run as a command (``a$(rm x).toml``). A word made
    only of letters, digits and ``-_.,/:=+@%`` stays bare; another in double quotes when it holds none
    of ``"$`\\!%`` (the same in sh, PowerShell and cmd.exe), else in single quotes (POSIX sh)."""
    import shlex

    def one(word: str) -> str:
        if word and re.fullmatch(r"[\w@%+=:,./-]+", word):
            return word
        if not re.search(r"[\"$`\\!%\n\r]", word):
            return f'"{word}"'
        return shlex.quote(word)

    return " ".join(["deckgen", *(one(str(w)) for w in argv)])


# ---------------------------------------------------------------- the request


@dataclass(frozen=True)
class DeckRequest:
    """What to build or check: a game and its own option words (``--tables 1-6``) with the common
    options' values as typed, or the text of an uploaded deck file and such values. ``back_image``
    is a file the server keeps (never a path a user typed), named as the user's own file was."""

    game: str
    options: tuple[str, ...] = ()  # the game's option words, as the command line takes them
    common: tuple[tuple[str, str], ...] = ()  # (common option name, value as typed)
    deck_text: str | None = None
    deck_name: str = "deck.toml"  # labels messages only; never a path
    back_image: str | None = None

    @property
    def uploaded(self) -> bool:
        return self.deck_text is not None

    @property
    def words(self) -> tuple[str, ...]:
        """The request as command-line words, after the game (or deck file)."""
        return self.options + tuple(w for name, text in self.common for w in typed_words(None, name, text))

    def argv(self, command: str) -> list[str]:
        """The command line that does what this request does: ``deckgen build hectoedra --cards 1-40``
        (a back image by its own name, as it would sit beside the deck file)."""
        takes = {s.name for s in for_command(command)}
        words = list(self.options)
        for name, text in self.common:
            if name in takes:
                words += typed_words(None, name, text)
        if self.back_image and "back_image" in takes:
            words += [SHARED["back_image"].flag, Path(self.back_image).name]
        if command == VALIDATE:  # a check writes the report, and leaves the skill ladder out unless asked
            if "skill_games" not in dict(self.common):
                words += ["--skill-games", str(SKILL_GAMES)]
            words += ["--report", "report"]
        target = self.deck_name if self.uploaded else self.game
        if target.startswith("-"):  # a deck file named "-x.toml" is written ./-x.toml, or it reads as an option
            target = "./" + target
        return [command, target, *words]

    def values(self, command: str) -> dict[str, Any]:
        """The typed common options ``command`` takes (a check is `validate`, a preview a `build`)."""
        takes = {s.name for s in for_command(command)}
        return {name: typed(name, text) for name, text in self.common if name in takes}

    def spec(self, *, check: bool = False, command: str | None = None) -> "DeckSpec":
        """The spec, made as the command line makes it: `deckgen build` passes every common option,
        `deckgen validate` the seed and --players (the player count the deck is checked for),
        `deckgen init` the ones a deck file keeps."""
        command = command or (VALIDATE if check else BUILD)
        given = self.values(command)
        common = {k: v for k, v in given.items() if k in SPEC_KEYS}
        if self.back_image and command in SHARED["back_image"].commands:
            common["back_image"] = self.back_image
        if self.deck_text is None:
            return load_spec(self.game, self.options, **common)
        from deckgen.deckfile.load import read_deck_text

        raw, game = read_deck_text(self.deck_text, self.deck_name, folder=None)
        return spec_of(game, self.options, common, file_layer=raw, source=self.deck_name)

    def check_plan(self) -> tuple[list[int] | None, int]:
        """The player counts and games a check plays, as `deckgen validate` reads them."""
        given = self.values(VALIDATE)
        players = given.get("players")
        return ([players] if players else None), (CHECK_GAMES if given.get("games") is None else given["games"])

    def skill_games(self) -> int:
        """`--skill-games` of the check (0: no skill section)."""
        given = self.values(VALIDATE)
        return SKILL_GAMES if given.get("skill_games") is None else given["skill_games"]

    @property
    def help_card(self) -> bool:
        """The build prints its quick-reference card (`--no-help-card` leaves it out)."""
        return self.values(BUILD).get("help_card", True)

    @property
    def play_games(self) -> int:
        """The games `deckgen build` plays before printing: a designer's deck file is simulated first."""
        return FILE_CHECK_GAMES if self.uploaded else 0


# ---------------------------------------------------------------- values to a request, mistakes per field


def unknown_fields(names: Sequence[str], known: Sequence[str] = ()) -> FieldErrors:
    """The error for values no option has (``tabels``): each named, with the closest known name."""
    from deckgen.spelling import did_you_mean

    names = list(names)
    each = {n[:40]: _("unknown field {name!r}{hint}", name=n[:40], hint=did_you_mean(n[:SHOWN], known)) for n in names[:10]}
    if len(names) == 1:
        return FieldErrors(next(iter(each.values())), each)
    shown = ", ".join(repr(n if len(n) <= 40 else n[:40] + "…") for n in names[:10])
    if len(names) > 10:
        first = ngettext("unknown fields {names} and {n} more", "unknown fields {names} and {n} more", len(names) - 10, names=shown)
    else:
        first = _("unknown fields {names}", names=shown)
    return FieldErrors(first, each)


def known_names(game: Game, command: str = BUILD) -> list[str]:
    return [o.name for o in game.options] + [s.name for s in for_command(command) if s.kind != "image"]


def request_from_values(game_id: str, values: Mapping[str, Any], *, check: bool = False, command: str | None = None,
                        deck: DeckRequest | None = None, back_image: str | None = None) -> DeckRequest:
    """A request for a game (or for the uploaded deck file ``deck``) from option values as a user
    types them (``{"tables": "1-6", "players": "4"}``). Every value is judged as the command line
    judges it, so each mistake comes back beside its field with the command line's own message; a
    name no option has is refused by name, never ignored. ``command``: build (the default; a preview
    is a build's), validate (``check``) or init. ``back_image``: a file the server keeps. Raises
    :class:`FieldErrors` (or the unknown-game error)."""
    command = command or (VALIDATE if check else BUILD)
    if deck is not None:
        game = get_game(deck.game)
        base = DeckRequest(game.id, deck_text=deck.deck_text, deck_name=deck.deck_name)
    else:
        game = get_game(str(game_id).strip()[:MAX_VALUE] or "?")  # the CLI's "unknown game" message
        base = DeckRequest(game.id)
    known = known_names(game, command)
    other = {k: _("{flag} is not an option of deckgen {command}", flag=SHARED[k].flag, command=command)
             for k in values if k not in known and k in SHARED}
    if other:  # a setting of another command (a check's games sent to a build): as the command line refuses it
        raise FieldErrors(next(iter(other.values())), other)
    extra = sorted(str(k) for k in values if k not in known)
    if extra:  # a misspelt option must not quietly build the default deck
        raise unknown_fields(extra, known)
    errors: dict[str, Any] = {}
    options: list[str] = []
    common: list[tuple[str, str]] = []
    by_name = {o.name: o for o in game.options}
    for name in known:
        try:
            text = clean(values.get(name), name)
            if text is None:
                continue
            if name in by_name:
                these = typed_words(by_name[name], name, text)
                _with(base, options=these).spec(command=command)
                options.extend(these)
            else:
                one = _with(base, common=((name, text),))
                one.spec(command=command)
                _check_counts(name, one)
                common.append((name, text))
        except FieldErrors as exc:
            errors[name] = exc.fields.get(name, message(exc))
        except DeckgenError as exc:
            errors[name] = message(exc)
    if errors:
        raise FieldErrors(next(iter(errors.values())), errors)
    if back_image is not None:  # judged against the card it is to cover: the size and bleed of the whole request
        try:
            _with(base, options=tuple(options), common=tuple(common), back_image=back_image).spec(command=command)
        except DeckgenError as exc:
            if _with(base, options=tuple(options), common=tuple(common)).spec(command=command) is not None:  # the rest is fine
                raise FieldErrors(message(exc), {"back_image": message(exc)}) from None
    request = _with(base, options=tuple(options), common=tuple(common), back_image=back_image)
    spec = request.spec(command=command)  # whatever only the whole set can tell (a card that does not fit the paper...)
    players = request.check_plan()[0] if command == VALIDATE else None
    if players:  # what `deckgen validate --players` refuses first, said beside the field before the job starts
        from deckgen.engine.validate import player_counts

        try:
            player_counts(spec.game, spec.build(), players)
        except DeckgenError as exc:
            raise FieldErrors(message(exc), {"players": message(exc)}) from None
    return request


def _with(base: DeckRequest, **changes: Any) -> DeckRequest:
    from dataclasses import replace

    return replace(base, **changes)


def _check_counts(name: str, request: DeckRequest) -> None:
    """The bounds the pipeline puts on a check's games (``pipeline.validate``) and on the skill
    ladder's (``pipeline.skill``), with their messages, said before the job starts."""
    from deckgen.pipeline import _in_range

    if name == "games":
        _in_range("--games", request.check_plan()[1], 1, 1_000_000)
    elif name == "skill_games":
        judged_skill_games(request.skill_games())


def judged_skill_games(n: int) -> int:
    """`--skill-games` of a check, as `deckgen validate` judges it before any game: 0 (no skill section)
    to MOST_SKILL_GAMES, said in the same words on both faces (the page said "1 to 100000" of -1, as
    if 0 were refused)."""
    from deckgen.shared_options import MOST_SKILL_GAMES

    if not 0 <= n <= MOST_SKILL_GAMES:
        raise DeckgenError(_("--skill-games must be 0 (no skill section) to {hi}, not {value}", hi=MOST_SKILL_GAMES, value=n))
    return n

