"""Game options: declared once by each game, parsed from the command line or from a deck file.

An :class:`Option` knows its name, its default, its help text, whether it shapes the deck or the
rules (``scope``), and how to turn a user's value (a command-line string or a TOML value) into the
canonical value the game uses. Canonical values are JSON types, so they go straight into deck.json.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from deckgen.errors import OptionError

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
        if isinstance(value, int):
            n = value
        else:
            try:
                n = int(str(value).strip())
            except ValueError:
                raise OptionError(f"expected a whole number, got {value!r}") from None
        if lo is not None and n < lo or hi is not None and n > hi:
            raise OptionError(f"{n} is out of range ({_range_text(lo, hi)})")
        return n

    return parse


def number(lo: float | None = None, hi: float | None = None) -> Parser:
    def parse(value: Any) -> float:
        if isinstance(value, bool):
            raise OptionError(f"expected a number, got {value!r}")
        try:
            x = float(value)
        except (TypeError, ValueError):
            raise OptionError(f"expected a number, got {value!r}") from None
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


def choice(*choices: str) -> Parser:
    def parse(value: Any) -> str:
        text = str(value).strip().lower() if not isinstance(value, bool) else ""
        if text not in choices:
            raise OptionError(f"{value!r} is not one of {', '.join(choices)}{_did_you_mean(text, choices)}")
        return text

    parse.choices = choices  # type: ignore[attr-defined]  # so a form can offer them as a list
    return parse


def int_list(
    lo: int, hi: int, *, min_items: int = 1, max_items: int | None = None, allow_repeats: bool = False
) -> Parser:
    """Parse "1-6", "6-9", "2,5,10", "1-3,7" or a TOML list / int into a sorted list of ints."""

    def parse(value: Any) -> list[int]:
        items = _int_items(value, lo, hi)
        for n in items:
            if not lo <= n <= hi:
                raise OptionError(f"{n} is out of range ({lo} to {hi})")
        if not allow_repeats:
            if len(set(items)) != len(items):
                dup = sorted({n for n in items if items.count(n) > 1})
                raise OptionError(f"{', '.join(map(str, dup))} given twice")
            items = sorted(items)
        if len(items) < min_items:
            raise OptionError(f"needs at least {min_items} value(s)")
        if max_items is not None and len(items) > max_items:
            raise OptionError(f"at most {max_items} values allowed")
        return items

    return parse


def _int_items(value: Any, lo: int | None = None, hi: int | None = None) -> list[int]:
    """The numbers ``value`` lists, in order; with bounds, the first one outside them is refused before
    a range is expanded (so "1-10000000000" costs nothing)."""
    if isinstance(value, bool):
        raise OptionError(f"expected numbers, got {value!r}")
    if isinstance(value, int):
        return [_within(value, lo, hi)]
    if isinstance(value, (list, tuple)):
        out: list[int] = []
        for v in value:
            out.extend(_int_items(v, lo, hi))
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
            _within(start, lo, hi)
            if hi is not None and end > hi:
                _within(hi + 1, lo, hi)
            out.extend(range(start, end + 1))
        else:
            out.append(_within(_one_int(part, text), lo, hi))
    return out


def _within(n: int, lo: int | None, hi: int | None) -> int:
    if lo is not None and n < lo or hi is not None and n > hi:
        raise OptionError(f"{n} is out of range ({lo} to {hi})")
    return n


def _one_int(text: str, whole: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise OptionError(f"{whole!r} is not a list of numbers like 1-6 or 2,5,10") from None


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
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


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
            values[name] = None if raw is None else opt.parse(raw)
        except OptionError as exc:
            raise OptionError(f"{where}{opt.cli}: {exc}") from None
    return values


def parse_cli_args(options: Sequence[Option], args: Sequence[str], *, game: str) -> dict[str, Any]:
    """Turn extra command-line words (``--tables 1-6 --hints``) into raw values by option name."""
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
            hint = _did_you_mean(name, by_flag)
            known = ", ".join(sorted(by_flag)) or "none"
            raise OptionError(
                f"unknown option {name} for {game}{hint}; its options are: {known}"
            )
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
