"""Preloaded in the job processes of the page's corpus run (tests/i18n/page.py): a check there is
the command-line corpus's short check (``--confidence 4 --model-budget 3000``), whose words are a
long check's. Nothing else changes."""

from __future__ import annotations

import functools

from deckgen import pipeline

SHORT = {"confidence": 4, "model_budget": 3000}

_validate = pipeline.validate


@functools.wraps(_validate)
def short_validate(spec, **kw):
    for key, value in SHORT.items():
        kw.setdefault(key, value)
    return _validate(spec, **kw)


pipeline.validate = short_validate
