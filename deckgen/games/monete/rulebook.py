from deckgen.rulebook.spec import Rulebook
RULEBOOK = Rulebook(context=lambda deck, lang: {})
