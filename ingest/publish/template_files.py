"""The project's page templates and assets read into the value the site renders with
(:class:`~ingest.site.templates.Templates`): the project's ``site_templates/`` over the
shipped folder, file by file, and whether they are Scorekeeper's own (rendered without the
sandbox) or the project's (in the sandbox, see :mod:`ingest.site.render`)."""

from __future__ import annotations

import hashlib

from ingest.site.templates import Templates
from ingest.source.layers import SearchPath
from ingest.source.project import shipped
from ingest.source.storage import display_path


def read_templates(templates: SearchPath) -> Templates:
    """Every file the search path finds (the first folder's of each name), as the site renders with them."""
    files: dict[str, bytes] = {}
    shown: dict[str, str] = {}
    root = templates.folders[0].parent
    h = hashlib.sha256()
    for name, path in templates.all_files():
        data = path.read_bytes()
        files[name], shown[name] = data, display_path(path, root)
        h.update(name.encode() + b"\0" + data)
    fingerprint = h.hexdigest()
    sandboxed = not shipped_as_is(templates)
    key = hashlib.sha256(repr((fingerprint, sorted(shown.items()), sandboxed)).encode()).hexdigest()
    return Templates(files, shown, sandboxed, fingerprint, key)


_last: dict[SearchPath, tuple[object, Templates]] = {}


def current_templates(templates: SearchPath) -> Templates:
    """The templates as :func:`read_templates` reads them, read again only when a file was
    added, removed or changed since the last call (for a server that renders while the TO
    may edit ``site_templates/``)."""
    seen: list[tuple[str, int, int]] = []
    try:
        for name, path in templates.all_files():
            st = path.stat()
            seen.append((name, st.st_mtime_ns, st.st_size))
        signature: object = seen
    except OSError:
        signature = None
    kept = _last.get(templates)
    if signature is not None and kept is not None and kept[0] == signature:
        return kept[1]
    read = read_templates(templates)
    _last[templates] = (signature, read)
    return read


def templates_fingerprint(templates: SearchPath) -> str:
    """A digest of every template and asset the search path finds (rendered pages depend on all
    of them): the :attr:`~ingest.site.templates.Templates.fingerprint` of what
    :func:`read_templates` reads."""
    h = hashlib.sha256()
    for name, path in templates.all_files():
        h.update(name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def shipped_as_is(templates: SearchPath) -> bool:
    """Whether the templates are exactly Scorekeeper's own: every file of the project's folder
    (if any) a byte-for-byte copy of the shipped file of its name, so that what the search path
    finds is code installed with Scorekeeper, rendered without the sandbox's check of every
    attribute (a twentieth of the time of an event's pages)."""
    own, shipped_dir = templates.own, shipped("site_templates")
    try:
        if templates.default.resolve() != shipped_dir.resolve():
            return False
        if own is None or not own.is_dir():
            return True
        for path in own.rglob("*"):
            if path.is_symlink():
                return False
            if not path.is_file():
                continue
            theirs = shipped_dir / path.relative_to(own)
            if not theirs.is_file() or path.read_bytes() != theirs.read_bytes():
                return False
        return True
    except OSError:
        return False
