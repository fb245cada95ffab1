from deckgen.cli import main

main()
