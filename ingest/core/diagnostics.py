"""Positioned diagnostics: what went wrong, where, and how to fix it.

Every user mistake anywhere in the pipeline becomes a :class:`Diagnostic`. They are
collected (never raised one at a time) so a tournament organizer sees every problem of
a file in one run, and printed in one stable text format::

    events/2026/fnm.yaml:14:9: error[duplicate-id]: players[3].id "alice" is used twice (first at line 12)
      hint: give each player a unique id
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

YamlPath = tuple[str | int, ...]
"""A path into a document: mapping keys and sequence indexes, e.g. ``("rounds", 2, "matches", 5)``."""


class Severity(enum.Enum):
    """How bad a diagnostic is."""

    ERROR = "error"
    """The file cannot be used; nothing is written or published."""
    WARNING = "warning"
    """Probably a mistake; fails the run only with ``--strict``."""


@dataclass(frozen=True, slots=True, order=True)
class SourcePos:
    """A 1-based position in a source file."""

    path: str
    """The file, as given on the command line or relative to the project root."""
    line: int = 0
    """1-based line; 0 when the problem concerns the whole file."""
    col: int = 0
    """1-based column; 0 when unknown."""

    @classmethod
    def file_start(cls, path: str) -> SourcePos:
        """The position of a problem with the whole file: line 1, column 1 (as editors expect).

        >>> SourcePos.file_start("a.yaml").label()
        'a.yaml:1:1'
        """
        return cls(path, 1, 1)

    def label(self) -> str:
        """Formats the position as ``path:line:col`` (omitting unknown parts).

        >>> SourcePos("a.yaml", 3, 7).label()
        'a.yaml:3:7'
        >>> SourcePos("a.yaml").label()
        'a.yaml'
        """
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{max(self.col, 1)}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a user's file."""

    severity: Severity
    """Error or warning."""
    code: str
    """Stable kebab-case identifier, documented on the site (``schema``, ``rematch``, ...)."""
    message: str
    """What is wrong, in a tournament organizer's words."""
    pos: SourcePos
    """Where it is."""
    hint: str = ""
    """How to fix it (may be empty)."""
    settled: bool = False
    """About a round already played (a fact, kept as recorded): shown, but nothing can be
    changed about it, so ``--strict`` does not fail on it (DESIGN §2)."""

    @property
    def is_error(self) -> bool:
        """Whether this diagnostic is an error (as opposed to a warning)."""
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple[str, int, int, str, str]:
        """Orders diagnostics by file, line, column, then code and message."""
        return (self.pos.path, self.pos.line, self.pos.col, self.code, self.message)

    def render(self) -> str:
        """Formats the diagnostic as text: a headline plus an indented hint.

        >>> d = Diagnostic(Severity.ERROR, "schema", "bad", SourcePos("e.yaml", 2, 3), "fix it")
        >>> print(d.render())
        e.yaml:2:3: error[schema]: bad
          hint: fix it
        """
        head = f"{self.pos.label()}: {self.severity.value}[{self.code}]: {self.message}"
        if self.hint:
            return f"{head}\n  hint: {self.hint}"
        return head

    def as_json(self) -> dict[str, object]:
        """The diagnostic in ``--json`` documents (``schema/cli-diagnostic.schema.json``).

        >>> d = Diagnostic(Severity.WARNING, "x", "m", SourcePos("e.yaml", 2, 3), "h").as_json()
        >>> d["file"], d["line"], d["column"], d["severity"], d["code"], d["hint"], d["settled"]
        ('e.yaml', 2, 3, 'warning', 'x', 'h', False)
        """
        return {
            "file": self.pos.path,
            "line": self.pos.line,
            "column": self.pos.col,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "settled": self.settled,
        }

    def render_github(self) -> str:
        """Formats the diagnostic as a GitHub Actions workflow annotation.

        >>> d = Diagnostic(Severity.WARNING, "x", "a: b", SourcePos("e.yaml", 2, 3), "h")
        >>> d.render_github()
        '::warning file=e.yaml,line=2,col=3,title=x::a: b (hint: h)'
        """
        parts = [f"file={_gh_property(self.pos.path)}"]
        if self.pos.line > 0:
            parts.append(f"line={self.pos.line}")
            parts.append(f"col={max(self.pos.col, 1)}")
        parts.append(f"title={_gh_property(self.code)}")
        text = self.message + (f" (hint: {self.hint})" if self.hint else "")
        return f"::{self.severity.value} {','.join(parts)}::{_gh_data(text)}"


def error(code: str, message: str, pos: SourcePos, hint: str = "") -> Diagnostic:
    """Builds an error diagnostic."""
    return Diagnostic(Severity.ERROR, code, message, pos, hint)


def warning(code: str, message: str, pos: SourcePos, hint: str = "") -> Diagnostic:
    """Builds a warning diagnostic."""
    return Diagnostic(Severity.WARNING, code, message, pos, hint)


def sorted_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Sorts diagnostics by position and drops exact duplicates."""
    seen: set[Diagnostic] = set()
    unique = []
    for d in diagnostics:
        if d not in seen:
            seen.add(d)
            unique.append(d)
    return sorted(unique, key=Diagnostic.sort_key)


def has_errors(diagnostics: Iterable[Diagnostic], *, strict: bool = False) -> bool:
    """Whether any diagnostic fails the run (warnings count only when ``strict``, and never
    those about a round already played: they report facts nobody can change).

    >>> played = Diagnostic(Severity.WARNING, "rematch", "kept as played", SourcePos("e.yaml"), settled=True)
    >>> has_errors([played], strict=True), has_errors([replace(played, settled=False)], strict=True)
    (False, True)
    """
    return any(d.is_error or (strict and not d.settled) for d in diagnostics)


def settled(d: Diagnostic) -> Diagnostic:
    """``d`` as a finding about a round already played (see :attr:`Diagnostic.settled`)."""
    return replace(d, settled=True)


def render_all(diagnostics: Sequence[Diagnostic], *, fmt: str = "text", limit: int = 0) -> str:
    """Renders diagnostics in ``text`` or ``github`` format.

    Args:
        diagnostics: what to print, already sorted.
        fmt: ``text`` (headline + hint) or ``github`` (workflow annotations).
        limit: collapse repeats: after ``limit`` diagnostics of one code in one file, the rest
            are summarised in one line (0 keeps all).
    """
    lines: list[str] = []
    counts: dict[tuple[str, str], int] = {}
    hidden: dict[tuple[str, str], int] = {}
    for d in diagnostics:
        key = (d.pos.path, d.code)
        counts[key] = counts.get(key, 0) + 1
        if limit and counts[key] > limit:
            hidden[key] = hidden.get(key, 0) + 1
            continue
        lines.append(d.render_github() if fmt == "github" else d.render())
    for (path, code), n in sorted(hidden.items()):
        lines.append(f"{path}: ... and {n} more [{code}] diagnostics")
    return "\n".join(lines)


def summary(diagnostics: Sequence[Diagnostic]) -> str:
    """One line counting errors and warnings.

    >>> summary([])
    'no problems found'
    """
    errors = sum(1 for d in diagnostics if d.is_error)
    warnings = len(diagnostics) - errors
    if not diagnostics:
        return "no problems found"
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    return ", ".join(parts)


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")
