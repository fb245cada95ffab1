"""The one exception type that reaches the user as a clear message (exit code 2)."""


class DeckgenError(Exception):
    """A problem with the user's input or environment, told in one sentence.

    The CLI prints ``str(error)`` on one line and exits with code 2; it never shows a traceback.
    """


class OptionError(DeckgenError):
    """An option value that cannot be used (wrong type, out of range, unknown name)."""
