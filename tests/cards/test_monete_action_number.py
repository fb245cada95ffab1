"""Issue 31, point 3: a Monete action card shows the number to follow large, as a number card does
(not only in its corner index). Read back from cards.pdf: an upright text of 30 pt or more that is
the card's value, cap height >= 10 mm."""

from __future__ import annotations

from cardcheck import MM, cells, large_texts


def test_action_cards_show_their_number_large(built):
    b = built("monete")
    checked = 0
    for cell in cells(b.shapes, b.deck["cards"], side="front"):  # back pages never read
        card = b.deck["cards"][cell.card] if cell.side == "front" else None
        if not card or card["kind"] != "action":
            continue
        big = [(size, text) for size, text in large_texts(cell, 30.0)]
        assert (max(s for s, _ in big), str(card["value"])) in big if big else False, (card, big)
        assert max(s for s, _ in big) * 0.72 >= 10 * MM - 0.5  # cap height, in points
        checked += 1
    assert checked == sum(1 for c in b.deck["cards"] if c["kind"] == "action") == 26
