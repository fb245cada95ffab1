"""English left in a text that should be wholly in another language: common English words of
deckgen's reports (none of them a Spanish word), looked for outside what is shown as typed (option
names such as --games, file paths, level codes such as mc16)."""

from __future__ import annotations

import re

ENGLISH = re.compile(
    r"\b(the|and|of|is|are|players?|cards?|games?|must|every|proven|sampled|turns?|seat|per|with|not|what|measures|"
    r"playable|checks?|round|rounds|deck|between|least|most|each|wins?|lasts?|minutes|policy|seeds?|figures?|mean|median|"
    r"simulation|static|exhaustive|ok|fail|try|searched|positions?|draws?|plays|found|expected|none|all|known|"
    r"random|heuristic|level|rating|skill|luck|verdict|yours|default|beside|change|share|stack|proven|left|order|"
    r"should|could|would|than|when|which|there|their|this|that|from|into|only|after|before|above|below|"
    r"reachable|dead|end|trap|loop|counterexample|shortest|case|then|deal|hand|pile|table)\b", re.I)
PATH = re.compile(r"(?:[A-Za-z]:|~|\.{1,2})?[/\\][^\s()]*|[^\s()]+\.(?:toml|json|csv|png|jpe?g|pdf)\b")
TYPED = re.compile(r"\b(?:deckgen [a-z]+|skill|validate|simulate)(?= --)|--[a-z][a-z-]*(?: [a-z][a-z-]*)?(?=[ ,;)]|$)|\b(?:mc|pimc)\d+\b|\b[a-z_]+=\S+|\b[a-z]+_[a-z_]+\b|\b(?:kind|action|special|"
                   r"players|value|colour|marker|side|monomial|coefficient|degree|remove_for|multiplications|a|b) = [^,;)]*")


def kept_as_typed(line: str) -> str:
    """``line`` without what is shown as the user types it: commands and option names and their words
    (skill --games, --link either), file paths, level codes (mc16), a deck file's fields (kind = "master")."""
    return TYPED.sub("", PATH.sub("", line))


def english_words(text: str) -> list[str]:
    """The lines of ``text`` that hold an English word outside what is shown as typed."""
    return [line for line in str(text).splitlines() if ENGLISH.search(kept_as_typed(line))]
