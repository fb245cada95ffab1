"""The teacher's few design measures in plain words, for the web page's check: does a game fit a
lesson, how long does a pupil wait, does a pupil who falls behind still win, does the one who starts
win more. Each sentence is a catalog message ("un alumno que va último a mitad de partida gana 1 de
cada 6"); its figure comes from the same measures `deckgen measure` prints, its definition beside it."""

from __future__ import annotations

from typing import Any

from deckgen.analysis.measures import words as W
from deckgen.analysis.measures.compute import Measured
from deckgen.i18n import _, ngettext

KEYS = ("length", "waiting", "comebacks", "seat_edge")


def chance(p: float) -> Any:
    """A chance as a class says it: "1 in 6", "7 in 10", "fewer than 1 in 20", "more than 19 in 20"."""
    if p < 0.05:
        return _("fewer than 1 in 20")
    if p > 0.95:
        return _("more than 19 in 20")
    if p <= 0.5:
        return _("1 in {k}", k=max(2, round(1 / p)))
    return _("{k} in 10", k=round(10 * p))


def sentences(m: Measured) -> list[dict[str, Any]]:
    """One sentence per figure the teacher reads, each with its key and its measure's definition."""
    out = []
    for key in KEYS:
        f = m.figures[key]
        text = _sentence(m, key)
        if text is not None:
            out.append({"key": key, "text": text, "definition": _(f.words[1]), "name": _(f.words[0])})
    return out


def _sentence(m: Measured, key: str) -> Any:
    f = m.figures[key]
    e = f.estimate
    n = m.players
    if key == "length":
        if e is None:
            return None
        fits = next(p for p in f.parts if p.key == "fits_lesson").estimate
        minutes = max(1, round(e.value * m.pace / 60))
        k = round(10 * fits.value) if fits is not None else 0
        return ngettext("A game lasts about {minutes} minutes; {n} game in 10 fits a lesson of {lesson:g} minutes.",
                        "A game lasts about {minutes} minutes; {n} games in 10 fit a lesson of {lesson:g} minutes.",
                        k, minutes=minutes, lesson=m.lesson)
    if key == "waiting":
        if e is None:
            return None
        if f.definition == W.WAITING_OPEN:
            return _("Nobody waits for a turn: any card turned up may bring a chance to act; the longest stretch without one "
                     "lasts about {seconds} seconds ({turns} cards).", seconds=round(e.value * m.pace), turns=round(e.value))
        return _("Between two of their turns a pupil waits about {seconds} seconds (the other players' turns).",
                 seconds=round(e.value * m.pace))
    if key == "comebacks":
        if e is None:
            return _("Nobody is ever alone in last place at half-time, so comebacks cannot be counted.")
        return _("A pupil who is last at half-time wins {chance}; a fair share would be 1 in {n}.", chance=chance(e.value), n=n)
    if key == "seat_edge":
        if e is None:
            return None
        first = e.value + 1.0 / n
        if e.contains(0.0):
            return _("Starting gives no measurable edge: the pupil who starts wins {chance}, about a fair share.", chance=chance(first))
        if e.value > 0:
            return _("The pupil who starts wins {chance}, more than a fair share (1 in {n}).", chance=chance(first), n=n)
        return _("The pupil who starts wins {chance}, less than a fair share (1 in {n}).", chance=chance(first), n=n)
    return None
