"""Which language the user reads, found as gettext programs find it: ``DECKGEN_LANG`` (or the command
line's ``--ui-lang``) first, then ``LANGUAGE`` (a list such as ``es:en``, read only when the locale
is not ``C``), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``; on Windows, without those, the user's display
language. The rulebooks' and cards' language (``--lang``) is a separate choice."""

from __future__ import annotations

import os
from typing import Mapping

from deckgen.errors import DeckgenError
from deckgen.i18n.catalogs import languages
from deckgen.i18n.current import ENGLISH

OVERRIDE = "DECKGEN_LANG"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def chosen_lang(value: str, where: str) -> str:
    """``value`` (es, es_ES.UTF-8, EN) as a language deckgen speaks, or a DeckgenError naming ``where``."""
    code = language_of(value)
    if code not in languages():
        from deckgen.i18n import Listing, _

        raise DeckgenError(_("{where}: {value!r} is not a language deckgen speaks ({languages})",
                             where=where, value=value, languages=Listing(languages(), "or")))
    return code


def language_of(value: str) -> str:
    """The language of a locale name: ``es_ES.UTF-8@euro`` -> ``es``; ``C`` and ``POSIX`` -> ``en``."""
    code = value.strip().split(".")[0].split("@")[0]
    if code in ("C", "POSIX", ""):
        return ENGLISH
    return code.replace("-", "_").split("_")[0].lower()


def user_lang(environ: Mapping[str, str] | None = None, asked: str | None = None) -> str:
    """The language to speak: ``asked`` (``--ui-lang``), else ``DECKGEN_LANG``, else the locale's."""
    env = os.environ if environ is None else environ
    if asked:
        return chosen_lang(asked, "--ui-lang")
    if env.get(OVERRIDE, "").strip():
        return chosen_lang(env[OVERRIDE], OVERRIDE)
    spoken = languages()
    locale_name = next((env[v] for v in LOCALE_VARIABLES if env.get(v, "").strip()), "")
    if locale_name.split(".")[0].strip() in ("C", "POSIX") or (not locale_name and os.name != "nt"):
        return ENGLISH  # gettext reads LANGUAGE only when the locale is not C (no locale set is C too)
    for item in env.get("LANGUAGE", "").split(":"):
        if item.strip() and language_of(item) in spoken:
            return language_of(item)
    if locale_name:
        code = language_of(locale_name)
        return code if code in spoken else ENGLISH
    return _windows_lang(spoken) or ENGLISH


def _windows_lang(spoken: tuple[str, ...]) -> str | None:
    if os.name != "nt":
        return None
    try:  # pragma: no cover - Windows only
        import ctypes
        import locale

        name = locale.windows_locale.get(ctypes.windll.kernel32.GetUserDefaultUILanguage(), "")
    except (AttributeError, OSError):  # pragma: no cover
        return None
    code = language_of(name) if name else ""  # pragma: no cover
    return code if code in spoken else None  # pragma: no cover
