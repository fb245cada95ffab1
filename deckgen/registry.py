"""The game plug-in contract, and discovery of the games under ``deckgen/games/``.

A game plugs in by living in its own package ``deckgen/games/<id>/`` whose ``__init__`` defines
``GAME = Game(...)``. Nothing in the shared layers names a game: they ask the registry.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from deckgen.errors import DeckgenError
from deckgen.i18n import Listing, Msg, _, ngettext, render
from deckgen.lazy import settled
from deckgen.options import Option, _did_you_mean

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.checks import Check
    from deckgen.engine.game import Engine
    from deckgen.model import Deck
    from deckgen.render.faces import Faces
    from deckgen.render.help_card import HelpText
    from deckgen.rulebook.spec import Rulebook


class Deferred:
    """A part of a game made only when something uses it: faces, rulebook, engine and card schemas
    pull in reportlab, jinja2 or pydantic, which `deckgen list` and `--help` never need."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def imported(module: str) -> Any:
    """``module``, imported (the first time) as deckgen's long-lived modules are: with the garbage
    collector paused, and kept out of its later passes (deckgen.lazy.settled). A game's modules live
    as long as the program."""
    if module in sys.modules:
        return sys.modules[module]
    with settled():
        return importlib.import_module(module)


def deferred(module: str, name: str, *, call: bool = False) -> Deferred:
    """``module.name`` (called with no arguments when ``call``), imported on first use."""

    def make() -> Any:
        value = getattr(imported(module), name)
        return value() if call else value

    return Deferred(make)


@dataclass(frozen=True)
class BuildRequest:
    """What a deck builder receives: canonical option values, the player count (if any) and a seed."""

    options: Mapping[str, Any]
    seed: int
    players: int | None = None


