"""Running the site engines (mkdocs-material in this process, Zensical as a command)."""

from __future__ import annotations

import contextlib
import datetime as dt
import importlib
import io
import logging
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from pathlib import Path

import jinja2

from ingest.core.diagnostics import SourcePos, error
from ingest.core.errors import IngestError
from ingest.site.render import template_problem
from ingest.source.project import Project
from ingest.source.storage import display_path

Progress = Callable[[str, int, int], None]
"""Told what a build is doing: a stage, how many of its items are done, of how many."""


def _no_progress(stage: str, done: int, total: int) -> None:
    return None


@contextlib.contextmanager
def source_date_epoch(today: dt.date) -> Iterator[None]:
    """Pins the engines' build date (sitemap, archives) to ``today`` for reproducible output."""
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = str(
        int(dt.datetime(today.year, today.month, today.day, tzinfo=dt.UTC).timestamp())
    )
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


class _Counter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


DIRTY_WARNING = "A 'dirty' build is being performed"
"""How mkdocs' warning about a build of some pages begins (not a warning here: see :func:`run_mkdocs`)."""


def run_mkdocs(
    project: Project,
    docs: Path,
    site: Path,
    *,
    strict: bool,
    progress: Progress = _no_progress,
    previous: Path | None = None,
    stale: Collection[str] = (),
    reusable: Collection[str] | None = None,
    workers: int = 1,
    stored: Mapping[str, str | bytes] | None = None,
) -> list[str]:
    """Builds the site with mkdocs-material from ``mkdocs.yml`` layered over the shipped one
    (:func:`~ingest.publish.engine_config.layered_text`); returns the engine's warnings.

    Our plugin (:mod:`ingest.publish.mkdocs_plugin`) is added when the configuration does not list it.

    ``previous``: a site built before from the same configuration, engine and date, whose
    files, except the ``stale`` ones (paths in the site), are still what this build would
    make. Those files are linked into ``site`` and only the others are made (the pages whose
    Markdown or fragments changed, new pages, the site-wide files: sitemap, 404 page,
    search index). No page shows anything of another page but the navigation, whose
    titles ``mkdocs.yml`` gives, so the pages are those of a whole build. ``reusable``: the
    files of ``previous`` checked against the digests its build listed
    (:mod:`ingest.publish.site_manifest`); only those are linked, every other page is made.

    ``workers``: with more than one, a whole build of many pages makes them in two
    processes (:mod:`ingest.publish.page_split`) where forking is safe. ``stored``: the
    build's fragments files, which the plugin then takes from memory.
    """
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, MkDocsException
    from mkdocs.utils import clean_directory

    from ingest.publish.engine_config import layered_text
    from ingest.publish.mkdocs_plugin import ScorekeeperPlugin
    from ingest.publish.page_split import PageSplit
    from ingest.publish.parallel import can_fork

    counter = _Counter()
    log = logging.getLogger("mkdocs")
    log.addHandler(counter)
    not_dirty = _NotDirty()
    logging.getLogger("mkdocs.commands.build").addFilter(not_dirty)
    level = log.level
    log.setLevel(logging.WARNING)
    try:
        # mkdocs.yml layered over the shipped one; paths in it stay relative to the file's folder.
        # The site's address given for this build (--site-url) in mkdocs.yml's place: canonical links, sitemap.
        given = {"site_url": project.site_url} if project.site_url else {}
        cfg = load_config(
            config_file=io.StringIO(layered_text(project)),
            config_file_path=str(project.root.absolute() / "mkdocs.yml"),
            docs_dir=str(docs),
            site_dir=str(site),
            strict=strict,
            **given,
        )
        if not any(isinstance(p, ScorekeeperPlugin) for p in cfg.plugins.values()):
            plugin = ScorekeeperPlugin()
            plugin.load_config({})
            cfg.plugins["scorekeeper"] = plugin
        kept = None
        split = PageSplit(counter.messages) if workers > 1 and previous is None and can_fork() else None
        if previous is not None:
            try:
                kept = _link_previous(previous, site, stale, cfg.theme.static_templates, reusable)
            except OSError:  # no hard links on this file system: a whole build (it empties the folder first)
                kept = None
        for plugin in cfg.plugins.values():
            if isinstance(plugin, ScorekeeperPlugin):
                plugin.progress = progress
                plugin.kept = kept
                plugin.split = split
                plugin.stored = stored
        dirty = kept is not None or split is not None
        if split is not None:  # a build of some pages in each process: the folder is emptied here
            clean_directory(str(site))
        cfg.plugins.on_startup(command="build", dirty=dirty)
        try:
            mkdocs_build(cfg, dirty=dirty)
        except BaseException as exc:
            if split is not None and split.in_child:
                split.finish_child(str(exc) or type(exc).__name__)
            raise
        finally:
            if split is not None:
                if split.in_child:  # a forked process never goes back to the caller
                    split.finish_child("the build ended early")
                split.abandon()
            cfg.plugins.on_shutdown()
    except jinja2.TemplateError as exc:  # a theme template or override (rendered in the sandbox)
        raise IngestError([template_problem(exc, lambda name: display_path(Path(name), project.root))]) from None
    except (Abort, MkDocsException) as exc:
        at = SourcePos(display_path(project.mkdocs_file, project.root))
        # In strict mode mkdocs aborts with a count; the warnings themselves say what to fix.
        raise IngestError(
            [error("site-engine", w, at) for w in counter.messages] + [error("site-engine", f"mkdocs: {exc}", at)]
        ) from None
    finally:
        log.removeHandler(counter)
        log.setLevel(level)
        logging.getLogger("mkdocs.commands.build").removeFilter(not_dirty)
    return counter.messages


