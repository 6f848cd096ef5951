"""``scorekeeper venue``: the event's live pages for every phone at the venue, on the TO's laptop.

It builds the site as ``serve`` does (:class:`~ingest.publish.serve.Rebuilder`, the same build
into ``build/site``, kept in memory between builds) and builds again whenever a source file
changes (:func:`~ingest.publish.serve.watch`): a ``pair`` or ``report`` in a terminal, a save
in an editor, a result accepted here. Phones learn of each new build within the second
(:mod:`ingest.venue.live`). Results sent from phones are stored in the venue's database
before anyone is told, and written into the event file by the same edit as ``report``
(:mod:`ingest.venue.apply`).

The command line starts it (:func:`run_venue`) with everything read from the environment
passed in: the data folder, the clock, the address to listen on.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ingest.core.errors import IngestError
from ingest.core.slug import transliterated
from ingest.publish.engines import require_engine
from ingest.publish.serve import LiveState, watch
from ingest.publish.site_settings import site_language
from ingest.source.project import Project
from ingest.venue.apply import Applier
from ingest.venue.builds import ForkedRebuilder, make_rebuilder
from ingest.venue.claims import ACCEPT_MODES
from ingest.venue.codes import VenueKeys, load_key, new_token
from ingest.venue.context import Venue
from ingest.venue.desk import MODE_SETTING, Desk
from ingest.venue.entries import REGISTER_MODES, REGISTER_SETTING, Entries
from ingest.venue.events import Events
from ingest.venue.guard import Guard
from ingest.venue.live import Feed, PageTags
from ingest.venue.network import everywhere, lan_addresses, loopback
from ingest.venue.pages import SitePages
from ingest.venue.store import Store

TO_TOKEN = "to_token"
"""The settings row that holds the TO's token."""


def database_path(data_home: Path, project: Project) -> Path:
    """The venue database of ``project`` in the user's data folder (one per project folder)."""
    root = str(project.root.resolve())
    digest = hashlib.sha256(root.encode("utf-8")).hexdigest()[:12]
    # The folder's name as python-slugify spells it, not :func:`ingest.core.slug.slug`: the file keeps the
    # name it was first given when Japanese began to be read as Japanese (the digest is what tells projects apart).
    name = transliterated(project.root.resolve().name) or "project"
    return data_home / "venue" / f"{name}-{digest}.sqlite3"


def open_store(data_home: Path, project: Project) -> Store:
    """The project's venue database (made when there is none)."""
    return Store(database_path(data_home, project))


@dataclass(frozen=True, slots=True)
class Listening:
    """Where the venue listens, and the addresses to tell."""

    socket: socket.socket
    local: str
    """The address on this computer (``http://127.0.0.1:8765``)."""
    phones: str
    """The address phones use (empty when the venue listens on this computer only)."""


