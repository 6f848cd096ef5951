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
* with Zensical, which runs no mkdocs plugins, by :func:`finish_site` on the built
  pages before the new site is swapped in.

So the engine reads exactly the Markdown it would read without our tables: nothing of
them, not even a placeholder, goes through its parser. A page whose fragments follow
other headings has other front matter: a change of the page's shape is a change of its
Markdown, and the engine makes the page again.

In the finished page each fragment stays between a marker comment and ``<!--/sk-->``
(``<!--sk:3-->...<!--/sk-->``), which lets a later build swap a changed fragment into the
page without running the engine (:func:`swap`). Untrusted text is always escaped, so a
fragment never contains ``<!--`` and can never forge a marker. (Markdown written by hand
may also hold the markers themselves, ``<!--sk:3-->`` on a line of its own: the engine
keeps comments, and the fragments go in there.)

Finishing a page also adds the script that fetches the search index only when the reader
opens the search (:data:`SEARCH_SCRIPT`), so opening a page never downloads it; the index
itself is :mod:`ingest.site.search_index`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.source.storage import read_build_file

PREFIX = "@fragments/"
"""Files under this prefix in a site's file set go to ``build/fragments``, not ``build/docs``."""

FOLDER = "fragments"
"""The fragments folder's name, next to the docs folder."""

_PLACEHOLDER = re.compile(r"<!--sk:(\d+)-->")
_END = "<!--/sk-->"


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
        match = _PLACEHOLDER.fullmatch(line)
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


_HEADING = re.compile(r"<h([1-6])[\s>]")


def place_markers(html: str, anchors: Anchors, where: str) -> str:
    """A page the engine rendered, with each fragment's marker on a new line right after its heading.

    The headings are those of the page's article (the engines' themes put the page's
    content in ``<article>``; the whole page where there is none). Raises FragmentError
    when there are not as many as the page's Markdown had.

    >>> place_markers("<article><h1>A</h1><p>x</p><h2>B</h2></article>", Anchors((0, 1, 1), 2), "x")
    '<article><h1>A</h1>\\n<!--sk:0--><p>x</p><h2>B</h2>\\n<!--sk:1-->\\n<!--sk:2--></article>'
    """
    start = max(html.find("<article"), 0)
    stop = html.find("</article>", start)
    stop = len(html) if stop < 0 else stop
    ends: list[int] = []
    for match in _HEADING.finditer(html, start, stop):
        close = html.find(f"</h{match[1]}>", match.end(), stop)
        if close < 0:
            break
        ends.append(close + len("</h1>"))
    if len(ends) != anchors.headings:
        raise FragmentError(
            f"{where}: the page has {len(ends)} heading(s) where its Markdown has {anchors.headings}; "
            "its fragments cannot be placed"
        )
    out: list[str] = []
    at = 0
    for index, heading in enumerate(anchors.after):
        if heading is not None:
            out += [html[at : ends[heading]], "\n", placeholder(index)]
            at = ends[heading]
    out.append(html[at:])
    return "".join(out)


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


Stored = Mapping[str, "str | bytes"]
"""A build's fragments files in memory, by path in the fragments folder (what it writes there)."""


def read_fragments(folder: Path, src: str, stored: Stored | None = None) -> list[str]:
    """The fragments of the page made from ``src`` (a docs path); none when there is no file.

    ``stored``: the build's fragments files, to take them from instead of ``folder``.
    """
    path = folder / f"{src}{SUFFIX}"
    if stored is not None:
        data: str | bytes | None = stored.get(f"{src}{SUFFIX}")
        return [] if data is None else decode(data, path.as_posix())
    if not os.path.lexists(path):
        return []
    data = read_build_file(path)  # a plain file, bounded: never a pipe or a link elsewhere
    if data is None:
        raise FragmentError(f"{path.as_posix()}: not a fragments file (not a plain file, or too large)")
    return decode(data, path.as_posix())


def substitute(html: str, fragments: Sequence[str], where: str) -> str:
    """Puts each fragment in place of its placeholder (or of its previous content).

    Every placeholder must have a fragment and every fragment a placeholder.

    >>> substitute("<h2>A</h2>\\n<!--sk:0-->\\n", ["<table></table>"], "x")
    '<h2>A</h2>\\n<!--sk:0--><table></table><!--/sk-->\\n'
    >>> substitute(_, ["<p>new</p>"], "x")
    '<h2>A</h2>\\n<!--sk:0--><p>new</p><!--/sk-->\\n'
    """
    out: list[str] = []
    used: set[int] = set()
    at = 0
    for match in _PLACEHOLDER.finditer(html):
        if match.start() < at:
            continue  # inside a fragment being replaced (cannot happen: fragments hold no comment)
        index = int(match.group(1))
        if index >= len(fragments):
            raise FragmentError(f"{where}: placeholder {index} has no fragment ({len(fragments)} stored)")
        used.add(index)
        out += [html[at : match.end()], fragments[index], _END]
        at = match.end()
        # A finished page: the previous fragment runs to the next comment, its end marker.
        following = html.find("<!--", at)
        if following >= 0 and html.startswith(_END, following):
            at = following + len(_END)
    out.append(html[at:])
    if len(used) != len(fragments):
        raise FragmentError(f"{where}: {len(fragments) - len(used)} stored fragment(s) have no placeholder")
    return "".join(out)


