"""JSON read with positions: where each value of a document starts, for positioned errors.

:func:`json.loads` reads a document fast but forgets where things were. A problem found
later (a result that is not a score in ``Rounds[2].Matches[5].Result``) still needs a line
and column, so :func:`locate` scans the text once more, only when there is something to
report, and finds where each value starts (:class:`PositionIndex`).
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
import json
import math
import re
from collections.abc import Sequence
from typing import Any

JsonPath = tuple[str | int, ...]
"""Keys and indexes from the document's root."""

_WS = re.compile(r"[ \t\r\n]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")


class JsonProblem(ValueError):
    """The text is not JSON; ``pos`` is where reading stopped."""

    def __init__(self, message: str, line: int, col: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col


def parse_json(text: str) -> Any:
    """Reads a JSON document.

    >>> parse_json('{"a": [1, 2]}')
    {'a': [1, 2]}

    A number no tournament holds (more than :data:`MAX_DIGITS` digits, which Python would
    refuse to read or write, or one too large for a float) and the non-standard
    ``NaN``/``Infinity`` are problems too, where they are written.

    >>> parse_json('{"Points": ' + "9" * 5001 + "}")
    Traceback (most recent call last):
    ...
    ingest.importers.jsonpos.JsonProblem: a number of 5001 digits is larger than anything a tournament holds

    Raises:
        JsonProblem: the text is not JSON, with the line and column where it goes wrong.
    """
    try:
        return json.loads(text, parse_int=_integer, parse_float=_decimal, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JsonProblem(_reason(exc.msg), exc.lineno, exc.colno) from None
    except _Unreadable as exc:
        line, col = _number_at(text, exc.literal)
        raise JsonProblem(exc.reason, line, col) from None
    except RecursionError:
        raise JsonProblem("the document is nested too deeply", 1, 1) from None


MAX_DIGITS = 30
"""Longest integer read (a player count, points, an id): anything longer is no tournament's."""


class _Unreadable(ValueError):
    """A number (or constant) the reader refuses, as written."""

    def __init__(self, literal: str, reason: str) -> None:
        super().__init__(reason)
        self.literal = literal
        self.reason = reason


def _integer(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_DIGITS:
        raise _Unreadable(
            literal, f"a number of {len(literal.lstrip('-'))} digits is larger than anything a tournament holds"
        )
    return int(literal)


def _decimal(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _Unreadable(literal, f"the number {literal[:20]} is too large")
    return value


def _constant(literal: str) -> float:
    raise _Unreadable(literal, f"{literal} is not a number JSON allows")


def _number_at(text: str, literal: str) -> tuple[int, int]:
    """Where ``literal`` is first written as a value (outside text in quotes), 1-based."""
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|[-\w.+]+', text):
        if m.group() == literal:
            before = text[: m.start()]
            return before.count("\n") + 1, m.start() - (before.rfind("\n") + 1) + 1
    return 1, 1


def _reason(msg: str) -> str:
    """The decoder's message in a TO's words."""
    known = {
        "Expecting value": "a value is missing or is not JSON (text must be in double quotes)",
        "Expecting ',' delimiter": "a comma is missing between two entries",
        "Expecting ':' delimiter": "a colon is missing after a key",
        "Expecting property name enclosed in double quotes": "a key must be text in double quotes "
        "(or there is a comma after the last entry)",
        "Unterminated string starting at": "a text value is not closed with a double quote",
        "Extra data": "the document goes on after its end (two documents in one file?)",
        "Invalid control character at": "a text value holds a line break or control character; write it as \\n",
    }
    return known.get(msg, msg[:1].lower() + msg[1:])


def locate(text: str, path: Sequence[str | int]) -> tuple[int, int]:
    """The 1-based (line, column) where the value at ``path`` starts (or its nearest ancestor).

    >>> locate('{"a": [1,\\n  {"b": 2}]}', ("a", 1, "b"))
    (2, 9)
    >>> locate('{"a": 1}', ("zz",))
    (1, 1)
    """
    return PositionIndex(text).locate(path)


class PositionIndex:
    """Where every value of a document starts, found in one pass over the text (built
    when the first position is asked for, so a file without problems costs nothing).

    >>> index = PositionIndex('{"a": [1,\\n  {"b": 2}]}')
    >>> index.locate(("a", 1, "b")), index.locate(("a", 9))
    ((2, 9), (1, 7))
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._offsets: dict[JsonPath, int] | None = None
        self._line_starts: list[int] = []
        """The offset where each line starts (a line's number found by bisection: counting the
        line breaks before each value made an event's standings cost rows times the file's size)."""

    def locate(self, path: Sequence[str | int]) -> tuple[int, int]:
        """The 1-based (line, column) where the value at ``path`` (or its nearest ancestor) starts."""
        if self._offsets is None:
            self._offsets = {}
            with contextlib.suppress(IndexError, ValueError, RecursionError):
                # (positions are found up to where the text stops being JSON)
                _index(self.text, _skip(self.text, 0), (), self._offsets)
            self._line_starts = [0, *itertools.accumulate(len(line) + 1 for line in self.text.split("\n"))]
        p = tuple(path)
        while p and p not in self._offsets:
            p = p[:-1]
        offset = self._offsets.get(p, 0)
        line = bisect.bisect_right(self._line_starts, offset)
        return line, offset - self._line_starts[line - 1] + 1


def _index(text: str, i: int, path: JsonPath, out: dict[JsonPath, int]) -> int:
    """Records where the value at ``i`` and everything in it start; returns the offset after it."""
    out[path] = i
    c = text[i]
    if c == "{":
        i = _skip(text, i + 1)
        while text[i] != "}":
            m = _STRING.match(text, i)
            if not m:
                raise ValueError("not JSON")
            key = json.loads(m.group())
            i = _skip(text, m.end())
            i = _skip(text, i + 1)  # the colon
            i = _skip(text, _index(text, i, (*path, key), out))
            if text[i] == ",":
                i = _skip(text, i + 1)
        return i + 1
    if c == "[":
        i = _skip(text, i + 1)
        n = 0
        while text[i] != "]":
            i = _skip(text, _index(text, i, (*path, n), out))
            n += 1
            if text[i] == ",":
                i = _skip(text, i + 1)
        return i + 1
    return _end_of_value(text, i)


def _skip(text: str, i: int) -> int:
    m = _WS.match(text, i)
    return m.end() if m else i


def _end_of_value(text: str, i: int) -> int:
    """The offset just after the value starting at ``i``."""
    if i >= len(text):
        return i
    c = text[i]
    if c == '"':
        m = _STRING.match(text, i)
        return m.end() if m else len(text)
    if c in "[{":
        depth = 0
        while i < len(text):
            c = text[i]
            if c == '"':
                m = _STRING.match(text, i)
                i = m.end() if m else len(text)
                continue
            if c in "[{":
                depth += 1
            elif c in "]}":
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return i
    m = _SCALAR.match(text, i)
    return m.end() if m else i + 1