@dataclass(frozen=True)
class Capability:
    """A command a game offers beyond build, preview, simulate and validate (e.g. "solve", "puzzle").

    The generic CLI command of the same name parses the words after the game id with ``options``
    (``deckgen.options.parse_cli_args`` and ``resolve``) and calls ``run(values, echo)``, which
    returns the exit code. ``echo`` prints one line for the user.
    """

    help: str
    options: tuple[Option, ...]
    run: Callable[[Mapping[str, Any], Callable[[str], None]], int]


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    summary: Mapping[str, str]  # one line per language ("es", "en")
    # Fewest and most players of the game: the one source for `list`, the rulebook, validation, the
    # web page and the README. A small deck may serve fewer (see player_counts).
    players: tuple[int, int]
    default_players: int
    options: tuple[Option, ...]
    build: Callable[[BuildRequest], "Deck"]
    checks: Callable[["Deck"], Sequence["Check"]]
    faces: "Faces"
    # A short, file-name-safe tag of the options that matter, e.g. "1-6" -> output/multiplicats-1-6
    out_tag: Callable[[Mapping[str, Any]], str] = field(default=lambda options: "")
    # A human label of the options for sheet labels, e.g. "tablas 1-6"
    describe: Callable[[Mapping[str, Any], str], str] = field(default=lambda options, lang: "")
    engine: "Engine | None" = None
    # The player counts a deck serves, when a small deck serves fewer than ``players`` allows:
    # served(deck) -> counts (default: the whole range). Kept beside the deck, not in the engine, so
    # the rulebook's and the web page's counts need not load the rule engine.
    served: "Callable[[Deck], Sequence[int]] | None" = None
    rulebook: "Rulebook | None" = None
    # Extra commands a game may offer to the generic CLI commands ("solve", "puzzle"): name -> Capability
    capabilities: Mapping[str, "Capability"] = field(default_factory=dict)
    # The card kinds a deck file may list, each a pydantic model of its face fields (extra fields
    # forbidden): what "a card the game cannot have" means for custom decks
    card_kinds: Mapping[str, Any] = field(default_factory=dict)
    # The deck's quick-reference card: help_card(deck, lang) -> deckgen.render.help_card.HelpText
    help_card: "Callable[[Deck, str], HelpText] | None" = None
    # How a player count at the edge of the range plays, one line per language ("es", "en"), e.g.
    # "with 2 players each plays two piles"; printed beside the range by `list` and the README
    players_note: Mapping[str, str] = field(default_factory=dict)
    # The options that describe the cards actually in a deck (a deck file's own card list may hold
    # fewer coefficients than the options say): what labels, titles, backs and folder names show
    described: Callable[["Deck"], Mapping[str, Any]] = field(default=lambda deck: deck.options)
    # Seconds a turn (a unit of the engine's game length) takes at a classroom table: turns minutes
    # into the plain summary of `validate` ("a game lasts about 12 minutes at 4 players")
    seconds_per_turn: float = 10.0
    # The ages the game suits (youngest, oldest), shown where a teacher chooses a game
    ages: tuple[int, int] | None = None
    # The name the game's cards carry, where it is not its title (MGC's cards say ÁLGEBRA): what the
    # web page calls the game
    card_name: str = ""


    def __post_init__(self) -> None:
        for name in ("summary", "players_note"):  # one catalog message, shown in any language as a mapping
            value = object.__getattribute__(self, name)
            if isinstance(value, Msg):
                object.__setattr__(self, name, ByLanguage(value))

    def summary_text(self) -> Any:
        """The game's one-line summary, said in the language in force."""
        return self.summary.message if isinstance(self.summary, ByLanguage) else self.summary.get("en", "")

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        if type(value) is Deferred:  # made once, on first use
            value = value.make()
            object.__setattr__(self, name, value)
        return value

    @property
    def shown_name(self) -> str:
        """The game's name as its cards show it."""
        return self.card_name or self.title

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)

    def out_name(self, options: Mapping[str, Any]) -> str:
        from deckgen.filenames import safe_name

        tag = self.out_tag(options)
        return safe_name(f"{self.id}-{tag}" if tag else self.id)  # a folder, ZIP or file name on any system

    def usual_players(self, counts: "list[int]") -> int:
        """The one player count a deck's single-count figures are given at, among the ``counts`` it is
        played at: the game's usual count if it is one of them, else the middle one. The report's
        "a game lasts about N minutes at P players", the page's key line and teacher's sentences, and
        `deckgen measure` (and `validate --measures`) all take this count, so they speak of one table."""
        if not counts:
            return self.default_players
        return self.default_players if self.default_players in counts else sorted(counts)[len(counts) // 2]

    def player_counts(self, deck: "Deck") -> list[int]:
        """The player counts ``deck`` serves: the game's range, narrowed by the engine for a small deck."""
        lo, hi = self.players
        counts = range(lo, hi + 1)
        if self.served is not None:
            counts = self.served(deck)
        return [n for n in counts if lo <= n <= hi]

    def served_check(self, deck: "Deck") -> "Check":
        """The player counts ``deck`` serves, as a check for every game alike: it fails only when the
        deck serves no count, or not the count its file asks for (``deck.players``)."""
        from deckgen.checks import check

        counts = self.player_counts(dataclasses.replace(deck, players=None))
        asked = deck.players
        name = _("player counts this deck serves")
        if not counts:
            return check(name, False, _("no player count: no count of players can be dealt this deck"),
                         hint=_("more cards, or fewer cards in a hand (see the checks above)"))
        if asked is not None and asked not in counts:
            return check(name, False, _("{served}, not the {asked} the deck asks for", served=players_words(counts), asked=asked),
                         hint=_("players = one of {counts}, or more cards", counts=", ".join(map(str, counts))))
        served = players_words(counts)
        return check(name, True, _("{served} (checked for the {asked} asked for)", served=served, asked=asked) if asked else served)

    def player_range(self, deck: "Deck") -> tuple[int, int] | None:
        """(fewest, most) players ``deck`` serves, or None when it serves no player count."""
        counts = self.player_counts(deck)
        return (counts[0], counts[-1]) if counts else None

    def players_text(self, lang: str | None = None) -> Any:
        """The game's player range for `list` and the README: "2-8 players; with 2, ..." (in ``lang``;
        left out: a catalog message, said in the language in force when shown)."""
        lo, hi = self.players
        note = self.players_note.message if isinstance(self.players_note, ByLanguage) else self.players_note.get(lang or "en", "")
        said = _("{lo}-{hi} players; {note}", lo=lo, hi=hi, note=note) if note else _("{lo}-{hi} players", lo=lo, hi=hi)
        return said if lang is None else render(said, lang)

    def label(self, deck: "Deck", lang: str) -> str:
        """The human label of the cards actually in ``deck`` (sheet labels, titles, rulebook headers)."""
        return self.describe(self.described(deck), lang)


def players_words(counts: Sequence[int]) -> Any:
    """"2 to 6 players", "2, 3 or 8 players", "no player count": the counts a deck serves in words (a
    catalog message)."""
    counts = sorted(counts)
    if not counts:
        return _("no player count")
    lo, hi = counts[0], counts[-1]
    if counts == list(range(lo, hi + 1)):
        return ngettext("{n} player", "{n} players", lo) if lo == hi else _("{lo} to {hi} players", lo=lo, hi=hi)
    return _("{counts} players", counts=Listing(counts, "or"))


class ByLanguage(Mapping[str, str]):
    """One catalog message read as a mapping from language to its words: ``summary["es"]``,
    ``summary.get(lang, "")`` (what games' texts were before the catalogs)."""

    def __init__(self, message: Msg) -> None:
        self.message = message

    def __getitem__(self, lang: str) -> str:
        return self.message.render(lang)

    def __iter__(self) -> Any:
        from deckgen.i18n import languages

        return iter(languages())

    def __len__(self) -> int:
        from deckgen.i18n import languages

        return len(languages())


@lru_cache(maxsize=1)
def games() -> Mapping[str, Game]:
    """Every game found under ``deckgen.games``, by id, in alphabetical order."""
    import deckgen.games as pkg

    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = imported(f"{pkg.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return found


def find_game(key: str) -> Game | None:
    """The game whose id is exactly ``key`` (None if none). Its own package is looked at first, so a
    command for one game does not import the other four; :func:`games` answers for any other name."""
    if games.cache_info().currsize == 0 and key.isidentifier() and not key.startswith("_"):
        import importlib.util

        try:
            spec = importlib.util.find_spec(f"deckgen.games.{key}")
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.submodule_search_locations is not None:  # a package, as games() asks
            game = getattr(imported(spec.name), "GAME", None)
            if isinstance(game, Game) and game.id == key:
                return game
    return games().get(key)


def get_game(game_id: str) -> Game:
    game = find_game(game_id.strip().lower())
    if game is None:
        known = games()
        hint = _did_you_mean(game_id.lower(), known)
        raise DeckgenError(_("unknown game {game!r}{suggestion}; the games are: {games}", game=game_id, suggestion=hint,
                             games=", ".join(known) or "-"))
    return game
