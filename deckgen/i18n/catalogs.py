"""The message catalogs: ``deckgen/locale/<lang>/LC_MESSAGES/deckgen.mo``, compiled from the ``.po``
file beside it (``python3 -m deckgen.i18n.maintain``), read with Python's ``gettext``.

A language is a folder with a compiled catalog; English is the messages themselves. A translator
trying a new language (and the pseudo-locale test) can point ``DECKGEN_LOCALE_DIR`` at another
folder of the same shape, searched first.
"""

from __future__ import annotations

import gettext
import os
from functools import lru_cache
from pathlib import Path

from deckgen.i18n.current import ENGLISH

DOMAIN = "deckgen"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
EXTRA_DIR_VARIABLE = "DECKGEN_LOCALE_DIR"


def locale_dirs() -> tuple[Path, ...]:
    extra = os.environ.get(EXTRA_DIR_VARIABLE)
    return (Path(extra), LOCALE_DIR) if extra else (LOCALE_DIR,)


def languages() -> tuple[str, ...]:
    """Every language deckgen speaks: English, and each folder holding a compiled catalog."""
    return _languages(locale_dirs())


@lru_cache(maxsize=8)
def _languages(dirs: tuple[Path, ...]) -> tuple[str, ...]:
    found = {ENGLISH}
    for d in dirs:
        try:
            found |= {p.name for p in d.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()}
        except OSError:
            continue
    return (ENGLISH, *sorted(found - {ENGLISH}))


def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (the messages themselves for English or a language without one)."""
    return _translation(lang, locale_dirs())


@lru_cache(maxsize=16)
def _translation(lang: str, dirs: tuple[Path, ...]) -> gettext.NullTranslations:
    if lang == ENGLISH:
        return gettext.NullTranslations()
    for d in dirs:
        mo = d / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if mo.is_file():
            with open(mo, "rb") as f:
                return gettext.GNUTranslations(f)
    return gettext.NullTranslations()
