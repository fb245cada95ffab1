"""Adding a language is adding a .po file (README: "The command line's language"): in a copy of the
package, `python3 -m deckgen.i18n.maintain --add fr` starts the French catalog, a translator fills
some entries, `maintain` compiles it, and deckgen speaks French to a French locale and to
`--ui-lang fr`; what is not translated yet stays English. Nothing else is touched."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from deckgen.i18n import maintain

FRENCH = {
    "Usage: ": "Utilisation : ",
    "Options": "Options",
    "Commands": "Commandes",
    "Show this message and exit.": "Affiche ce message et quitte.",
    "no such option: {option}{suggestion}": "option inconnue : {option}{suggestion}",
    " (did you mean {word}?)": " (vouliez-vous dire {word} ?)",
}


def _run(args, cwd, **env):
    clean = {k: v for k, v in os.environ.items() if k not in ("DECKGEN_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([sys.executable, *args], cwd=cwd, env={**clean, "PYTHONPATH": str(cwd), **env},
                          capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def test_a_new_po_file_is_a_new_language(tmp_path):
    shutil.copytree(maintain.PACKAGE, tmp_path / "deckgen", ignore=shutil.ignore_patterns("__pycache__"))
    code, out, err = _run(["-m", "deckgen.i18n.maintain", "--add", "fr"], tmp_path)
    assert code == 0, err
    po = tmp_path / "deckgen" / "locale" / "fr" / "LC_MESSAGES" / "deckgen.po"
    catalog = maintain.read(po)
    assert len([m for m in catalog if m.id]) == len([m for m in maintain.read(maintain.po_path("es")) if m.id])
    for message in catalog:  # a translator's first entries
        if message.id in FRENCH:
            message.string = FRENCH[message.id]
    po.write_bytes(maintain.po_text(catalog))
    code, out, err = _run(["-m", "deckgen.i18n.maintain"], tmp_path)
    assert code == 0 and (po.with_suffix(".mo")).is_file(), err

    code, out, _ = _run(["-m", "deckgen", "calibrate", "--help"], tmp_path, LANG="fr_FR.UTF-8")
    assert code == 0 and out.startswith("Utilisation : deckgen calibrate [OPTIONS]")  # [OPTIONS]: not translated yet
    assert "Affiche ce message et quitte." in out and "a4 or letter" in out
    code, _, err = _run(["-m", "deckgen", "--ui-lang", "fr", "calibrate", "--pape", "a4"], tmp_path, LANG="es_ES.UTF-8")
    assert code == 2 and err == "error: option inconnue : --pape (vouliez-vous dire --paper ?)\n"
    code, out, _ = _run(["-m", "deckgen", "--help"], tmp_path, LANG="es_ES.UTF-8")
    assert out.startswith("Uso: deckgen [OPCIONES]") and "--ui-lang IDIOMA" in out and "en, es o fr" in out
    assert not (maintain.LOCALE_DIR / "fr").exists()  # the package itself is untouched