def listen(host: str, port: int) -> Listening:
    """A socket listening on ``host``:``port`` (0: a free port), and the addresses to tell.

    Raises:
        IngestError: the address is taken or not this computer's.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise IngestError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; choose another --port") from None
    sock.listen(2048)
    sock.setblocking(False)
    port = sock.getsockname()[1]
    if everywhere(host):
        lan = lan_addresses()
        local = f"http://127.0.0.1:{port}"
        phones = f"http://{lan[0]}:{port}" if lan else ""
    else:
        shown = f"[{host}]" if ":" in host else host
        local = f"http://{shown}:{port}"
        phones = "" if loopback(host) else local
    return Listening(sock, local, phones)


def terminal_qr(url: str, out: Callable[[str], None], what: str) -> None:
    """A QR code of ``url`` in the terminal, saying ``what`` it opens (only on a terminal: a
    log gets the address alone)."""
    if not sys.stderr.isatty():
        return
    import io

    import segno

    text = io.StringIO()
    segno.make(url, error="m").terminal(out=text, compact=True, border=2)
    out(text.getvalue().rstrip("\n"))
    out(f"venue: (the QR code above opens {what})")


def run_venue(
    project: Project,
    files: Sequence[Path],
    *,
    host: str,
    port: int,
    engine: str,
    today: Callable[[], dt.date],
    now: Callable[[], dt.datetime],
    data_home: Path,
    accept: str | None,
    fresh_token: bool,
    echo: Callable[[str], None],
    cache_home: Path | None = None,
    settled_before: Callable[[], int | None] = lambda: None,
    stop: threading.Event | None = None,
    register: str | None = None,
) -> None:
    """Builds, serves and watches until interrupted (or ``stop`` is set).

    Args:
        project: the project.
        files: the event files the venue runs (their report forms, codes and TO page).
        host: the address to listen on (``0.0.0.0``: every interface).
        port: the port (0: a free one).
        engine: the site engine.
        today: each build's date.
        now: the venue's clock (local time).
        data_home: the user's data folder (the venue key and database).
        accept: the TO's setting to start with (None: as last set; ``agreed`` the first time).
        fresh_token: make a new TO token (the old one stops working).
        echo: prints a line for the TO.
        cache_home: the build cache's folder.
        settled_before: as for :func:`~ingest.publish.run.build_site`.
        stop: set it to stop the venue (tests).
        register: the TO's setting for registrations to start with (None: as last set; ``to``
            the first time: every registration waits for the TO).
    """
    import uvicorn

    from ingest.venue.app import make_app
    from ingest.venue.connections import VenueProtocol, connection_limit, raise_open_files

    require_engine(engine)  # before the build process is forked and the data folder opened
    open_files = raise_open_files()
    feed = Feed()
    state = LiveState()
    state.listeners.append(lambda bumped: feed.site_built() if bumped else None)
    # First of all: the build process is forked before any thread, socket or database is opened.
    rebuilder = make_rebuilder(
        project, state, engine=engine, today=today, echo=echo, cache_home=cache_home, settled_before=settled_before
    )
    keys = VenueKeys(load_key(data_home))
    store = open_store(data_home, project)
    token = store.setting_once(TO_TOKEN, new_token())
    if fresh_token:
        token = new_token()
        store.set_setting(TO_TOKEN, token)
    if accept is not None:
        if accept not in ACCEPT_MODES:
            raise IngestError(f"--accept is one of {', '.join(ACCEPT_MODES)}")
        store.set_setting(MODE_SETTING, accept)
    if register is not None:
        if register not in REGISTER_MODES:
            raise IngestError(f"--register is one of {', '.join(REGISTER_MODES)}")
        store.set_setting(REGISTER_SETTING, register)
    bound = listen(host, port)
    events = Events(project, files, keys)
    site = project.build_dir / "site"
    echo("venue: building the site...")
    if not rebuilder.rebuild(full=False) and not (site / "index.html").exists():
        site.mkdir(parents=True, exist_ok=True)
        (site / "index.html").write_text(
            "<!doctype html><html><body><h1>No site yet</h1><p>The event files have errors: see the terminal.</p>"
            "</body></html>",
            encoding="utf-8",
        )
    applier = Applier(events, store, on_written=rebuilder.request, on_change=feed.inbox_changed)
    desk = Desk(events, store, wake=applier.poke, changed=feed.inbox_changed)
    entries = Entries(events, store, wake=applier.poke, changed=feed.inbox_changed)
    desk.settle_all()
    applier.run_once()  # what was accepted before a stop and not written yet
    tags = PageTags(site)
    address = bound.phones or bound.local
    venue = Venue(
        project,
        events,
        store,
        desk,
        entries,
        Guard(keys, token),
        feed,
        tags,
        SitePages(site, tags),
        site_language(project),
        address,
        now,
        rebuilder.request,
    )
    _announce(venue, bound, token, echo)
    rebuilder.start()
    applier.start()
    observer = watch(project, rebuilder.request)
    watcher = threading.Thread(target=_watch_database, args=(store, feed, applier, rebuilder.stop), daemon=True)
    watcher.start()
    config = uvicorn.Config(
        make_app(venue),
        http=VenueProtocol,
        limit_concurrency=connection_limit(open_files),
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    if stop is not None:

        def stopping() -> None:
            stop.wait()
            server.should_exit = True

        threading.Thread(target=stopping, daemon=True).start()
    try:
        server.run(sockets=[bound.socket])
    finally:
        observer.stop()
        observer.join(timeout=2)
        rebuilder.stop.set()
        applier.stop.set()
        applier.wake.set()
        applier.thread.join(timeout=5)
        store.close()
        if isinstance(rebuilder, ForkedRebuilder):
            rebuilder.close()
        echo("venue: stopped; everything sent is kept for the next start")


def _watch_database(store: Store, feed: Feed, applier: Applier, stop: threading.Event) -> None:
    """Tells the pages (and the applier) when another process changed the database
    (``scorekeeper accept`` in a terminal)."""
    seen = store.data_version()
    while not stop.wait(1.0):
        try:
            version = store.data_version()
        except Exception:
            return  # the database was closed: the venue is stopping
        if version != seen:
            seen = version
            feed.inbox_changed()
            applier.poke()


def _announce(venue: Venue, bound: Listening, token: str, echo: Callable[[str], None]) -> None:
    """What the terminal says at start: the events, where phones and the TO reach the venue."""
    for live in venue.events.all():
        echo(f"venue: {live.name} ({live.shown})")
    where = bound.phones or bound.local
    if bound.phones:
        echo(f"venue: phones on the venue's network open {bound.phones}/")
        terminal_qr(venue.join_url(), echo, "the join page: registration, check-in and the live pages")
    else:
        echo(
            f"venue: listening on {bound.local}/ on this computer only: phones cannot reach it; "
            "start with --lan (every network of this computer) or --host ADDRESS to let them in"
        )
    to_url = f"{where}/to?token={token}"
    echo(f"venue: TO page (yours alone; open it on your phone): {to_url}")
    terminal_qr(to_url, echo, "your TO page")
    mode = venue.desk.mode
    said = (
        "results both players agree on are accepted at once"
        if mode == "agreed"
        else "every result waits for you to accept it on the TO page"
    )
    echo(f"venue: {said} (change it on the TO page, or start with --accept agreed|to)")
    registering = (
        "registrations are written into the event file as they arrive"
        if venue.entries.mode == "at-once"
        else "every registration waits for you to approve it"
    )
    echo(f"venue: players register and check in at {where}/join; {registering} (--register at-once|to)")
    echo(f"venue: projector: {where}/screen; players report at {where}/report")
    echo(f"venue: what phones send is kept in {venue.store.path}")
    echo("venue: Ctrl+C stops the venue")
    venue.notes[:] = [f"{where}/", f"{where}/screen"]
