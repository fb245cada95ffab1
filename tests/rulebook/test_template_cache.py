"""Compiled rulebook templates are kept in $XDG_CACHE_HOME/deckgen/templates/ (a build then skips
jinja2's compiler): the cached code renders exactly what a fresh compile renders, a change to the
template or to the environment's settings is never served stale, and a cache that cannot be used is
no error."""

from __future__ import annotations

import os

import pytest

from deckgen.rulebook import template as tpl


def _render(root, name="g/t.es.html.j2", **context):
    return tpl.environment(root).get_template(name).render(**context)


@pytest.fixture
def root(tmp_path):
    folder = tmp_path / "templates" / "g"
    folder.mkdir(parents=True)
    (folder / "t.es.html.j2").write_text("<p>{{ items | andlist }}</p>\n{% if n %}\n  <p>{{ n | number }}</p>\n{% endif %}\n", encoding="utf-8")
    return tmp_path / "templates"


def _entries():
    folder = tpl._cache_dir()
    return sorted(folder.glob("__jinja2_*.cache")) if folder.is_dir() else []


def test_the_cached_code_renders_what_a_fresh_compile_renders(root, monkeypatch):
    first = _render(root, items=["a", "b", "c"], n=0.5, lang="es")
    assert first == "<p>a, b y c</p>\n  <p>0,5</p>\n" and len(_entries()) == 1
    calls = []
    monkeypatch.setattr(tpl.jinja2.Environment, "_compile", lambda *a, **k: calls.append(a) or pytest.fail("compiled again"))
    assert _render(root, items=["a", "b", "c"], n=0.5, lang="es") == first and calls == []


def test_a_changed_template_is_compiled_again(root):
    _render(root, items=["a"], n=1, lang="es")
    (root / "g" / "t.es.html.j2").write_text("<p>{{ items | andlist }}!</p>\n", encoding="utf-8")
    assert _render(root, items=["a", "b"], lang="en") == "<p>a and b!</p>\n"


def test_other_environment_settings_never_share_compiled_code(root, monkeypatch):
    _render(root, items=["a"], n=0, lang="es")
    original = tpl.jinja2.Environment.__init__

    def untrimmed(self, *args, **kwargs):
        original(self, *args, **dict(kwargs, trim_blocks=False, lstrip_blocks=False))

    monkeypatch.setattr(tpl.jinja2.Environment, "__init__", untrimmed)
    assert _render(root, items=["a"], n=0, lang="es") == "<p>a</p>\n\n"  # the untrimmed lines of {% if %}
    assert len(_entries()) == 2


def test_a_damaged_or_unwritable_cache_is_no_error(root, tmp_path, monkeypatch):
    expected = _render(root, items=["x"], n=2, lang="en")
    for entry in _entries():
        entry.write_bytes(b"not a cache entry")
    assert _render(root, items=["x"], n=2, lang="en") == expected
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert _render(root, items=["x"], n=2, lang="en") == expected
    if os.name == "posix" and os.geteuid() != 0:  # root writes anywhere
        readonly = tmp_path / "ro"
        (readonly / "deckgen" / "templates").mkdir(parents=True)
        (readonly / "deckgen" / "templates").chmod(0o500)
        monkeypatch.setenv("XDG_CACHE_HOME", str(readonly))
        assert _render(root, items=["x"], n=2, lang="en") == expected
