"""The message catalogs: ``deckgen/locale/<lang>/LC_MESSAGES/deckgen.mo``, compiled from the ``.po``
file beside it (``python3 -m deckgen.i18n.maintain``), read with Python's ``gettext``: only the
catalog of a language in use, once per process, each message decoded when it is first asked for.

A language is a folder with a compiled catalog; English is the messages themselves. A translator
trying a new language (and the pseudo-locale test) can point ``DECKGEN_LOCALE_DIR`` at another
folder of the same shape, searched first.
"""

from __future__ import annotations

import gettext
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

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
                return _Catalog(f)
    return gettext.NullTranslations()


class _Catalog(gettext.GNUTranslations):
    """``gettext.GNUTranslations`` that decodes a message when it is first asked for. gettext decodes
    every message of the file as it opens it (some 1,900 in Spanish: about 4 ms of every build, which
    shows a few hundred); here opening indexes the raw messages, the header is read as gettext reads
    it, and lookups answer as gettext's own catalog does."""

    def _parse(self, fp: Any) -> None:
        from struct import unpack

        filename = getattr(fp, "name", "")
        buf = fp.read()
        magic = unpack("<I", buf[:4])[0] if len(buf) >= 20 else None
        if magic not in (self.LE_MAGIC, self.BE_MAGIC):
            raise OSError(0, "Bad magic number", filename)
        order = "<" if magic == self.LE_MAGIC else ">"
        version, count, originals_at, translations_at = unpack(order + "4I", buf[4:20])
        if self._get_versions(version)[0] not in self.VERSIONS:
            raise OSError(0, "Bad version number " + str(self._get_versions(version)[0]), filename)
        table = f"{order}{2 * count}I"  # (size, offset) of each message
        originals, translations = (buf[at:at + 8 * count] for at in (originals_at, translations_at))
        if len(originals) != 8 * count or len(translations) != 8 * count:
            raise OSError(0, "File is corrupt", filename)
        originals, translations = unpack(table, originals), unpack(table, translations)
        pairs = list(zip(originals[0::2], originals[1::2]))
        targets = list(zip(translations[0::2], translations[1::2]))
        if any(at + size >= len(buf) for size, at in (*pairs, *targets)):
            raise OSError(0, "File is corrupt", filename)
        raw = {buf[at:at + size]: target for (size, at), target in zip(pairs, targets)}
        self.plural = lambda n: int(n != 1)  # germanic plural by default, as gettext's
        if b"" in raw:
            self._read_header(_slice(buf, raw[b""]))
        self._catalog = _Messages(buf, raw, self._charset or "ascii")

    def _read_header(self, header: bytes) -> None:
        """The catalog's description (charset, plural forms...), read as ``GNUTranslations._parse`` reads it."""
        last = None
        for line in header.split(b"\n"):
            item = line.decode().strip()
            if not item or (item.startswith("#-#-#-#-#") and item.endswith("#-#-#-#-#")):
                continue
            key = value = None
            if ":" in item:
                key, value = item.split(":", 1)
                key, value = key.strip().lower(), value.strip()
                self._info[key] = value
                last = key
            elif last:
                self._info[last] += "\n" + item
            if key == "content-type":
                self._charset = value.split("charset=")[1]
            elif key == "plural-forms":
                self.plural = gettext.c2py(value.split(";")[1].split("plural=")[1])


def _slice(buf: bytes, where: tuple[int, int]) -> bytes:
    size, at = where  # as the file's tables give them
    return buf[at:at + size]


class _Messages(dict):
    """gettext's catalog (msgid, or (msgid, form) for a message with plural forms, to its translation),
    filled from the compiled file as each message is first asked for."""

    def __init__(self, buf: bytes, raw: dict[bytes, tuple[int, int]], charset: str) -> None:  # raw id -> (size, offset)
        super().__init__()
        self._buf, self._charset = buf, charset
        self._singles = raw  # a message with plural forms never matches here: its raw id holds b"\0"
        self._plurals: dict[bytes, tuple[int, int]] | None = None  # by the singular, made when first asked for

    def __missing__(self, key: Any) -> str:
        try:
            if isinstance(key, tuple):
                msgid, form = key
                if self._plurals is None:
                    self._plurals = {k.split(b"\0", 1)[0]: v for k, v in self._singles.items() if b"\0" in k}
                forms = _slice(self._buf, self._plurals[msgid.encode(self._charset)]).split(b"\0")
                if not 0 <= form < len(forms):
                    raise KeyError(key)
                value = str(forms[form], self._charset)
            else:
                value = str(_slice(self._buf, self._singles[key.encode(self._charset)]), self._charset)
        except (UnicodeError, AttributeError, TypeError, ValueError):  # not a message this catalog could hold
            raise KeyError(key) from None
        self[key] = value
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default
