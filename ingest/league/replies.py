"""Replies posted on an issue: Markdown in which nothing echoed becomes markup.

Everything a reply repeats from an issue or an event file (a code typed, a name, a result) is
set in a code span (:func:`literal`): GitHub renders a code span's content as text, with no
links, no HTML, no ``@mention`` and no ``#123`` reference. The span is fenced with more
backticks than the value holds in a row, control characters and line breaks become spaces,
and the value is cut to a length, so no value can end the span, add a line or a heading.
"""

from __future__ import annotations

import re
import unicodedata

MAX_ECHO = 80
"""The most characters of a value a reply repeats."""
_TICKS = re.compile(r"`+")


def _flat(value: str) -> str:
    out = []
    for ch in value:
        category = unicodedata.category(ch)
        out.append(" " if category.startswith(("C", "Z")) and ch != " " else ch)
    return " ".join("".join(out).split())


def literal(value: str, limit: int = MAX_ECHO) -> str:
    """``value`` as a code span: shown as typed, never as markup.

    >>> literal("@bob <b>hi</b>"), literal("a`b"), literal("`x`"), literal("")
    ('`@bob <b>hi</b>`', '``a`b``', '`` `x` ``', '` `')
    >>> literal("line one\\n### line two")
    '`line one ### line two`'
    """
    text = _flat(value)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if not text:
        return "` `"
    longest = max((len(m) for m in _TICKS.findall(text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def reply(headline: str, *lines: str) -> str:
    """A reply: a bold headline and its lines (each already made of literals and our own words)."""
    body = "\n\n".join(line for line in lines if line)
    return f"**{headline}**\n\n{body}\n" if body else f"**{headline}**\n"