swap = substitute
"""A finished page with changed fragments: the same operation (the markers stay)."""


SEARCH_SCRIPT = "assets/scorekeeper-search.js"
"""The script (from ``site_templates/assets``) that holds back the request for the search
index until the reader opens the search.

Both engines' pages request the index as they load; on a phone that was most of what
opening a page cost. Loaded in the head, before the engine's own script, it lets that
request wait until the search is focused, tapped, or opened with its keyboard shortcut."""


def inject_head(html: str, page: str) -> str:
    """A finished page (at ``page``, relative to the site root) with the search script in its head."""
    if SEARCH_SCRIPT in html:
        return html
    head = html.find("<head>")
    if head < 0:
        return html
    at = head + len("<head>")
    tag = f'<script src="{"../" * page.count("/")}{SEARCH_SCRIPT}"></script>'
    return html[:at] + tag + html[at:]


_KEEP = re.compile(r"<(pre|textarea|script)\b")
_INDENT = re.compile(r"\n\s+")


def compact(html: str) -> str:
    """A page without the theme's indentation and blank lines (outside pre, textarea, script).

    A line break followed by spaces is shown as one space in HTML, as is the line break
    alone, so the page looks the same; the theme's templates indent every line.

    >>> compact("<ul>\\n    <li>a</li>\\n\\n  </ul><pre>\\n  x</pre>")
    '<ul>\\n<li>a</li>\\n</ul><pre>\\n  x</pre>'
    """
    out: list[str] = []
    at = look = 0
    while (kept := _KEEP.search(html, look)) is not None:
        end = html.find(f"</{kept[1]}>", kept.end())
        if end < 0:  # never closed: nothing to keep
            look = kept.end()
            continue
        end += len(kept[1]) + 3
        out += [_INDENT.sub("\n", html[at : kept.start()]), html[kept.start() : end]]
        at = look = end
    out.append(_INDENT.sub("\n", html[at:]))
    return "".join(out)


def finish_page(html: str, folder: Path, src: str, stored: Stored | None = None, anchors: Anchors | None = None) -> str:
    """A page the engine rendered from ``src``: compacted, its fragments in place after their
    headings (``anchors``, from the page's front matter), with the search script.

    The page is compacted before the fragments go in: they hold no indentation to remove,
    and most of a page's text is theirs.
    """
    page = page_html(src)
    assert page is not None
    html = compact(html)
    if anchors is not None:
        html = place_markers(html, anchors, src)
    return inject_head(substitute(html, read_fragments(folder, src, stored), src), page)


def page_html(docs_path: str) -> str | None:
    """Where the page made from a Markdown file lands in the site (directory URLs).

    >>> page_html("index.md"), page_html("events/x/rounds.md"), page_html("a.json")
    ('index.html', 'events/x/rounds/index.html', None)
    """
    if not docs_path.endswith(".md"):
        return None
    if docs_path == "index.md" or docs_path.endswith("/index.md"):
        return docs_path[: -len("index.md")] + "index.html"
    return docs_path[:-3] + "/index.html"


def finish_site(
    site: Path,
    docs: Path,
    folder: Path,
    mapper: Callable[[Callable[[Sequence[str]], Any], Sequence[Sequence[str]]], Iterable[Any]] = map,
    stored: Stored | None = None,
) -> None:
    """Puts the fragments and the search script into the pages of a built site.

    For engines that run no mkdocs plugins (Zensical): every page made from a Markdown
    file of ``docs`` is read, completed and written back, half of them through ``mapper``'s
    second chunk (the build passes one that does it in a forked process). ``stored``: the
    build's fragments files, to take them from instead of ``folder``.
    """
    pages: list[str] = []
    for current, _, names in os.walk(docs):
        for name in names:
            if name.endswith(".md"):
                src = Path(current, name).relative_to(docs).as_posix()
                if (site / (page_html(src) or src)).is_file():
                    pages.append(src)
    pages.sort()

    def finish(chunk: Sequence[str]) -> None:
        for src in chunk:
            target = site / (page_html(src) or src)
            html = target.read_text(encoding="utf-8")
            anchors = Anchors.from_markdown((docs / src).read_text(encoding="utf-8"), src)
            done = finish_page(html, folder, src, stored, anchors)
            if done != html:
                target.write_text(done, encoding="utf-8")

    for _ in mapper(finish, [pages[0::2], pages[1::2]]):
        pass
