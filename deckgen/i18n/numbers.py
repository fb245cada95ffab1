"""Numbers as a language writes them, from Babel's locale data: "2.5", "1,204,823" and "45%" in
English, "2,5", "1.204.823" and "45 %" in Spanish. Input still accepts both (deckgen.numerals).

Two rules of the locale data Babel does not apply itself are applied here: the minimum grouping
digits (CLDR's ``minimumGroupingDigits``: Spanish groups only numbers of five digits or more, so
"1500" but "15.000", as the RAE's Ortografía asks), and the space the locale's percent pattern puts
before ``%`` (a no-break space, so "45 %" never breaks across lines)."""

from __future__ import annotations

import re
from functools import lru_cache

from deckgen.i18n.current import ENGLISH

# CLDR's minimumGroupingDigits where it is not 1 (Babel's data leaves it out): a four-digit whole
# part is written without a group separator
MIN_GROUPING = {"es": 2, "pl": 2, "pt_PT": 2}
_FOUR_DIGITS = re.compile(r"(?<![\d,])(\d),(\d{3})(?![\d,])")
NO_BREAK_SPACE = "\u00a0"


def localized(text: str, lang: str) -> str:
    """``text``, a number Python formatted (``.`` decimal point, ``,`` groups, maybe ``%``), in
    ``lang``'s symbols."""
    if lang == ENGLISH:
        return text
    if MIN_GROUPING.get(lang, 1) > 1 and "," in text:
        text = _FOUR_DIGITS.sub(r"\1\2", text)
    decimal, group, percent_space = _symbols(lang)
    if (decimal, group) != (".", ","):
        text = text.translate({ord("."): decimal, ord(","): group})
    if percent_space and text.endswith("%") and not text.endswith(percent_space + "%"):
        text = text[:-1].rstrip() + percent_space + "%"
    return text


def babel_locale(lang: str) -> str:
    """The Babel locale of ``lang``; English for a language Babel does not know (the pseudo-locale)."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return ENGLISH
    return lang


@lru_cache(maxsize=16)
def _symbols(lang: str) -> tuple[str, str, str]:
    """(decimal symbol, group symbol, the space before % or "") of ``lang``."""
    from babel.numbers import format_percent, get_decimal_symbol, get_group_symbol

    loc = babel_locale(lang)
    shown = format_percent(0.5, locale=loc)  # "50%", "50 %"
    space = NO_BREAK_SPACE if shown.endswith("%") and shown[-2:-1].isspace() else ""
    return get_decimal_symbol(loc), get_group_symbol(loc), space
