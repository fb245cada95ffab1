"""Monomials for MGC: exponent vectors, sympy expressions, the sympy-parseable text of a card, and the
runs (with raised exponents) that a card face draws.

A monomial here is a coefficient and one exponent per variable. Its *degree* is the sum of the
exponents; an unwritten coefficient or exponent is 1 (so ``x`` is ``1·x¹``, of degree 1).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations_with_replacement
from tokenize import TokenError
from typing import TYPE_CHECKING, Sequence


if TYPE_CHECKING:  # pragma: no cover
    import sympy

    from deckgen.render.pen import Run

MINUS = "\u2212"  # the typographic minus sign (U+2212), never a hyphen on a card
MAX_TEXT = 60
# The only texts handed to sympy's parser (which evaluates Python): an optional sign, then a whole
# number or a power of a one-letter variable, then more powers of one-letter variables, joined by *.
_POWER = r"[a-z](?:\s*\*\*\s*[0-9]{1,2})?"
MONOMIAL_TEXT = re.compile(rf"\s*[+-]?\s*(?:[0-9]{{1,6}}|{_POWER})(?:\s*\*\s*{_POWER})*\s*")


def exponent_vectors(degree: int, n_vars: int) -> list[tuple[int, ...]]:
    """Every exponent vector of ``n_vars`` variables with total ``degree``, in a fixed order
    (lexicographically descending: x² before xy before y²)."""
    out = set()
    for combo in combinations_with_replacement(range(n_vars), degree):
        vec = [0] * n_vars
        for i in combo:
            vec[i] += 1
        out.add(tuple(vec))
    return sorted(out, reverse=True)


def expression(coefficient: int, exponents: Sequence[int], variables: Sequence[str]) -> "sympy.Expr":
    import sympy  # imported when needed: it is slow to load

    symbols = sympy.symbols(list(variables)) if variables else []
    expr: sympy.Expr = sympy.Integer(coefficient)
    for sym, e in zip(symbols, exponents):
        if e:
            expr = expr * sym**e
    return expr


def sympy_text(coefficient: int, exponents: Sequence[int], variables: Sequence[str]) -> str:
    """The card's monomial as text sympy parses back, e.g. ``3*x**2*y`` or ``-z``."""
    return _sympy_text(coefficient, tuple(exponents), tuple(variables))


@lru_cache(maxsize=8192)
def _sympy_text(coefficient: int, exponents: tuple[int, ...], variables: tuple[str, ...]) -> str:
    """(sympy writes a monomial in milliseconds and a deck repeats its few monomials: each text is
    written once per process, a pure function of its arguments)"""
    import sympy

    return sympy.sstr(expression(coefficient, exponents, variables))


def letters(text: str) -> tuple[str, ...]:
    """The one-letter variables written in a monomial text, in alphabetical order."""
    return tuple(sorted(set(re.findall(r"[a-z]", text))))


def well_formed(text: str) -> bool:
    """Is ``text`` a monomial written the way cards write it (e.g. ``-3*x**2*y``)? Only such
    texts ever reach sympy's parser."""
    return isinstance(text, str) and len(text) <= MAX_TEXT and MONOMIAL_TEXT.fullmatch(text) is not None


def _number(digits: str) -> int | None:
    """A whole number as Python (and so sympy) reads it: no leading zero unless every digit is one."""
    if len(digits) > 1 and digits[0] == "0" and digits.strip("0"):
        return None
    return int(digits)


