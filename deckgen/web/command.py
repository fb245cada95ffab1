"""`deckgen serve`: the web face's own command, added to the command line by the composition root
(deckgen/main.py), so that neither face imports the other."""

from __future__ import annotations

from typing import Optional

import typer

from deckgen.i18n import _, pgettext
from deckgen.numerals import decimal_arg, whole_arg

# the command's help, said in the user's language (deckgen/main.py hands it to the command line)
HELP = _("Start the web page at http://127.0.0.1:8000: choose, preview, check and print a deck.")
TEXT = pgettext("metavar", "TEXT")


def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar=TEXT, help=_("address to listen on (127.0.0.1: this computer only)")),
    port: int = typer.Option(8000, "--port", help=_("port to listen on"), parser=whole_arg),
    jobs: Optional[int] = typer.Option(None, "--jobs", help=_("builds and checks run at once; the rest queue (default: the cores)"), parser=whole_arg),
    time_limit: float = typer.Option(600.0, "--time-limit", help=_("seconds a build or check may run before it is stopped"), parser=decimal_arg),
    open_browser: bool = typer.Option(False, "--open", help=_("open the page in the browser")),
    password: Optional[str] = typer.Option(
        None, "--password", envvar="DECKGEN_PASSWORD", metavar=TEXT,
        help=_("a password every browser must type first (default: none on 127.0.0.1; on a network address one is made up and printed)"),
    ),
    allow_host: list[str] = typer.Option([], "--allow-host", metavar=TEXT, help=_("another host name the page may be opened as (repeat for more)")),
    proxy: Optional[str] = typer.Option(
        None, "--proxy", metavar=TEXT,
        help=_("the IP address of a reverse proxy in front of the page, whose X-Forwarded-For headers are believed (default: no one's)"),
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=_("no progress bars")),
) -> None:
    from deckgen.web.server import serve as run_server

    run_server(host, port, jobs=jobs, time_limit=time_limit, open_browser=open_browser, quiet=quiet, password=password,
               allowed_hosts=tuple(allow_host), proxy=proxy)
