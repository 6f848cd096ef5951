"""Text from files is data, never structure: what display text may hold, and how it is shown.

Three places need the same list of dangerous characters:

* reading (:func:`unsafe_character`): a value in an event, players, format or archetype
  file that holds a control character (C0 other than tab and line feed, DEL, C1), a
  bidirectional embedding, override or isolate, or a line or paragraph separator is
  refused with a positioned ``unsafe-text`` error; a tab inside text becomes a space
  (:func:`normalise_tabs`), as the schemas document;
* the terminal (:func:`terminal_safe`): whatever still reaches standard output or
  standard error (a file name, a decklist line, a value from a file the command did not
  check) is written with those characters as visible ``\\u`` escapes, so output can
  neither move the cursor, clear the screen, set the window title nor reverse text;
* pages (:func:`one_line`): text that a page shows on one line stays on one line, with
  every character some Markdown, YAML or HTML reader takes for a line break (``\\r``,
  U+0085, U+2028, ...) turned into a space.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import unicodedata
from collections.abc import Iterator
from typing import TextIO

_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""Bidirectional embeddings, overrides and isolates (LRE RLE PDF LRO RLO LRI RLI FSI PDI)."""

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029" + _BIDI + "]")
"""Characters display text may not hold (tab and line feed are allowed here: a tab is
normalised to a space, a line feed belongs to multi-line text such as a description)."""

_TERMINAL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029" + _BIDI + "]")
"""Characters a terminal would interpret (or that reorder what it shows)."""

_LINE_BREAKS = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
"""Every character some reader of a page (Markdown, YAML front matter, ``str.splitlines``)
takes for the end of a line."""

_NAMES = {
    "\x1b": "escape",
    "\x07": "bell",
    "\x08": "backspace",
    "\r": "carriage return",
    "\x00": "NUL",
    "\x7f": "delete",
    "\x85": "next line",
    "\u2028": "line separator",
    "\u2029": "paragraph separator",
}


def unsafe_character(text: str) -> str | None:
    """The first character display text may not hold, or None.

    >>> unsafe_character("Alice"), unsafe_character("two\\nlines"), unsafe_character("a\\tb")
    (None, None, None)
    >>> [unsafe_character(t) for t in ("\\x1b[2J", "abc\\u202edcb", "x\\u2028y", "\\x85", "\\r")]
    ['\\x1b', '\\u202e', '\\u2028', '\\x85', '\\r']
    """
    found = _UNSAFE.search(text)
    return found.group() if found else None


def describe_character(char: str) -> str:
    """The character as a TO can look it up: its code point and name.

    >>> describe_character("\\x1b"), describe_character("\\u202e")
    ('U+001B (escape)', 'U+202E (right-to-left override)')
    """
    name = _NAMES.get(char) or unicodedata.name(char, "").lower() or "control character"
    return f"U+{ord(char):04X} ({name})"


def unsafe_text_problem(char: str) -> tuple[str, str]:
    """The message and hint for a value holding ``char`` (see :func:`unsafe_character`)."""
    what = describe_character(char)
    if char in _BIDI:
        message = f"the text contains {what}, which changes the direction of the text around it"
    elif char in "\r\x85\u2028\u2029":
        message = f"the text contains {what}, which would break the line where it is shown"
    else:
        message = f"the text contains the control character {what}, which a page or terminal would act on"
    return message, "delete the character (it often comes from copy-paste); write plain text"


def normalise_tabs(text: str) -> str:
    """Display text with each tab written as a space (the schemas document this).

    >>> normalise_tabs("Alice\\tExample")
    'Alice Example'
    """
    return text.replace("\t", " ") if "\t" in text else text


def terminal_safe(text: str) -> str:
    """Text for a terminal: every character it would interpret shown as a visible escape.

    Line feeds and tabs stay (they lay out the output); the rest is written as a ``\\u``
    escape, which is also how JSON writes the character, so a ``--json`` document stays
    valid JSON with the same data, and nothing a file holds can drive the terminal.

    >>> print(terminal_safe("Alice\\x1b]0;pwned\\x07 \\u202eevil"))
    Alice\\u001b]0;pwned\\u0007 \\u202eevil
    """
    if not _TERMINAL.search(text):
        return text
    return _TERMINAL.sub(_escape, text)


def _escape(found: re.Match[str]) -> str:
    return f"\\u{ord(found.group()):04x}"


class TerminalSafeStream(io.TextIOBase):
    """A text stream that writes through :func:`terminal_safe` to another one.

    The command line writes through two of these (standard output and standard error),
    so whatever a command prints, from whichever file it came, cannot drive the terminal.
    """

    def __init__(self, target: TextIO) -> None:
        super().__init__()
        self.target = target

    def write(self, text: str) -> int:
        self.target.write(terminal_safe(text))
        return len(text)

    def flush(self) -> None:
        self.target.flush()

    def isatty(self) -> bool:
        return self.target.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.target, "encoding", None) or "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.target, "errors", None)

    def fileno(self) -> int:
        return self.target.fileno()


def raw_stream(stream: TextIO) -> TextIO:
    """The stream under a :class:`TerminalSafeStream`, for output the program itself draws.

    A progress display redraws its line with ``\\r`` and may colour it: it writes to
    ``raw_stream(sys.stderr)``. Text that comes from a file never goes there.
    """
    return stream.target if isinstance(stream, TerminalSafeStream) else stream


@contextlib.contextmanager
def terminal_safe_output() -> Iterator[None]:
    """Standard output and standard error written through :class:`TerminalSafeStream` meanwhile."""
    saved = sys.stdout, sys.stderr
    if not isinstance(sys.stdout, TerminalSafeStream):
        sys.stdout = TerminalSafeStream(sys.stdout)
    if not isinstance(sys.stderr, TerminalSafeStream):
        sys.stderr = TerminalSafeStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        sys.stdout, sys.stderr = saved


def one_line(text: str) -> str:
    """Text that a page shows on one line: every line break becomes a space.

    >>> one_line("a\\r# heading\\u2028b\\x85c\\r\\nd")
    'a # heading b c d'
    """
    return _LINE_BREAKS.sub(" ", text)
