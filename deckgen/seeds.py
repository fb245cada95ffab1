"""The range of a seed, stated once for every face: the command line's ``--seed`` (every command, and
``puzzle``'s), the web form's field, a deck file's ``seed`` key and its schema all read it from here,
and both ends are accepted everywhere (tests/test_seed_range.py)."""

from __future__ import annotations

LOWEST = 0
HIGHEST = 2**63 - 1  # 9223372036854775807: the largest a 64-bit signed integer holds
RANGE = (LOWEST, HIGHEST)
