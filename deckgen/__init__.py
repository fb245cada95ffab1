"""deckgen: print-ready decks, rulebooks and rule engines for five classroom math card games."""

__version__ = "0.1.0"
