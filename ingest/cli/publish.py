"""``scorekeeper publish``: the built site sent to an S3-compatible object store (the work is
:mod:`ingest.publish.s3_upload`'s)."""

from __future__ import annotations

import sys

import click

from ingest.cli.common import project_of
from ingest.core.errors import IngestError


def _target(_ctx: click.Context, _param: click.Parameter, value: str) -> object:
    from ingest.publish.object_store import StoreTarget, TargetError

    try:
        return StoreTarget.parse(value)
    except TargetError as exc:
        raise click.BadParameter(str(exc)) from None


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n / 1e3:.1f} KB"


@click.command()
@click.argument("target", metavar="s3://BUCKET[/PREFIX]", callback=_target)
@click.option(
    "--endpoint-url",
    metavar="URL",
    default=None,
    help="The store's address (R2, MinIO, B2...; default: AWS_ENDPOINT_URL, else Amazon S3).",
)
@click.option("--dry-run", is_flag=True, help="Compare with the bucket and list what would change; send nothing.")
@click.option("--delete", is_flag=True, help="Delete the objects under the prefix that the site no longer has.")
@click.pass_context
def publish(ctx: click.Context, target: object, endpoint_url: str | None, dry_run: bool, delete: bool) -> None:
    """Publish build/site to an S3-compatible object store (Amazon S3, Cloudflare R2, MinIO...).

    For a site too large for GitHub Pages (1 GB). Run scorekeeper build first. Only the files
    that are new or changed are sent (compared with the bucket's listing: size and content
    hash); each with its Content-Type. Objects the site no longer has stay unless --delete.
    Credentials come from the standard AWS environment (AWS_ACCESS_KEY_ID and
    AWS_SECRET_ACCESS_KEY, or AWS_PROFILE and ~/.aws/credentials), never from the project.
    Needs boto3: pip install 'tcg-scorekeeper[s3]'.

    Each key sent or deleted is printed on standard output ("upload KEY", "delete KEY"), a
    summary on standard error.

    \b
    Examples:
      scorekeeper publish s3://tcg-results --dry-run
      scorekeeper publish s3://tcg-results/site --delete
      scorekeeper publish s3://results --endpoint-url https://ACCOUNT.r2.cloudflarestorage.com
    """
    from ingest.cli.progress import TerminalProgress
    from ingest.publish.build_lock import build_lock
    from ingest.publish.object_store import StoreTarget
    from ingest.publish.s3_upload import publish_site

    assert isinstance(target, StoreTarget)
    project = project_of(ctx)
    site = project.build_dir / "site"
    progress = TerminalProgress()
    try:
        with build_lock(project, progress):  # a build never replaces the site while it is sent
            outcome = publish_site(
                site, target, endpoint_url=endpoint_url, dry_run=dry_run, delete=delete, progress=progress
            )
    except IngestError as exc:
        progress.close()
        click.echo(f"error: {exc.text}", err=True)
        sys.exit(1)
    progress.close()
    plan = outcome.plan
    for f in plan.upload:
        click.echo(f"upload {f.key}")
    for key in outcome.deleted:
        click.echo(f"delete {key}")
    verb = ("would upload", "would delete") if dry_run else ("uploaded", "deleted")
    parts = [f"{verb[0]} {len(plan.upload)} ({_size(outcome.uploaded_bytes)})", f"{len(plan.unchanged)} unchanged"]
    if outcome.deleted:
        parts.append(f"{verb[1]} {len(outcome.deleted)}")
    kept = len(plan.stale) - len(outcome.deleted)
    if kept:
        parts.append(f"{kept} no longer in the site kept (--delete removes them)")
    where = "build/site" if not dry_run else "dry run, nothing sent: build/site"
    click.echo(f"{where} -> {target.url}: {', '.join(parts)}", err=True)
