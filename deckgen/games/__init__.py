"""One package per game. Each defines ``GAME`` in its ``__init__``; see :mod:`deckgen.registry`."""
