"""Faces: the number large, the aids, exponents drawn raised (never look-alike characters)."""

from deckgen.games.hectoedra.faces import HectoedraFaces, factor_runs, needs_underline
from deckgen.model import Card
from deckgen.render.faces import Frame
from deckgen.render.pen import Run


class RecordingPen:
    def __init__(self):
        self.texts = []
        self.shapes = 0

    def text(self, x, y, s, size, **kw):
        self.texts.append((x, y, s, size))

    def rect(self, *a, **k):
        self.shapes += 1

    ellipse = polygon = polyline = rect


def draw(value, aids, lang="es"):
    pen = RecordingPen()
    HectoedraFaces().front(pen, Card("number", {"value": value}), Frame(63, 88, 0, lang, {"aids": aids}))
    return pen


def test_factor_runs():
    assert factor_runs(72) == [Run("2"), Run("3", sup=True), Run(" · "), Run("3"), Run("2", sup=True)]
    assert factor_runs(30) == [Run("2"), Run(" · "), Run("3"), Run(" · "), Run("5")]
    assert factor_runs(1) == [Run("1")]


def test_the_number_is_the_largest_text():
    pen = draw(57, [])
    biggest = max(pen.texts, key=lambda t: t[3])
    assert biggest[2] == "57" and biggest[3] >= 40
    assert not any("primo" in t[2] or "Divisores" in t[2] for t in pen.texts)


def test_exponents_are_raised_and_smaller():
    pen = draw(72, ["factors"])
    start = next(t for t in pen.texts if t[2] == "72 = ")
    line = [t for t in pen.texts if t[0] > start[0] and abs(t[1] - start[1]) < 4 and t[3] < 20]
    assert [t[2] for t in line] == ["2", "3", " · ", "3", "2"]
    on_line = [t for t in line if t[1] == start[1]]
    raised = [t for t in line if t[1] < start[1] - 1]  # y grows downward: raised means smaller y
    assert [t[2] for t in raised] == ["3", "2"]
    assert all(r[3] < on_line[0][3] for r in raised)
    assert not any(ch in t[2] for t in pen.texts for ch in "²³⁴⁵⁶")


def test_prime_mark_and_divisors():
    texts = [t[2] for t in draw(97, ["prime", "divisors"]).texts]
    assert "primo" in texts and "Divisores" in texts and "1, 97" in texts
    assert "prime" in [t[2] for t in draw(97, ["prime"], "en").texts]
    assert "primo" not in [t[2] for t in draw(91, ["prime"]).texts]  # 91 = 7 · 13


def test_numbers_that_turn_into_another_card_are_underlined():
    """Underlined exactly when the number upside down is another card of 1..100."""
    assert needs_underline(6) and needs_underline(19) and needs_underline(18) and needs_underline(98)
    assert not needs_underline(96) and not needs_underline(69)  # the same number either way up
    assert not needs_underline(100) and not needs_underline(60) and not needs_underline(7)