class _NotDirty(logging.Filter):
    """Drops mkdocs' warning about a build of some pages: here such a build makes the site
    a whole build makes (see :func:`run_mkdocs`), so it is no warning, strict or not."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(DIRTY_WARNING)


def _link_previous(
    previous: Path, site: Path, stale: Collection[str], templates: Iterable[str], reusable: Collection[str] | None
) -> frozenset[str]:
    """Links the files of ``previous`` into ``site`` but the stale ones and those made from
    every page (the theme's static templates, the search index); with ``reusable``, only
    those; returns the paths linked.

    mkdocs is then told that exactly these are up to date (our plugin), so it never writes
    to a linked file: the previous site stays as it was whatever happens.
    """
    never = set(stale) | {name for t in templates for name in (t, f"{t}.gz")}
    kept: set[str] = set()
    root = os.fspath(previous)
    for folder, _, names in os.walk(root):
        rel = os.path.relpath(folder, root)
        prefix = "" if rel == "." else rel.replace(os.sep, "/") + "/"
        if prefix.startswith("search/"):
            continue
        made = False
        for name in names:
            path = prefix + name
            if path in never or path.startswith("search/") or (reusable is not None and path not in reusable):
                continue
            if not made:
                os.makedirs(os.path.join(site, prefix), exist_ok=True)
                made = True
            os.link(os.path.join(folder, name), os.path.join(site, prefix, name))
            kept.add(path)
    return frozenset(kept)


def run_zensical(project: Project, docs: Path, site: Path, *, strict: bool) -> list[str]:
    """Builds the site with Zensical (same mkdocs.yml, docs and site folders pointed at ours).

    Zensical takes the folder of its configuration file as the project's root, and the
    docs and site folders must be inside it; its cache goes into ``.cache`` there. So the
    configuration (``mkdocs.yml`` as checked: :func:`~ingest.publish.engine_config.zensical_config`)
    is written into the build folder, under a name of this build's own, and Zensical's cache
    is ``build/.cache`` (builds of a project run one at a time, see :func:`ingest.publish.build_lock.build_lock`).
    Nothing is written outside the build folder.
    """
    from ingest.publish.engine_config import zensical_config

    build_dir = docs.parent.resolve()
    text = zensical_config(project, build_dir, docs, site)
    fd, name = tempfile.mkstemp(prefix=".zensical-", suffix=".yml", dir=build_dir)
    cfg = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        # This interpreter's Zensical, the one require_engine found (never another one on PATH).
        cmd = [sys.executable, "-m", "zensical", "build", "-f", str(cfg)] + (["--strict"] if strict else [])
        proc = subprocess.run(cmd, cwd=build_dir, capture_output=True, text=True, check=False)
    finally:
        cfg.unlink(missing_ok=True)
    if proc.returncode != 0:
        raise IngestError(
            [
                error(
                    "site-engine",
                    f"zensical failed: {(proc.stderr or proc.stdout).strip()[-2000:]}",
                    SourcePos(display_path(project.mkdocs_file, project.root)),
                )
            ]
        )
    return [line for line in (proc.stderr or "").splitlines() if "warning" in line.lower()]


ZENSICAL_MISSING = (
    "the zensical engine is not installed: pip install 'tcg-scorekeeper[zensical]' "
    "(or build with the default engine, mkdocs)"
)
"""What a build, a preview or the venue says when asked for Zensical without it: the engine is
an extra of the distribution (``tcg-scorekeeper[zensical]``), not one of its dependencies."""


def require_engine(engine: str) -> None:
    """Raises IngestError (one line, :data:`ZENSICAL_MISSING`) when ``engine`` cannot run here.

    mkdocs and mkdocs-material are dependencies of the package; Zensical is checked by
    importing it, as :func:`run_zensical` runs it (``python -m zensical`` with this interpreter).
    """
    if engine != "zensical":
        return
    try:
        importlib.import_module("zensical")
    except ImportError:
        raise IngestError(ZENSICAL_MISSING) from None
