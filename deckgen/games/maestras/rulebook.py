"""The facts and figures the Cartas Maestras rulebook prints, computed from the deck and its options.

Every decision the source rulebook leaves open is listed with the option that switches it and the
value this deck was built with (``decisions``); the figures are drawn by the same code as the cards
and the board (``deckgen.games.maestras.board.draw_board``), and the legality of every placement they
show is computed by the rule functions, so a figure cannot disagree with the engine.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from deckgen.model import Card, Deck
from deckgen.render.pen import Pen
from deckgen.rulebook.spec import Rulebook

from deckgen.games.maestras import rules as R
from deckgen.games.maestras.board import BoardView, Mark, Placed, draw_board, draw_mark, quarter_for
from deckgen.games.maestras.cards import info
from deckgen.games.maestras.deck import (
    CENTRAL, COLOUR_NAMES, EMPTY, MASTER, POINTS, composition, removal_table,
)
from deckgen.games.maestras.faces import letter, FEMININE, SWATCH, MaestrasFaces
from deckgen.games.maestras.rules import CENTRE, Cell, Rules

SHAPE_NAMES = {
    "circle": {"es": "círculo", "en": "circle"},
    "triangle": {"es": "triángulo", "en": "triangle"},
    "square": {"es": "cuadrado", "en": "square"},
    "diamond": {"es": "rombo", "en": "diamond"},
}
MINUTES = "10–20"  # the source rulebook's playing time


# ---------------------------------------------------------------- decisions and their options


def _flag(name: str, value: Any) -> str:
    cli = "--" + name.replace("_", "-")
    if isinstance(value, bool):
        return cli if value else f"--no-{cli[2:]}"
    return f"{cli} {value}"


# The options the rulebook prints a decision for, in the order it prints them; the sentences are in
# the templates (templates/maestras/rulebook.<lang>.html.j2, macro ``decision``).
DECIDED = ("link", "same_points", "after_master", "empty_counts", "path_length", "hand", "in_line", "corners",
           "play_drawn", "refill", "main_end", "won_paths", "tiebreak", "removal")


def decisions(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every decision with an option: its name (the template's sentence for it), the option and its value."""
    flags = " ".join(_flag(k, options[k]) for k in ("colours", "points", "masters", "empties"))
    out = [{"name": "set", "option": "--colours --points --masters --empties", "value": "", "flag": flags}]
    for name in DECIDED:
        value = options[name]
        out.append({"name": name, "option": "--" + name.replace("_", "-"), "value": _show(value), "flag": _flag(name, value)})
    return out


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "sí" if value else "no"
    return str(value)


# ---------------------------------------------------------------- example cards for the figures


def _points(colour: str, n: int) -> Card:
    return Card(POINTS, {"points": n, "colour": colour})


def _master(colour: str) -> Card:
    return Card(MASTER, {"colour": colour})


CENTRAL_CARD = Card(CENTRAL, {})
EMPTY_CARD = Card(EMPTY, {"number": 4, "remove_for": []})


