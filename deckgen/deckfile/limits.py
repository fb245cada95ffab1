"""How much a deck file may hold: the limits the reader (load) and the schema (schema) share."""

MAX_FILE_BYTES = 1_000_000
MAX_TEXT = 200  # characters in any text value or key
MAX_DEPTH = 6  # tables and lists inside one another (a deck file needs 4: cards, a card, a list, a value)
MAX_VALUES = 60_000  # values in the whole file (5,000 cards of a few fields each)
MAX_SHOWN = 20  # problems listed; the rest are counted
MAX_CARDS = 5000
MAX_COPIES = 1000
MAX_INT_BITS = 128  # a whole number in a deck file: at most 38 digits (no value deckgen reads comes near)
