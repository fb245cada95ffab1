"""The house Spanish register, checked on any text: informal singular "tú" (see deckgen/games/README.md).

Flags vosotros forms (imperatives in -ad/-ed/-id such as "Separad", "Coged"; present tense in
-áis/-éis; "vosotros", "vuestro", the clitic "os"), ustedes (the word, and imperatives such as
"Pongan", "Mezclen" opening a sentence or an item), formal "usted", and any form of "coger".
"""

from __future__ import annotations

import re

# Words in -ad/-ed/-id that are not verbs (nouns in -dad are left out by rule), and English words
# the final section quotes (command values such as "need" and "seed").
NOT_VERBS = frozenset({"mitad", "red", "pared", "sed", "huésped", "césped", "ardid", "lid", "vid", "need", "seed", "speed", "tied", "id"})
# Ustedes imperatives (the present subjunctive, plural) of the verbs a card game's rules use. At the
# start of a sentence or an item they are commands; "que se repartan" inside a sentence is not.
USTEDES = (
    "pongan mezclen barajen repartan coloquen jueguen roben tomen elijan digan cuenten dejen separen quiten "
    "miren den sigan pasen apunten anoten recojan esperen golpeen destapen levanten griten devuelvan escojan "
    "guarden muestren empiecen gire giren formen busquen usen lean comprueben"
).split()
ALWAYS = re.compile(
    r"\b(vosotr[oa]s|vuestr[oa]s?|ustedes|usted|os|pongan|mezclen|barajen|coloquen|jueguen|"
    r"cog(e|er|en|es|ió|ía|ían|iendo|ido|ida|emos|ed)|coj(a|an|as|o))\b",
    re.IGNORECASE,
)
OPENING = re.compile(r"(?:^|[.!?:;•]\s*|[¡¿])(" + "|".join(USTEDES) + r")\b", re.IGNORECASE)
# ustedes imperatives with an enclitic ("quítense", "pónganse"), and "dado la vuelta" where the
# gerund is meant ("dándole la vuelta")
ENCLITIC = re.compile(r"\b\w*[áéíóú]\w*(?:ense|anse)\b|\bdado la vuelta\b", re.IGNORECASE)
ENDINGS = re.compile(r"\b(\w+(?:ad|ed|id))\b|\b(\w+(?:áis|éis))\b", re.IGNORECASE)


def register_problems(text: str, *, endings: bool = True) -> list[str]:
    """Every word of ``text`` outside the register; ``endings`` also weighs verb endings (-ad/-ed/-id,
    -áis/-éis), which only a Spanish text can be asked about."""
    found = [m.group(0) for m in ALWAYS.finditer(text)]
    found += [m.group(1) for m in OPENING.finditer(text)]
    found += [m.group(0) for m in ENCLITIC.finditer(text)]
    if endings:
        for m in ENDINGS.finditer(text):
            word = m.group(0)
            low = word.lower()
            if m.group(2) or not (low.endswith("dad") or low in NOT_VERBS):
                found.append(word)
    return found
