"""Turning ``build/docs`` into ``build/site``: the site engine into a staging folder swapped in
whole, only the changed pages made, or no engine at all.

A failed update leaves the previous site whole, and the next build starts from scratch
whenever ``build/site`` may not match ``build/docs`` (the site's manifest, written last, is
removed before ``build/docs`` changes). Nothing of the previous site is reused unless its
signed manifest lists it with the same digest (:mod:`ingest.publish.site_manifest`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ingest.core.diagnostics import SourcePos, error
from ingest.core.errors import IngestError
from ingest.publish import page_finish as pf
from ingest.publish import search_index as search
from ingest.publish.cache_keys import code_fingerprint
from ingest.publish.engine_config import theme_digest
from ingest.publish.engines import run_mkdocs, run_zensical, source_date_epoch
from ingest.publish.kept_map import KeptFile, file_stamps
from ingest.publish.parallel import forked_map
from ingest.publish.site_manifest import (
    Listed,
    SiteCheck,
    SiteManifest,
    check_site,
    hold_manifest,
    load_manifest,
    manifest_path,
    record_site,
    save_manifest,
)
from ingest.publish.sync import DocsChanges
from ingest.site.search import SEARCH_FILE
from ingest.source.own_pages import own_pages
from ingest.source.project import Project
from ingest.source.storage import (
    display_path,
    read_build_file,
    recover_dir,
    replace_dir,
    signature_of,
    write_atomically,
)

Progress = Callable[[str, int, int], None]
"""Told what a build is doing: a stage, how many of its items are done, of how many."""


def engine_fingerprint(project: Project, engine: str, day: dt.date, *, strict: bool) -> str:
    """What every page of the site depends on besides its own Markdown and fragments, and the strictness.

    That is the engine and its version, and our code and configuration
    (:func:`~ingest.publish.cache_keys.code_fingerprint`: mkdocs.yml, and the code that finishes
    the pages and writes the search index), and the theme's templates, ours and the project's
    overrides (:func:`~ingest.publish.engine_config.theme_digest`): a site made by other code
    or templates is built again, not updated, even when no input changed. A page-update build
    (:func:`_update_pages`) runs no engine and so sees no warning: it is strict only when the
    site it updates was built strictly (without a warning).
    """
    from importlib.metadata import version

    h = hashlib.sha256(f"{engine}:{day.isoformat()}:{'strict' if strict else 'lenient'}:".encode())
    for dist in ("mkdocs", "mkdocs-material") if engine == "mkdocs" else ("zensical",):
        h.update(f"{dist}={version(dist)};".encode())
    h.update(code_fingerprint(project).encode())
    h.update(theme_digest(project).encode())  # the theme's templates: ours and the project's overrides
    # The project's own pages are in every page's navigation, by their titles.
    h.update(repr(own_pages(project).nav).encode())
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class KeptSite:
    """The manifest a watching process (``serve``) last saved of the site, and the manifest's
    files then: while they are those, the process takes the site as it left it, without
    looking at each of its files again (:meth:`SiteUpdate.prepare`)."""

    manifest: SiteManifest
    file: KeptFile


@dataclass(frozen=True, slots=True)
class SiteUpdate:
    """One build's way from ``build/docs`` to ``build/site``."""

    project: Project
    engine: str
    day: dt.date
    strict: bool
    fingerprint: str
    """:func:`engine_fingerprint` of this build."""
    secret: bytes
    """The key the site's manifest is signed with (:mod:`ingest.publish.site_manifest`)."""
    previous: SiteCheck
    """The files of the previous site that may be reused: listed in its signed manifest,
    built from the same configuration, engine, date and strictness, and unchanged since."""
    listed: Listed | None = None
    """What the manifest on disk lists (as :attr:`held` left it): what a save appends to."""
    held: KeptFile | None = None
    """The manifest's files once marked as not matching the site
    (:func:`~ingest.publish.site_manifest.hold_manifest`)."""
    saved: list[KeptSite] = field(default_factory=list)
    """The manifest :meth:`publish` saved, once it has (for a watching process's next build)."""

    @property
    def incremental(self) -> bool:
        """Some of the previous site can be reused: only the changed pages are made."""
        return bool(self.previous.verified)

    @classmethod
    def prepare(
        cls,
        project: Project,
        engine: str,
        day: dt.date,
        *,
        strict: bool,
        full: bool,
        secret: bytes,
        kept: KeptSite | None = None,
    ) -> SiteUpdate:
        """Looks at the previous site, then marks it as not matching ``build/docs`` (until
        :meth:`publish` ends): call it before ``build/docs`` is written.

        A previous site left aside by a build killed while it swapped sites is put back
        first, and older copies removed (:func:`~ingest.source.storage.recover_dir`).
        ``kept``: what a watching process last saved (:class:`KeptSite`); while the manifest
        file is the one it saved, its files are taken as listed, none looked at (``serve``:
        only this process builds into ``build/`` while it runs, and nothing restores it)."""
        build_dir = project.build_dir
        recover_dir(build_dir / "site")
        fingerprint = engine_fingerprint(project, engine, day, strict=strict)
        listed: Listed | None = None
        on_disk: KeptFile | None = None
        if (
            not full
            and kept is not None
            and kept.manifest.fingerprint == fingerprint
            and file_stamps(manifest_path(build_dir)) == kept.file.stamps
        ):
            previous = SiteCheck(dict(kept.manifest.files), whole=True)
            listed, on_disk = kept.manifest.files, kept.file
        else:
            loaded = None if full else load_manifest(build_dir, secret)
            if loaded is not None:
                listed, on_disk = loaded[0].files, loaded[1]
            manifest = loaded[0] if loaded is not None and loaded[0].fingerprint == fingerprint else None
            previous = check_site(build_dir / "site", manifest)
        held = hold_manifest(build_dir, secret, on_disk)
        return cls(project, engine, day, strict, fingerprint, secret, previous, listed if held else None, held)

    def publish(self, changes: DocsChanges, step: Progress, *, workers: int = 1) -> dict[str, float]:
        """Makes ``build/site`` from ``build/docs``; returns what it did (``incremental``: the
        pages were updated without the engine; ``pages made``: the engine made only those).

        ``workers``: processes mkdocs may make a whole site's pages in (see
        :func:`~ingest.publish.engines.run_mkdocs`)."""
        project = self.project
        docs, folder, site = project.build_dir / "docs", project.build_dir / pf.FOLDER, project.build_dir / "site"
        done: dict[str, float] = {}
        # Without a Markdown page added, removed or changed, the engine has nothing to do:
        # the changed fragments go into the finished pages, other files are copied; only
        # into a site that is exactly the one its manifest lists.
        swap = self.previous.whole and not any(
            rel.endswith(".md") for rel in changes.docs.written | changes.docs.removed
        )
        done["incremental"] = float(swap)
        if swap:
            step("updating pages", 0, 1)
            updated = _update_pages(site, docs, folder, changes, self.engine)
            if updated is None:
                self._keep_manifest(site)
                return done
            # The site is the verified one but for these files: listed without walking it again.
            written, removed = updated
            files = {rel: entry for rel, entry in self.previous.verified.items() if rel not in removed}
            for rel, digest in written.items():
                files[rel] = (digest, signature_of(os.lstat(site / rel)))
            self._save(SiteManifest(self.fingerprint, files))
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
                    pf.finish_site(staging, docs, folder, forked_map if workers > 1 else map, changes.fragment_files)
                    search.write_search_index(
                        staging, search.read_search_entries(folder, changes.fragment_files), self.engine
                    )
                else:
                    remake: set[str] | None = None
                    if self.incremental:  # only the pages that changed are made
                        remake = {pf.page_html(rel) or rel for rel in changes.docs.written | changes.docs.removed}
                        for rel in changes.fragments.written | changes.fragments.removed:
                            remake.add(pf.page_html(pf.page_of(rel)) or rel)
                        done["pages made"] = float(len(remake))
                    warnings = run_mkdocs(
                        project,
                        docs,
                        staging,
                        strict=self.strict,
                        progress=step,
                        previous=site if remake is not None else None,
                        stale=remake or (),
                        reusable=self.previous.verified.keys(),
                        workers=workers,
                        stored=changes.fragment_files,
                    )
            if self.strict and warnings:
                at = SourcePos(display_path(project.mkdocs_file, project.root))
                raise IngestError([error("site-engine", w, at) for w in warnings])
            replace_dir(staging, site)
            self._keep_manifest(site)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return done

    def _keep_manifest(self, site: Path) -> None:
        """Lists the site just made (its files' digests; a file reused from the previous site
        keeps the digest it was checked against), signed: the next build may reuse it."""
        self._save(SiteManifest(self.fingerprint, record_site(site, self.previous.verified)))

    def _save(self, manifest: SiteManifest) -> None:
        kept = save_manifest(self.project.build_dir, self.secret, manifest, self.listed, self.held)
        if kept is not None:
            self.saved.append(KeptSite(manifest, kept))


