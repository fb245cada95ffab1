"""Reading a deck file: TOML syntax, then the schema (pydantic), then the game's own rules for options
and cards. Every problem is collected and reported at once with the file, the line and the field.

The format (the default decks in decks/ use it too)::

    game = "multiplicats"       # which game (required)
    seed = 1                    # random seed: the same seed, the same deck and the same games
    players = 4                 # optional: the one player count the deck is for
    lang = "es"                 # es, en, or all (rulebooks in both languages)

    [options]                   # any option of the game (see `deckgen list`)
    tables = "1-6"

    [print]
    card_size = "poker"         # poker, bridge, mini, tarot, or "WxH" in mm
    paper = "a4"                # a4 or letter
    bleed = 0                   # mm
    backs = "duplex-long"       # duplex-long, duplex-short, manual-duplex, separate, none
    ink = "normal"              # or "low": every sheet under 45% ink (C+M+Y+K)
    back_image = "back.png"     # optional: a PNG/JPEG in the deck file's own folder for the backs

    [[cards]]                   # optional: an explicit card list replacing the generated deck
    kind = "multiplication"
    a = 4
    b = 6
    copies = 2
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from deckgen.deckfile.limits import (  # noqa: F401 (the limits are read from here too)
    MAX_CARDS, MAX_COPIES, MAX_DEPTH, MAX_FILE_BYTES, MAX_INT_BITS, MAX_SHOWN, MAX_TEXT, MAX_VALUES,
)
from deckgen.deckfile.locate import key_lines, line_of
from deckgen.deckfile.paths import referenced_image
from deckgen.deckfile.explain import KINDS, schema_problem, toml_problem, union_tag
from deckgen.errors import AsWritten, DeckgenError, OptionError, os_problem
from deckgen.i18n import Listing, _, ngettext
from deckgen.options import check_size
from deckgen.spelling import did_you_mean
from deckgen.registry import Game, find_game, games
from deckgen.seeds import RANGE as SEEDS

if TYPE_CHECKING:  # pragma: no cover - pydantic loads when a file is not of the plain shape
    from pydantic import BaseModel, ValidationError


# The common shape of a deck file (the default decks' shape), checked without pydantic: a file whose
# top-level and [print] values all fit these rules is one the schema (deckgen.deckfile.schema)
# accepts, so pydantic, a tenth of a build's start, is loaded only for the other files (cards, a back
# image, a value of another type or out of range); the schema then words their problems.
# tests/deckfile/test_plain_shape.py checks the rules against the schema's own fields.
PLAIN_TOP = {
    "game": ("text",), "seed": ("int", *SEEDS), "players": ("int", 1, 64), "lang": ("one of", "es", "en", "all"),
    "options": ("table",), "print": ("table",),
}
PLAIN_PRINT = {
    "card_size": ("text",), "paper": ("one of", "a4", "letter"), "bleed": ("float", 0.0, 10.0),
    "backs": ("one of", "duplex-long", "duplex-short", "manual-duplex", "separate", "none"), "ink": ("one of", "normal", "low"),
    "format": ("text",), "dpi": ("int", 72, 1200), "colour": ("one of", "rgb", "cmyk"),
}


def _fits(rule: tuple, value: Any) -> bool:
    kind = rule[0]
    if kind == "text":
        return isinstance(value, str)
    if kind == "table":
        return isinstance(value, dict) and all(isinstance(k, str) for k in value)
    if kind == "one of":
        return isinstance(value, str) and value in rule[1:]
    if isinstance(value, bool) or not isinstance(value, (int, float) if kind == "float" else int):
        return False
    return rule[1] <= value <= rule[2]  # False for NaN


def plain_shape(raw: Mapping[str, Any]) -> bool:
    """True when every top-level and [print] value of ``raw`` fits :data:`PLAIN_TOP` and
    :data:`PLAIN_PRINT` and it names its game (the one value the schema requires): the schema would
    accept it, so it need not run."""
    if "game" not in raw or not all(k in PLAIN_TOP and _fits(PLAIN_TOP[k], v) for k, v in raw.items()):
        return False
    section = raw.get("print", {})
    return all(k in PLAIN_PRINT and _fits(PLAIN_PRINT[k], v) for k, v in section.items())


@dataclass(frozen=True)
class Problem:
    line: int | None
    field: str
    message: str  # a catalog message (said in the language in force when shown)

    def text(self, file: str) -> str:
        """``file:LINE: field: message``, the way compilers point at a line (the same in every language)."""
        where = f"{file}:{self.line}" if self.line else file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class DeckFileError(DeckgenError):
    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.file, self.problems = file, problems
        super().__init__(file, problems)

    def __str__(self) -> str:
        return "\n".join(map(str, self.lines()))

    def lines(self) -> list[str]:
        n = len(self.problems)
        more = [str(_("  … and {n:,} more", n=n - MAX_SHOWN))] if n > MAX_SHOWN else []
        head = ngettext("{file}: {n} problem:", "{file}: {n} problems:", n, file=self.file)
        return [head, *("  " + p.text(self.file) for p in self.problems[:MAX_SHOWN]), *more]


def _field(path: tuple) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _suggest(word: str, known: list[str]) -> str:
    return did_you_mean(word, known)


class _Collector:
    def __init__(self, lines: dict) -> None:
        self.lines, self.problems = lines, []

    def add(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(line_of(self.lines, path), _field(path), message))

    def pydantic(self, exc: ValidationError, prefix: tuple, model: type[BaseModel]) -> None:
        from deckgen.deckfile.schema import keys as _keys, model_at as _model_at

        unions: dict[tuple, list[dict]] = {}  # a value that fits no member of a union: one problem, not one per member
        for err in exc.errors():
            own = tuple(err["loc"])
            if union_tag(model, own):
                unions.setdefault(prefix + own[:-1], []).append(err)
                continue
            loc = prefix + own
            if err["type"] == "extra_forbidden":
                parent = _model_at(model, own[:-1])
                known = list(_keys(parent)) if parent else []
                if prefix[:1] == ("cards",):  # a card's table also takes kind and copies
                    known = ["kind", *known, "copies"]
                hint = _suggest(str(loc[-1]), known)
                if known:
                    self.add(loc, _("unknown key{suggestion}; the keys are: {keys}", suggestion=hint, keys=", ".join(known)))
                else:
                    self.add(loc, _("unknown key{suggestion}", suggestion=hint))
            elif err["type"] == "missing" and loc == ("game",):
                self.add(loc, _("is required: say which game the deck is for, e.g. game = \"{example}\" (the games: {games})",
                                example=next(iter(games()), "GAME"), games=", ".join(games())))
            else:
                self.add(loc, schema_problem(err, model))
        for loc, errs in unions.items():
            kinds = Listing([_(KINDS[e["type"]]) for e in errs if e["type"] in KINDS], "or")
            got = errs[0].get("input")
            self.add(loc, _("should be {kinds} (got {value!r})", kinds=kinds, value=AsWritten(got)))


def _too_many_values(name: str) -> DeckFileError:
    return DeckFileError(name, [Problem(None, "", _("more than {n:,} values; a deck file holds at most {cards:,} cards",
                                                    n=MAX_VALUES, cards=MAX_CARDS))])


# what TOML writes inside strings and comments, where a comma separates no values
_NO_VALUES = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*', re.S)


def _past_the_values(text: str) -> bool:
    """True when ``text`` holds more than MAX_VALUES commas outside its strings and comments. In TOML
    a comma follows a value (an array's element, an inline table's pair), so such a file holds more
    values than a deck file may: it is refused before the TOML reader spends seconds building them
    (a 900 KB file of 450,000 entries took the reader 0.6 to 2.4 s; counting takes milliseconds)."""
    if text.count(",") <= MAX_VALUES:
        return False
    return _NO_VALUES.sub("", text).count(",") > MAX_VALUES


def _shape(raw: Mapping[str, Any], name: str, out: _Collector) -> None:
    """Walk the parsed file once, without recursion: a file nested too deeply or holding too many
    values is refused at once (nothing later could read it safely); texts and keys that are too long
    are problems."""
    stack: list[tuple[Any, tuple, int]] = [(raw, (), 0)]
    values = 0
    while stack:
        value, path, depth = stack.pop()
        values += 1
        if depth > MAX_DEPTH:
            raise DeckFileError(name, [Problem(line_of(out.lines, path[:MAX_DEPTH]), _field(path[:MAX_DEPTH]),
                                               _("tables or lists nested more than {n} deep", n=MAX_DEPTH))])
        if values > MAX_VALUES:
            raise _too_many_values(name)
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
            # refused before anything converts it to text (Python refuses past 4,300 digits, and no
            # message may show it): a hex, octal or binary literal parses to such a number silently
            raise DeckFileError(name, [Problem(line_of(out.lines, path), _field(path),
                                               _("a whole number too large (more than {n} digits); no value of a deck file comes near", n=38))])
        if isinstance(value, str) and len(value) > MAX_TEXT:
            out.add(path, _("text of {n:,} characters is too long (at most {most:,})", n=len(value), most=MAX_TEXT))
        elif isinstance(value, Mapping):
            for k, v in value.items():
                if len(str(k)) > MAX_TEXT:
                    out.add(path, _("a key of {n:,} characters is too long (at most {most:,})", n=len(str(k)), most=MAX_TEXT))
                    continue
                stack.append((v, path + (k,), depth + 1))
        elif isinstance(value, list):
            stack.extend((v, path + (i,), depth + 1) for i, v in enumerate(value))


def read_deck_file(path: Path) -> tuple[dict[str, Any], Game]:
    """The file's contents, checked: returns the raw values and the game, or raises DeckFileError."""
    path = Path(path)
    name = str(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError as exc:
        from deckgen.surroundings import gone

        if gone() and not path.is_absolute():  # not missing: the folder it is named from is gone
            raise DeckgenError(_("cannot read deck file {file}: {problem}", file=name, problem=os_problem(exc))) from None
        raise DeckgenError(_("deck file {file} not found", file=name)) from None
    except OSError as exc:
        raise DeckgenError(_("cannot read deck file {file}: {problem}", file=name, problem=os_problem(exc))) from None
    if not path.is_file():
        raise DeckgenError(_("deck file {file} is not a file", file=name))
    if size > MAX_FILE_BYTES:
        raise DeckgenError(_("deck file {file} is {size:,} bytes; a deck file is at most {most:,}", file=name, size=size,
                             most=MAX_FILE_BYTES))
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DeckgenError(_("cannot read deck file {file}: {problem}", file=name, problem=os_problem(exc))) from None
    return read_deck_text(deck_text_of(data, name), name, folder=path.parent)


def deck_text_of(data: bytes, name: str) -> str:
    """A deck file's bytes as text, as both faces read them (a file named on the command line, a file
    uploaded to the web page): UTF-8, or Notepad's "Unicode" (UTF-16 with its byte-order mark), with
    the line ends of Windows (and of old Macs) made plain; anything else refused in one message that
    says how to save it. ``name`` only labels the message."""
    try:  # Notepad's "Unicode" is UTF-16 with its byte-order mark; everything else must be UTF-8
        text = data.decode("utf-16") if data.startswith((b"\xff\xfe", b"\xfe\xff")) else data.decode("utf-8")
    except UnicodeDecodeError:
        raise DeckgenError(_("deck file {file} is not UTF-8 text; save it as UTF-8 (in Notepad: Save as, Encoding: UTF-8)",
                             file=name)) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # the line ends of Windows (and of old Macs)


def read_deck_text(text: str, name: str, *, folder: Path | None) -> tuple[dict[str, Any], Game]:
    """A deck file's text, checked as :func:`read_deck_file` checks a file. ``name`` only labels the
    messages; ``folder`` is where referenced images sit (``None``: the file came without a folder, so
    it may not refer to any)."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")  # Notepad's byte-order mark and CRLF line ends (an upload keeps them)
    if _past_the_values(text):
        raise _too_many_values(name)
    try:
        raw = tomllib.loads(text)
    except RecursionError:
        raise DeckFileError(name, [Problem(None, "", _("not valid TOML: tables or lists nested too deeply (at most {n})",
                                                       n=MAX_DEPTH))]) from None
    except tomllib.TOMLDecodeError as exc:
        line, message = toml_problem(exc, text)
        raise DeckFileError(name, [Problem(line, "", message)]) from None
    except ValueError:  # an integer past Python's digit limit for int(str) (tomllib lets it through)
        raise DeckFileError(name, [_long_number(text)]) from None
    return check_deck_dict(raw, key_lines(text), name, folder=folder)


def _long_number(text: str) -> Problem:
    """The problem of a number too long to read, on its line."""
    import sys

    limit = sys.get_int_max_str_digits() or 4300
    found = re.search(r"[0-9_]{%d,}" % (limit + 1), text)
    line = text.count("\n", 0, found.start()) + 1 if found else None
    digits = sum(ch.isdigit() for ch in found.group()) if found else 0
    if digits:
        return Problem(line, "", _("not valid TOML: a number of {n:,} digits is too long to read (at most {most:,} digits)",
                                   n=digits, most=limit))
    return Problem(line, "", _("not valid TOML: a number is too long to read (at most {most:,} digits)", most=limit))


def check_deck_dict(raw: dict[str, Any], lines: dict, name: str, *, folder: Path | None) -> tuple[dict[str, Any], Game]:
    out = _Collector(lines)
    _shape(raw, name, out)
    back_image = None
    if not plain_shape(raw):  # (a plain file has no back image)
        from deckgen.deckfile.schema import DeckFileModel, ValidationError

        try:
            back_image = DeckFileModel.model_validate(raw).print.back_image
        except ValidationError as exc:
            out.pydantic(exc, (), DeckFileModel)
    game_id = raw.get("game")
    game = find_game(game_id) if isinstance(game_id, str) else None
    if isinstance(game_id, str) and game is None:
        out.add(("game",), _("unknown game {game!r}{suggestion}; the games are: {games}", game=game_id,
                             suggestion=_suggest(game_id, list(games())), games=", ".join(games())))
    cards = None
    if game is not None:
        _check_options(game, raw.get("options"), out)
        _check_players(game, raw.get("players"), out)
        cards = _check_cards(game, raw.get("cards"), out)
    _check_print(raw.get("print"), folder, out)
    if out.problems:
        raise DeckFileError(name, sorted(out.problems, key=lambda p: (p.line or 0)))
    assert game is not None
    clean = dict(raw)
    if cards is not None:  # the cards' numbers written as text, read (value = "7" is 7)
        clean["cards"] = cards
    if back_image:
        clean["print"] = dict(raw.get("print", {}), back_image=str(referenced_image(folder, back_image)))
    return clean, game


def _check_options(game: Game, options: Any, out: _Collector) -> None:
    if not isinstance(options, Mapping):
        return
    known = {o.name: o for o in game.options}
    spelled: dict[str, str] = {}
    for key, value in options.items():
        name = str(key).replace("-", "_")
        if name in spelled:  # toma_dos and "toma-dos": one option given twice, which one was meant?
            out.add(("options", key), _("the option {option!r} is given twice (as {option!r} and {other!r}); keep one",
                                        option=spelled[name], other=str(key)))
            continue
        spelled[name] = str(key)
        opt = known.get(name)
        if opt is None:
            out.add(("options", key), _("{game} has no option {option!r}{suggestion}", game=game.title, option=key,
                                        suggestion=_suggest(name, list(known))))
            continue
        try:
            check_size(value)
            opt.parse(value)
        except OptionError as exc:
            out.add(("options", key), exc.message)


def _check_players(game: Game, players: Any, out: _Collector) -> None:
    lo, hi = game.players
    if isinstance(players, int) and not isinstance(players, bool) and not lo <= players <= hi:
        out.add(("players",), _("{game} is for {lo} to {hi} players, not {n}", game=game.title, lo=lo, hi=hi, n=players))


def _check_cards(game: Game, cards: Any, out: _Collector) -> list | None:
    """Check every card of the file; return the cards with their numbers written as text read
    (deckgen.deckfile.card_numbers), None when the file lists none."""
    from deckgen.deckfile.card_numbers import read_numbers

    if not isinstance(cards, list):
        return None
    kinds = dict(game.card_kinds)
    total = 0
    read: list = []
    for i, entry in enumerate(cards):
        path = ("cards", i)
        if not isinstance(entry, Mapping):
            out.add(path, _("each card is a table with a kind"))
            read.append(entry)
            continue
        kind = entry.get("kind")
        entry, wrong = read_numbers(kinds.get(kind) if isinstance(kind, str) else None, entry)
        read.append(entry)
        for where, message in wrong:
            out.add(path + where, message)
        if wrong:  # said once, by the reader of numbers: the schema would only repeat it
            continue
        face = dict(entry)
        kind = face.pop("kind", None)
        copies = face.pop("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
            out.add(path + ("copies",), _("copies must be a whole number from 1 to {most}", most=MAX_COPIES))
            copies = 1
        total += copies
        if not isinstance(kind, str):
            out.add(path + ("kind",), _("every card needs a kind: one of {kinds}", kinds=", ".join(kinds)) if kinds
                    else _("every card needs a kind"))
            continue
        schema = kinds.get(kind)
        if schema is None:
            if kinds:
                out.add(path + ("kind",), _("{game} has no {kind!r} cards{suggestion}; its kinds are: {kinds}", game=game.title,
                                            kind=kind, suggestion=_suggest(kind, list(kinds)), kinds=", ".join(kinds)))
            continue
        from pydantic import ValidationError

        try:
            schema.model_validate(face)
        except ValidationError as exc:
            out.pydantic(exc, path, schema)
    if total > MAX_CARDS:
        out.add(("cards",), _("{n:,} cards in all; a deck file holds at most {most:,}", n=total, most=MAX_CARDS))
    return read


def _check_print(section: Any, folder: Path | None, out: _Collector) -> None:
    """What the schema cannot see: the card size's form, whether it fits the paper, the image."""
    from deckgen.render.geometry import PAPERS, card_size, layout

    if not isinstance(section, Mapping):
        return
    size_text = section.get("card_size", "poker")
    if isinstance(size_text, str):
        try:
            size = card_size(size_text)
            paper, bleed = section.get("paper", "a4"), _millimetres(section.get("bleed", 0))
            if isinstance(paper, str) and paper in PAPERS and bleed is not None and 0 <= bleed <= 10:
                layout(size, paper, bleed)
        except OptionError as exc:
            out.add(("print", "card_size"), exc.message)
    image = section.get("back_image")
    if isinstance(image, str) and folder is None:
        out.add(("print", "back_image"), _("this deck file came without its folder, so it cannot refer to an image; leave back_image out"))
    elif isinstance(image, str):
        try:
            _check_resolution(referenced_image(folder, image), section)
        except DeckgenError as exc:
            out.add(("print", "back_image"), exc.message)
    _check_print_values(section, out)


def _millimetres(value: Any) -> float | None:
    """A deck file's bleed as the schema reads it (a number, or text such as "2,5"), None when it is not one."""
    from deckgen.numerals import decimal_number

    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    try:
        return decimal_number(value)
    except ValueError:
        return None


def _check_resolution(path: Path, section: Mapping) -> None:
    """Refuse a back image too coarse for the card size and bleed the file asks for."""
    from deckgen.render.images import check_back_image
    from deckgen.render.settings import PrintSettings

    try:
        settings = PrintSettings.parse(card=str(section.get("card_size", "poker")), bleed=section.get("bleed", 0), back_image=str(path))
    except OptionError:
        return  # a bad size or bleed is reported on its own line
    check_back_image(settings)


def _check_print_values(section: Mapping, out: _Collector) -> None:
    """The export format list and the back offset, parsed as the command line parses them."""
    from deckgen.render.settings import format_list
    from deckgen.render.geometry import back_offset

    for key, parse in (("format", format_list), ("back_offset", back_offset)):
        value = section.get(key)
        if isinstance(value, (str, list)):
            try:
                parse(value)
            except OptionError as exc:
                out.add(("print", key), exc.message)
