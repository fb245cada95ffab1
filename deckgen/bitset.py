"""Sets of small integers kept in an int's bits (hands of cards, sets of vertices)."""

from __future__ import annotations


def members(mask: int) -> list[int]:
    """The positions of the set bits, lowest first: 0b10110 -> [1, 2, 4]."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
