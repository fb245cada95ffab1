"""Issue 31, point 3: MGC gets the 6/9 cue the other games have. "6z" turned 180° reads "z9", so a
coefficient whose digits turn into another number is underlined, in the centre and in both corner
indexes; other coefficients are not. Read back from cards.pdf."""

from __future__ import annotations

from cardcheck import cells

from deckgen.games.mgc.faces import turning_coefficient
from deckgen.render.pen import Run


def _bar_under(cell, ch) -> bool:
    """A filled bar just under glyph ``ch`` (on its own "down" side), about as wide as the glyph."""
    a, b, c, d, e, f = ch["matrix"]
    up = 1 if d > 0 else -1
    w = ch["x1"] - ch["x0"]
    for o in cell.shapes:
        if not o.get("fill") or o["object_type"] != "rect" or (o["y1"] - o["y0"]) > 0.2 * ch["size"]:
            continue
        cx, cy = (o["x0"] + o["x1"]) / 2, (o["y0"] + o["y1"]) / 2
        below = (f - cy) * up
        if ch["x0"] - 0.1 <= cx <= ch["x1"] + 0.1 and 0 < below <= 0.35 * ch["size"] and 0.6 * w <= o["x1"] - o["x0"] <= 1.6 * w:
            return True
    return False


def test_turning_coefficients_are_underlined(built):
    b = built("mgc", "--coefficients", "1-9", "--degrees", "1-9")
    seen = {6: 0, 9: 0, 8: 0}
    for cell in cells(b.shapes, b.deck["cards"], side="front"):  # back pages never read
        if cell.side != "front":
            continue
        card = b.deck["cards"][cell.card]
        coefficient = card.get("coefficient")
        if card["kind"] != "monomial" or abs(coefficient) not in seen:
            continue
        digits = [ch for ch in cell.chars if ch["text"] == str(abs(coefficient))[0] and ch["size"] >= 10]
        # the big monomial and the two corner indexes (an exponent of the same digit is smaller)
        leads = sorted(digits, key=lambda ch: -ch["size"])[:1] + [ch for ch in digits if 10 <= ch["size"] <= 13.5]
        assert len(leads) >= 3, card
        marked = [_bar_under(cell, ch) for ch in leads]
        if abs(coefficient) in (6, 9):
            assert all(marked), (card, marked)
        else:
            assert not any(marked), (card, marked)
        seen[abs(coefficient)] += 1
    assert all(seen.values()), seen


def test_which_coefficients_turn():
    assert turning_coefficient([Run("6"), Run("z")]) == "6"
    assert turning_coefficient([Run("−9"), Run("x"), Run("2", sup=True)]) == "−9"
    assert turning_coefficient([Run("16"), Run("x")]) == "16"
    assert turning_coefficient([Run("8"), Run("x")]) == "" and turning_coefficient([Run("69"), Run("y")]) == ""
    assert turning_coefficient([Run("x"), Run("6", sup=True)]) == "" and turning_coefficient([]) == ""
