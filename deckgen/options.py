"""Game options: declared once by each game, parsed from the command line or from a deck file.

An :class:`Option` knows its name, its default, its help text, whether it shapes the deck or the
rules (``scope``), and how to turn a user's value (a command-line string or a TOML value) into the
canonical value the game uses. Canonical values are JSON types, so they go straight into deck.json.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from deckgen.errors import OptionError
from deckgen.numerals import WHOLE, decimal_number, whole_number
from deckgen.spelling import did_you_mean

Parser = Callable[[Any], Any]


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: str
    parse: Parser
    scope: str = "deck"  # "deck": changes the cards; "rules": a rule variant for the engine/rulebook
    flag: bool = False  # a boolean switch: --name / --no-name
    metavar: str = "VALUE"
    show: Callable[[Any], str] = field(default=lambda v: str(v))

    @property
    def cli(self) -> str:
        return "--" + self.name.replace("_", "-")

    def usage(self) -> str:
        """How the option is written on the command line, e.g. "--tables RANGE" or "--hints/--no-hints"."""
        return f"{self.cli}/--no-{self.cli[2:]}" if self.flag else f"{self.cli} {self.metavar}"

    def describe_default(self) -> str:
        if self.default is None:
            return "none"
        return self.show(self.default)


# ---------------------------------------------------------------- parsers (value -> canonical value)


def integer(lo: int | None = None, hi: int | None = None) -> Parser:
    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise OptionError(f"expected a whole number, got {value!r}")
        try:
            n = whole_number(value)
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        if lo is not None and n < lo or hi is not None and n > hi:
            raise OptionError(f"{n} is out of range ({_range_text(lo, hi)})")
        return n

    return parse


def number(lo: float | None = None, hi: float | None = None) -> Parser:
    def parse(value: Any) -> float:
        if isinstance(value, bool):
            raise OptionError(f"expected a number, got {value!r}")
        try:
            x = decimal_number(value)
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        if x != x or lo is not None and x < lo or hi is not None and x > hi:
            raise OptionError(f"{value} is out of range ({_range_text(lo, hi)})")
        return x

    return parse


def boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"expected true or false, got {value!r}")


def folder_name(value: Any) -> str:
    """A folder to write into: a non-empty path without control characters (an empty one would
    mean the current folder)."""
    text = str(value)
    if not text.strip():
        raise OptionError("give a folder name (an empty one would mean the current folder)")
    if any(ord(c) < 32 for c in text):
        raise OptionError("a folder name cannot hold control characters")
    return text


def choice(*choices: str, notes: Mapping[str, str] | None = None) -> Parser:
    """One of ``choices``; ``notes`` (e.g. {"perezoso": "easiest"}) are shown beside them in errors."""
    shown = ", ".join(f"{c} ({notes[c]})" if notes and c in notes else c for c in choices)

    def parse(value: Any) -> str:
        text = str(value).strip().lower() if not isinstance(value, bool) else ""
        if text not in choices:
            raise OptionError(f"{value!r} is not one of {shown}{_did_you_mean(text, choices)}")
        return text

    parse.choices = choices  # type: ignore[attr-defined]  # so a form can offer them as a list
    return parse


MAX_OPTION_TEXT = 1000  # characters in one option value
MAX_OPTION_ITEMS = 1000  # values in one option's list


def check_size(value: Any) -> None:
    """Refuse an option value too big to be meant before anything reads it: a text over
    MAX_OPTION_TEXT characters, a list (nested lists counted whole) over MAX_OPTION_ITEMS values."""
    if isinstance(value, str):
        if len(value) > MAX_OPTION_TEXT:
            raise OptionError(f"a value of {len(value):,} characters is too long (at most {MAX_OPTION_TEXT:,})")
        return
    if isinstance(value, (list, tuple)):
        stack, seen = [value], 0
        while stack:
            for item in stack.pop():
                seen += 1
                if seen > MAX_OPTION_ITEMS:
                    raise OptionError(f"more than {MAX_OPTION_ITEMS:,} values in one option")
                if isinstance(item, (list, tuple)):
                    stack.append(item)
                else:
                    check_size(item)


def int_list(
    lo: int, hi: int, *, min_items: int = 1, max_items: int | None = None, allow_repeats: bool = False
) -> Parser:
    """Parse "1-6", "6-9", "2,5,10", "1-3,7" or a TOML list / int into a sorted list of ints.

    Bounds are checked on the text, before any list is built: a range's ends must lie in lo..hi
    before it is expanded, and a repeat is found as soon as it appears, so the work is linear in
    the values kept (at most hi - lo + 1 of them)."""

    def parse(value: Any) -> list[int]:
        check_size(value)
        items: list[int] = []
        seen: set[int] = set()
        repeats: list[int] = []
        for start, end in _int_spans(value):
            for n in (start, end):
                if not lo <= n <= hi:
                    if start != end and lo <= start <= hi:  # name the range as written, not a number inside it
                        raise OptionError(f"the range {start}-{end} is out of range: it goes past {hi} ({lo} to {hi})")
                    raise OptionError(f"{_first_outside(start, end, lo, hi)} is out of range ({lo} to {hi})")
            for n in range(start, end + 1):
                if n in seen:
                    if allow_repeats:
                        items.append(n)
                    else:
                        repeats.append(n)
                        break
                else:
                    seen.add(n)
                    items.append(n)
            if repeats:
                raise OptionError(f"{repeats[0]} given twice")
            if max_items is not None and len(items) > max_items:
                raise OptionError(f"at most {max_items} values allowed")
            if len(items) > MAX_OPTION_ITEMS:
                raise OptionError(f"more than {MAX_OPTION_ITEMS:,} values in one option")
        if not allow_repeats:
            items = sorted(items)
        if len(items) < min_items:
            raise OptionError(f"needs at least {min_items} value(s)")
        return items

    return parse


def _first_outside(start: int, end: int, lo: int, hi: int) -> int:
    """The first value of start..end outside lo..hi (what expanding the range would meet first)."""
    return start if start < lo or start > hi else hi + 1


def _int_spans(value: Any) -> list[tuple[int, int]]:
    """The (first, last) spans a range value names, nothing expanded: "1-3,7" -> [(1, 3), (7, 7)]."""
    if isinstance(value, bool):
        raise OptionError(f"expected numbers, got {value!r}")
    if isinstance(value, int):
        return [(value, value)]
    if isinstance(value, (list, tuple)):
        out: list[tuple[int, int]] = []
        stack = [iter(value)]
        while stack:  # nested lists flattened without recursion
            item = next(stack[-1], _END)
            if item is _END:
                stack.pop()
            elif isinstance(item, (list, tuple)):
                stack.append(iter(item))
            else:
                out.extend(_int_spans(item))
        return out
    text = str(value).strip()
    if not text:
        raise OptionError("expected numbers like 1-6 or 2,5,10, got nothing")
    out = []
    for part in text.split(","):
        part = part.strip()
        if "-" in part[1:]:
            a, b = part[0] + part[1:].split("-", 1)[0], part[1:].split("-", 1)[1]
            start, end = _one_int(a, text), _one_int(b, text)
            if end < start:
                raise OptionError(f"the range {part} goes backwards (write {end}-{start})")
            out.append((start, end))
        else:
            n = _one_int(part, text)
            out.append((n, n))
    return out


_END = object()


def _one_int(text: str, whole: str) -> int:
    """One number of a list (deckgen/numerals.py reads it: the digits 0-9 only, not ٣, not 1_0); a
    number too long for any range says so, anything else is not a list of numbers."""
    text = text.strip()
    if not WHOLE.fullmatch(text):
        raise OptionError(f"{whole!r} is not a list of numbers like 1-6 or 2,5,10" if len(whole) <= 60 else "not a list of numbers like 1-6 or 2,5,10")
    try:
        return whole_number(text)
    except ValueError as exc:  # too many digits
        raise OptionError(str(exc)) from None


def runs(values: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted values as (first, last) runs of consecutive numbers: [1,2,3,7] -> [(1, 3), (7, 7)]."""
    out: list[tuple[int, int]] = []
    for v in sorted(values):
        if out and v == out[-1][1] + 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


