"""Keep the catalogs in step with the code: ``python3 -m deckgen.i18n.maintain``.

1. extracts every marked message (``_``, ``ngettext``, ``pgettext``, ``N_`` in Python; ``{% trans %}``
   and ``_()`` in the web page's templates) with Babel;
2. updates each ``deckgen/locale/<lang>/LC_MESSAGES/deckgen.po``: new messages arrive empty, changed
   ones as fuzzy guesses, gone ones are dropped (sorted by message, no line numbers, so that two
   branches' additions merge);
3. compiles each ``.po`` into the ``.mo`` deckgen reads (shipped in the wheel).

``--check`` changes nothing and fails when a catalog is out of step or holds a message untranslated
or fuzzy (the catalog test runs it). To add a
language: ``python3 -m deckgen.i18n.maintain --add fr``, translate every entry of the new ``.po``
(a ``.po`` editor such as Poedit helps), run this again, and deckgen speaks it (``DECKGEN_LANG=fr``).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from deckgen.i18n.catalogs import DOMAIN, LOCALE_DIR

PACKAGE = Path(__file__).resolve().parent.parent
METHODS = [("**.py", "python"), ("web/templates/**.j2", "jinja2")]
OPTIONS = {"web/templates/**.j2": {"extensions": "jinja2.ext.i18n", "encoding": "utf-8"}}
HEADER = "deckgen's messages"


def extract():
    """Every marked message of the package, as a Babel catalog (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(project="deckgen", header_comment=f"# {HEADER}", fuzzy=False, creation_date=_EPOCH())
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), METHODS, OPTIONS, comment_tags=("Translators:",), strip_comment_tags=True
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def _EPOCH():
    from datetime import datetime, timezone

    return datetime(2026, 1, 1, tzinfo=timezone.utc)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path):
    from babel.messages.pofile import read_po

    with open(path, "rb") as f:
        return read_po(f, abort_invalid=True)


def po_text(catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, omit_header=False, sort_output=True, ignore_obsolete=True,
             include_previous=False)
    return out.getvalue()


def mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def updated(lang: str, template):
    catalog = read(po_path(lang))
    catalog.update(template, no_fuzzy_matching=False, update_creation_date=False)
    catalog.obsolete.clear()
    return catalog


def merge(base: Path, ours: Path, theirs: Path) -> int:
    """Two translators' (or two branches') changes to one catalog, both kept: a message only one side
    added or translated takes that side's words; where both changed one message differently, ours
    wins and the message is marked fuzzy for a translator to look at. Configure it once per clone::

        git config merge.deckgen-po.driver "python3 -m deckgen.i18n.maintain --merge %O %A %B"
        git config merge.deckgen-mo.driver true   # then run this module again: it compiles the .mo
    """
    old, mine, other = read(base), read(ours), read(theirs)
    for m in other:
        if not m.id:
            continue
        had, have = old.get(m.id, m.context), mine.get(m.id, m.context)
        if have is None:
            mine[m.id] = m  # babel keys it by the message's own context (a tuple here would read as a plural)
        elif had is not None and have.string == had.string and m.string != had.string:
            have.string, have.flags = m.string, set(m.flags)
        elif m.string and have.string != m.string and (had is None or m.string != had.string) and have.string:
            have.flags.add("fuzzy")
        elif m.string and not have.string:
            have.string = m.string
    ours.write_bytes(po_text(mine))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m deckgen.i18n.maintain", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a catalog is out of step")
    parser.add_argument("--add", metavar="LANG", help="start the catalog of a new language")
    parser.add_argument("--merge", nargs=3, metavar=("BASE", "OURS", "THEIRS"),
                        help="merge two branches' versions of one .po file into OURS (a git merge driver)")
    args = parser.parse_args(argv)
    if args.merge:
        return merge(*map(Path, args.merge))
    template = extract()
    if args.add:
        from babel.messages.catalog import Catalog

        path = po_path(args.add)
        if path.exists():
            print(f"{path} exists already", file=sys.stderr)
            return 1
        path.parent.mkdir(parents=True, exist_ok=True)
        new = Catalog(locale=args.add, project="deckgen", header_comment=f"# {HEADER}", creation_date=_EPOCH(),
                      revision_date=_EPOCH())
        path.write_bytes(po_text(new))
    stale, untranslated = [], []
    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        lang = po.parent.parent.name
        catalog = updated(lang, template)
        text, mo = po_text(catalog), mo_bytes(catalog)
        mo_path = po.with_suffix(".mo")
        for path, data in ((po, text), (mo_path, mo)):
            if not path.exists() or path.read_bytes() != data:
                stale.append(path)
                if not args.check:
                    path.write_bytes(data)
        missing = [m.id for m in catalog if m.id and (not m.string or m.fuzzy or (isinstance(m.string, tuple) and not all(m.string)))]
        if missing:
            untranslated.append(lang)
            print(f"{lang}: {len(missing)} messages untranslated or fuzzy, the first: {missing[0]!r}", file=sys.stderr)
    for path in stale:
        print(f"{'out of step' if args.check else 'written'}: {path.relative_to(PACKAGE.parent)}")
    return 1 if args.check and (stale or untranslated) else 0


if __name__ == "__main__":
    sys.exit(main())
