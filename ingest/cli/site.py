"""The commands that make the site: ``build`` (once) and ``serve`` (a live preview that rebuilds on
every save)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import sys
from functools import partial
from typing import TYPE_CHECKING

import click

from ingest.cli.common import (
    fail,
    print_diagnostics,
    project_of,
    settled_before,
    today_from_env,
    user_cache_home,
)
from ingest.core.diagnostics import Diagnostic, sorted_diagnostics, summary
from ingest.core.errors import IngestError

if TYPE_CHECKING:
    from ingest.cli.progress import TerminalProgress

# -- build -------------------------------------------------------------------------------


def _site_url_option(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """``--site-url``, checked (:func:`~ingest.source.site_address.site_address`): a usage error otherwise."""
    from ingest.source.site_address import site_address

    if value is None:
        return None
    try:
        return site_address(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


@click.command()
@click.option(
    "--strict",
    is_flag=True,
    help="Warnings (and site-engine warnings) fail the build; findings on rounds already played do not.",
)
@click.option(
    "--engine",
    type=click.Choice(["mkdocs", "zensical"]),
    default="mkdocs",
    show_default=True,
    help="The static-site engine.",
)
@click.option(
    "--today",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    help="Date used for upcoming/recent events (default: SOURCE_DATE_EPOCH, else the clock).",
)
@click.option("--docs-only", is_flag=True, help="Write build/docs (Markdown, API) and build/fragments and stop.")
@click.option("--full", is_flag=True, help="Render every page again (default: only pages whose content changed).")
@click.option(
    "--output-format",
    "fmt",
    type=click.Choice(["text", "github"]),
    default="text",
    show_default=True,
    help="github prints problems as workflow annotations (::error file=...,line=...::...).",
)
@click.option(
    "--site-url",
    metavar="URL",
    default=None,
    callback=_site_url_option,
    help="The site's address for this build, in place of mkdocs.yml's site_url (QR codes, feeds, canonical links).",
)
@click.pass_context
def build(
    ctx: click.Context,
    strict: bool,
    engine: str,
    today: dt.datetime | None,
    docs_only: bool,
    full: bool,
    fmt: str,
    site_url: str | None,
) -> None:
    """Check every event and build the site into build/site.

    An event file with errors does not stop the others: the site keeps that event's pages
    as last built without errors (by this code, configuration and day) or leaves it out,
    the site is written, and the build then fails (exit status 1) naming the file; so does
    --strict with warnings. An error in a file every page depends on (formats, mkdocs.yml,
    players.yaml, a season) stops the build before anything is written; the previous
    build/site stays whole. Same input and --today give byte-identical output.

    \b
    Examples:
      scorekeeper build
      scorekeeper build --strict --today 2026-11-22
      scorekeeper build --engine zensical
      scorekeeper build --site-url https://dragons-hoard.github.io/results/   # what the workflow runs
    """
    from ingest.cli.progress import TerminalProgress
    from ingest.publish.build_outcome import BuildIncomplete
    from ingest.publish.run import build_site

    project = project_of(ctx)
    if site_url:
        project = dataclasses.replace(project, site_url=site_url)
    progress = TerminalProgress()  # a line on a terminal only; quiet in CI and in pipes

    try:
        timings = build_site(
            project,
            engine=engine,
            strict=strict,
            today=today_from_env(today.date() if today else None),
            docs_only=docs_only,
            full=full,
            on_diagnostics=partial(_warn, progress, fmt),
            progress=progress,
            cache_home=user_cache_home(),
            settled_before=settled_before(),
        )
    except BuildIncomplete as exc:
        progress.close()
        print_diagnostics(sorted_diagnostics(exc.diagnostics), fmt)
        click.echo(f"build failed: {summary(list(exc.diagnostics))}; {exc.summary()}", err=True)
        sys.exit(1)
    except IngestError as exc:
        progress.close()
        if exc.diagnostics:
            print_diagnostics(sorted_diagnostics(exc.diagnostics), fmt)
            click.echo(f"build failed: {summary(list(exc.diagnostics))}; nothing was written", err=True)
        else:
            click.echo(f"error: {exc.text}", err=True)
        sys.exit(1)
    except OSError as exc:  # the build folder cannot be written (a file in a folder's place, a full disk)
        progress.close()
        click.echo(f"error: could not write the build: {exc}; build/site is as it was", err=True)
        sys.exit(1)
    progress.close()
    where = "build/docs" if docs_only else "build/site"
    click.echo(
        f"built {timings.pages} pages into {where} in {timings.pipeline + timings.engine:.1f} s "
        f"({timings.events_made} event{'' if timings.events_made == 1 else 's'} made, "
        f"{timings.events_cached} from the build cache)",
        err=True,
    )


def _warn(progress: TerminalProgress, fmt: str, diags: list[Diagnostic]) -> None:
    """The build's warnings, below the progress line (which ends first)."""
    progress.close()
    print_diagnostics(diags, fmt)


# -- serve -------------------------------------------------------------------------------


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port (0 picks a free one).")
@click.option("--engine", type=click.Choice(["mkdocs", "zensical"]), default="mkdocs", show_default=True)
@click.option(
    "--today", type=click.DateTime(formats=["%Y-%m-%d"]), default=None, help="Date for upcoming/recent events."
)
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, engine: str, today: dt.datetime | None) -> None:
    """Build, serve on localhost and rebuild on every save, reloading the browser.

    Watches events/, formats/, players.yaml, site_templates/ and mkdocs.yml. When a file
    is invalid, the last good site stays up and the errors appear in the terminal and in
    a banner on every page.

    \b
    Example:
      scorekeeper serve            # then open http://127.0.0.1:8000
    """
    from ingest.publish.serve import serve as run_server

    try:
        run_server(
            project_of(ctx),
            host=host,
            port=port,
            engine=engine,
            today=lambda: today_from_env(today.date() if today else None),
            echo=lambda message: click.echo(message, err=True),
            cache_home=user_cache_home(),
            settled_before=settled_before,
        )
    except IngestError as exc:  # an engine that is not installed
        fail(exc.text)
