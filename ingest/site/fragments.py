"""Rendered HTML that goes past the site engine's Markdown parser.

Our templates render tables, brackets, decklists and histories as HTML. Handing that
HTML to the engine inside the Markdown made Python-Markdown re-parse every table cell
(most of a build's time) and the search plugin index every cell. Instead, a page's
Markdown holds only its headings and prose, and each HTML fragment follows a heading:
the page's front matter says which (``fragments: {after: [0, 1, 1], headings: 3}``, the
heading of each fragment counted from 0, then how many headings the page has; see
:func:`anchor_fragments`). The fragments are stored beside ``build/docs`` in
``build/fragments`` (``<page>.md.html``, one after another, see :func:`encode`) and put
in place after the engine has turned the Markdown into HTML, right after their headings:

* with mkdocs, by :mod:`ingest.publish.mkdocs_plugin` (``on_post_page``), so headings, the
  table of contents and permalinks stay the engine's;
* with Zensical, which runs no mkdocs plugins, by :func:`ingest.publish.page_finish.finish_site`
  on the built pages before the new site is swapped in.

So the engine reads exactly the Markdown it would read without our tables: nothing of
them, not even a placeholder, goes through its parser. A page whose fragments follow
other headings has other front matter: a change of the page's shape is a change of its
Markdown, and the engine makes the page again.

In the finished page each fragment stays between a marker comment and ``<!--/sk-->``
(``<!--sk:3-->...<!--/sk-->``), which lets a later build swap a changed fragment into the
page without running the engine (:func:`ingest.publish.page_finish.swap`). Untrusted text is always escaped, so a
fragment never contains ``<!--`` and can never forge a marker. (Markdown written by hand
may also hold the markers themselves, ``<!--sk:3-->`` on a line of its own: the engine
keeps comments, and the fragments go in there.)

Finishing a page also adds the script that fetches the search index only when the reader
opens the search (:data:`ingest.publish.page_finish.SEARCH_SCRIPT`), so opening a page never downloads it; the index
itself is :mod:`ingest.publish.search_index`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

PREFIX = "@fragments/"
"""Files under this prefix in a site's file set go to ``build/fragments``, not ``build/docs``."""

PLACEHOLDER = re.compile(r"<!--sk:(\d+)-->")
"""A fragment's marker (:func:`placeholder`), its index the group."""


class FragmentError(ValueError):
    """A page's headings, markers and stored fragments do not match."""


def placeholder(index: int) -> str:
    """The comment that marks fragment ``index``: where a template put it (taken out of the
    Markdown by :func:`anchor_fragments`), and where it starts in a finished page.

    >>> placeholder(3)
    '<!--sk:3-->'
    """
    return f"<!--sk:{index}-->"


ANCHORS_KEY = "fragments"
"""The front matter key that says which heading each fragment follows (see :class:`Anchors`)."""

_ANCHORS_LINE = re.compile(r"fragments: \{after: \[((?:\d+|null)(?:, (?:\d+|null))*)\], headings: (\d+)\}")


@dataclass(frozen=True, slots=True)
class Anchors:
    """Where a page's fragments go: after which of its headings (counted from 0, in order;
    None: where its placeholder is in the Markdown), and how many headings the page has (a
    finished page with another number of headings is not the page the fragments were made for)."""

    after: tuple[int | None, ...]
    headings: int

    def front_matter(self) -> str:
        """The page's front matter line (plain YAML, which the engines read as page metadata).

        >>> Anchors((0, 2, None), 3).front_matter()
        'fragments: {after: [0, 2, null], headings: 3}'
        """
        after = ", ".join("null" if a is None else str(a) for a in self.after)
        return f"{ANCHORS_KEY}: {{after: [{after}], headings: {self.headings}}}"

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any], where: str) -> Anchors | None:
        """The anchors in a page's metadata as an engine read it (None: the page has no fragments)."""
        value = meta.get(ANCHORS_KEY)
        if value is None:
            return None
        after = value.get("after") if isinstance(value, dict) else None
        headings = value.get("headings") if isinstance(value, dict) else None
        if (
            not isinstance(after, list)
            or type(headings) is not int
            or not all(a is None or (type(a) is int and 0 <= a < headings) for a in after)
        ):
            raise FragmentError(f"{where}: the front matter's {ANCHORS_KEY} is not {{after: [...], headings: N}}")
        return cls(tuple(after), headings)

    @classmethod
    def from_markdown(cls, text: str, where: str) -> Anchors | None:
        """The anchors in a page's Markdown, read from its front matter line (None: none there).

        >>> Anchors.from_markdown("---\\ntitle: A\\nfragments: {after: [0], headings: 2}\\n---\\n# A\\n", "x")
        Anchors(after=(0,), headings=2)
        """
        if not text.startswith("---\n"):
            return None
        end = text.find("\n---\n", 3)
        for line in text[4 : max(end, 4)].split("\n"):
            if line.startswith(f"{ANCHORS_KEY}:"):
                match = _ANCHORS_LINE.fullmatch(line)
                if match is None:
                    raise FragmentError(
                        f"{where}: the front matter's {ANCHORS_KEY} is not {{after: [...], headings: N}}"
                    )
                after = [None if a == "null" else int(a) for a in match[1].split(", ")]
                return cls.from_meta({ANCHORS_KEY: {"after": after, "headings": int(match[2])}}, where)
        return None


