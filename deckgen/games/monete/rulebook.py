"""The facts Monete's rulebook prints, computed from the deck, and its drawn figures.

The templates (``templates/monete/rulebook.{es,en}.html.j2``) hold the wording; this module gives
them numbers, names, card indexes for the pictures and the option values behind every decision.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.model import Card, Deck
from deckgen.render.faces import Frame
from deckgen.render.palette import INK
from deckgen.render.pen import Pen, fit_size, TransformPen
from deckgen.rulebook.spec import Rulebook

from deckgen.games.monete.deck import (
    ACTION,
    ACTION_COPIES,
    ACTIONS,
    ALL,
    COLOUR_NAMES,
    COLOURS,
    HAND,
    MARKER,
    MAX_COMBO,
    MODES,
    NUMBER,
    WILD,
    composition,
    modes_of,
)
from deckgen.games.monete.faces import INKS, REMINDERS, MoneteFaces, colour_label
from deckgen.games.monete.icons import straight_arrow

SHAPE_NAMES = {
    "circle": {"es": "círculo", "en": "circle"},
    "triangle": {"es": "triángulo", "en": "triangle"},
    "square": {"es": "cuadrado", "en": "square"},
    "diamond": {"es": "rombo", "en": "diamond"},
    "hexagon": {"es": "hexágono", "en": "hexagon"},
}
def context(deck: Deck, lang: str) -> Mapping[str, Any]:
    options = dict(deck.options)
    top = int(options["top"])
    comp = composition(options)
    cards = list(deck.cards)

    def first(pred) -> int | None:
        return next((i for i, c in enumerate(cards) if pred(c)), None)

    actions = []
    for key, names in ACTIONS.items():
        found = [i for i, c in enumerate(cards) if c.kind == ACTION and c["action"] == key]
        if found:
            actions.append(
                {
                    "id": key,
                    "name": names["es"],
                    "english": names["en"],
                    "count": len(found),
                    "values": sorted(cards[i]["value"] for i in found),
                    "index": found[0],
                    "reminder": REMINDERS[key][lang],
                }
            )
    colours = [
        {
            "id": name,
            "label": colour_label(name, lang),
            "letter": INKS[name].letter,
            "shape": SHAPE_NAMES[INKS[name].shape][lang],
            "index": first(lambda c, n=name: c.kind == NUMBER and c["colour"] == n and c["value"] == 7),
        }
        for name in COLOURS
    ]
    purple = {"label": colour_label("purple", lang), "shape": SHAPE_NAMES[INKS["purple"].shape][lang]}
    samples = [c["index"] for c in colours if c["index"] is not None]
    wild = first(lambda c: c.kind == WILD)
    markers = [i for i, c in enumerate(cards) if c.kind == MARKER]
    mode = options["mode"]
    combo = int(options["combo"])
    # the worked examples use numbers this deck has: a combo up from ``run``, one down from ``down``,
    # and a purple action card with a blue number two above it
    run = max(2, top // 2 - 1)
    action_values = sorted({c["value"] for c in cards if c.kind == ACTION})
    purple_value = min(action_values, key=lambda v: (abs(v - top // 2), v)) if action_values else top // 2
    return {
        "examples": {
            "run": list(range(run, run + max(2, combo))),
            "down": [top - 6, top - 7],
            "on": run - 1,
            "purple": purple_value,
            "higher": min(top, purple_value + 2),
        },
        "combo_figure": f"combo;{run - 1};{max(2, combo)}",
        "top": top,
        "hand": HAND,
        "max_combo": MAX_COMBO,
        "mode": mode,
        "all_modes": mode == ALL,
        "modes": list(modes_of(mode)),
        "every_mode": list(MODES),
        "counts": {
            "numbers": comp.numbers,
            "actions": comp.actions,
            "wilds": comp.wilds,
            "markers": len(comp.markers),
            "playing": comp.playing,
            "total": comp.total,
        },
        "copies": ACTION_COPIES,
        "colours": colours,
        "purple": purple,
        "actions": actions,
        "action_types": len(actions),
        "gallery": ",".join(str(a["index"]) for a in actions),
        "gallery_captions": "|".join(a["name"] for a in actions),
        "sample_row": ",".join(map(str, samples + ([wild] if wild is not None else []))),
        "marker_row": ",".join(map(str, markers)),
        "has_actions": bool(actions),
        "has_wilds": wild is not None,
        "colour_marker": any(cards[i]["marker"] == "colour" for i in markers),
        "options": options,
        "combo": int(options["combo"]),
        "deck_out": options["deck_out"],
        "wild_discard": bool(options["wild_discard"]),
        "give_taken": bool(options.get("give_taken", False)),
        "blue_name": COLOUR_NAMES["blue"][lang],
        "purple_name": COLOUR_NAMES["purple"][lang],
    }


# ---------------------------------------------------------------- figures


def _row(pen: Pen, width: float, height: float, lang: str, cards: list[Card | None], captions: list[str], marker: Card) -> None:
    """A row of small cards with an arrow after the first one, and the marker card at the left."""
    faces = MoneteFaces()
    ch = height - 7.0
    cw = ch * 63.0 / 88.0
    frame = Frame(cw, ch, 0.0, lang, {"top": 20})
    x = 0.0
    faces.front(TransformPen(pen, x, 0.0), marker, frame)
    pen.rect(x, 0, cw, ch, stroke="#9a9a9a", width=0.2)
    x += cw + 6.0
    for i, (card, caption) in enumerate(zip(cards, captions)):
        faces.front(TransformPen(pen, x, 0.0), card, frame)
        pen.rect(x, 0, cw, ch, stroke="#9a9a9a", width=0.2)
        size = fit_size(caption, cw + 4, 7.0)
        pen.text(x + cw / 2, ch + 5.0, caption, size, align="center", color=INK)
        x += cw + 3.0
        if i == 0:
            straight_arrow(pen, x, ch / 2, x + 6.0, ch / 2, 0.6)
            x += 9.0


def figure_combo(pen: Pen, width: float, height: float, lang: str, start: int = 8, length: int = 3) -> None:
    """An example combo: on a blue ``start`` with the + marker, ``length`` cards going up one by one
    (by default a red 9, a green 10 and a blue 11)."""
    words = {"es": ("en la mesa", "1.ª", "2.ª", "3.ª"), "en": ("on the table", "1st", "2nd", "3rd")}[lang]
    colours = ("blue", "red", "green", "blue")
    cards = [Card(NUMBER, {"value": start + k, "colour": colours[k % 4]}) for k in range(length + 1)]
    _row(pen, width, height, lang, cards, list(words[: length + 1]), Card(MARKER, {"marker": "number", "side": "+"}))


def figure_monete(pen: Pen, width: float, height: float, lang: str) -> None:
    """Closing a round: on a red 6 with the − marker, a 1 closes it (¡Monete!)."""
    words = {"es": ("en la mesa", "¡Monete!"), "en": ("on the table", "¡Monete!")}[lang]
    cards = [Card(NUMBER, {"value": 6, "colour": "red"}), Card(NUMBER, {"value": 1, "colour": "orange"})]
    _row(pen, width, height, lang, cards, list(words), Card(MARKER, {"marker": "number", "side": "-"}))


class Figures(Mapping):
    """"monete", and "combo" or "combo;START;LENGTH" (the context's ``combo_figure``: the deck's own
    numbers and its combo length)."""

    def __getitem__(self, name: str):
        base, *args = str(name).split(";")
        if base == "monete" and not args:
            return figure_monete
        if base == "combo" and len(args) in (0, 2):
            start, length = (int(a) for a in args) if args else (8, 3)
            return lambda pen, w, h, lang: figure_combo(pen, w, h, lang, start, length)
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        try:
            self[str(name)]
        except (KeyError, ValueError):
            return False
        return True

    def __iter__(self):
        return iter(("combo", "monete"))

    def __len__(self) -> int:
        return 2


RULEBOOK = Rulebook(context=context, figures=Figures())
