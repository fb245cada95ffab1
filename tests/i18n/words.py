"""What counts as English in a line deckgen says, and what is data a line may hold in any language.

- :data:`ENGLISH`: common English words (function words, and the words of deckgen's own subject:
  cards, decks, players, files, printing, checks) that are not also Spanish words. A Spanish line
  holding one of them holds English.
- :func:`data_words`: the words that are names, not language: game ids and titles, option names and
  values, deck-file keys and card kinds, file names, units, the names of programs. Any language shows
  them as they are. They are taken from the registry (every game's options and card kinds), so a new
  option is known at once.
- :func:`words_of` splits a line into the words left once data is taken out: quoted values (what the
  user typed, shown back), paths and file names, ``--options``, identifiers (``duplex-long``,
  ``back_image``), numbers.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Common English words that are not Spanish words (so "a", "no", "me", "error", "total", "normal",
# "final", "once", "red", "sin", "van", "son", "come", "media" and such are left out).
ENGLISH = frozenset("""
the of and to in is are was were be been being for with on at by from not this that these those it its
has have had can cannot could must should would will shall may might do does did done than then there
their they them you your yours we our she his her which what who whom whose when where why how
if else or but so because while until about after before into onto over under up down out off again
each every both either neither any some many much more most few fewer less least only also just
too very one two three four five six seven eight nine first last next new old other another same
such own all none nothing something anything everything here yes
card cards deck decks player players game games file files folder folders page pages sheet sheets
print printed printing printer write written writes read build built check checks checked passed pass
fail fails failed failure value values number numbers option options default defaults unknown missing
expected got used using needs need needed given give takes take taken shown show shows says said
tells told find found made make makes keep kept left right side front fronts back backs image images
size paper bleed scale ink colour colours colors line lines column table key keys text word words
list type kind kinds rules rulebook rulebooks turn turns round rounds win wins won lose lost seat seats
measure measures playable sampled proven simulated simulation simulations report reports seconds
minutes minute about average mean median most at least range out too long large small short wide
whole half quarter double single sided duplex glue cut stack tray flip edge odd even
model checker positions searched search budget confidence probability deal deals dealt hand hands
draw drawn pile piles play plays played playing move moves end ends ending start starts
warning interrupted terminated already exists choose another name named try again instead
games' player's deck's game's
""".split())

# command names, and the values of the common options deckgen's own help writes as they are typed
IDENTIFIERS = frozenset("""
deckgen list build rules init preview calibrate simulate validate skill sweep solve puzzle serve measure
a4 letter poker bridge mini tarot sheets png pdf tts tgc mpc dtc home normal low rgb cmyk es en all
none separate random heuristic true false nan inf card_size back_image back_offset dpi qps
""".split())

# names of things, the same in every language
NAMES = frozenset("""
DECKGEN_LANG DECKGEN_START_METHOD DECKGEN_LOCALE_DIR LANGUAGE LC_ALL LC_MESSAGES LANG SIGHUP
PDF PDFs PNG JPEG GIF JSON TOML UTF CPU MB KB px ppp dpi mm cm s ms ok FAIL
Ghostscript ink_cov Tabletop Simulator Dask Monte Carlo TrimBox tcp HOST PORT WxH X Y N P C M K
""".split())

_QUOTED = re.compile(r"(?<!\w)'(?:[^'\\\n]|\\.)*'(?!\w)|\"(?:[^\"\\\n]|\\.)*\"|`[^`]*`|«[^»]*»")
_PROBLEM_AT = re.compile(r"\S+\.toml(?::\d+)?: (?:[\w.\[\]-]+: )?")  # deck.toml:3: print.paper: (a file, its line, its key)
_KEY_VALUE = re.compile(r"(?<![\w-])\[{0,2}[\w.-]+\]{0,2} =(?: \S*)?|\[{1,2}[\w.]+\]{1,2}")  # players = 4, [print], [[cards]]
_PATHISH = re.compile(r"\S*[/\\]\S*|\S+\.(?:toml|pdf|png|json|txt|csv|jpg|jpeg|gif|mo|po)\b\S*", re.IGNORECASE)
_OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")
_IDENTIFIER = re.compile(r"\b[\w]+(?:[-_.][\w]+)+\b")
_NAME_LIST = re.compile(r"(?<![\w-])[A-Za-z][\w-]*(?:, [A-Za-z][\w-]*){2,}\b")  # game, seed, players, lang: names listed
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


@lru_cache(maxsize=4)
def _suggestion(run: str) -> re.Pattern:
    """The "did you mean X?" of ``run``'s language: X is a name (a game, a key, a card kind)."""
    from deckgen.i18n import _

    msgid = " (did you mean {word}?)"
    if run == "qps":
        import pseudo_locale

        text = pseudo_locale.pseudo(msgid).format(word="\0")
    else:
        text = _(msgid, word="\0").render(run)
    before, after = text.split("\0")
    return re.compile(re.escape(before.strip()) + r"[^?]*" + re.escape(after.strip()[:1]))


