"""Deck specs: what to build. Defaults come from ``decks/<game>.toml``, overridden by the command line.

A spec file (the defaults, or a user's own deck file) looks like::

    game = "multiplicats"
    seed = 1
    # players = 4          (optional: the player count the deck is checked for)
    lang = "es"

    [options]               # the game's options; see `deckgen list`
    tables = "1-10"

    [print]
    card_size = "poker"
    paper = "a4"
    bleed = 0
    backs = "duplex-long"
    ink = "normal"          # or "low": every sheet under 45% ink (C+M+Y+K)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from deckgen.errors import DeckgenError, OptionError
from deckgen.i18n import _, ngettext
from deckgen.model import Card, Deck
from deckgen.options import _did_you_mean, integer, resolve
from deckgen.registry import BuildRequest, Game, get_game
from deckgen.render.presets import preset
from deckgen.render.settings import PrintSettings, language
from deckgen.i18n import N_
from deckgen.resources import data_dir
from deckgen.seeds import HIGHEST as HIGHEST_SEED, LOWEST as LOWEST_SEED

TOP_KEYS = ("game", "seed", "players", "lang", "options", "print", "cards")
PRINT_KEYS = ("card_size", "paper", "bleed", "backs", "ink", "for", "format", "dpi", "colour", "back_offset")
DEFAULT_PRINT = {"card_size": "poker", "paper": "a4", "bleed": 0, "backs": "duplex-long", "ink": "normal"}
MAX_SEED = HIGHEST_SEED  # (deckgen.seeds: one range for every face)


# a spec's source when no option was given ("mgc (defaults)"; validate's title tells it apart)
DEFAULT_OPTIONS = N_("{game} (defaults)")


@dataclass(frozen=True)
class DeckSpec:
    game: Game
    options: Mapping[str, Any]
    seed: int
    players: int | None
    print: PrintSettings
    lang: str  # "es", "en" or "all" (rulebooks in both; cards in Spanish)
    cards: tuple | None = None  # an explicit card list from a deck file (custom decks)
    source: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    # where a value was given, for a message about it: "--players" (typed), "deck.toml: players" (the
    # user's deck file); a key left out took its default (no one to blame)
    origin: Mapping[str, str] = field(default_factory=dict)

    def given_as(self, key: str) -> str | None:
        """Who gave the value of ``key`` (``players``, ``seed``, ``print.bleed``...): its command-line
        flag, the deck file and its key, or None for a default."""
        return self.origin.get(key)

    @property
    def card_lang(self) -> str:
        return "es" if self.lang == "all" else self.lang

    def build(self) -> Deck:
        if self.cards is not None:
            cards = explicit_cards(self.cards, self.game.card_kinds)
            return Deck(self.game.id, self.options, self.seed, cards, self.players, custom=True)
        return self.game.build(BuildRequest(self.options, self.seed, self.players))


MAX_COPIES = 1000
MAX_CARDS = 5000


def explicit_cards(entries: Any, kinds: Mapping[str, Any] | None = None) -> tuple[Card, ...]:
    """Cards from a deck file's ``[[cards]]`` tables: ``kind``, the face fields, optional ``copies``.

    A kind the game describes (``kinds``: pydantic models) is normalised by its model, so derived
    fields are filled in as the game's own builder would."""
    if not isinstance(entries, list) or not entries:
        raise DeckgenError(_("cards: expected a list of [[cards]] tables with at least one card"))
    from deckgen.deckfile.card_numbers import read_numbers

    out: list[Card] = []
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, Mapping):
            raise DeckgenError(_("cards #{i}: expected a table with a kind, got {value!r}", i=i, value=entry))
        kind = entry.get("kind")
        entry, wrong = read_numbers((kinds or {}).get(kind) if isinstance(kind, str) else None, entry)
        if wrong:  # (the deck file loader reports these with lines first)
            raise DeckgenError(_("cards #{i}: {field}: {problem}", i=i, field=".".join(map(str, wrong[0][0])), problem=wrong[0][1]))
        face = dict(entry)
        kind = face.pop("kind", None)
        copies = face.pop("copies", 1)
        if not isinstance(kind, str) or not kind:
            raise DeckgenError(_("cards #{i}: every card needs a kind (a text)", i=i))
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
            raise DeckgenError(_("cards #{i}: copies must be a whole number from 1 to {most}", i=i, most=MAX_COPIES))
        model = (kinds or {}).get(kind)
        if model is not None:
            try:
                face = model.model_validate(face).model_dump(exclude_none=True)
            except ValueError as exc:  # the deck file loader reports these with lines first
                raise DeckgenError(_("cards #{i}: {problem}", i=i, problem=exc)) from None
        out.extend(Card(kind, face) for _ in range(copies))
        if len(out) > MAX_CARDS:
            raise DeckgenError(_("cards: more than {most:,} cards", most=MAX_CARDS))
    return tuple(out)


