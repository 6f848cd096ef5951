"""Turning ``build/docs`` into ``build/site``: the site engine into a staging folder swapped in
whole, only the changed pages made, or no engine at all.

A failed update leaves the previous site whole, and the next build starts from scratch
whenever ``build/site`` may not match ``build/docs`` (the site's fingerprint, written last,
is removed before ``build/docs`` changes).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ingest.core.diagnostics import SourcePos, error
from ingest.core.errors import IngestError
from ingest.publish.cache_keys import code_fingerprint
from ingest.publish.engines import run_mkdocs, run_zensical, source_date_epoch
from ingest.publish.parallel import forked_map
from ingest.publish.sync import DocsChanges
from ingest.site import fragments as fr
from ingest.site import search_index as search
from ingest.source.project import Project
from ingest.source.storage import display_path, replace_dir, write_atomically

Progress = Callable[[str, int, int], None]
"""Told what a build is doing: a stage, how many of its items are done, of how many."""


def engine_fingerprint(project: Project, engine: str, day: dt.date, *, strict: bool) -> str:
    """What every page of the site depends on besides its own Markdown and fragments, and the strictness.

    That is the engine and its version, and our code and configuration
    (:func:`~ingest.publish.cache_keys.code_fingerprint`: mkdocs.yml, and the code that finishes
    the pages and writes the search index): a site made by other code is built again, not
    updated, even when no input changed. A page-update build (:func:`_update_pages`) runs no
    engine and so sees no warning: it is strict only when the site it updates was built
    strictly (without a warning).
    """
    from importlib.metadata import version

    h = hashlib.sha256(f"{engine}:{day.isoformat()}:{'strict' if strict else 'lenient'}:".encode())
    for dist in ("mkdocs", "mkdocs-material") if engine == "mkdocs" else ("zensical",):
        h.update(f"{dist}={version(dist)};".encode())
    h.update(code_fingerprint(project).encode())
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class SiteUpdate:
    """One build's way from ``build/docs`` to ``build/site``."""

    project: Project
    engine: str
    day: dt.date
    strict: bool
    fingerprint: str
    """:func:`engine_fingerprint` of this build."""
    incremental: bool
    """The previous site was built from the same configuration, engine, date and strictness:
    it can be updated rather than built again."""

    @classmethod
    def prepare(cls, project: Project, engine: str, day: dt.date, *, strict: bool, full: bool) -> SiteUpdate:
        """Looks at the previous site, then marks it as not matching ``build/docs`` (until
        :meth:`publish` ends): call it before ``build/docs`` is written."""
        fingerprint = engine_fingerprint(project, engine, day, strict=strict)
        manifest = _manifest(project)
        site = project.build_dir / "site"
        incremental = (
            not full and site.is_dir() and manifest.is_file() and manifest.read_text(encoding="utf-8") == fingerprint
        )
        manifest.unlink(missing_ok=True)
        return cls(project, engine, day, strict, fingerprint, incremental)

    def publish(self, changes: DocsChanges, step: Progress, *, workers: int = 1) -> dict[str, float]:
        """Makes ``build/site`` from ``build/docs``; returns what it did (``incremental``: the
        pages were updated without the engine; ``pages made``: the engine made only those).

        ``workers``: processes mkdocs may make a whole site's pages in (see
        :func:`~ingest.publish.engines.run_mkdocs`)."""
        project = self.project
        docs, folder, site = project.build_dir / "docs", project.build_dir / fr.FOLDER, project.build_dir / "site"
        done: dict[str, float] = {}
        # Without a Markdown page added, removed or changed, the engine has nothing to do:
        # the changed fragments go into the finished pages, other files are copied.
        swap = self.incremental and not any(rel.endswith(".md") for rel in changes.docs.written | changes.docs.removed)
        done["incremental"] = float(swap)
        if swap:
            step("updating pages", 0, 1)
            _update_pages(site, docs, folder, changes, self.engine)
            _manifest(project).write_text(self.fingerprint, encoding="utf-8")
            return done
        # Only this build runs (the build lock): a staging folder left here is from a build
        # that was interrupted.
        for stale in project.build_dir.glob(".site-next-*"):
            shutil.rmtree(stale, ignore_errors=True)
        staging = Path(tempfile.mkdtemp(prefix=".site-next-", dir=project.build_dir))
        try:
            step(f"running {self.engine}", 0, 1)
            with source_date_epoch(self.day):
                if self.engine == "zensical":
                    warnings = run_zensical(project, docs, staging, strict=self.strict)
                    step("finishing pages", 0, 1)
                    fr.finish_site(staging, docs, folder, forked_map if workers > 1 else map, changes.fragment_files)
                    search.write_search_index(
                        staging, search.read_search_entries(folder, changes.fragment_files), self.engine
                    )
                else:
                    remake: set[str] | None = None
                    if self.incremental:  # only the pages that changed are made
                        remake = {fr.page_html(rel) or rel for rel in changes.docs.written | changes.docs.removed}
                        for rel in changes.fragments.written | changes.fragments.removed:
                            remake.add(fr.page_html(fr.page_of(rel)) or rel)
                        done["pages made"] = float(len(remake))
                    warnings = run_mkdocs(
                        project,
                        docs,
                        staging,
                        strict=self.strict,
                        progress=step,
                        previous=site if remake is not None else None,
                        stale=remake or (),
                        workers=workers,
                        stored=changes.fragment_files,
                    )
            if self.strict and warnings:
                at = SourcePos(display_path(project.mkdocs_file, project.root))
                raise IngestError([error("site-engine", w, at) for w in warnings])
            replace_dir(staging, site)
            manifest = _manifest(project)
            manifest.parent.mkdir(parents=True, exist_ok=True)
            manifest.write_text(self.fingerprint, encoding="utf-8")
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return done


def _manifest(project: Project) -> Path:
    """Where the fingerprint of the site in ``build/site`` is kept (absent: it may not match ``build/docs``)."""
    return project.build_dir / ".cache" / "site.json"


def _update_pages(site: Path, docs: Path, folder: Path, changes: DocsChanges, engine: str) -> None:
    """Updates the previous site in place: new fragments swapped into its pages, changed files copied.

    Used when no Markdown page changed: the engine would render every page as before. All
    new contents are computed first, then each changed file is replaced atomically (a
    temporary file renamed over it), so a reader always gets a whole file. Copying the
    site to swap it in whole would cost more than the update itself: a site has a folder
    per page. If this step is interrupted, the next build starts from scratch (the site's
    fingerprint is written only after it).
    """
    stored, fragments = changes.fragment_files, changes.fragments
    new: dict[str, bytes] = {rel: (docs / rel).read_bytes() for rel in sorted(changes.docs.written)}
    for rel in sorted(fragments.written | fragments.removed):
        src = fr.page_of(rel)
        page = fr.page_html(src)
        if page is None or not (site / page).is_file():
            continue
        html = (site / page).read_text(encoding="utf-8")
        new[page] = fr.swap(html, fr.read_fragments(folder, src, stored), src).encode("utf-8")
    for rel, data in new.items():
        write_atomically(site / rel, data, durable=False)
    for rel in sorted(changes.docs.removed):
        (site / rel).unlink(missing_ok=True)
    if search.SEARCH_FILE in fragments.written:
        search.write_search_index(site, search.read_search_entries(folder, stored), engine)
