"""YAML syntax errors in a tournament organizer's words.

The parser's own problem ("mapping values are not allowed here") becomes a sentence and a
hint about the line ("a colon followed by a space is not allowed here; if the text itself
contains ': ', put the whole value in quotes"), positioned where the mistake is (for an
unclosed quote or bracket, where it was opened). libyaml and the pure-Python parser word
some problems differently; both read the same here.
"""

from __future__ import annotations

import yaml

from ingest.core.diagnostics import Diagnostic, SourcePos, error


def line_col(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of a character offset in ``text``.

    >>> line_col("a: 1\\nb: 2", 6)
    (2, 2)
    """
    before = text[:offset]
    line = before.count("\n") + 1
    return line, offset - (before.rfind("\n") + 1) + 1


def _char_at(text: str, line0: int, col0: int) -> str:
    lines = text.split("\n")
    if 0 <= line0 < len(lines) and 0 <= col0 < len(lines[line0]):
        return lines[line0][col0]
    return ""


_PROBLEMS: tuple[tuple[str, str, str], ...] = (
    # (substring of the parser's problem, plain message, hint); C and Python loaders differ.
    (
        "mapping values are not allowed",
        "a colon followed by a space (': ') is not allowed here",
        "if the text itself contains ': ', put the whole value in quotes",
    ),
    (
        "could not find expected ':'",
        "this line should be `key: value` but has no colon",
        "add the missing ':' or indent the line to continue the value above",
    ),
    (
        "did not find expected key",
        "this line is not indented like the keys around it",
        "align it with the keys of the same mapping (use spaces, not tabs)",
    ),
    (
        "expected <block end>",
        "this line is not indented like the lines around it",
        "align it with the entries of the same mapping or list (use spaces, not tabs)",
    ),
    (
        "did not find expected '-' indicator",
        "a list item is not indented like the items around it",
        "start every item of the list at the same column with '- '",
    ),
    (
        "found unexpected end of stream",
        "a quote, bracket or brace opened here is never closed",
        'close it where the value ends, e.g. name: "Friday Night Modern"',
    ),
    (
        "did not find expected ',' or ']'",
        "a [list] is not closed or its items are not separated by commas",
        "close the list with ']' on the same logical value, e.g. players: [alice, bob]",
    ),
    (
        "expected ',' or ']'",
        "a [list] is not closed or its items are not separated by commas",
        "close the list with ']' on the same logical value, e.g. players: [alice, bob]",
    ),
    (
        "did not find expected ',' or '}'",
        "a {mapping} is not closed or its entries are not separated by commas",
        "close it with '}', e.g. {table: 1, players: [alice, bob]}",
    ),
    (
        "expected ',' or '}'",
        "a {mapping} is not closed or its entries are not separated by commas",
        "close it with '}', e.g. {table: 1, players: [alice, bob]}",
    ),
    (
        "found undefined alias",
        "this alias (*name) refers to an anchor (&name) that is not defined above it",
        "define the anchor first or write the value out",
    ),
    (
        "exceeded maximum nesting depth",
        "the lists or mappings here are nested too deeply",
        "write the data out with less nesting",
    ),
    ("found duplicate anchor", "this anchor (&name) is defined twice", "give each anchor a different name"),
    (
        "found unknown escape character",
        "a backslash in double quotes starts an unknown escape sequence",
        "use single quotes, or double the backslash (\\\\)",
    ),
    (
        "but found another document",
        "the file holds more than one YAML document ('---' separates documents)",
        "keep one event per file; remove the extra '---' line",
    ),
)


_PURE_BLOCK_END = (
    # The pure-Python parser says "expected <block end>" where libyaml names what it expected.
    ("block mapping", "did not find expected key"),
    ("block collection", "did not find expected '-' indicator"),
)


def _as_libyaml(problem: str, context: str) -> str:
    """The libyaml wording of a pure-Python parser problem, so both loaders give one message.

    >>> _as_libyaml("expected <block end>, but found '<block mapping start>'", "while parsing a block mapping")
    'did not find expected key'
    >>> _as_libyaml("mapping values are not allowed here", "")
    'mapping values are not allowed here'
    """
    if problem.startswith("expected <block end>"):
        for where, libyaml in _PURE_BLOCK_END:
            if where in context:
                return libyaml
    return problem


def syntax_diagnostic(exc: yaml.MarkedYAMLError, text: str, path: str) -> Diagnostic:
    mark = exc.problem_mark or exc.context_mark
    if "end of stream" in (exc.problem or "") and exc.context_mark is not None:
        mark = exc.context_mark  # point at the quote or bracket that was never closed
    unclosed = "expected ',' or ']'" in (exc.problem or "") or "expected ',' or '}'" in (exc.problem or "")
    if unclosed and exc.context_mark is not None and mark is not None and mark.line > exc.context_mark.line:
        # The parser notices on a later line: the bracket opened where the collection starts was never closed.
        mark = exc.context_mark
    line0, col0 = (mark.line, mark.column) if mark is not None else (0, 0)
    pos = SourcePos(path, line0 + 1, col0 + 1)
    problem = exc.problem or ""
    context = exc.context or ""
    if "cannot start any token" in problem:
        char = _char_at(text, line0, col0)
        if char == "\t":
            return error(
                "yaml-syntax",
                "a tab character is used for indentation",
                pos,
                "YAML indents with spaces only; replace the tab with spaces",
            )
        shown = repr(char) if char else "this character"
        return error(
            "yaml-syntax", f"a value cannot start with {shown}", pos, 'put the value in quotes, e.g. name: "@alice"'
        )
    if "expected a single document" in context:
        problem = "but found another document"
    problem = _as_libyaml(problem, context)
    for needle, message, hint in _PROBLEMS:
        if needle in problem:
            return error("yaml-syntax", message, pos, hint)
    detail = "; ".join(p for p in (context, problem) if p)
    return error(
        "yaml-syntax",
        f"the YAML cannot be read ({detail})",
        pos,
        "check the indentation and quotes on this line and the line above",
    )