def default_raw(game: Game) -> dict[str, Any]:
    """The game's default deck file (decks/<id>.toml), checked like any deck file."""
    from deckgen.deckfile.load import read_deck_file

    path = data_dir("decks") / f"{game.id}.toml"
    if not path.is_file():
        return {"game": game.id}
    raw = read_deck_file(path)[0]
    return raw


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if value is None:
            continue
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _check_keys(raw: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in raw:
        if key not in allowed:
            hint = _did_you_mean(key, allowed)
            if where:
                raise DeckgenError(_("{where}: unknown key {key!r}{suggestion}", where=where, key=key, suggestion=hint))
            raise DeckgenError(_("unknown key {key!r}{suggestion}", key=key, suggestion=hint))


def make_spec(game: Game, *layers: Mapping[str, Any], source: str = "", origin: Mapping[str, str] | None = None) -> DeckSpec:
    """Resolve a spec from raw layers (default file, user file, command line), later layers winning.
    ``origin``: who gave each value (:func:`origins`), named by a problem with it."""
    origin = dict(origin or {})
    raw: dict[str, Any] = {}
    for layer in layers:
        raw = _merge(raw, layer)
    _check_keys(raw, TOP_KEYS, source)
    if raw.get("game", game.id) != game.id:
        raise DeckgenError(_("{file}: this deck file is for {game!r}, not {other!r}", file=source, game=raw["game"], other=game.id))
    options = resolve(game.options, raw.get("options", {}) or {}, where=f"{game.id}: ")
    try:
        seed = integer(LOWEST_SEED, HIGHEST_SEED)(raw.get("seed", 1)) if "seed" in raw else 1
    except OptionError as exc:
        raise OptionError(exc.message, option=origin.get("seed", "--seed")) from None
    players = raw.get("players")
    if players is not None:
        lo, hi = game.players
        try:
            players = integer(lo, hi)(players)
        except OptionError as exc:
            raise OptionError(_("{game} is for {lo} to {hi} players ({problem})", game=game.title, lo=lo, hi=hi, problem=exc.message),
                              option=origin.get("players", "--players")) from None
    prt = _merge(DEFAULT_PRINT, raw.get("print", {}) or {})
    _check_keys(prt, PRINT_KEYS + ("back_image",), "[print]")
    shop = preset(str(prt["for"])).name if prt.get("for") is not None else None
    try:
        settings = PrintSettings.parse(
            card=str(prt["card_size"]), paper=str(prt["paper"]), bleed=prt["bleed"], backs=str(prt["backs"]),
            lang=language(str(raw.get("lang", "es")), allow_all=True).replace("all", "es"),
            back_image=prt.get("back_image"), colour=str(prt.get("colour", "rgb")),
            back_offset=prt.get("back_offset", (0.0, 0.0)), formats=prt.get("format", "sheets"),
            dpi=prt.get("dpi", 300), shop=shop, ink=str(prt["ink"]),
        )
    except OptionError as exc:  # a value the deck file gave is its key's, not a flag's the user never typed
        key = PRINT_FLAGS.get(exc.option or "")
        if key is not None and f"print.{key}" in origin:
            raise OptionError(exc.message, option=origin[f"print.{key}"]) from None
        raise
    lang = language(str(raw.get("lang", "es")), allow_all=True)
    return DeckSpec(game, options, seed, players, settings, lang, raw.get("cards"), source, origin=origin)


def spec_for(game: Game | str, *, cli: Mapping[str, Any], file_layer: Mapping[str, Any] | None = None, source: str = "") -> DeckSpec:
    """The spec for ``game`` (or its id): its default deck file, then a user's deck file, then the
    command line."""
    if isinstance(game, str):
        game = get_game(game)
    if file_layer is not None and file_layer.get("cards"):  # the file's own cards: an option that makes cards has none to make
        typed_options = cli.get("options") or {}
        ignored = [o.cli for o in game.options if o.scope == "deck" and typed_options.get(o.name) is not None]
        if ignored:
            raise OptionError(ngettext(
                "{flags} changes the cards deckgen makes, but {file} lists its own cards ([[cards]]); leave it out, or "
                "remove the [[cards]] tables", "{flags} change the cards deckgen makes, but {file} lists its own cards "
                "([[cards]]); leave them out, or remove the [[cards]] tables", len(ignored), flags=", ".join(ignored),
                file=source or _("the deck file")))
    # A shop preset fixes the card size and bleed over the deck files'. Its files, resolution and
    # colour space win over a deck file too when --for is typed, but are only defaults a deck file
    # may change when the file itself names the shop ([print] for). The command line wins over all.
    typed = (cli.get("print") or {}).get("for")
    named = (file_layer.get("print") or {}).get("for") if file_layer is not None and typed is None else None
    given = typed if typed is not None else named  # an empty --for '' is given, and refused by preset()
    chosen = preset(str(given)) if given is not None else None
    layers: list[Mapping[str, Any]] = [default_raw(game)]
    if named is not None:
        layers.append(chosen.default_layer())
    if file_layer is not None:
        layers.append(file_layer)
    if chosen is not None:
        layers.append(chosen.fixed_layer())
    if typed is not None:
        layers.append(chosen.default_layer())
    return make_spec(game, *layers, cli, source=source or "defaults", origin=origins(cli, file_layer, source))


# the print settings' flags and the [print] keys a deck file writes for them
PRINT_FLAGS = {"--card-size": "card_size", "--paper": "paper", "--bleed": "bleed", "--backs": "backs", "--ink": "ink", "--for": "for",
               "--format": "format", "--dpi": "dpi", "--colour": "colour", "--back-offset": "back_offset", "--back-image": "back_image"}


def origins(cli: Mapping[str, Any], file_layer: Mapping[str, Any] | None, source: str) -> dict[str, str]:
    """Who gave each value: the command line's flag where it was typed, else the deck file and its key
    (``deck.toml: players``, ``deck.toml: print.bleed``); a value neither gave is a default."""
    found: dict[str, str] = {}
    file_layer = file_layer or {}
    for key in ("players", "seed", "lang"):
        if cli.get(key) is not None:
            found[key] = "--" + key
        elif key in file_layer:
            found[key] = f"{source}: {key}"
    typed, written = cli.get("print") or {}, file_layer.get("print") or {}
    for flag, key in PRINT_FLAGS.items():
        if typed.get(key) is not None:
            found[f"print.{key}"] = flag
        elif key in written:
            found[f"print.{key}"] = f"{source}: print.{key}"
    typed, written = cli.get("options") or {}, file_layer.get("options") or {}
    for key in written if isinstance(written, Mapping) else ():
        name = str(key).replace("-", "_")  # the option's name; the file's own spelling names its key
        if typed.get(name) is None:
            found[f"options.{name}"] = f"{source}: options.{key}"
    return found