def _values(options: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """A point value ``a`` with a-1, a+1 and a value ``far`` at least 2 away, all within 1..points."""
    top = options["points"]
    a = min(5, top - 1)
    far = a - 2 if a >= 3 else a + 2
    return a, a - 1, a + 1, far


def link_examples(options: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """Pairs (card already in the path, new card) with whether they link under these rules."""
    rules = Rules.from_options(options)
    a, down, up, far = _values(options)
    pairs = [
        (_points("red", a), _points("red", far)),
        (_points("red", a), _points("blue", up)),
        (_points("red", a), _points("blue", far)),
        (_master("red"), _points("red", up)),
        (_master("red"), _points("blue", down)),
        (_points("blue", down), EMPTY_CARD),
    ]
    out = []
    for prev, new in pairs:
        out.append({"prev": prev, "new": new, "ok": R.links(info(prev), info(new), rules),
                    "prev_name": card_name(prev, lang), "new_name": card_name(new, lang)})
    return out


def card_name(card: Card, lang: str) -> str:
    if card.kind == CENTRAL:
        return "carta central" if lang == "es" else "central card"
    if card.kind == EMPTY:
        return "vacía" if lang == "es" else "empty"
    colour = COLOUR_NAMES[card["colour"]][lang]
    if card.kind == MASTER:
        return f"maestra {FEMININE.get(colour, colour)}" if lang == "es" else f"{colour} master"
    return f"{card['points']} {colour}" if lang == "es" else f"{colour} {card['points']}"


# ---------------------------------------------------------------- board examples


def _path_view(cards: list[tuple[Cell, Card]], last: Cell | None, turn: bool = False) -> BoardView:
    view = BoardView([Placed(CENTRE, CENTRAL_CARD)])
    parent: dict[Cell, Cell] = {}
    cells = [c for c, _ in cards]
    for cell, _ in cards:
        for n in ((cell[0] + 1, cell[1]), (cell[0] - 1, cell[1]), (cell[0], cell[1] + 1), (cell[0], cell[1] - 1)):
            if n == CENTRE or (n in cells and cells.index(n) < cells.index(cell)):
                parent.setdefault(cell, n)
    for cell, card in cards:
        q = quarter_for(cell, parent.get(cell, CENTRE)) if turn else 0
        view.placed.append(Placed(cell, card, q, last=cell == last))
    return view


PLACEMENT_BOARD: list[tuple[Cell, str]] = [((0, -1), "m:blue"), ((0, -2), "p:blue:a-2"), ((1, -2), "p:blue:a-1"), ((1, 0), "m:red"), ((2, 0), "p:red:a")]
# candidate cells: label, cell, the cell of the card it would link to
PLACEMENT_CANDIDATES: list[tuple[str, Cell, Cell]] = [("A", (3, 0), (2, 0)), ("B", (1, -1), (1, 0)), ("C", (1, -3), (1, -2)), ("D", (2, 1), (2, 0))]
# The rules' reasons by the key the templates' ``reason`` macro words them with
REASON_KEYS = {R.OCCUPIED: "occupied", R.NOT_NEXT: "not_next", R.TOUCHES_OTHER: "touches_other", R.NOT_IN_LINE: "not_in_line", None: "fits"}


def _card_from(code: str, options: Mapping[str, Any]) -> Card:
    a, *_ = _values(options)
    parts = code.split(":")
    if parts[0] == "m":
        return _master(parts[1])
    offset = int(parts[2][1:]) if len(parts[2]) > 1 else 0
    return _points(parts[1], a + offset)


def placement_board(options: Mapping[str, Any]) -> tuple[BoardView, list[dict[str, Any]]]:
    rules = Rules.from_options(options)
    cards = [(cell, _card_from(code, options)) for cell, code in PLACEMENT_BOARD]
    last = cards[-1][0]
    view = _path_view(cards, last)
    occupied = {CENTRE} | {c for c, _ in cards}
    marks = []
    for label, cell, target in PLACEMENT_CANDIDATES:
        why = R.why_not(occupied, cell, target, last, line=rules.in_line != "off", corners=rules.corners)
        whys = _every_reason(occupied, cell, target, last, line=rules.in_line != "off", corners=rules.corners)
        assert (why is None) == (not whys) and (why is None or why == whys[0])
        view.marks.append(Mark(cell, why is None, label))
        marks.append({"label": label, "ok": why is None, "why": why, "whys": whys})
    return view, marks


def _every_reason(occupied, cell, target, last, *, line: bool, corners: bool) -> list[str]:
    """Every rule a placement breaks (R.why_not gives the first): an example names them all."""
    out = []
    if cell in occupied:
        out.append(R.OCCUPIED)
    if abs(cell[0] - target[0]) + abs(cell[1] - target[1]) != 1:
        out.append(R.NOT_NEXT)
    if any(n != target and n in occupied for n in R.touching(cell, corners)):
        out.append(R.TOUCHES_OTHER)
    if line and not R.in_line(cell, last):
        out.append(R.NOT_IN_LINE)
    return out


def placement_marks(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The figure's marks with the reasons the templates word: an allowed cell "fits" (it touches only
    the card it links to and lies in line with the last card placed), or "fits_anywhere" when the
    in-line rule is off (it may lie out of line, so the reason must not say it is in line)."""
    _, marks = placement_board(options)
    fits = "fits" if Rules.from_options(options).in_line != "off" else "fits_anywhere"
    return [{"label": m["label"], "ok": m["ok"], "why": REASON_KEYS[m["why"]] if m["why"] else fits,
             "whys": [REASON_KEYS[w] for w in m["whys"]]}
            for m in marks]


def empty_example(options: Mapping[str, Any]) -> tuple[list[Card], bool]:
    """master red, red a, empty, then a blue card one point below red a: links to the red card."""
    rules = Rules.from_options(options)
    a, down, _, _ = _values(options)
    path = [_master("red"), _points("red", a), EMPTY_CARD, _points("blue", down)]
    ref = R.reference([info(c) for c in path[1:3]], info(path[0]))
    return path, R.links(ref, info(path[3]), rules)


def _chain_from(start: Card | None, pool: list[Card], options: Mapping[str, Any], length: int) -> list[Card]:
    """A valid chain of up to ``length`` cards from ``pool`` after ``start`` (None: the central card),
    found by the same search the heuristic player uses, so it holds under any rule variant."""
    from deckgen.games.maestras.cards import CENTRAL_INFO
    from deckgen.games.maestras.policies import longest_chain

    rules = Rules.from_options(options)
    order = longest_chain([info(c) for c in pool], info(start) if start is not None else CENTRAL_INFO, rules)
    return [pool[i] for i in order[:length]]


def _pool(options: Mapping[str, Any], colours: tuple[str, ...]) -> list[Card]:
    top = options["points"]
    a, *_ = _values(options)
    pool = []
    for k in range(-2, 4):
        v = a + k
        if 1 <= v <= top:
            for c in colours:
                pool.append(_points(c, v))
    return pool


def _links_all(start: Card, cards: list[Card], options: Mapping[str, Any]) -> bool:
    rules = Rules.from_options(options)
    seq = [info(c) for c in cards]
    return all(R.links(R.reference(seq[:k], info(start)), seq[k], rules) for k in range(len(seq)))


def win_example(options: Mapping[str, Any]) -> list[Card]:
    """A master and ``path_length`` cards that link one after another, showing both kinds of link
    when the rules allow it (else any valid chain the search finds)."""
    g, y = ("green", "yellow") if options["colours"] >= 4 else ("red", "blue")
    master = _master(g)
    a, *_ = _values(options)
    top = options["points"]
    wanted = [(g, a - 2), (y, a - 1), (y, a + 2), (g, a + 1)]
    if options["path_length"] == len(wanted) and all(1 <= v <= top for _, v in wanted):
        cards = [_points(c, v) for c, v in wanted]
        if _links_all(master, cards, options):
            return [master] + cards
    pool = _pool(options, (g, y))
    return [master] + _chain_from(master, pool, options, options["path_length"])


def tiebreak_example(options: Mapping[str, Any]) -> list[Card]:
    """A tie-break hand laid out as one chain from the central card, with an empty card in it."""
    a, down, up, far = _values(options)
    pool = [_points("red", a), _points("red", far), _points("blue", down), _points("blue", up), EMPTY_CARD]
    chain = _chain_from(None, pool, options, 5)
    return chain


# ---------------------------------------------------------------- figures


FACES = MaestrasFaces()


def figure_setup(pen: Pen, w: float, h: float, lang: str, options: Mapping[str, Any]) -> None:
    """The central card with its four free sides, where masters open paths; one master already placed."""
    view = BoardView([Placed(CENTRE, CENTRAL_CARD), Placed((0, -1), _master("blue"), last=True)])
    for cell in R.SIDES[1:]:
        view.marks.append(Mark(cell, True, {"es": "maestra", "en": "master"}[lang]))
    _draw(pen, view, w, h, lang)


def figure_placement(pen: Pen, w: float, h: float, lang: str, options: Mapping[str, Any]) -> None:
    view, _ = placement_board(options)
    _draw(pen, view, w, h, lang)


def figure_links(pen: Pen, w: float, h: float, lang: str, options: Mapping[str, Any]) -> None:
    """Pairs of cards side by side with a tick when the second may follow the first."""
    examples = link_examples(options, lang)
    cols = 3
    rows = (len(examples) + cols - 1) // cols
    pair_w = w / cols
    cell = min(pair_w / 3.2, h / rows / 1.08)
    for k, ex in enumerate(examples):
        r, c = divmod(k, cols)
        ox = c * pair_w + (pair_w - 3 * cell) / 2
        oy = r * cell * 1.08 + (h - rows * cell * 1.08) / 2
        view = BoardView([Placed((0, 0), ex["prev"]), Placed((2, 0), ex["new"])], [])
        draw_board(pen, view, FACES, ox, oy, cell, lang=lang, bounds=(0, 0, 2, 0))
        draw_mark(pen, ox + cell, oy, cell, ex["ok"], "")


def figure_empty(pen: Pen, w: float, h: float, lang: str, options: Mapping[str, Any]) -> None:
    path, ok = empty_example(options)
    cells = [(1, 0), (2, 0), (3, 0), (4, 0)]
    view = _path_view(list(zip(cells, path)), cells[-1])
    _draw(pen, view, w, h, lang)


def figure_win(pen: Pen, w: float, h: float, lang: str, options: Mapping[str, Any]) -> None:
    seq = win_example(options)
    cells = [(k + 1, 0) for k in range(len(seq))]
    view = _path_view(list(zip(cells, seq)), cells[-1])
    _draw(pen, view, w, h, lang)


def figure_tiebreak(pen: Pen, w: float, h: float, lang: str, options: Mapping[str, Any]) -> None:
    """The cleared central card and one player's tie-break chain, laid straight out."""
    chain = tiebreak_example(options)
    cells = [(k + 1, 0) for k in range(len(chain))]
    view = _path_view(list(zip(cells, chain)), cells[-1])
    _draw(pen, view, w, h, lang)


def _draw(pen: Pen, view: BoardView, w: float, h: float, lang: str, grid: bool = True) -> None:
    x0, y0, x1, y1 = view.bounds()
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    cell = min(w / cols, h / rows)
    ox, oy = (w - cell * cols) / 2, (h - cell * rows) / 2
    draw_board(pen, view, FACES, ox, oy, cell, lang=lang, bounds=(x0, y0, x1, y1), grid=grid)


FIGURES = {
    "setup": figure_setup,
    "placement": figure_placement,
    "links": figure_links,
    "empty": figure_empty,
    "win": figure_win,
    "tiebreak": figure_tiebreak,
}


# The options a figure depends on; the template asks for "NAME;option=value;..." (see figure_name).
FIGURE_OPTIONS = ("colours", "points", "link", "same_points", "after_master", "empty_counts", "path_length", "in_line", "corners")


def figure_suffix(options: Mapping[str, Any]) -> str:
    """The part of a figure's name that carries the deck's rule variant, e.g. ";in_line=off"."""
    from deckgen.games.maestras import OPTIONS
    from deckgen.options import defaults

    base = defaults(OPTIONS)
    parts = [f"{k}={_encode(options[k])}" for k in FIGURE_OPTIONS if options.get(k, base[k]) != base[k]]
    return "".join(";" + p for p in parts)


def _encode(v: Any) -> str:
    return ("1" if v else "0") if isinstance(v, bool) else str(v)


def parse_figure_name(name: str) -> tuple[str, dict[str, Any]]:
    """"placement;in_line=off" -> ("placement", options with in_line "off" and the rest default)."""
    from deckgen.games.maestras import OPTIONS
    from deckgen.options import resolve

    base, *parts = str(name).split(";")
    if base not in FIGURES:
        raise KeyError(name)
    given = {}
    for p in parts:
        k, eq, v = p.partition("=")
        if not eq or k not in FIGURE_OPTIONS:
            raise KeyError(name)
        given[k] = v
    return base, resolve(OPTIONS, given)


class FigureBook(Mapping):
    """The rulebook's figures by name. A plain name ("placement") draws it for the default rules; a
    name with the deck's variant ("placement;in_line=off", as the context's ``fig`` suffix gives)
    draws it for that variant, so a figure always agrees with the rules printed beside it."""

    def __getitem__(self, name: str):
        base, options = parse_figure_name(name)
        f = FIGURES[base]
        return lambda pen, w, h, lang: f(pen, w, h, lang, options)

    def __contains__(self, name: object) -> bool:
        try:
            parse_figure_name(str(name))
        except (KeyError, ValueError, Exception):
            return False
        return True

    def __iter__(self):
        return iter(FIGURES)

    def __len__(self) -> int:
        return len(FIGURES)


# ---------------------------------------------------------------- context


def context(deck: Deck, lang: str, card_lang: str | None = None) -> dict[str, Any]:
    """The facts the rulebook prints; colours named as the rulebook's language says them, with the
    letter and name printed on the cards (in ``card_lang``, the deck's language)."""
    card_lang = card_lang or lang
    options = deck.options
    comp = composition(options)
    rules = Rules.from_options(options)
    table = removal_table(comp, options["removal"])
    per_players = []
    for n, r in table.items():
        if r is None:
            continue
        used = comp.total - r
        per_players.append({"players": n, "cards": used, "empties_out": r, "empties_in": comp.empties - r, "each": (used - 1) // n})
    colours = [{"id": c, "name": COLOUR_NAMES[c][lang], "printed": COLOUR_NAMES[c][card_lang],
                "shape": SHAPE_NAMES[SWATCH[c].shape][lang], "letter": letter(c, card_lang)} for c in comp.colours]
    index = {"central": None, "masters": [], "points": [], "empties": []}
    for i, card in enumerate(deck.cards):
        if card.kind == CENTRAL:
            index["central"] = i
        elif card.kind == MASTER and card["colour"] not in [deck.cards[j]["colour"] for j in index["masters"]]:
            index["masters"].append(i)
        elif card.kind == POINTS and card["colour"] == comp.colours[0]:
            index["points"].append(i)
        elif card.kind == EMPTY:
            index["empties"].append(i)
    a, down, up, far = _values(options)
    path, empty_ok = empty_example(options)
    return {
        "title": "Cartas Maestras",
        "minutes": MINUTES,
        "deck_players": deck.players,
        "deck_cards": len(deck.cards),
        "comp": {"total": comp.total, "masters": comp.masters, "masters_total": comp.master_cards,
                 "points": comp.points, "points_total": comp.point_cards, "empties": comp.empties,
                 "colours": colours, "n_colours": len(colours)},
        "per_players": per_players,
        "index": index,
        "rules": {"path_length": rules.path_length, "hand": rules.hand, "link": rules.link,
                  "in_line": rules.in_line, "tiebreak": rules.tiebreak, "won_paths": rules.won_paths,
                  "after_master": rules.after_master, "empty_counts": rules.empty_counts,
                  "play_drawn": rules.play_drawn, "refill": rules.refill, "corners": rules.corners,
                  "same_points": rules.same_points, "main_end": rules.main_end},
        "decisions": decisions(options),
        "placement_marks": placement_marks(options),
        "link_examples": [{k: v for k, v in e.items() if k not in ("prev", "new")} for e in link_examples(options, lang)],
        "empty_example": {"names": [card_name(c, lang) for c in path], "ok": empty_ok},
        "win_example": [card_name(c, lang) for c in win_example(options)],
        "tiebreak_example": [card_name(c, lang) for c in tiebreak_example(options)],
        "values": {"a": a, "down": down, "up": up, "far": far},
        "fig": figure_suffix(options),
    }


RULEBOOK = Rulebook(context=context, figures=FigureBook())
