"""`deckgen serve`: a local web page where a teacher chooses a game, sets its options, previews the
cards, checks the deck and downloads what to print. It calls the pipeline exactly as the CLI does and
holds no game-specific code: the form comes from each game's option declarations."""
