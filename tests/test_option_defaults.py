"""Option defaults are declared once (each game's OPTIONS); every copy of one in a game's code must
agree with the declaration: rule dataclass fields named after an option, and ``options.get(NAME,
FALLBACK)`` fallbacks. Changing a default in one place only makes this test fail."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil

import pytest

from deckgen.errors import DeckgenError
from deckgen.options import resolve
from deckgen.registry import games

GAME_IDS = sorted(games())
# Monete's deck option `mode` defaults to "all" (a deck for every mode); a game is played in one.
PLAYED_IN = {"monete": {"mode": "siesta"}}


def game_modules(game_id: str):
    package = importlib.import_module(f"deckgen.games.{game_id}")
    for info in pkgutil.iter_modules(package.__path__):
        yield importlib.import_module(f"{package.__name__}.{info.name}")


def declared(game_id: str) -> dict[str, object]:
    return {o.name: o.default for o in games()[game_id].options}


def same(a: object, b: object) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return list(a) == list(b)
    return a == b


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_dataclass_fields_named_after_an_option_default_to_it(game_id):
    defaults = declared(game_id)
    checked = 0
    for module in game_modules(game_id):
        for obj in vars(module).values():
            if not (dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__ and hasattr(obj, "from_options")):
                continue
            for f in dataclasses.fields(obj):
                if f.name in defaults and f.default is not dataclasses.MISSING:
                    if f.name in PLAYED_IN.get(game_id, {}):
                        continue
                    assert same(f.default, defaults[f.name]), f"{obj.__name__}.{f.name} = {f.default!r}, option default {defaults[f.name]!r}"
                    checked += 1
    assert checked or game_id == "multiplicats"  # its rule settings live in the state, read from options


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_from_options_falls_back_to_the_declared_defaults(game_id):
    """Reading a rule variant from options that leave a key out gives what the declared default gives."""
    game = games()[game_id]
    full = resolve(game.options, dict(PLAYED_IN.get(game_id, {})))
    found = 0
    for module in game_modules(game_id):
        for obj in vars(module).values():
            make = getattr(obj, "from_options", None)
            if not (isinstance(obj, type) and obj.__module__ == module.__name__ and callable(make)):
                continue
            extra = (2,) if "players" in make.__code__.co_varnames[: make.__code__.co_argcount] else ()
            expected = make(full, *extra)
            for key in full:
                if key in PLAYED_IN.get(game_id, {}):
                    continue
                partial = {k: v for k, v in full.items() if k != key}
                try:
                    got = make(partial, *extra)
                except (KeyError, DeckgenError):
                    continue  # a required key: no fallback to disagree with
                assert got == expected, f"{obj.__name__}.from_options without {key!r}"
            found += 1
    assert found


def _fallbacks(module) -> list[tuple[int, str, object]]:
    """Every ``<...options...>.get("name", fallback)`` in a module's source, with the fallback's value."""
    source = importlib.util.find_spec(module.__name__).origin
    tree = ast.parse(open(source, encoding="utf-8").read())
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"):
            continue
        if len(node.args) != 2 or not isinstance(node.args[0], ast.Constant) or not isinstance(node.args[0].value, str):
            continue
        receiver = ast.unparse(node.func.value)
        if "opt" not in receiver:
            continue
        fallback = node.args[1]
        if isinstance(fallback, ast.Name):
            value = getattr(module, fallback.id)
        elif isinstance(fallback, ast.Attribute):
            value = eval(compile(ast.Expression(fallback), source, "eval"), vars(module))  # a module constant
        else:
            value = ast.literal_eval(fallback)
        out.append((node.lineno, node.args[0].value, value))
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_get_fallbacks_equal_the_declared_defaults(game_id):
    defaults = declared(game_id)
    seen = 0
    for module in game_modules(game_id):
        for line, name, value in _fallbacks(module):
            if name not in defaults or name in PLAYED_IN.get(game_id, {}):
                continue
            assert same(value, defaults[name]), f"{module.__name__}:{line}: {name} falls back to {value!r}, declared {defaults[name]!r}"
            seen += 1
    assert seen >= 0


def test_the_scan_finds_fallbacks():
    """The scanner itself: Monete's and Multipli Cat's modules hold such fallbacks today."""
    from deckgen.games.multiplicats import reaction

    names = {name for _, name, _ in _fallbacks(reaction)}
    assert {"reaction_spread", "miss_rate", "false_slap_rate"} <= names
