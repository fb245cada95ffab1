"""The catalogs themselves: extraction finds every marked message; every Spanish entry is translated
(not empty, not fuzzy), keeps its message's placeholders and writes the house register; messages are
whole literals, never built with an f-string, ``+``, ``%`` or ``.format``. (The compiled ``.mo``
equals its ``.po``: tests/i18n/test_layer.py.)"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from deckgen.i18n import maintain

PACKAGE = maintain.PACKAGE
MARKERS = {"_": ("id",), "N_": ("id",), "ngettext": ("id", "plural"), "pgettext": ("context", "id"),
           "npgettext": ("context", "id", "plural")}


def marked_calls():
    """Every call of a marker in the package's Python code: (file, line, marker name, its arguments)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                yield path.relative_to(PACKAGE.parent), node.lineno, node.func.id, node.args


@pytest.fixture(scope="module")
def template():
    return maintain.extract()


@pytest.fixture(scope="module")
def spanish():
    return maintain.read(maintain.po_path("es"))


def test_extraction_finds_every_marked_message(template):
    """Read the code independently of Babel: every literal message a marker is called with is in the
    extracted catalog, and the catalog holds nothing else from Python code (the templates add theirs)."""
    found = set()
    for _file, _line, name, args in marked_calls():
        roles = dict(zip(MARKERS[name], args))
        if not all(isinstance(roles.get(r), ast.Constant) for r in MARKERS[name]):
            continue  # N_ data translated later (``_(TOML_FIXED[text])``): its literal is marked where it is written
        msgid = roles["id"].value if "plural" not in roles else (roles["id"].value, roles["plural"].value)
        context = roles["context"].value if "context" in roles else None
        found.add((msgid, context))
    extracted = {(m.id, m.context) for m in template if m.id and any(str(f).endswith(".py") for f, _ in m.locations)}
    assert found, "no marked message found: the scan is broken"
    assert found - extracted == set(), "marked in the code but not extracted"
    assert extracted - found == set(), "extracted but not marked as the scan reads the code"
    assert len(found) > 350  # the command line's messages alone


def test_messages_are_whole_literals():
    """A message is a literal the translator reads whole: never an f-string, a concatenation, ``%`` or
    ``.format`` (a variable is allowed only for ``_`` itself: N_ data translated when shown)."""
    bad = []
    for file, line, name, args in marked_calls():
        for role, arg in zip(MARKERS[name], args):
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                continue
            if name == "_" and isinstance(arg, (ast.Name, ast.Subscript, ast.Attribute)):
                continue
            bad.append(f"{file}:{line}: {name}() given {ast.unparse(arg)[:60]}")
    assert bad == []


def _fields(text: str) -> set[str]:
    return {f"{field}{'!' + conv if conv else ''}:{spec}" if spec else f"{field}{'!' + conv if conv else ''}"
            for _lit, field, spec, conv in string.Formatter().parse(text) if field is not None}


def test_every_spanish_entry_is_translated_and_keeps_its_placeholders(spanish):
    problems = []
    entries = [m for m in spanish if m.id]
    for m in entries:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            problems.append(f"untranslated or fuzzy: {ids[0]!r}")
            continue
        wanted = set().union(*(_fields(i) for i in ids))
        if len(ids) > 1:  # a plural form may say its count in words ("una carta")
            wanted = {f for f in wanted if f.split(":")[0].split("!")[0] != "n"}
        for s in strings:
            try:
                have = _fields(s)
            except ValueError as exc:
                problems.append(f"{ids[0]!r}: the translation is not a valid message ({exc})")
                continue
            if have - set().union(*(_fields(i) for i in ids)):
                problems.append(f"{ids[0]!r}: the translation has placeholders of its own: {sorted(have)}")
            if wanted - have:
                problems.append(f"{ids[0]!r}: the translation leaves out {sorted(wanted - have)}")
    assert problems == []
    assert len(entries) >= 360  # the command line's own (others add theirs)


def test_the_spanish_register_is_tu(spanish):
    """Informal singular "tú", never "vosotros", "ustedes", "usted" or "coger" (tests/spanish.py)."""
    from spanish import register_problems

    found = {}
    for m in spanish:
        for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
            problems = register_problems(s or "", endings=False)
            if problems:
                found[m.id if isinstance(m.id, str) else m.id[0]] = problems
    assert found == {}