def anchor_fragments(markdown: str, where: str) -> str:
    """A page's Markdown as a template rendered it, each fragment's placeholder line taken out
    and the heading it follows written into the front matter instead (:class:`Anchors`).

    A heading is a line that starts with ``#``, as Python-Markdown reads it. A fragment
    that does not follow one (or another fragment that does), but some prose, keeps its
    placeholder where it is: the engine passes the comment through, and the fragment goes
    in there (``None`` in :attr:`Anchors.after`).

    >>> page = "---\\ntitle: A\\n---\\n# A\\n\\n<!--sk:0-->\\n\\n## B\\n\\nProse.\\n\\n<!--sk:1-->\\n"
    >>> print(anchor_fragments(page, "x"))
    ---
    title: A
    fragments: {after: [0, null], headings: 2}
    ---
    # A
    <BLANKLINE>
    ## B
    <BLANKLINE>
    Prose.
    <BLANKLINE>
    <!--sk:1-->
    <BLANKLINE>
    """
    lines = markdown.split("\n")
    front = 0
    if lines[0] == "---" and "---" in lines[1:]:
        front = lines.index("---", 1) + 1
    kept = lines[:front]
    after: list[int | None] = []
    headings = 0
    last = ""  # what the last line with something on it was: "heading", "fragment" (after one) or "text"
    for line in lines[front:]:
        match = PLACEHOLDER.fullmatch(line)
        if match is not None:
            if int(match[1]) != len(after):
                raise FragmentError(f"{where}: placeholder {match[1]} is out of order")
            if last in ("heading", "fragment"):
                after.append(headings - 1)
                last = "fragment"
                continue
            after.append(None)  # after prose: the placeholder stays in the Markdown
        if line.startswith("#"):
            headings += 1
            last = "heading"
        elif line.strip():
            last = "text"
        elif last == "fragment" and not kept[-1].strip():
            continue  # the blank lines after a placeholder taken out: one is enough
        kept.append(line)
    if not after:
        return markdown
    line = Anchors(tuple(after), headings).front_matter()
    if front:
        return "\n".join([*kept[: front - 1], line, *kept[front - 1 :]])
    return "\n".join(["---", line, "---", *kept])


SUFFIX = ".html"
"""A page's fragments file is the page's docs path and this (``events/x/index.md.html``)."""

SEPARATOR = "<!--sk-->"
"""What starts each fragment in a fragments file (a fragment never holds a comment)."""


def fragments_key(docs_path: str) -> str:
    """The key of a page's fragments in a site's file set.

    >>> fragments_key("events/x/index.md")
    '@fragments/events/x/index.md.html'
    """
    return f"{PREFIX}{docs_path}{SUFFIX}"


def page_of(fragments_file: str) -> str:
    """The docs path of the page a fragments file (a path in the fragments folder) belongs to.

    >>> page_of("events/x/index.md.html")
    'events/x/index.md'
    """
    return fragments_file.removesuffix(SUFFIX)


def encode(fragments: Sequence[str]) -> str:
    """A page's fragments as stored: each after :data:`SEPARATOR`, as the HTML it is.

    Not JSON: as JSON strings every quote of the HTML was escaped, and unescaped again for
    each page, at a cost next to the engine's own.

    >>> encode(["<p>a</p>", '<a href="x">b</a>'])
    '<!--sk--><p>a</p><!--sk--><a href="x">b</a>'
    """
    for text in fragments:
        if "<!--" in text:
            raise FragmentError("an HTML fragment may not contain a comment")
    return "".join(SEPARATOR + text for text in fragments)


def decode(data: bytes | str, where: str) -> list[str]:
    """Fragments read back from a file; a file that is not what :func:`encode` writes is refused.

    >>> decode(encode(["<p>a</p>", ""]), "x")
    ['<p>a</p>', '']
    """
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise FragmentError(f"{where}: not a fragments file ({exc})") from None
    if not text:
        return []
    parts = text.split(SEPARATOR)
    if parts[0] or any("<!--" in part for part in parts):
        raise FragmentError(f"{where}: not a fragments file (HTML fragments, each after {SEPARATOR})")
    return parts[1:]