def compact_ranges(values: Sequence[int]) -> str:
    """[1,2,3,4,5,6] -> "1-6"; [2,5,10] -> "2,5,10"; [1,2,3,7] -> "1-3,7"."""
    parts: list[str] = []
    for a, b in runs(values):
        parts.extend([f"{a}-{b}"] if b - a >= 2 else (str(v) for v in range(a, b + 1)))
    return ",".join(parts)


def _range_text(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo} to {hi}"
    if lo is not None:
        return f"at least {lo}"
    return f"at most {hi}"


def _did_you_mean(word: str, candidates: Iterable[str]) -> str:
    return did_you_mean(word, candidates)


# ---------------------------------------------------------------- declaring a game's options


@dataclass(frozen=True)
class Opt:
    """One line of a game's option table: what differs from option to option, and nothing else.

    ``values`` says what the option takes, and so how it is parsed and shown in help:

    - ``bool``: a switch (--name / --no-name);
    - a tuple of words, ``("two-left", "first")``: one of them (help shows them as "two-left|first");
    - two whole numbers, ``(1, 50)``: a whole number in that range (help: "N");
    - two decimals, ``(0.0, 1.0)``: a number in that range (help: "P");
    - a parser (a function of the user's value): that parser, as it is.

    ``metavar`` and ``show`` override what help prints for the value.
    """

    name: str
    default: Any
    values: Any
    help: str
    metavar: str | None = None
    show: Callable[[Any], str] | None = None