@lru_cache(maxsize=2)
def data_words(names_too: bool = True) -> frozenset[str]:
    """Every name deckgen shows as it is: games and their titles, the common options' values; with
    ``names_too`` also each game's option values and card kinds and fields, some of which are English
    words (``first``, ``number``): the pseudo-locale run needs them (any ASCII word is flagged there),
    the Spanish run finds them by their place in the line instead (quoted, listed, in a key path)."""
    from deckgen.registry import games

    found: set[str] = set(IDENTIFIERS) | set(NAMES)
    for game in games().values():
        found |= {game.id, *_WORD.findall(game.title)}
        if not names_too:
            continue
        for opt in [*game.options, *(o for cap in game.capabilities.values() for o in cap.options)]:
            found |= set(_typed_values(opt))
        for kind, model in game.card_kinds.items():
            found |= {kind, *getattr(model, "model_fields", {})}
    return frozenset(found)


def _typed_values(opt) -> tuple[str, ...]:
    """The values of an option as a user types them: a choice's values, or those its parser names
    (``typed``: Hectoedra's aids)."""
    return tuple(getattr(opt.parse, "choices", None) or ()) + tuple(getattr(opt.parse, "typed", None) or ())


@lru_cache(maxsize=1)
def option_values() -> dict[str, frozenset[str]]:
    """Each option's flag (``--link``) -> the values a user types after it (``either``, ``both``...):
    every game's options and its commands', and the common options'. A line that names an option
    may name its values as they are typed (help: "Choose either (...)"; a hint: "--link either (...)"):
    the command line takes them so in every language."""
    from deckgen.registry import games
    from deckgen.shared_options import SHARED

    found: dict[str, set[str]] = {}
    for game in games().values():
        for opt in [*game.options, *(o for cap in game.capabilities.values() for o in cap.options)]:
            found.setdefault(opt.cli, set()).update(_typed_values(opt))
    for row in SHARED.values():
        found.setdefault(row.flag, set()).update(row.choices or ())
    return {flag: frozenset(v) for flag, v in found.items() if v}


@lru_cache(maxsize=1)
def option_examples() -> tuple[str, ...]:
    """Every option's examples as typed (``600,700,900``): help quotes them as a user types them."""
    from deckgen.registry import games

    return tuple(e for game in games().values() for opt in [*game.options, *(o for cap in game.capabilities.values() for o in cap.options)]
                 for e in opt.examples)


def _named_values(line: str) -> set[str]:
    """The values of the options ``line`` names (see :func:`option_values`)."""
    values = option_values()
    return {v for flag in _OPTION.findall(line) for v in values.get(flag, ())}


@lru_cache(maxsize=1)
def card_names() -> frozenset[str]:
    """The printed names of the cards a check counts by name ("Toma dos: 8, Retorno: 8"): the same
    words in every language (card names are data). Taken from the checks themselves: the plain-text
    names of every :class:`deckgen.checks.Counts` in the default decks' checks (a colour, which is a
    catalog message, is not a name)."""
    from deckgen import pipeline
    from deckgen.checks import Counts
    from deckgen.i18n import Listing, Msg
    from deckgen.registry import games
    from deckgen.spec import spec_for

    found: set[str] = set()
    for game in games().values():
        _deck, checks = pipeline.make_deck(spec_for(game.id, cli={}))
        stack: list = [c.detail for c in checks]
        while stack:
            item = stack.pop()
            if isinstance(item, Counts):
                found |= {n for _k, n in item.names if isinstance(n, str) and not isinstance(n, (Msg, Listing))}
            elif isinstance(item, Msg):
                stack += list(item.params.values())
            elif isinstance(item, Listing):
                stack += list(item.items)
    return frozenset(found)


