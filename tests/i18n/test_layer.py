"""The language layer itself (deckgen/i18n): messages translated when shown, plural forms, numbers
and lists as each language writes them, the user's language found from the locale."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.i18n import Listing, _, current_lang, ngettext, pgettext, render, using
from deckgen.i18n.userlang import language_of, user_lang


@pytest.fixture()
def catalog(tmp_path, monkeypatch):
    """A small Spanish catalog in a folder of its own (DECKGEN_LOCALE_DIR), searched first."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    cat = Catalog(locale="es")
    cat._num_plurals, cat._plural_expr = 2, "(n != 1)"  # as deckgen's own Spanish catalog says
    cat.add("{n:,} positions searched", "{n:,} posiciones exploradas")
    cat.add(("{n} card", "{n} cards"), ("{n} carta", "{n} cartas"))
    cat.add("mean {x:.1f} turns", "media de {x:.1f} turnos")
    cat.add("{what} is refused", "se rechaza {what}")
    cat.add("the deck", "el mazo")
    cat.add("order", "orden", context="sort")
    cat.add("broken {name}", "roto {nombre}")  # a translator's wrong placeholder
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    out = io.BytesIO()
    write_mo(out, cat)
    (folder / "deckgen.mo").write_bytes(out.getvalue())
    monkeypatch.setenv("DECKGEN_LOCALE_DIR", str(tmp_path))
    return tmp_path


def test_a_message_is_its_english_and_shown_in_the_language_in_force(catalog):
    m = _("{n:,} positions searched", n=1204823)
    assert m == "1,204,823 positions searched"  # the str content: stable English (JSON, comparisons)
    assert str(m) == "1,204,823 positions searched"
    with using("es"):
        assert str(m) == "1.204.823 posiciones exploradas"
        assert f"[{m}]" == "[1.204.823 posiciones exploradas]"
        assert "%s" % m == "1.204.823 posiciones exploradas"
        assert current_lang() == "es"
    assert current_lang() == "en"
    assert m.render("es") == "1.204.823 posiciones exploradas"


def test_plural_forms_decimal_comma_nested_messages_and_context(catalog):
    assert ngettext("{n} card", "{n} cards", 1).render("es") == "1 carta"
    assert ngettext("{n} card", "{n} cards", 3).render("es") == "3 cartas"
    assert ngettext("{n} card", "{n} cards", 3) == "3 cards"
    assert _("mean {x:.1f} turns", x=2.46).render("es") == "media de 2,5 turnos"
    assert _("{what} is refused", what=_("the deck")).render("es") == "se rechaza el mazo"
    assert _("{what} is refused", what="deck.toml").render("es") == "se rechaza deck.toml"  # a user's text stays
    assert pgettext("sort", "order").render("es") == "orden"
    assert _("order").render("es") == "order"  # another context: not translated
    assert render(_("the deck"), "es") == "el mazo" and render(42, "es") == "42"


def test_a_wrong_translation_falls_back_to_english_and_an_unknown_message_stays_english(catalog):
    assert _("broken {name}", name="x").render("es") == "broken x"
    assert _("not in any catalog {n}", n=2).render("es") == "not in any catalog 2"
    with pytest.raises(KeyError):
        _("a placeholder without its value {missing}")


def test_spanish_numbers_group_from_five_digits_and_space_the_percent_sign():
    """CLDR's minimum grouping digits (2 for Spanish, which Babel leaves out) and the percent pattern."""
    from deckgen.i18n.numbers import localized

    said = {t: localized(t, "es") for t in ("1,500", "15,000", "1,204,823", "1,234.5", "-1,234", "45%", "2.5")}
    assert said == {"1,500": "1500", "15,000": "15.000", "1,204,823": "1.204.823", "1,234.5": "1234,5", "-1,234": "-1234",
                    "45%": "45\u00a0%", "2.5": "2,5"}
    assert _("{x:.0%} of {n:,}", x=0.45, n=1500).render("es") == "45\u00a0% of 1500"  # (no catalog entry: the English)
    assert localized("1,500", "en") == "1,500" and localized("45%", "en") == "45%"


def test_spanish_lists_say_e_before_an_i_and_u_before_an_o():
    assert Listing(["padres", "hijos"]).render("es") == "padres e hijos"
    assert Listing(["agua", "hielo"]).render("es") == "agua y hielo"  # "hie" is not an i sound
    assert Listing(["siete", "ocho"], "or").render("es") == "siete u ocho"
    assert Listing([7, 8], "or").render("es") == "7 u 8" and Listing([10, 11], "or").render("es") == "10 u 11"
    assert Listing([2, 3, 18], "or").render("es") == "2, 3 o 18" and Listing([1.5, 2]).render("es") == "1,5 y 2"