def declare(*, deck: Sequence[Opt] = (), rules: Sequence[Opt] = ()) -> tuple[Option, ...]:
    """A game's options from its table: the options that shape the cards (``deck``), then the rule
    variants the engine and the rulebook follow (``rules``)."""
    return tuple(_option(row, "deck") for row in deck) + tuple(_option(row, "rules") for row in rules)


def _option(row: Opt, scope: str) -> Option:
    values, flag, metavar = row.values, False, "VALUE"
    if values is bool:
        parse, flag = boolean, True
    elif isinstance(values, tuple) and values and all(isinstance(v, str) for v in values):
        parse, metavar = choice(*values), "|".join(values)
    elif isinstance(values, tuple) and len(values) == 2 and all(type(v) is int for v in values):
        parse, metavar = integer(*values), "N"
    elif isinstance(values, tuple) and len(values) == 2 and all(type(v) is float for v in values):
        parse, metavar = number(*values), "P"
    elif callable(values):
        parse = values
    else:
        raise TypeError(f"option {row.name}: cannot read its values {values!r}")
    extra = {"show": row.show} if row.show is not None else {}
    return Option(row.name, row.default, row.help, parse, scope=scope, flag=flag, metavar=row.metavar or metavar, **extra)


# ---------------------------------------------------------------- option sets


def defaults(options: Sequence[Option]) -> dict[str, Any]:
    return {o.name: o.default for o in options}


def resolve(options: Sequence[Option], given: Mapping[str, Any], *, where: str = "") -> dict[str, Any]:
    """Canonical values for every option: defaults overridden by ``given`` (raw user values)."""
    by_name = {o.name: o for o in options}
    values = defaults(options)
    for key, raw in given.items():
        name = key.replace("-", "_")
        opt = by_name.get(name)
        if opt is None:
            hint = _did_you_mean(name, by_name)
            raise OptionError(f"{where}unknown option {'--' + key.replace('_', '-')}{hint}")
        try:
            if raw is not None:
                check_size(raw)
            values[name] = None if raw is None else opt.parse(raw)
        except OptionError as exc:
            raise OptionError(f"{where}{opt.cli}: {exc}") from None
    return values


def parse_cli_args(options: Sequence[Option], args: Sequence[str], *, game: str, also: Sequence[str] = ()) -> dict[str, Any]:
    """Turn extra command-line words (``--tables 1-6 --hints``) into raw values by option name.

    ``also`` names the command's own options (``--paper``...), searched too for "did you mean"."""
    by_flag: dict[str, Option] = {}
    for o in options:
        by_flag[o.cli] = o
    raw: dict[str, Any] = {}
    i = 0
    args = list(args)
    while i < len(args):
        word = args[i]
        if not word.startswith("--"):
            raise OptionError(f"unexpected argument {word!r} for {game}")
        name, eq, inline = word.partition("=")
        opt = by_flag.get(name)
        negated = False
        if opt is None and name.startswith("--no-"):
            opt = by_flag.get("--" + name[5:])
            negated = opt is not None and opt.flag
            if not negated:
                opt = None
        if opt is None:
            hint = _did_you_mean(name, [*by_flag, *also])
            known = ", ".join(sorted(by_flag)) or "none"
            common = f"; and the command's: {', '.join(also)}" if also else ""
            raise OptionError(
                f"unknown option {name} for {game}{hint}; its options are: {known}{common}"
            )
        if negated and eq:
            raise OptionError(f"{name} takes no value (write {name}, or {opt.cli}={inline or 'VALUE'})")
        if opt.flag and not eq:
            raw[opt.name] = not negated
            i += 1
            continue
        if eq:
            value = inline
            i += 1
        else:
            if i + 1 >= len(args):
                raise OptionError(f"{name} needs a value")
            value = args[i + 1]
            i += 2
        raw[opt.name] = value
    return raw