@lru_cache(maxsize=1)
def _phrase_names() -> re.Pattern:
    """The names of several words deckgen shows as they are (the print shops: "The Game Crafter"; the
    cards' printed names: "Toma dos"), whole or, where --help wraps one over two lines, its start at a
    line's end or its end at a line's start."""
    from deckgen.render.presets import PRESETS

    parts = []
    shops = {p.shop for p in PRESETS.values() if p.shop and " " in p.shop}
    parts += [r"(?<!\w)" + re.escape(name) + r"(?!\w)" for name in sorted(card_names(), key=len, reverse=True)]
    for name in sorted(shops, key=len, reverse=True):
        words = [re.escape(w) for w in name.split()]
        parts.append(r"\s+".join(words))
        parts += [r"(?<!\w)" + r"\s+".join(words[:k]) + r"\s*$" for k in range(1, len(words))]
        parts += [r"^\s*" + r"\s+".join(words[k:]) for k in range(1, len(words))]
    return re.compile("|".join(parts) or r"(?!)")


def _without_data(line: str, run: str, identifiers: bool = True) -> str:
    text = _phrase_names().sub(" ", _suggestion(run).sub(" ", line))
    for pattern in (_PROBLEM_AT, _QUOTED, _KEY_VALUE, _PATHISH, _OPTION, *((_IDENTIFIER, _NAME_LIST) if identifiers else ())):
        text = pattern.sub(" ", text)
    return text


# a number written the English way: a decimal point ("2.5") or commas grouping thousands ("1,204,823");
# Spanish writes "2,5" and "1.204.823" ("1.500" is a grouped whole number: three digits after the point)
_ENGLISH_NUMBER = re.compile(r"(?<![\w.,-])(?:\d+\.(?!\d{3}(?!\d))\d+|\d{1,3}(?:,\d{3}){2,})(?![\w-]|[.,]\d)")


def english_numbers(line: str, typed: tuple[str, ...] = ()) -> list[str]:
    """The numbers of ``line`` written the English way (data taken out, and numbers the user typed)."""
    typed_numbers = {n for t in (*typed, *option_examples()) for n in re.findall(r"[\d.,]+", t)}
    return [n for n in _ENGLISH_NUMBER.findall(_without_data(line, "es", identifiers=False)) if n not in typed_numbers]


def words_of(line: str, typed: tuple[str, ...] = (), names_too: bool = True, run: str = "es") -> list[str]:
    """The words of ``line`` once data is taken out: quoted values, a deck file's line and key, key =
    value, paths and file names, options, identifiers, lists of names, numbers, the names deckgen shows
    as they are, and the words the user ``typed``."""
    text = _without_data(line, run)
    skip = data_words(names_too) | {w for t in typed for w in _WORD.findall(t)} | _named_values(line)
    long_typed = [t for t in typed if len(t) > 40]  # a long value is shown cut: its start is the user's too
    return [w for w in _WORD.findall(text) if w not in skip and w.lower() not in skip
            and not (len(w) >= 3 and any(w in t for t in long_typed))]


def english_words(line: str, typed: tuple[str, ...] = ()) -> list[str]:
    """The common English words of ``line`` (data taken out)."""
    return [w for w in words_of(line, typed, names_too=False, run="es") if w.lower() in ENGLISH]


def ascii_words(line: str, typed: tuple[str, ...] = ()) -> list[str]:
    """Words written in plain ASCII letters (data taken out): in the pseudo-locale every letter of
    deckgen's own words is accented, so any such word bypassed the catalog."""
    return [w for w in words_of(line, typed, run="qps") if len(w) > 1 and w.isascii()]
