"""Classroom sheets for the cooperative puzzle: one challenge sheet per set (its card pictures drawn by
the deck's own faces, and boxes to write the stack), and a separate answer key for the teacher with the
proven optimum and one optimal stack per set."""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from reportlab.pdfgen.canvas import Canvas

from deckgen.errors import DeckgenError
from deckgen.i18n import _
from deckgen.fileio import atomic_path, write_text
from deckgen.render.pdfx import tag_fonts
from deckgen.publish import publishing
from deckgen.model import Card
from deckgen.options import compact_ranges
from deckgen.render import fonts
from deckgen.render.faces import Frame
from deckgen.render.geometry import PAPERS
from deckgen.render.palette import INK
from deckgen.render.pdf_pen import PdfPen
from deckgen.render.pen import paragraph, text_width, wrap

from deckgen.games.hectoedra.deck import NUMBER
from deckgen.games.hectoedra.faces import ACCENT, HectoedraFaces
from deckgen.games.hectoedra.solver import Solution, order_problems, solve

MM = fonts.PT_PER_MM
MARGIN = 12.0
CARD_W, CARD_H = 63.0, 88.0
MAX_PICTURE_W = 34.0

TEXT = {
    "es": {
        "title": "Hectoedra · La pila más alta",
        "challenge": "Reto {n} de {total}",
        "team_line": "El mismo reto para todos los equipos · Equipo {n}",
        "cards": "{k} cartas",
        "name": "Nombre: ______________________________   Fecha: ______________",
        "team_name": "Equipo: __________   Integrantes: ____________________________________",
        "rule": {
            "divisor": "Forma con estas cartas la pila más alta que puedas. La primera carta puede ser cualquiera; cada carta que pongas encima debe ser múltiplo o divisor de la que queda debajo. Cada carta se usa una vez como mucho y no hace falta usarlas todas.",
            "full": "Forma con estas cartas la pila más alta que puedas. Cada carta que pongas encima debe ser múltiplo o divisor de la de debajo, compartir con ella un divisor mayor que 1, o ser las dos primas. Cada carta se usa una vez como mucho.",
        },
        "stack": "Nuestra pila, de abajo arriba:",
        "count": "Cartas en nuestra pila: ______",
        "footer": "Hectoedra · semilla {seed} · reto {n}: {cards}",
        "key_title": "Hectoedra · Solucionario del profesor",
        "key_intro": "Semilla {seed} · regla: {rule} · {sets} reto(s). La pila más alta de cada reto está calculada por un método exacto: si dice «demostrado», ninguna pila puede ser más alta. Hay a menudo otras pilas igual de altas: comprueba cada enlace de la pila del alumnado.",
        "rule_name": {"divisor": "múltiplo o divisor", "full": "las tres reglas del juego competitivo"},
        "key_set": "Reto {n} · {k} cartas: {cards}",
        "key_best": "Pila más alta: {length} cartas ({how})",
        "proven": "óptimo demostrado",
        "not_proven": "la mejor encontrada; el óptimo es como mucho {bound}",
        "key_order": "Una pila óptima, de abajo arriba:",
        "key_left": "Se quedan fuera: {left}",
        "none": "ninguna",
        "teams": "Modalidad por equipos: todos los equipos tienen el reto 1.",
    },
    "en": {
        "title": "Hectoedra · The highest stack",
        "challenge": "Challenge {n} of {total}",
        "team_line": "The same challenge for every team · Team {n}",
        "cards": "{k} cards",
        "name": "Name: ______________________________   Date: ______________",
        "team_name": "Team: __________   Members: ____________________________________",
        "rule": {
            "divisor": "Build the highest stack you can with these cards. The first card can be any card; each card you put on top must be a multiple or a divisor of the card below it. Use each card at most once; you need not use them all.",
            "full": "Build the highest stack you can with these cards. Each card you put on top must be a multiple or divisor of the card below, share a divisor greater than 1 with it, or both must be prime. Use each card at most once.",
        },
        "stack": "Our stack, bottom card first:",
        "count": "Cards in our stack: ______",
        "footer": "Hectoedra · seed {seed} · challenge {n}: {cards}",
        "key_title": "Hectoedra · Teacher's answer key",
        "key_intro": "Seed {seed} · rule: {rule} · {sets} challenge(s). The highest stack of each challenge comes from an exact method: when it says \"proven\", no stack can be higher. There are often other stacks just as high: check every link of the pupils' stack.",
        "rule_name": {"divisor": "multiple or divisor", "full": "the three rules of the competitive game"},
        "key_set": "Challenge {n} · {k} cards: {cards}",
        "key_best": "Highest stack: {length} cards ({how})",
        "proven": "proven optimum",
        "not_proven": "best found; the optimum is at most {bound}",
        "key_order": "One optimal stack, bottom card first:",
        "key_left": "Left out: {left}",
        "none": "none",
        "teams": "Team version: every team has challenge 1.",
    },
}