def _update_pages(
    site: Path, docs: Path, folder: Path, changes: DocsChanges, engine: str
) -> tuple[dict[str, str], set[str]] | None:
    """Updates the previous site in place: new fragments swapped into its pages, changed files copied.

    Used when no Markdown page changed: the engine would render every page as before.
    Returns the files written (with the digests of their bytes) and those removed; None when
    the search index was written again too. All
    new contents are computed first, then each changed file is replaced atomically (a
    temporary file renamed over it), so a reader always gets a whole file. Copying the
    site to swap it in whole would cost more than the update itself: a site has a folder
    per page. Only a site that is exactly the one its signed manifest lists is updated; if
    this step is interrupted, the next build starts from scratch (the manifest is written
    only after it).
    """
    stored, fragments = changes.fragment_files, changes.fragments
    new: dict[str, bytes] = {rel: (docs / rel).read_bytes() for rel in sorted(changes.docs.written)}
    for rel in sorted(fragments.written | fragments.removed):
        src = pf.page_of(rel)
        page = pf.page_html(src)
        data = None if page is None else read_build_file(site / page)
        if page is None or data is None:
            continue
        html = data.decode("utf-8")  # (checked against its digest: what the engine wrote)
        new[page] = pf.swap(html, pf.read_fragments(folder, src, stored), src).encode("utf-8")
    for rel, data in new.items():
        write_atomically(site / rel, data, durable=False)
    for rel in sorted(changes.docs.removed):
        (site / rel).unlink(missing_ok=True)
    if SEARCH_FILE in fragments.written:
        search.write_search_index(site, search.read_search_entries(folder, stored), engine)
        return None  # (the index is files of its own, by year)
    return {rel: hashlib.sha256(data).hexdigest() for rel, data in new.items()}, set(changes.docs.removed)
