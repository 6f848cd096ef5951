"""Serving the built site to phones, and the venue's own pages in the site's frame.

The site is ``build/site`` as the last build left it: the same pages the published site has,
with the venue's live client put in before ``</body>`` (the way ``serve`` puts in its own:
:func:`ingest.publish.serve.inject_client`). Nothing from a request is used as a path
without being checked to stay inside the site folder.

The venue's pages (the report form, the TO page, the printed round) are drawn inside an
event page of the site: its header, colours and scripts, the page's article replaced by the
venue's (:meth:`SitePages.framed`), with a ``<base>`` so the frame's links work from the
venue's addresses.
"""

from __future__ import annotations

import gzip
import json
import re
import threading
from collections import OrderedDict
from pathlib import Path
from urllib.parse import quote

from markupsafe import escape
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from ingest.publish.serve import inject_client
from ingest.venue.live import PageTags

_ARTICLE = re.compile(rb'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
_TITLE = re.compile(rb"<title>.*?</title>", re.S)
_HEAD = re.compile(rb"<head[^>]*>")

NO_STORE = {"Cache-Control": "no-store"}
"""Pages that change with every result are never kept by the phone's browser."""


def client_script(settings: dict[str, object]) -> str:
    """The venue's live client for a page: its settings (JSON, safe inside ``<script>``) and the script."""
    data = json.dumps(settings, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script>window.skVenue={data};</script><script src="/__venue/venue.js"></script>'


class SitePages:
    """The built site, served with the venue's live client.

    A page is the same for every phone until its file changes: it is made (the client put in,
    and gzipped once) the first time it is asked for after a build, and kept, so the three
    hundred phones a build sends back to the event page cost one page's work, not three hundred.
    """

    KEPT = 64
    """Pages kept ready (the most recently made)."""

    def __init__(self, site: Path, tags: PageTags) -> None:
        self.site = site
        self.tags = tags
        self.lock = threading.Lock()
        self._made: OrderedDict[tuple[Path, str], tuple[bytes, bytes]] = OrderedDict()
        self._where: dict[str, Path | None] = {}

    def _page(self, file: Path, page: str, settings: dict[str, object]) -> tuple[bytes, bytes, str]:
        """The page with the live client in it, plain and gzipped, and its tag."""
        tag = self.tags.tag_of_file(file)
        key = (file, tag)
        with self.lock:
            made = self._made.get(key)
            if made is not None:
                self._made.move_to_end(key)
                return made[0], made[1], tag
        body = inject_client(file.read_bytes(), client_script({**settings, "page": page or "/", "tag": tag}))
        made = (body, gzip.compress(body, 6))
        with self.lock:
            self._made[key] = made
            while len(self._made) > self.KEPT:
                self._made.popitem(last=False)
        return made[0], made[1], tag

    def response(self, path: str, settings: dict[str, object], *, gzipped: bool = False) -> Response:
        """The site's file at URL path ``path``: a page with the live client in it, another
        file as it is, a folder's address without its ``/`` redirected, or the site's 404."""
        parts = [p for p in path.split("/") if p]
        resolved = self._resolved(path, parts)
        if resolved is None:
            return self.not_found(settings)
        if resolved.is_dir():
            if not path.endswith("/"):
                # Built from the path's own parts: ``//events`` must not become ``//events/``, which a
                # browser reads as another host.
                return RedirectResponse("/" + "/".join(quote(p) for p in parts) + "/", status_code=301)
            resolved = resolved / "index.html"
        if not resolved.is_file():
            return self.not_found(settings)
        if resolved.suffix == ".html":
            page = "/" + "/".join(parts) + ("/" if path.endswith("/") and parts else "")
            body, packed, _tag = self._page(resolved, page, settings)
            if gzipped:
                headers = {**NO_STORE, "Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
                return Response(packed, media_type="text/html; charset=utf-8", headers=headers)
            return HTMLResponse(body, headers={**NO_STORE, "Vary": "Accept-Encoding"})
        return FileResponse(resolved, headers={"Cache-Control": "no-cache"})

    def _resolved(self, path: str, parts: list[str]) -> Path | None:
        """Where URL path ``path`` is in the site folder (None: outside it, or not a path), found
        once per path."""
        with self.lock:
            if path in self._where:
                return self._where[path]
        found: Path | None = None
        if not any(p in (".", "..") or "\\" in p or "\x00" in p for p in parts):
            try:
                resolved = self.site.joinpath(*parts).resolve()
            except OSError:
                resolved = None
            if resolved is not None and resolved.is_relative_to(self.site.resolve()):
                found = resolved
        with self.lock:
            if len(self._where) > 4096:
                self._where.clear()
            self._where[path] = found
        return found

    def not_found(self, settings: dict[str, object]) -> Response:
        page = self.site / "404.html"
        if page.is_file():
            body = inject_client(page.read_bytes(), client_script({**settings, "page": ""}))
            return HTMLResponse(body, status_code=404, headers=NO_STORE)
        return HTMLResponse("<!doctype html><title>Not found</title><h1>Not found</h1>", status_code=404)

    def framed(self, frame: str, title: str, content: str, settings: dict[str, object]) -> bytes:
        """``content`` (HTML) drawn in the page at URL path ``frame`` (an event's page; the home
        page when the event has none yet), titled ``title``."""
        source = self.site.joinpath(*[p for p in frame.split("/") if p], "index.html")
        if not source.is_file():
            source, frame = self.site / "index.html", "/"
        page = source.read_bytes() if source.is_file() else b""
        found = _ARTICLE.search(page)
        if found is None:
            shell = (
                b'<!doctype html><html><head><meta charset="utf-8">'
                b'<meta name="viewport" content="width=device-width,initial-scale=1">'
                b'<title></title><link rel="stylesheet" href="/__venue/venue.css"></head>'
                b'<body><article class="md-content__inner md-typeset"></article></body></html>'
            )
            found = _ARTICLE.search(shell)
            page = shell
        assert found is not None
        body = page[: found.start(2)] + content.encode("utf-8") + page[found.end(2) :]
        body = _TITLE.sub(lambda _m: f"<title>{escape(title)}</title>".encode(), body, count=1)
        head = _HEAD.search(body)
        if head is not None:
            body = body[: head.end()] + f'<base href="{escape(frame)}">'.encode() + body[head.end() :]
        if b"/__venue/venue.css" not in body:
            body = body.replace(b"</head>", b'<link rel="stylesheet" href="/__venue/venue.css"></head>', 1)
        return inject_client(body, client_script(settings))
