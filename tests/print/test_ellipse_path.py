"""PdfPen draws an ellipse with the path reportlab's Canvas.ellipse writes, worked out once per box
(issue 33, PDF writing): the page's bytes must be those of Canvas.ellipse, whatever the box, the
stroke and fill, and however often a box comes back."""

from __future__ import annotations

import random

import pytest
from reportlab.pdfgen.canvas import Canvas

from deckgen.render.pdf_pen import PdfPen, ellipse_path


def _page_bytes(tmp_path, name, draw) -> bytes:
    c = Canvas(str(tmp_path / name), pagesize=(300, 300), invariant=1, pageCompression=0)
    draw(c)
    c.save()
    return (tmp_path / name).read_bytes()


def _boxes():
    rng = random.Random(33)
    boxes = [(0.0, 0.0, 10.0, 10.0), (-0.0, 5, 7, -0.0), (12.5, 40.25, 2.5, 30.0), (1, 2, 3, 4)]
    boxes += [tuple(round(rng.uniform(-50, 350), rng.choice((0, 2, 6, 12))) for _ in range(4)) for _ in range(60)]
    return boxes + boxes[:20]  # some boxes drawn again: from the cache


@pytest.mark.parametrize("stroke, fill", [(1, 0), (0, 1), (1, 1)])
def test_the_cached_path_writes_the_bytes_canvas_ellipse_writes(tmp_path, stroke, fill):
    def by_canvas(c):
        for box in _boxes():
            c.ellipse(*box, stroke=stroke, fill=fill)

    def by_cache(c):
        for box in _boxes():
            c.addLiteral(ellipse_path(*box))
            c._strokeAndFill(stroke, fill)

    assert _page_bytes(tmp_path, "cache.pdf", by_cache) == _page_bytes(tmp_path, "canvas.pdf", by_canvas)


def test_the_pen_draws_each_ellipse_as_canvas_ellipse_does(tmp_path):
    shapes = [(10, 20, 5, 3, "#c8372d", None), (10, 20, 5, 3, None, "#1f4e9c"), (31.7, 8.2, 0.6, 12, "#000000", "#ffffff")]

    def by_canvas(c):
        pen = PdfPen(c, 12.0, 280.0, scale=0.9)
        for cx, cy, rx, ry, fill, stroke in shapes * 2:
            f, s = pen._style(fill, stroke, 0.25)
            c.ellipse(pen._x(cx - rx), pen._y(cy + ry), pen._x(cx + rx), pen._y(cy - ry), stroke=s, fill=f)

    def by_pen(c):
        pen = PdfPen(c, 12.0, 280.0, scale=0.9)
        for cx, cy, rx, ry, fill, stroke in shapes * 2:
            pen.ellipse(cx, cy, rx, ry, fill=fill, stroke=stroke)

    assert _page_bytes(tmp_path, "pen.pdf", by_pen) == _page_bytes(tmp_path, "canvas.pdf", by_canvas)
