"""The words of the algebra game's model checker: its moves and positions, as counterexamples tell them."""

from deckgen.engine.replay import word
from deckgen.i18n import N_, pgettext

# the words of a round's moves and positions, for the model checker's counterexamples and ways out
# of a loop (engine/replay.py): each a catalog message whose placeholders take the term's arguments
# in order ("sep" joins a list). Card names (monomials as printed, Toma dos, Elección de grado...)
# are the same in every language.
MODEL_WORDS = {
    # moves
    "plays": word(N_("plays {card}"), "card"),
    "draws a card": word(N_("draws a card")),
    "keeps": word(N_("keeps the drawn card")),
    "names coefficient": word(N_("names coefficient {value}"), "value"),
    "names degree": word(N_("names degree {value}"), "value"),
    # chance: the deal, the draws, the ÁLGEBRA moment
    "deal": word(N_("deal: {hands}; turned up: {card}"), "hands", "card", sep="; "),
    "seat holds": word(N_("seat {seat}: {cards}"), "seat", "cards"),
    "draws": word(N_("seat {seat} draws {cards}"), "seat", "cards"),
    "finds nothing": word(N_("seat {seat} finds nothing to draw"), "seat"),
    "algebra said": word(N_("ÁLGEBRA said (or not caught)")),
    "algebra caught": word(N_("ÁLGEBRA forgotten and caught: 2 penalty cards")),
    # cards
    "cards": word("", "cards"),
    "copies": word(N_("{n} cards {card}"), "n", "card"),  # not "5 × 2x^2": a product, in a game of monomials
    "nothing": word(N_("nothing")),
    "empty": word(pgettext("pile", "empty")),
    "monomial": word(N_("coefficient {coefficient}, degree {degree}"), "coefficient", "degree"),
    # a position
    "before the deal": word(N_("the cards before the deal: {cards}"), "cards"),
    "round over": word(N_("the round is over: {how}"), "how"),
    "went out": word(N_("seat {seat} went out"), "seat"),
    "blocked": word(N_("blocked")),
    "to act": word(N_("seat {seat} to act"), "seat"),
    "to draw": word(N_("seat {seat} to draw"), "seat"),
    "algebra or not": word(N_("seat {seat}: ÁLGEBRA said or not"), "seat"),
    "any card": word(N_("any card")),
    "coefficient": word(N_("coefficient {value}"), "value"),
    "degree": word(N_("degree {value}"), "value"),
    "coefficient or degree": word(N_("coefficient {coefficient} or degree {degree}"), "coefficient", "degree"),
    "position": word(N_("{turn}; on the table {card} (follow {rule}); {hands}; draw pile: {pile}; under the top card: {under}"),
                     "turn", "card", "rule", "hands", "pile", "under", sep="; "),
}
