"""The pseudo-locale ``qps``: every message of the catalog rewritten with accents and padding between
``⟪`` and ``⟫`` (``"{n:,} cards"`` -> ``"⟪{n:,} ćàŕðś··⟫"``), placeholders kept. Run deckgen in it
(``DECKGEN_LOCALE_DIR`` at :func:`build`'s folder, ``DECKGEN_LANG=qps``) and any English word left in
its output bypassed the catalog or was built by joining fragments."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

LANG = "qps"
OPEN, CLOSE = "⟪", "⟫"
PERCENT = re.compile(r"(%\(\w+\)[sdf]|%%)")
ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀćđéƒĝĥîĵķĺɱñöþǫŕśţûṽŵẋýźÀƁĆĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŚŢÛṼŴẊÝŹ",
)


def pseudo(msgid: str) -> str:
    """``msgid`` in the pseudo-locale: its words accented and padded, its placeholders as they were."""
    out = []
    for literal, field, spec, conversion in string.Formatter().parse(msgid):
        # the page's templates write their placeholders as %(name)s (jinja2's i18n): kept as they are
        words = "".join(part if PERCENT.fullmatch(part) else part.translate(ACCENTS) for part in PERCENT.split(literal))
        out.append(words.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            out.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    text = "".join(out)
    return OPEN + text + "·" * (len(msgid) // 3) + CLOSE


def build(folder: Path) -> Path:
    """Write the pseudo-locale's compiled catalog under ``folder``; returns ``folder``."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from deckgen.i18n.maintain import extract

    template = extract()
    cat = Catalog(locale=None, domain="deckgen")
    cat._num_plurals, cat._plural_expr = 2, "(n != 1)"
    for m in template:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            cat.add(m.id, (pseudo(m.id[0]), pseudo(m.id[1])), context=m.context)
        else:
            cat.add(m.id, pseudo(m.id), context=m.context)
    target = folder / LANG / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_mo(out, cat)
    (target / "deckgen.mo").write_bytes(out.getvalue())
    return folder


def marked(line: str) -> bool:
    """A line that holds words of the catalog."""
    return OPEN in line