def test_lists_in_each_language(catalog):
    assert Listing(["es", "en"], "or") == "es or en"
    assert Listing(["a", "b", "c"]).render("es") == "a, b y c"
    assert Listing(["a", "b", "c"], "or").render("es") == "a, b o c"
    assert Listing([_("the deck"), "x"]).render("es") == "el mazo y x"
    assert Listing([]) == "" and Listing(["solo"]).render("es") == "solo"


def test_messages_cross_processes_with_their_values(catalog):
    m = _("{what} is refused", what=_("the deck"))
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.render("es") == "se rechaza el mazo"
    lst = pickle.loads(pickle.dumps(Listing(["a", _("the deck")])))
    assert lst.render("es") == "a y el mazo"


@pytest.mark.parametrize(
    ("env", "want"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es_MX"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),  # a language deckgen does not speak
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "es_AR.UTF-8"}, "es"),
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "es_ES"}, "en"),  # LC_ALL wins over LC_MESSAGES
        ({"LANGUAGE": "fr:es:en", "LANG": "en_US.UTF-8"}, "es"),  # the first spoken language of the list
        ({"LANGUAGE": "es", "LANG": "C"}, "en"),  # gettext ignores LANGUAGE under the C locale
        ({"LANGUAGE": "es", "LC_ALL": "C.UTF-8"}, "en"),
        ({"LANGUAGE": "es"}, "en"),  # no locale set is the C locale: gettext reads no LANGUAGE then either
        ({"LANG": "es_ES.UTF-8", "DECKGEN_LANG": "en"}, "en"),  # the override
        ({"LANG": "C", "DECKGEN_LANG": "es"}, "es"),
        ({"DECKGEN_LANG": "es_ES.UTF-8"}, "es"),
    ],
)
def test_the_users_language_from_the_environment(env, want):
    assert user_lang(env) == want


def test_the_option_wins_and_a_wrong_language_is_one_clear_message():
    assert user_lang({"DECKGEN_LANG": "en"}, asked="es") == "es"
    with pytest.raises(DeckgenError, match=r"DECKGEN_LANG: 'klingon' is not a language deckgen speaks \(en or es\)"):
        user_lang({"DECKGEN_LANG": "klingon"})
    with pytest.raises(DeckgenError, match=r"--ui-lang: 'xx'"):
        user_lang({}, asked="xx")
    assert language_of("pt-BR") == "pt" and language_of("POSIX") == "en" and language_of("de_DE@euro") == "de"


def test_the_shipped_catalogs_compile_from_their_po_files():
    """deckgen reads the .mo files; the .po files are the translators' source. The two are one truth:
    compiling each .po gives its .mo byte for byte, and the catalogs hold every marked message
    (``python3 -m deckgen.i18n.maintain --check``)."""
    from deckgen.i18n import maintain

    assert maintain.main(["--check"]) == 0
    pos = sorted(Path(maintain.LOCALE_DIR).glob("*/LC_MESSAGES/deckgen.po"))
    assert [p.parent.parent.name for p in pos] == ["es"]
    for po in pos:
        assert po.with_suffix(".mo").read_bytes() == maintain.mo_bytes(maintain.read(po))


def test_the_pseudo_locale_changes_every_word_and_keeps_placeholders(tmp_path, monkeypatch):
    import pseudo_locale

    assert pseudo_locale.pseudo("{n:,} cards of {what!r}") == "⟪{n:,} ćàŕđś öƒ {what!r}·······⟫"
    assert pseudo_locale.pseudo("a {{literal}} brace") == "⟪à {{ĺîţéŕàĺ}} ƀŕàćé······⟫"
    monkeypatch.setenv("DECKGEN_LOCALE_DIR", str(pseudo_locale.build(tmp_path)))
    said = _("{where}: {value!r} is not a language deckgen speaks ({languages})", where="X", value="y", languages="z")
    assert said.render(pseudo_locale.LANG).startswith("⟪X: 'y' îś ñöţ à ĺàñĝûàĝé")


def test_two_branches_changes_to_a_catalog_are_both_kept(tmp_path):
    """The .po merge driver: messages added on either side kept, a translation changed on one side
    taken, a message both sides translated differently kept as ours and marked fuzzy."""
    from babel.messages.catalog import Catalog

    from deckgen.i18n import maintain

    def po(name, entries):
        cat = Catalog(locale="es")
        for msgid, msgstr in entries:
            cat.add(msgid, msgstr)
        (tmp_path / name).write_bytes(maintain.po_text(cat))
        return tmp_path / name

    base = po("base.po", [("a", "A"), ("d", "D")])
    ours = po("ours.po", [("a", "A"), ("b", "B"), ("d", "D1")])
    theirs = po("theirs.po", [("a", "A2"), ("c", "C"), ("d", "D2")])
    assert maintain.merge(base, ours, theirs) == 0
    merged = {m.id: (m.string, m.fuzzy) for m in maintain.read(ours) if m.id}
    assert merged == {"a": ("A2", False), "b": ("B", False), "c": ("C", False), "d": ("D1", True)}