@lru_cache(maxsize=8192)
def parse(text: str, variables: tuple[str, ...]) -> tuple[int, int, tuple[int, ...]] | None:
    """(coefficient, degree, exponents) of ``text`` over ``variables``, or None when the text is not
    a single monomial with a whole, non-zero coefficient in those variables.

    Read directly from the card grammar (:data:`MONOMIAL_TEXT`), in microseconds: sympy reads the
    same texts the same way (:func:`parse_with_sympy`; a hypothesis test and every deck's check
    compare the two), but takes milliseconds a card, too slow for a deck of 5,000 monomials."""
    if not well_formed(text):
        return None
    body = "".join(text.split()).replace("**", "^")
    sign = -1 if body.startswith("-") else 1
    body = body.lstrip("+-")
    coefficient, exponents = sign, dict.fromkeys(variables, 0)
    for i, factor in enumerate(body.split("*")):
        if factor.isdigit():  # the grammar puts a number only first
            n = _number(factor)
            if n is None:
                return None
            coefficient *= n
            continue
        letter, _, power = factor.partition("^")
        e = _number(power) if power else 1
        if e is None:
            return None
        if e == 0:
            continue  # x**0 is 1 whatever x is
        if letter not in exponents:
            return None
        exponents[letter] += e
    if coefficient == 0:
        return None
    vector = tuple(exponents[v] for v in variables)
    return coefficient, sum(vector), vector


@lru_cache(maxsize=8192)
def parse_with_sympy(text: str, variables: tuple[str, ...]) -> tuple[int, int, tuple[int, ...]] | None:
    """What sympy reads in ``text``: the same answer as :func:`parse`, the slow way (milliseconds a
    text, so each text is read once per process: every deck of a sweep or a test shares the answers)."""
    if not well_formed(text):
        return None
    import sympy

    symbols = sympy.symbols(list(variables)) if variables else []
    local = {str(s): s for s in symbols}
    try:
        expr = sympy.parse_expr(text, local_dict=local)
        poly = sympy.Poly(expr, *symbols) if symbols else sympy.Poly(expr, sympy.Symbol("_unused"))
    except (sympy.SympifyError, SyntaxError, TypeError, ValueError, sympy.PolynomialError, TokenError):
        return None
    terms = poly.terms()
    if len(terms) != 1:
        return None
    monom, coeff = terms[0]
    if not coeff.is_Integer or coeff == 0:
        return None
    if not symbols:
        monom = ()
    return int(coeff), int(sum(monom)), tuple(int(e) for e in monom)


def read(text: str, variables: Sequence[str]) -> tuple[int, int, tuple[int, ...], tuple[str, ...]] | None:
    """(coefficient, degree, exponents, variables) of a card's text: over the deck's ``variables``,
    or else over the letters the text itself uses (a hand-written card of a custom deck)."""
    for names in (tuple(variables), letters(text) if isinstance(text, str) else ()):
        parsed = parse(text, names)
        if parsed is not None:
            return (*parsed, names)
    return None


def runs(coefficient: int, exponents: Sequence[int], variables: Sequence[str]) -> list["Run"]:
    """The monomial as it is printed: coefficient 1 and exponent 1 unwritten, a real minus sign,
    exponents as raised runs (drawn smaller by :func:`deckgen.render.pen.draw_runs`)."""
    from deckgen.render.pen import Run  # the drawing stack, only when a face is drawn

    out: list[Run] = []
    sign = MINUS if coefficient < 0 else ""
    magnitude = abs(coefficient)
    has_vars = any(exponents)
    lead = sign + ("" if magnitude == 1 and has_vars else str(magnitude))
    if lead:
        out.append(Run(lead))
    for var, e in zip(variables, exponents):
        if not e:
            continue
        out.append(Run(var))
        if e != 1:
            out.append(Run(str(e), sup=True))
    return out


def plain(coefficient: int, exponents: Sequence[int], variables: Sequence[str]) -> str:
    """A one-line text of the printed monomial with ``^`` for exponents (for logs and move lists)."""
    return "".join(("^" + r.text) if r.sup else r.text for r in runs(coefficient, exponents, variables))


def printed(text: str, variables: Sequence[str]) -> str:
    """A card's monomial (``2*x**2`` as a deck file may write it) as :func:`plain` shows the
    printed card: ``2x^2``; the text itself when it is no monomial."""
    got = read(text, variables)
    return plain(got[0], got[2], got[3]) if got is not None else text
