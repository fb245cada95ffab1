"""A QR code of this page's network address, drawn as inline SVG for the start page (issue 37: a pupil's
computer or phone opens the page the teacher serves). reportlab's encoder makes the modules; nothing else."""

from __future__ import annotations

from html import escape

QUIET = 4  # light modules round the code, as the standard asks


def modules(text: str) -> list[list[bool]]:
    """The dark (True) and light modules of ``text``'s QR code, row by row (error correction M)."""
    from reportlab.graphics.barcode import qrencoder

    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    return [[bool(m) for m in row] for row in code.modules]


def svg(text: str, *, label: str, size: int = 168) -> str:
    """An ``<svg>`` of the code, dark on white with its quiet zone, one path of unit squares; ``label``
    is what a screen reader says of it."""
    grid = modules(text)
    n = len(grid) + 2 * QUIET
    path = "".join(f"M{c + QUIET} {r + QUIET}h1v1h-1z" for r, row in enumerate(grid) for c, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="qr" role="img" aria-label="{escape(label)}" width="{size}" height="{size}" '
            f'viewBox="0 0 {n} {n}" shape-rendering="crispEdges"><rect width="{n}" height="{n}" fill="#fff"/>'
            f'<path d="{path}" fill="#000"/></svg>')
