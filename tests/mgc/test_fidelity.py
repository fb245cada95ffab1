"""MGC read against the source rulebook (issue 13, item 10): when the first card turned up is an
action card, no monomial is in play, so any card may follow; the rulebook says so, with the reason."""

from __future__ import annotations

import pytest

from deckgen.games.mgc.state import PLAY
from deckgen.rulebook.render import write_rulebook
from deckgen.spec import spec_for
from deckgen.games.mgc import GAME

from mgc.mgctools import hand, new_state
from rulebook.rbtools import flat, pdf_pages


@pytest.mark.parametrize("action", ["retorno", "intermision", "toma_dos", "toma_cuatro"])
def test_after_an_action_card_turned_up_first_any_card_may_be_played(deck, cards, action):
    state, _ = new_state(deck, 3, top=cards.action(action))
    assert state.phase == PLAY
    seat = state.current_player()
    held = set(hand(state, seat))
    legal = {a for a in state.legal_actions() if a < state.k.size}
    # every card in the hand, monomial or action, whatever its coefficient and degree
    same = {c for c in held if any(deck.cards[c] == deck.cards[d] for d in legal)}
    assert same == held and len(held) >= 7
    # the deal gave this seat action cards only: give it monomials of every coefficient instead
    t = state.k.tables
    pairs = {}
    for i in range(t.size):
        if t.kind[i] == 0:  # a monomial
            pairs.setdefault((t.coefficient[i], t.degree[i]), i)
    coefficients = sorted({c for c, _ in pairs})
    degrees = sorted({d for _, d in pairs})
    # one monomial per coefficient, the degrees turning round: no coefficient or degree is shared by all
    monomials = sorted(pairs[(c, degrees[k % len(degrees)])] for k, c in enumerate(coefficients) if (c, degrees[k % len(degrees)]) in pairs)
    assert len({t.degree[i] for i in monomials}) > 1 and len(monomials) >= 6
    state.hands[seat] = sum(1 << i for i in monomials)
    assert sorted(a for a in state.legal_actions() if a < t.size) == monomials  # every one may follow


@pytest.mark.parametrize("lang, words", [
    ("es", "como todavía no hay ningún monomio en juego, no hay coeficiente ni grado que seguir"),
    ("en", "since no monomial is in play yet, there is no coefficient or degree to follow"),
])
def test_the_rulebook_says_any_card_may_follow_an_action_card_turned_up_first(tmp_path, lang, words):
    spec = spec_for("mgc", cli={})
    deck = spec.build()
    path = write_rulebook(tmp_path / f"mgc-{lang}.pdf", GAME, deck, lang, spec.print)
    text = flat(" ".join(pdf_pages(path, body=True)))
    assert words in text
    assert ("cualquier carta" if lang == "es" else "any card") in text.split(words)[1][:200]
