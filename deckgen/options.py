"""Game options: declared once by each game, parsed from the command line, a deck file or the web form.

An :class:`Option` knows its name, its default, how it is explained (``help``: the sentence `deckgen
list`, ``--help`` and the web form all show), its short ``label`` (the form's field name), the words
of each of its values (``words``: what a dropdown shows and help lists), whether it shapes the deck or
the rules (``scope``), and how to turn a user's value (a command-line string or a TOML value) into the
canonical value the game uses. Canonical values are JSON types, so they go straight into deck.json.
Every word is a catalog message (deckgen.i18n), written once here and shown in the user's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from deckgen.errors import OptionError, message  # noqa: F401  (message: re-exported, where it always was)
from deckgen.switches import SHOWN, _short, boolean  # noqa: F401  (boolean: re-exported)
from deckgen.i18n import Listing, Msg, _, pgettext
from deckgen.numerals import WHOLE, decimal_number, odd_digits, whole_number
from deckgen.spelling import did_you_mean

Parser = Callable[[Any], Any]
Words = Mapping[str, Any]  # a choice's value -> its words (a catalog message)

# Names a game option may not take: the common options every command has (deckgen.shared_options)
# and the words the web page and its address keep for themselves. An option of that name would be
# shadowed on one face and not the other (issue 37: the deck-file download's ``cards`` swallowed
# Hectoedra's --cards).
PAGE_NAMES = frozenset({"game", "deck", "csrf", "page_lang", "switches", "back_image", "job", "deck_lang", "start", "with_cards"})


def _SHOW(value: Any) -> str:
    """An option's value as help shows it, when the option says nothing else: as Python writes it."""
    return str(value)


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: Any  # the explanation: a catalog message (or plain text for a capability's option)
    parse: Parser
    scope: str = "deck"  # "deck": changes the cards; "rules": a rule variant for the engine/rulebook
    flag: bool = False  # a boolean switch: --name / --no-name
    metavar: Any = pgettext("metavar", "VALUE")  # the word standing for the value in help: a catalog message (RANGE, MODE...)
    show: Callable[[Any], Any] = _SHOW
    label: Any = ""  # the form's short name of the option (a catalog message)
    words: Words = field(default_factory=dict)  # each value of a choice -> its words
    examples: tuple[str, ...] = ()  # typical values as typed (the first is shown as an example)
    habit: bool = False  # a habit of the simulated players, not a rule of the game (a check setting)

    @property
    def cli(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(getattr(self.parse, "choices", ()))

    def usage(self) -> str:
        """How the option is written on the command line, e.g. "--tables RANGE" or "--hints/--no-hints",
        in the language in force ("--tables RANGO": the metavar is a catalog message)."""
        return f"{self.cli}/--no-{self.cli[2:]}" if self.flag else f"{self.cli} {self.metavar}"

    def describe_default(self) -> Any:
        """The default as help prints it: as typed (a switch as the flag that is on: --hints or
        --no-hints), or in words where it has no typed form (a catalog message)."""
        if self.flag:
            return self.cli if self.default else f"--no-{self.cli[2:]}"
        if self.default is None:
            return _("none")
        if type(self.default) is float and self.show is _SHOW:  # a decimal as the language writes it: 0,35 in Spanish
            return _("{value:g}", value=self.default)
        return self.show(self.default)

    def value_words(self, value: Any) -> Any:
        """What a value of this option is called in words (a choice's words, or the value as typed)."""
        return self.words.get(value, self.show(value)) if isinstance(value, str) else self.show(value)

    def explained(self) -> Any:
        """The option's explanation as `deckgen list` and ``--help`` print it: its help, and for a
        choice each value with its words."""
        if not self.words:
            return self.help
        values = Listing([_("{value} ({meaning})", value=c, meaning=self.words[c]) for c in self.choices if c in self.words], "or")
        return _("{help} Choose {values}.", help=self.help, values=values)

    def typed_default(self) -> str:
        """The default as a user would type it ("" when it has no such text: no default, or one the
        parser would not read back as the same value)."""
        if self.flag:
            return "true" if self.default else "false"
        if self.default is None:
            return ""
        shown = str(self.show(self.default))
        try:  # offer the default as text only when it reads back as the same value
            return shown if self.parse(shown) == self.default else ""
        except OptionError:
            return ""

    def samples(self) -> tuple[str, ...]:
        """Values as typed that a test of every option tries: the default, both ends of its range and
        a typical value (each choice, both states of a switch), each once."""
        if self.flag:
            found: list[str] = ["true", "false"]
        elif self.choices:
            found = list(self.choices)
        else:
            found = [self.typed_default()]
            bounds = getattr(self.parse, "bounds", None)
            if bounds is not None:
                lo, hi = bounds
                found += [_plain(lo), _plain(hi)]
                if not self.examples and isinstance(lo, int) and isinstance(hi, int):
                    found.append(str((lo + hi) // 2))  # a typical value between the ends
            found += list(self.examples)
        return tuple(dict.fromkeys(v for v in found if v))


def _plain(x: float) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


# ---------------------------------------------------------------- parsers (value -> canonical value)


def _range_text(lo: float | None, hi: float | None) -> Msg:
    if lo is not None and hi is not None:
        return _("{lo} to {hi}", lo=lo, hi=hi)
    if lo is not None:
        return _("at least {lo}", lo=lo)
    return _("at most {hi}", hi=hi)


def integer(lo: int | None = None, hi: int | None = None) -> Parser:
    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise OptionError(_("expected a whole number, got {value!r}", value=value))
        try:
            n = whole_number(value)
        except ValueError as exc:
            raise OptionError(message(exc)) from None
        if lo is not None and n < lo or hi is not None and n > hi:
            raise OptionError(_("{value} is out of range ({range})", value=str(n), range=_range_text(lo, hi)))
        return n

    parse.bounds = (lo, hi)  # type: ignore[attr-defined]  # what a form and a test of every value read
    return parse


def number(lo: float | None = None, hi: float | None = None) -> Parser:
    def parse(value: Any) -> float:
        if isinstance(value, bool):
            raise OptionError(_("expected a number, got {value!r}", value=value))
        try:
            x = decimal_number(value)
        except ValueError as exc:
            raise OptionError(message(exc)) from None
        if x != x or lo is not None and x < lo or hi is not None and x > hi:
            raise OptionError(_("{value} is out of range ({range})", value=str(value), range=_range_text(lo, hi)))
        return x

    parse.bounds = (lo, hi)  # type: ignore[attr-defined]
    return parse


def folder_name(value: Any) -> str:
    """A folder to write into: a non-empty path without control characters (an empty one would
    mean the current folder)."""
    text = str(value)
    if not text.strip():
        raise OptionError(_("give a folder name (an empty one would mean the current folder)"))
    if any(ord(c) < 32 for c in text):
        raise OptionError(_("a folder name cannot hold control characters"))
    return text


def choice(*choices: str, words: Mapping[str, Any] | None = None) -> Parser:
    """One of ``choices``; a mistake lists them (each with its ``words``, what it means), with the
    closest as "did you mean"."""
    listed = [_("{value} ({meaning})", value=c, meaning=words[c]) if words and c in words else c for c in choices]

    def parse(value: Any) -> str:
        text = str(value).strip().lower() if not isinstance(value, bool) else ""
        if text not in choices:
            raise OptionError(_("{value!r} is not one of {choices}{hint}", value=_short(value), choices=Listing(listed, "or"),
                                hint=_did_you_mean(text[:SHOWN], choices)))
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
            raise OptionError(_("a value of {n:,} characters is too long (at most {most:,})", n=len(value), most=MAX_OPTION_TEXT))
        return
    if isinstance(value, (list, tuple)):
        stack, seen = [value], 0
        while stack:
            for item in stack.pop():
                seen += 1
                if seen > MAX_OPTION_ITEMS:
                    raise OptionError(_("more than {most:,} values in one option", most=MAX_OPTION_ITEMS))
                if isinstance(item, (list, tuple)):
                    stack.append(item)
                else:
                    check_size(item)


def int_list(
    lo: int, hi: int, *, min_items: int = 1, max_items: int | None = None, allow_repeats: bool = False
) -> Parser:
    """Parse "1-6", "6-9", "2,5,10", "1-3,7" or a TOML list / int into a sorted list of ints. A range
    may be written with any dash (``1–6``, as the page and the rulebooks print it).

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
                        raise OptionError(_("the range {start}-{end} is out of range: it goes past {hi} ({lo} to {hi})",
                                            start=str(start), end=str(end), lo=str(lo), hi=str(hi)))
                    raise OptionError(_("{value} is out of range ({range})", value=str(_first_outside(start, end, lo, hi)),
                                        range=_("{lo} to {hi}", lo=str(lo), hi=str(hi))))
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
                raise OptionError(_("{value} given twice", value=str(repeats[0])))
            if max_items is not None and len(items) > max_items:
                raise OptionError(_("at most {most} values allowed", most=max_items))
            if len(items) > MAX_OPTION_ITEMS:
                raise OptionError(_("more than {most:,} values in one option", most=MAX_OPTION_ITEMS))
        if not allow_repeats:
            items = sorted(items)
        if len(items) < min_items:
            raise OptionError(_("needs at least {n} values", n=min_items) if min_items > 1 else _("needs at least one value"))
        return items

    parse.bounds = (lo, hi)  # type: ignore[attr-defined]
    return parse


def _first_outside(start: int, end: int, lo: int, hi: int) -> int:
    """The first value of start..end outside lo..hi (what expanding the range would meet first)."""
    return start if start < lo or start > hi else hi + 1


# the dashes a range may be written with besides "-": the page and the rulebooks print "1–6", a word
# processor turns "-" into "–", and "−" is the minus sign
DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"})


def _int_spans(value: Any) -> list[tuple[int, int]]:
    """The (first, last) spans a range value names, nothing expanded: "1-3,7" -> [(1, 3), (7, 7)]."""
    if isinstance(value, bool):
        raise OptionError(_("expected numbers, got {value!r}", value=value))
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
    text = str(value).strip().translate(DASHES)
    if not text:
        raise OptionError(_("expected numbers like 1-6 or 2,5,10, got nothing"))
    out = []
    for part in text.split(","):
        part = part.strip()
        if "-" in part[1:]:
            a, b = part[0] + part[1:].split("-", 1)[0], part[1:].split("-", 1)[1]
            start, end = _one_int(a, text), _one_int(b, text)
            if end < start:
                raise OptionError(_("the range {range} goes backwards (write {end}-{start})", range=part, end=str(end), start=str(start)))
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
        if odd_digits(whole):  # ٣, ３, 1_0: said as every number's reader says it (deckgen.numerals)
            if len(whole) <= SHOWN:
                raise OptionError(_("{value!r} is not a list of numbers written with the digits 0-9, like 1-6 or 2,5,10", value=whole))
            raise OptionError(_("not a list of numbers written with the digits 0-9, like 1-6 or 2,5,10"))
        if len(whole) <= SHOWN:
            raise OptionError(_("{value!r} is not a list of numbers like 1-6 or 2,5,10", value=whole))
        raise OptionError(_("not a list of numbers like 1-6 or 2,5,10"))
    try:
        return whole_number(text)
    except ValueError as exc:  # too many digits
        raise OptionError(message(exc)) from None


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


def _did_you_mean(word: str, candidates: Iterable[str]) -> Any:
    return did_you_mean(word, candidates)


# ---------------------------------------------------------------- declaring a game's options


@dataclass(frozen=True)
class Opt:
    """One line of a game's option table: what differs from option to option, and nothing else.

    ``values`` says what the option takes, and so how it is parsed and shown in help:

    - ``bool``: a switch (--name / --no-name);
    - a tuple of words, ``("two-left", "first")``: one of them (help shows them as "two-left|first");
      ``words`` then gives each its words, ``{"two-left": _("play on until two players are left")}``;
    - two whole numbers, ``(1, 50)``: a whole number in that range (help: "N");
    - two decimals, ``(0.0, 1.0)``: a number in that range (help: "P");
    - a parser (a function of the user's value): that parser, as it is (``examples`` then gives
      typical values as typed, ``("1-20", "2,3,5")``).

    ``help`` explains the option in a sentence and ``label`` names it in a few words (the web form's
    field); both are catalog messages, written once here for the command line and the page alike.
    ``metavar`` and ``show`` override what help prints for the value; ``habit`` marks a habit of the
    simulated players (a setting of the check, not a rule of the game).
    """

    name: str
    default: Any
    values: Any
    help: Any
    metavar: str | None = None
    show: Callable[[Any], Any] | None = None
    label: Any = ""
    words: Words = field(default_factory=dict)
    examples: tuple[str, ...] = ()
    habit: bool = False


def declare(*, deck: Sequence[Opt] = (), rules: Sequence[Opt] = ()) -> tuple[Option, ...]:
    """A game's options from its table: the options that shape the cards (``deck``), then the rule
    variants the engine and the rulebook follow (``rules``)."""
    options = tuple(_option(row, "deck") for row in deck) + tuple(_option(row, "rules") for row in rules)
    from deckgen.shared_options import SHARED

    for o in options:
        if o.name in PAGE_NAMES or o.name in SHARED:
            raise TypeError(f"option {o.name}: the name is taken by a common option or the web page")
    return options


def _option(row: Opt, scope: str) -> Option:
    values, flag, metavar = row.values, False, pgettext("metavar", "VALUE")
    if values is bool:
        parse, flag = boolean, True
    elif isinstance(values, tuple) and values and all(isinstance(v, str) for v in values):
        parse, metavar = choice(*values, words=row.words), "|".join(values)
    elif isinstance(values, tuple) and len(values) == 2 and all(type(v) is int for v in values):
        parse, metavar = integer(*values), "N"  # a letter: the same in every language
    elif isinstance(values, tuple) and len(values) == 2 and all(type(v) is float for v in values):
        parse, metavar = number(*values), "P"
    elif callable(values):
        parse = values
    else:
        raise TypeError(f"option {row.name}: cannot read its values {values!r}")
    choices = tuple(getattr(parse, "choices", ()))
    if row.words and set(row.words) != set(choices):
        raise TypeError(f"option {row.name}: words for {sorted(row.words)}, values {list(choices)}")
    extra = {"show": row.show} if row.show is not None else {}
    return Option(row.name, row.default, row.help, parse, scope=scope, flag=flag, metavar=row.metavar or metavar,
                  label=row.label, words=dict(row.words), examples=tuple(row.examples), habit=row.habit, **extra)


def typed_value(options: Sequence[Option], name: str, *values: str) -> Msg:
    """Option ``name`` with one of ``values`` as a user types it, each value followed by its words from
    the option's declaration, for a hint to name: "--link either (the same colour or points one
    apart)"; "--in-line links (...) or off (...)". The values stay as the command line takes them in
    every language (a Spanish user types ``--link either`` too); their words are the catalog's."""
    opt = next(o for o in options if o.name == name)
    for v in values:
        if v not in opt.choices:
            raise ValueError(f"option {name} has no value {v!r}")
    said = [_("{value} ({meaning})", value=v, meaning=opt.words[v]) if v in opt.words else v for v in values]
    return _("{flag} {values}", flag=opt.cli, values=Listing(said, "or"))


# ---------------------------------------------------------------- option sets


def defaults(options: Sequence[Option]) -> dict[str, Any]:
    return {o.name: o.default for o in options}


def resolve(options: Sequence[Option], given: Mapping[str, Any], *, where: str = "") -> dict[str, Any]:
    """Canonical values for every option: defaults overridden by ``given`` (raw user values).
    ``where`` (such as "multiplicats") starts each message."""
    by_name = {o.name: o for o in options}
    values = defaults(options)
    for key, raw in given.items():
        name = key.replace("-", "_")
        opt = by_name.get(name)
        if opt is None:
            flag = "--" + str(key)[:SHOWN].replace("_", "-")
            problem = _("unknown option {flag}{hint}", flag=flag, hint=_did_you_mean(name[:SHOWN], by_name))
            raise OptionError(_placed(where, problem))
        try:
            if raw is not None:
                check_size(raw)
            values[name] = None if raw is None else opt.parse(raw)
        except OptionError as exc:
            raise OptionError(_placed(where, _("{flag}: {problem}", flag=opt.cli, problem=message(exc)))) from None
    return values


def _placed(where: str, problem: Any) -> Any:
    where = where.rstrip(": ")
    return _("{where}: {problem}", where=where, problem=problem) if where else problem


def parse_cli_args(options: Sequence[Option], args: Sequence[str], *, game: str, also: Sequence[str] = ()) -> dict[str, Any]:
    """Turn extra command-line words (``--tables 1-6 --hints``) into raw values by option name.

    ``also`` names the command's own options (``--paper``...), searched too for "did you mean"."""
    by_flag: dict[str, Option] = {}
    for o in options:
        by_flag[o.cli] = o
    raw: dict[str, Any] = {}
    typed: dict[str, str] = {}  # each option's words as typed, to name a second, different value
    i = 0
    args = list(args)
    while i < len(args):
        word = args[i]
        if not word.startswith("--"):
            raise OptionError(_("unexpected argument {word!r} for {game}", word=_short(word), game=game))
        name, eq, inline = word.partition("=")
        opt = by_flag.get(name)
        negated = False
        if opt is None and name.startswith("--no-"):
            opt = by_flag.get("--" + name[5:])
            negated = opt is not None and opt.flag
            if not negated:
                opt = None
        if opt is None and name in also:  # the command's own option, read as the game's: it came after "--"
            raise OptionError(_("{flag} came after --, which ends the command's options; write it before --", flag=name))
        if opt is None:
            hint = _did_you_mean(name[:SHOWN], [*by_flag, *also])
            known = ", ".join(sorted(by_flag)) or _("none")
            shown = _short(name)
            if also:
                raise OptionError(_("unknown option {flag} for {game}{hint}; its options are: {known}; and the command's: {common}",
                                    flag=shown, game=game, hint=hint, known=known, common=", ".join(also)))
            raise OptionError(_("unknown option {flag} for {game}{hint}; its options are: {known}", flag=shown, game=game, hint=hint,
                                known=known))
        if negated and eq:
            raise OptionError(_("{flag} takes no value (write {flag}, or {positive}={value})", flag=name, positive=opt.cli,
                                value=_short(inline) or "VALUE"))
        if opt.flag and not eq:
            value: Any = not negated
            words = name
            i += 1
        else:
            if eq:
                value = inline
                i += 1
            else:
                if i + 1 >= len(args):
                    raise OptionError(_("{flag} needs a value", flag=name))
                value = args[i + 1]
                i += 2
            words = f"{name} {_short(value)}"
        if opt.name in raw and raw[opt.name] != value:
            raise OptionError(given_twice(opt.cli, typed[opt.name], words))
        raw[opt.name], typed[opt.name] = value, words
    return raw


def given_twice(flag: str, first: str, second: str) -> Any:
    """An option given twice with two values (``--tables 2 --tables 5``): which was meant? The last
    one was taken without a word, so a deck of table 5 alone was built for "tables 2 and 5". The same
    value twice is no question. (The web page refuses a field sent twice; a deck file, one key in two
    spellings.)"""
    return _("{flag} is given twice, as {first} and as {second}; give it once", flag=flag, first=first, second=second)
