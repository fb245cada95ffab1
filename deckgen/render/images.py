"""Images going into a deck: is a designer's back image sharp enough for the card it covers?"""

from __future__ import annotations

import math
from pathlib import Path

from deckgen.errors import OptionError
from deckgen.render.geometry import HOME_BACK_BLEED
from deckgen.render.settings import PrintSettings

GOOD_DPI = 300  # below this: a warning
MIN_DPI = 150  # below this: refused
MM_PER_INCH = 25.4


def cover_dpi(size_px: tuple[int, int], box_mm: tuple[float, float]) -> float:
    """The resolution of an image of ``size_px`` scaled to cover a ``box_mm`` box (cropped, never
    stretched): the image's tighter side decides."""
    (iw, ih), (bw, bh) = size_px, box_mm
    return min(iw * MM_PER_INCH / bw, ih * MM_PER_INCH / bh)


def back_box(settings: PrintSettings) -> tuple[float, float]:
    """What a back image covers: the card and as much around it as any output draws."""
    reach = max(settings.bleed, HOME_BACK_BLEED)
    return settings.card.width + 2 * reach, settings.card.height + 2 * reach


def check_back_image(settings: PrintSettings) -> str | None:
    """None when the back image (if any) is sharp enough; a warning below 300 dpi; an error below 150."""
    if not settings.back_image:
        return None
    from PIL import Image  # only for a back image: a build without one never loads Pillow

    path = Path(settings.back_image)
    from deckgen.render.pen import upright_size

    with Image.open(path) as img:
        size = upright_size(img)
    box = back_box(settings)
    dpi = cover_dpi(size, box)
    if dpi >= GOOD_DPI:
        return None
    from deckgen.i18n import _

    values = dict(name=path.name, w=size[0], h=size[1], dpi=round(dpi), box_w=box[0], box_h=box[1], good=GOOD_DPI,
                  need_w=math.ceil(box[0] * GOOD_DPI / MM_PER_INCH), need_h=math.ceil(box[1] * GOOD_DPI / MM_PER_INCH))
    if dpi < MIN_DPI:
        raise OptionError(_("back_image {name} is {w}×{h} px: {dpi} dpi over the {box_w:g}×{box_h:g} mm it covers (the card and "
                            "its bleed); at least {least} dpi is needed ({good} dpi is {need_w}×{need_h} px)", least=MIN_DPI, **values))
    return _("back_image {name} is {w}×{h} px: {dpi} dpi over the {box_w:g}×{box_h:g} mm it covers (the card and its bleed); "
             "{good} dpi ({need_w}×{need_h} px) prints sharper", **values)
