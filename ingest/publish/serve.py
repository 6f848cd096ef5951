"""``scorekeeper serve``: a live preview of the site while a TO edits event files.

It builds the site, serves ``build/site`` on localhost, and watches ``events/``,
``formats/``, ``seasons/``, ``presets/``, ``players.yaml``, ``site_templates/``, ``pages/`` and
``mkdocs.yml`` with watchdog. A
save triggers a rebuild (only changed events are recomputed, only changed pages
re-rendered); the browser reloads itself as soon as the new pages are written. When a
file is invalid, the last good site keeps being served and the positioned errors are
printed in the terminal and shown in a banner at the top of every page.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import html
import json
import os
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypedDict
from urllib.parse import parse_qs, urlparse

from ingest.core.diagnostics import render_all, sorted_diagnostics
from ingest.core.errors import IngestError
from ingest.publish.analytics_cache import AnalyticsCache
from ingest.publish.build_lock import build_lock
from ingest.publish.build_outcome import BuildIncomplete
from ingest.publish.build_state import BuildMemory
from ingest.publish.engines import require_engine
from ingest.publish.run import _open_store, build_site
from ingest.publish.watched import ChangeLog, watched_folders
from ingest.source.project import Project

_CLIENT = """<script>
(function () {
  var version = %(version)d, serial = %(serial)d;
  function banner(text) {
    var el = document.getElementById("sk-live-banner");
    if (!text) { if (el) el.remove(); return; }
    if (!el) {
      el = document.createElement("div");
      el.id = "sk-live-banner";
      el.className = "sk-banner";
      el.setAttribute("role", "alert");
      document.body.insertBefore(el, document.body.firstChild);
    }
    el.textContent = "The last save could not be built; showing the last good site.\\n\\n" + text;
  }
  function poll() {
    fetch("/__scorekeeper/status?since=" + serial, {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (s) {
        if (s.version !== version) { window.location.reload(); return; }
        serial = s.serial;
        banner(s.errors);
        poll();
      })
      .catch(function () { setTimeout(poll, 1000); });
  }
  banner(%(errors)s);
  poll();
})();
</script>
"""


class LiveStatus(TypedDict):
    """What ``/__scorekeeper/status`` answers (as JSON): the state the browser polls."""

    version: int
    serial: int
    errors: str


def inject_client(page: bytes, client: str) -> bytes:
    """A page of the site with a live client's script put in before its ``</body>`` (serve's
    reload, the venue's live updates); a page without one gets it at its end."""
    if b"</body>" not in page:
        return page + client.encode()
    return page.replace(b"</body>", client.encode() + b"</body>", 1)


class LiveState:
    """What the browser needs to know: the site version and the current errors."""

    def __init__(self) -> None:
        self.version = 0
        """Bumped when new pages are written (the browser reloads)."""
        self.serial = 0
        """Bumped on every change of version or errors (the browser polls on it)."""
        self.errors = ""
        self.changed = threading.Condition()
        self.listeners: list[Callable[[bool], None]] = []
        """Told after each build whether it wrote new pages (the venue's live updates)."""

    def publish(self, *, bump: bool, errors: str) -> None:
        with self.changed:
            if bump:
                self.version += 1
            self.errors = errors
            self.serial += 1
            self.changed.notify_all()
        for listener in self.listeners:
            listener(bump)

    def wait(self, since: int, timeout: float = 20.0) -> LiveStatus:
        with self.changed:
            self.changed.wait_for(lambda: self.serial != since, timeout=timeout)
            return {"version": self.version, "serial": self.serial, "errors": self.errors}


def make_handler(site: Path, state: LiveState) -> type[SimpleHTTPRequestHandler]:
    """A request handler serving ``site`` with the live-reload client injected into HTML."""

    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(site), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            return  # quiet: the terminal is for build messages

        def do_GET(self) -> None:
            url = urlparse(self.path)
            if url.path == "/__scorekeeper/status":
                since = int(parse_qs(url.query).get("since", ["-1"])[0])
                self._send(json.dumps(state.wait(since)).encode(), "application/json")
                return
            target = Path(self.translate_path(url.path))
            if target.is_dir():
                target = target / "index.html"
            if target.suffix == ".html" and target.is_file():
                client = _CLIENT % {
                    "version": state.version,
                    "serial": state.serial,
                    "errors": json.dumps(state.errors).replace("</", "<\\/"),
                }
                body = inject_client(target.read_bytes(), client)
                self._send(body, "text/html; charset=utf-8")
                return
            super().do_GET()

        def _send(self, body: bytes, kind: str) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

    return Handler


class Rebuilder:
    """Runs builds one at a time; a change during a build schedules one more."""

    def __init__(
        self,
        project: Project,
        state: LiveState,
        *,
        engine: str,
        today: Callable[[], dt.date],
        echo: Callable[[str], None],
        cache_home: Path | None = None,
        settled_before: Callable[[], int | None] = lambda: None,
    ) -> None:
        self.project, self.state, self.engine, self.today, self.echo = project, state, engine, today, echo
        self.cache_home = cache_home
        self.settled_before = settled_before
        self.memory = BuildMemory()
        self.lock = threading.Lock()
        self.pending = threading.Event()
        self.stop = threading.Event()
        self.worker = threading.Thread(target=self._loop, name="scorekeeper-rebuild", daemon=True)

    def start(self) -> None:
        self.worker.start()

    def request(self) -> None:
        self.pending.set()

    SETTLE = 0.15
    """Seconds a change is given to settle before the build (an editor's save is a truncate,
    then a write)."""

    def _loop(self) -> None:
        while not self.stop.is_set():
            if not self.pending.wait(timeout=0.5):
                continue
            time.sleep(self.SETTLE)
            self.pending.clear()
            self.rebuild(full=False)

    def rebuild(self, *, full: bool) -> bool:
        """Builds once (only changed events and pages, unless ``full``); returns whether the site was updated."""
        with self.lock:
            start = time.perf_counter()
            try:
                timings = build_site(
                    self.project,
                    engine=self.engine,
                    today=self.today(),
                    memory=self.memory,
                    full=full,
                    cache_home=self.cache_home,
                    settled_before=self.settled_before(),
                )
            except BuildIncomplete as exc:
                text = render_all(sorted_diagnostics(exc.diagnostics))
                self.echo(f"rebuilt with problems ({exc.summary()}):\n{text}")
                self.state.publish(bump=exc.changed, errors=text)
                return exc.changed
            except IngestError as exc:
                diags = sorted_diagnostics(exc.diagnostics)
                text = render_all(diags) if diags else exc.text
                self.echo(f"build failed; still serving the last good site:\n{text}")
                self.state.publish(bump=False, errors=text)
                return False
            self.echo(f"rebuilt in {time.perf_counter() - start:.1f} s ({timings.events_made} event(s) recomputed)")
            self.state.publish(bump=True, errors="")
            return True

    def keep_totals(self) -> None:
        """Writes the analytics totals the builds kept in memory into the build cache (once
        watching ends: the next ``scorekeeper build`` patches them instead of folding every
        record again); a failure only costs that build the folding."""
        with self.lock, contextlib.suppress(IngestError, OSError), build_lock(self.project):
            store = _open_store(self.project, self.today(), self.cache_home)
            AnalyticsCache(store, self.memory.analytics, totals=True).write_totals()


def watch(project: Project, on_change: Callable[[], None], changes: ChangeLog | None = None) -> Any:
    """Starts a watchdog observer on the project's source folders and files; ``changes`` is
    told every path it reports (:mod:`ingest.publish.watched`)."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    build_dir = project.build_dir.resolve()
    root = project.root.resolve()
    watched_files = {project.players_file.resolve(), project.mkdocs_file.resolve()}

    def source(name: str | bytes) -> bool:
        path = Path(os.fsdecode(name)).resolve()
        if path.is_relative_to(build_dir) or path.name.startswith(".") or path.name.endswith("~"):
            return False  # build output, lock and temporary files, editors' backups
        return path.parent != root or path in watched_files

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.event_type in ("opened", "closed_no_write"):
                return
            if event.is_directory and event.event_type == "modified":
                # A folder's own time: it changes with every file written, made or removed
                # in it, a build's look at an edit lock included (which would rebuild for
                # ever); the files' own events say what changed.
                return
            # A file replaced atomically (a temporary file renamed over it, as every
            # Scorekeeper command and many editors save) is the move's destination.
            names = (event.src_path, event.dest_path) if event.event_type == "moved" else (event.src_path,)
            if changes is not None:
                if event.is_directory:
                    changes.record_everything()  # a folder made, moved or removed: its files unsaid
                else:
                    for name in names:
                        if not Path(os.fsdecode(name)).resolve().is_relative_to(build_dir):
                            changes.record(name)
            if any(source(name) for name in names):
                on_change()

    observer = Observer()
    handler = Handler()
    # The project's own folders (the shipped files under them do not change while it runs).
    own = ("formats", "site_templates", "schema", "presets", "locales", "pages")
    # By absolute names, as the build names the files (:mod:`ingest.publish.watched`).
    for folder in watched_folders((project.events_dir, project.seasons_dir, *(project.root / name for name in own))):
        observer.schedule(handler, folder, recursive=True)
    observer.schedule(handler, os.path.abspath(project.root), recursive=False)
    observer.start()
    return observer


def serve(
    project: Project,
    *,
    host: str,
    port: int,
    engine: str,
    today: Callable[[], dt.date],
    echo: Callable[[str], None],
    ready: Callable[[str], None] | None = None,
    stop: threading.Event | None = None,
    cache_home: Path | None = None,
    settled_before: Callable[[], int | None] = lambda: None,
) -> None:
    """Builds, serves and watches until interrupted (or ``stop`` is set).

    ``today`` gives each build its date (asked again at every rebuild: a preview left
    running past midnight moves its upcoming and recent events with the day); the builds
    keep their cache in ``cache_home``, and ``settled_before`` gives each its
    ``settled_before`` (see :func:`~ingest.publish.run.build_site`). An engine that is not
    installed is an IngestError before anything is built or served."""
    require_engine(engine)
    state = LiveState()
    rebuilder = Rebuilder(
        project, state, engine=engine, today=today, echo=echo, cache_home=cache_home, settled_before=settled_before
    )
    site = project.build_dir / "site"
    # Watched from before the first build: a change while it reads the files is told to the next.
    rebuilder.memory.changes = ChangeLog()
    observer = watch(project, rebuilder.request, rebuilder.memory.changes)
    if not rebuilder.rebuild(full=True) and not site.exists():
        site.mkdir(parents=True, exist_ok=True)
        (site / "index.html").write_text(
            "<!doctype html><html><body><h1>No site yet</h1><p>Fix the errors shown in the terminal.</p>"
            f"<pre>{html.escape(state.errors)}</pre></body></html>",
            encoding="utf-8",
        )
    rebuilder.start()
    server = ThreadingHTTPServer((host, port), make_handler(site, state))
    server.daemon_threads = True
    url = f"http://{host}:{server.server_address[1]}/"
    echo(f"serving {url} (Ctrl+C to stop)")
    if ready is not None:
        ready(url)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        while not (stop.is_set() if stop else False):
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        observer.stop()
        observer.join(timeout=2)
        rebuilder.stop.set()
        rebuilder.keep_totals()
