"""``python3 -m deckgen …``: the same command line as ``deckgen …``."""

from deckgen.main import main

if __name__ == "__main__":
    main()
