"""The engine's pages finished: each HTML fragment put in after its heading, the page compacted,
the search script in its head (what :mod:`ingest.site.fragments` describes), and the
fragments files of ``build/fragments`` read back."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ingest.site.fragments import PLACEHOLDER, SUFFIX, Anchors, FragmentError, decode, placeholder
from ingest.source.storage import read_build_file

FOLDER = "fragments"
"""The fragments folder's name, next to the docs folder."""

_END = "<!--/sk-->"


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


def page_of(fragments_file: str) -> str:
    """The docs path of the page a fragments file (a path in the fragments folder) belongs to.

    >>> page_of("events/x/index.md.html")
    'events/x/index.md'
    """
    return fragments_file.removesuffix(SUFFIX)


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
    for match in PLACEHOLDER.finditer(html):
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