@dataclass(frozen=True)
class PuzzleRequest:
    sets: int = 6
    size: int = 20
    seed: int = 1
    cards: Sequence[int] | None = None
    team: bool = False
    rule: str = "divisor"
    lang: str = "es"
    paper: str = "a4"
    aids: Sequence[str] = ()
    time_limit: float = 60.0
    min_stack: int | None = None  # a drawn set must allow a stack this high (None: half the set)


MAX_DRAWS = 5000


@dataclass(frozen=True)
class PuzzleSet:
    number: int
    cards: tuple[int, ...]
    solution: Solution


@dataclass(frozen=True)
class Puzzle:
    request: PuzzleRequest
    sets: tuple[PuzzleSet, ...]
    sheets: tuple[tuple[int, int], ...]  # (sheet number, set number) in print order
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        r = self.request
        return {
            "game": "hectoedra",
            "seed": r.seed,
            "rule": r.rule,
            "team": r.team,
            "sets": [
                {"number": s.number, "cards": list(s.cards), "length": s.solution.length, "proven": s.solution.proven, "bound": s.solution.bound, "order": list(s.solution.order)}
                for s in self.sets
            ],
            "sheets": [{"sheet": a, "set": b} for a, b in self.sheets],
        }


def make_sets(req: PuzzleRequest) -> Puzzle:
    """The sets (random, from ``req.seed`` alone) and their exact solutions."""
    pool = sorted(req.cards) if req.cards else list(range(1, 101))
    rng = random.Random(req.seed)
    notes: list[str] = []
    if len(pool) <= req.size:
        chosen = [(tuple(pool), None)]
        if not req.team and req.sets > 1:
            notes.append("the given cards make a single set")
    else:
        count = 1 if req.team else req.sets
        chosen = [_draw(pool, req, rng) for _ in range(count)]
    sets = []
    for i, (cards, sol) in enumerate(chosen, 1):
        sol = sol or solve(cards, req.rule, req.time_limit)
        assert not order_problems(sol.order, cards, req.rule), "the solver returned a broken stack"
        sets.append(PuzzleSet(i, cards, sol))
    if req.team:
        sheets = tuple((t, 1) for t in range(1, req.sets + 1))
    else:
        sheets = tuple((s.number, s.number) for s in sets)
    return Puzzle(req, tuple(sets), sheets, tuple(notes))


def min_stack(req: PuzzleRequest) -> int:
    return req.size // 2 if req.min_stack is None else req.min_stack


def _draw(pool: list[int], req: PuzzleRequest, rng: random.Random) -> tuple[tuple[int, ...], Solution]:
    """A random set of ``req.size`` cards whose longest stack reaches ``min_stack`` (a worthwhile puzzle:
    most random sets of 20 cards from 1..100 only stack 3 to 7 high)."""
    need = min_stack(req)
    for _draw in range(MAX_DRAWS):
        cards = tuple(sorted(rng.sample(pool, req.size)))
        sol = solve(cards, req.rule, req.time_limit)
        if sol.length >= need:
            return cards, sol
    raise DeckgenError(_("no set of {size} cards from {pool} reached a stack of {need} in {draws} draws: lower --min-stack",
                         size=req.size, pool=compact_ranges(pool), need=need, draws=MAX_DRAWS))


def write_puzzle(puzzle: Puzzle, out_dir: Path) -> list[Path]:
    """challenges.pdf, answer-key.pdf and puzzle.json, published together as one folder."""
    with publishing(Path(out_dir)) as stage:
        files = [
            write_challenges(puzzle, stage / "challenges.pdf"),
            write_key(puzzle, stage / "answer-key.pdf"),
            write_text(stage / "puzzle.json", json.dumps(puzzle.to_json(), indent=1) + "\n"),
        ]
    return [Path(out_dir) / f.name for f in files]


# ---------------------------------------------------------------- layout helpers


def picture_grid(n: int, width: float, height: float, gap: float = 3.0) -> tuple[int, float]:
    """Columns and picture width (mm) that fit ``n`` card pictures in width × height, as large as possible."""
    best = (1, 0.0)
    for cols in range(1, n + 1):
        w = min(MAX_PICTURE_W, (width - (cols - 1) * gap) / cols)
        h = w * CARD_H / CARD_W
        rows = math.ceil(n / cols)
        if rows * h + (rows - 1) * gap <= height and w > best[1]:
            best = (cols, w)
    return best


def _canvas(path: Path, paper: str, title: str) -> Canvas:
    fonts.register()
    w, h = PAPERS[paper]
    c = Canvas(str(path), pagesize=(w * MM, h * MM), invariant=1, pageCompression=1, initialFontName=fonts.font_name(False))
    c.setTitle(title)
    c.setAuthor("deckgen")
    c.setCreator("deckgen")
    return c


