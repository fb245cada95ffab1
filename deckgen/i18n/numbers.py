"""Numbers as a language writes them, from Babel's locale data: "2.5" and "1,204,823" in English,
"2,5" and "1.204.823" in Spanish. Input still accepts both (deckgen.numerals)."""

from __future__ import annotations

from functools import lru_cache

from deckgen.i18n.current import ENGLISH


def localized(text: str, lang: str) -> str:
    """``text``, a number Python formatted (``.`` decimal point, ``,`` groups), in ``lang``'s symbols."""
    if lang == ENGLISH:
        return text
    decimal, group = _symbols(lang)
    if (decimal, group) == (".", ","):
        return text
    return text.translate({ord("."): decimal, ord(","): group})


def babel_locale(lang: str) -> str:
    """The Babel locale of ``lang``; English for a language Babel does not know (the pseudo-locale)."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return ENGLISH
    return lang


@lru_cache(maxsize=16)
def _symbols(lang: str) -> tuple[str, str]:
    from babel.numbers import get_decimal_symbol, get_group_symbol

    loc = babel_locale(lang)
    return get_decimal_symbol(loc), get_group_symbol(loc)
