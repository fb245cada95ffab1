"""Writing a deck file from a spec: the starting point a designer edits (``deckgen init``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.i18n import _
from deckgen.filenames import resolved

from deckgen.model import Deck
from deckgen.spec import DeckSpec


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return json.dumps(str(v), ensure_ascii=False)  # a TOML basic string is a JSON string


def _image_name(image: str, folder: Path) -> str:
    """The back image as the new deck file must name it: relative to the file's own folder, which
    must hold it (a deck file may only refer to files beside it)."""
    path, base = resolved(Path(image)), resolved(folder)
    if not path.is_relative_to(base):
        raise DeckgenError(_("the back image {image} is not in {folder}, where the deck file goes; write the deck file "
                             "next to the image (or copy the image beside it first)", image=image, folder=folder))
    return path.relative_to(base).as_posix()


def deck_file_text(spec: DeckSpec, deck: Deck, *, with_cards: bool, folder: Path = Path(".")) -> str:
    """The deck file for ``spec``; ``folder`` is where it will be written (its back image is named
    relative to it)."""
    game = spec.game
    header = _("{game}: a deck file written by `deckgen init`. Edit it, then check it with\n"
               "    deckgen validate THIS-FILE\n"
               "Every option of `deckgen list` may go in [options]; [[cards]] lists every card (`kind`, face\n"
               "fields as in deck.json, `copies`). Remove the [[cards]] tables to go back to the generated deck.", game=game.title)
    lines = [*(f"# {line}" for line in str(header).splitlines()),
        f"game = {_value(game.id)}",
        f"seed = {spec.seed}",
    ]
    if spec.players is not None:
        lines.append(f"players = {spec.players}")
    lines += [f"lang = {_value(spec.lang)}", "", "[options]"]
    for opt in game.options:
        value = spec.options.get(opt.name, opt.default)
        if value is None:
            continue
        shown = opt.show(value) if isinstance(value, list) and opt.show is not None else value
        lines.append(f"{opt.name} = {_value(shown)}  # {opt.help}")
    p = spec.print
    size = p.card.name if p.card.name != "custom" else f"{p.card.width:g}x{p.card.height:g}"
    lines += ["", "[print]", f"card_size = {_value(size)}", f"paper = {_value(p.paper)}", f"bleed = {p.bleed:g}", f"backs = {_value(p.backs)}"]
    if p.ink != "normal":
        lines.append(f"ink = {_value(p.ink)}")
    if p.back_image:
        lines.append(f"back_image = {_value(_image_name(p.back_image, folder))}")
    if with_cards:
        groups: list[tuple[Any, int]] = []
        for card in deck.cards:  # identical neighbours become one table with copies
            if groups and groups[-1][0] == card:
                groups[-1] = (card, groups[-1][1] + 1)
            else:
                groups.append((card, 1))
        for card, copies in groups:
            lines += ["", "[[cards]]", f"kind = {_value(card.kind)}"]
            lines += [f"{k} = {_value(v)}" for k, v in card.face.items()]
            if copies > 1:
                lines.append(f"copies = {copies}")
    return "\n".join(lines) + "\n"