def write_challenges(puzzle: Puzzle, target: Path) -> Path:
    req = puzzle.request
    t = TEXT[req.lang]
    pw, ph = PAPERS[req.paper]
    faces = HectoedraFaces()
    frame = Frame(CARD_W, CARD_H, 0.0, req.lang, {"aids": list(req.aids)})
    by_number = {s.number: s for s in puzzle.sets}
    with atomic_path(target) as tmp:
        c = _canvas(tmp, req.paper, t["title"])
        for sheet, set_no in puzzle.sheets:
            s = by_number[set_no]
            pen = PdfPen(c, 0.0, ph)
            x0, width = MARGIN, pw - 2 * MARGIN
            pen.text(x0, 18, t["title"], 17, bold=True, color=INK)
            sub = t["team_line"].format(n=sheet) if req.team else t["challenge"].format(n=set_no, total=len(puzzle.sets))
            pen.text(x0, 25.5, f"{sub} · {t['cards'].format(k=len(s.cards))}", 11, bold=True, color=ACCENT)
            pen.text(x0, 34, t["team_name"] if req.team else t["name"], 10, color=INK)
            y = paragraph(pen, x0, 43, t["rule"][req.rule], 10, width, align="left", color=INK) + 6
            # The answer boxes at the bottom, sized first so the pictures take what is left.
            box, per_row = 10.5, int((width + 1.5) // 12.0)
            rows = math.ceil(len(s.cards) / per_row)
            answer_h = 9 + rows * 12.5 + 10
            footer_y = ph - 8
            grid_h = footer_y - 6 - answer_h - y
            cols, w = picture_grid(len(s.cards), width, grid_h)
            h = w * CARD_H / CARD_W
            used_w = cols * w + (cols - 1) * 3.0
            left = x0 + (width - used_w) / 2
            for i, v in enumerate(s.cards):
                r, col = divmod(i, cols)
                cx, cy = left + col * (w + 3.0), y + r * (h + 3.0)
                faces.front(PdfPen(c, cx, ph - cy, scale=w / CARD_W), Card(NUMBER, {"value": v}), frame)
            rows_pics = math.ceil(len(s.cards) / cols)
            y = y + rows_pics * (h + 3.0) + 5
            pen.text(x0, y, t["stack"], 11, bold=True, color=INK)
            y += 3
            for i in range(len(s.cards)):
                r, col = divmod(i, per_row)
                bx, by = x0 + col * 12.0, y + r * 12.5
                pen.rect(bx, by, box, box, stroke=INK, width=0.3)
                pen.text(bx + 0.8, by + 2.4, str(i + 1), 5.5, color="#6b6b6b")
            y += rows * 12.5 + 6
            pen.text(x0, y, t["count"], 11, bold=True, color=INK)
            foot = t["footer"].format(seed=req.seed, n=set_no, cards=compact_ranges(s.cards))
            pen.text(x0, footer_y, foot, 7, color="#4a4a4a")
            c.showPage()
        c.save()
        tag_fonts(Path(tmp))
    return target


def write_key(puzzle: Puzzle, target: Path) -> Path:
    req = puzzle.request
    t = TEXT[req.lang]
    pw, ph = PAPERS[req.paper]
    width = pw - 2 * MARGIN
    with atomic_path(target) as tmp:
        c = _canvas(tmp, req.paper, t["key_title"])
        pen = PdfPen(c, 0.0, ph)
        pen.text(MARGIN, 18, t["key_title"], 17, bold=True, color=INK)
        intro = t["key_intro"].format(seed=req.seed, rule=t["rule_name"][req.rule], sets=len(puzzle.sets))
        y = paragraph(pen, MARGIN, 27, intro, 9.5, width, align="left", color=INK) + 6
        if req.team:
            pen.text(MARGIN, y, t["teams"], 10, bold=True, color=ACCENT)
            y += 7
        for s in puzzle.sets:
            sol = s.solution
            head = t["key_set"].format(n=s.number, k=len(s.cards), cards=", ".join(map(str, s.cards)))
            order = " · ".join(map(str, sol.order))
            left = sorted(set(s.cards) - set(sol.order))
            head_lines = wrap(head, 10, width, True)
            order_lines = wrap(order, 11, width - 4, True)
            height = len(head_lines) * 4.6 + 6.5 + 5 + len(order_lines) * 5.2 + 5 + 8
            if y + height > ph - MARGIN:
                c.showPage()
                pen = PdfPen(c, 0.0, ph)
                y = 18
            y = paragraph(pen, MARGIN, y, head, 10, width, align="left", bold=True, color=INK) + 6.5
            how = t["proven"] if sol.proven else t["not_proven"].format(bound=sol.bound)
            pen.text(MARGIN, y, t["key_best"].format(length=sol.length, how=how), 12, bold=True, color=ACCENT)
            y += 5
            pen.text(MARGIN, y, t["key_order"], 9.5, color=INK)
            y += 5.5
            y = paragraph(pen, MARGIN + 4, y, order, 11, width - 4, align="left", bold=True, color=INK, leading=1.3) + 5
            pen.text(MARGIN, y, t["key_left"].format(left=", ".join(map(str, left)) if left else t["none"]), 9.5, color=INK)
            y += 3.5
            pen.polyline([(MARGIN, y), (pw - MARGIN, y)], stroke="#9a9a9a", width=0.2)
            y += 7
        c.showPage()
        c.save()
        tag_fonts(Path(tmp))
    return target


_ = text_width  # re-exported for tests that measure labels
