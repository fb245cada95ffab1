"""Suite-wide settings: hypothesis profiles, and no silent skip under CI.

- ``CI=true`` selects the hypothesis profile ``ci``: derandomized (a failure reproduces on any
  machine) with the examples each test asks for. Elsewhere the ``dev`` profile keeps hypothesis's
  random search and its database. ``HYPOTHESIS_PROFILE`` picks one by name.
- Under ``CI=true`` a skipped test is reported as a failure: CI has everything the suite needs
  (the source rulebooks beside the checkout, the browser), so a skip there can only hide a gap.
- Every test keeps deckgen's figures cache (XDG_CACHE_HOME) in its own temporary folder, or, asking
  for ``cache_of_the_file``, shares one with the other tests of its file.
- A process forked from a test process (deckgen's pools start by fork on Linux, the rule-mutant
  checker forks its children) inherits the test process's heap, which grows to a gigabyte or more
  over a session (the PDFs the session fixtures keep open). Unless that heap is frozen, the child's
  garbage collector walks every inherited object and copies each page it touches: a fork then costs
  seconds (the rule-mutant check took 21 s instead of 2). The child freezes what it inherited at
  once (``gc.freeze`` in ``after_in_child``: no Python code runs in it before), and the parent's
  own frozen objects stay frozen (unfrozen after each fork, as they were, every fork gave the
  parent's collector the whole heap to walk again).
- The test process itself: the objects alive when a test file starts (imported modules, the session
  fixtures' builds and the PDFs they read, caches) live on, and each full collection walked them all
  again only to find them alive, about half a second each in a process holding a gigabyte: in one
  process running tests/cards, print, rulebook, engine, analysis and mgc (as a worker holds several
  directories' session fixtures), the collector took 32 s of 209 CPU seconds. So at the start of
  each test file the collector runs once over what is not frozen yet (the last file's garbage is
  freed) and freezes what is left (``freeze_at_each_file`` below): 11 s in that run. What a file's
  tests and module fixtures make is collected as before. An object frozen there that later becomes
  a cycle of garbage is kept until the process ends (reference counting still frees the rest): the
  peak memory of that run stayed the same (1.07 GB, was 1.09 GB).
- pdfminer reads each form XObject (a card back) once per document, not once per use
  (``remember_form_contents`` below).
- Under ``--dist loadfile`` (pyproject's addopts) each test file goes to one worker, except the
  groups of files in ``SHARED_BUILDS``, whose files go to one worker together: their session fixture builds
  each deck once and reads its pages once per worker, so files split over two workers built and
  read the same decks twice (tests/cards: 58 s of CPU on two workers, 51 s on one).
"""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import settings

from sources import under_ci

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if under_ci() else "dev"))

os.register_at_fork(after_in_child=gc.freeze)

# deckgen speaks the user's language (deckgen.i18n.userlang): the suite reads English unless a test
# asks for another, whatever the machine's locale
os.environ["DECKGEN_LANG"] = "en"
os.environ.pop("DECKGEN_LOCALE_DIR", None)


def remember_form_contents() -> None:
    """pdfminer parses a form XObject's content stream again each time a page draws it. A card back
    is such a form, drawn once per card on every page of backs, and its motif is thousands of
    operators: reading a deck's back pages took ten times its front pages. Here each form's stream is
    parsed once per open document and its objects replayed at every later use (the same objects the
    parser would give, in the same order; the stream is the document's own object, so a closed
    document's forms are forgotten with it). Page content streams are parsed as before."""
    import weakref

    from pdfminer import pdfinterp
    from pdfminer.psparser import PSEOF

    parse = pdfinterp.PDFContentParser
    if getattr(parse, "remembers_forms", False):
        return
    remembered: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    class Replay:
        def __init__(self, objects: list) -> None:
            self._objects = iter(objects)

        def nextobject(self):
            try:
                return next(self._objects)
            except StopIteration:
                raise PSEOF("end of a form read before") from None

    def parser(streams):
        if len(streams) != 1 or streams[0].get("Subtype") is not pdfinterp.LITERAL_FORM:
            return parse(streams)
        objects = remembered.get(streams[0])
        if objects is None:
            first, objects = parse(streams), []
            while True:
                try:
                    objects.append(first.nextobject())
                except PSEOF:
                    break
            remembered[streams[0]] = objects
        return Replay(objects)

    parser.remembers_forms = True
    pdfinterp.PDFContentParser = parser


remember_form_contents()


SHARED_BUILDS = {  # one worker for each group: the files share a session fixture's builds
    "tests/cards/": ("tests/cards/",),
    "tests/rulebook/ default rulebooks": ("tests/rulebook/test_rulebook_print.py", "tests/rulebook/test_captions_one_line.py",
                                          "tests/rulebook/test_shapes_reads_rulebooks.py"),
    # tests/print/conftest.py's builds (38 s of CPU in six runs, 32 s in one)
    "tests/print/ built decks": tuple(f"tests/print/test_{name}.py" for name in ("backs", "bleed", "card_text", "duplex", "sheets", "sizes")),
}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class OneWorkerPerSharedBuild(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            group = next((g for g, starts in SHARED_BUILDS.items() if nodeid.startswith(starts)), None)
            return group or super()._split_scope(nodeid)

    return OneWorkerPerSharedBuild(config, log)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if under_ci() and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, where nothing may be skipped: {reason}"


_FROZEN_AT: set[str] = set()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """freeze_at_each_file: before the first test of each file (the last file's module fixtures are
    torn down by then, this one's not set up yet), collect what is not frozen, then freeze the rest."""
    path = item.nodeid.partition("::")[0]
    if path not in _FROZEN_AT:
        _FROZEN_AT.add(path)
        gc.collect()
        gc.freeze()


@pytest.fixture(autouse=True)
def _private_figures_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="module")
def _one_cache_a_file(tmp_path_factory):
    return tmp_path_factory.mktemp("file-cache")


@pytest.fixture
def cache_of_the_file(_private_figures_cache, _one_cache_a_file, monkeypatch):
    """The figures cache (XDG_CACHE_HOME) shared by the tests of one file, for a file whose tests
    validate decks beside the same default decks (``pytestmark = pytest.mark.usefixtures(
    "cache_of_the_file")``): the default deck's figures are simulated once per file, then read from
    the cache, as a user's second command reads them (a cached comparison says what a fresh one
    says: tests/engine/test_compare.py). Each file starts from an empty cache, so what a test
    meets does not depend on which files ran before it on its worker."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(_one_cache_a_file))
