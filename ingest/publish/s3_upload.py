"""``scorekeeper publish s3://...``: ``build/site`` sent to an S3-compatible object store.

The decisions (which files, which changed, their headers) are :mod:`ingest.publish.object_store`'s;
this module talks to the store through boto3, an optional dependency
(``pip install 'tcg-scorekeeper[s3]'``). Credentials come from where every AWS tool finds
them (``AWS_ACCESS_KEY_ID`` and ``AWS_SECRET_ACCESS_KEY``, ``AWS_PROFILE`` and
``~/.aws/credentials``, an instance's role), never from the project: a community's
repository holds no key. The store's address is ``endpoint_url`` (R2, MinIO, B2...), else
``AWS_ENDPOINT_URL``, else Amazon S3.

Every failure of the store (no credentials, credentials refused, no such bucket, the
network) is an :class:`~ingest.core.errors.IngestError` with one sentence; the site is sent
before anything is deleted, pages after what they use, and a run that stopped half-way is
finished by the next one (only what is still missing or different is sent).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.core.errors import IngestError
from ingest.publish.object_store import (
    HASH_KEY,
    PublishPlan,
    SiteFile,
    StoredObject,
    StoreTarget,
    plan_publish,
    settle,
    site_files,
)

Progress = Callable[[str, int, int], None]

THREADS = 8
"""Requests in flight at once (each waits on the network, not on the processor)."""

DELETE_BATCH = 1000
"""Keys per delete request (the most S3 takes)."""

INSTALL = "publishing to an object store needs boto3: pip install 'tcg-scorekeeper[s3]'"


def _no_progress(stage: str, done: int, total: int) -> None:
    del stage, done, total


@dataclass(frozen=True, slots=True)
class PublishOutcome:
    """What a publish did (or, as a dry run, would do)."""

    target: StoreTarget
    plan: PublishPlan
    deleted: tuple[str, ...]
    """Keys deleted (with ``--delete``; as a dry run, those that would be)."""

    @property
    def uploaded_bytes(self) -> int:
        return sum(f.size for f in self.plan.upload)


def connect(endpoint_url: str | None) -> Any:
    """A boto3 S3 client for ``endpoint_url`` (None: ``AWS_ENDPOINT_URL``, else Amazon S3).

    Raises:
        IngestError: boto3 is not installed, or the endpoint is not a web address.
    """
    try:
        import boto3
        from botocore.config import Config
    except ImportError:
        raise IngestError(INSTALL) from None
    if endpoint_url is not None and not endpoint_url.startswith(("http://", "https://")):
        raise IngestError(f"--endpoint-url {endpoint_url!r} is not a web address (https://...)")
    config = Config(
        connect_timeout=10,
        read_timeout=60,
        retries={"total_max_attempts": 3, "mode": "standard"},
        max_pool_connections=THREADS,
        # Stores other than Amazon's (R2, MinIO, B2) take the path style and the checksums
        # every one of them knows (Content-MD5, sent with each object).
        s3={"addressing_style": "path"} if endpoint_url else {},
        request_checksum_calculation="when_required",
        response_checksum_validation="when_required",
    )
    try:
        return boto3.session.Session().client("s3", endpoint_url=endpoint_url, config=config)
    except Exception as exc:  # a profile or configuration file that cannot be read
        raise IngestError(f"cannot set up the connection to the object store: {exc}") from None


def store_error(exc: BaseException, target: StoreTarget, endpoint: str | None) -> IngestError:
    """One sentence for what the store or the network said."""
    from botocore import exceptions as bx

    where = endpoint or "Amazon S3"
    if isinstance(exc, bx.NoCredentialsError | bx.PartialCredentialsError):
        return IngestError(
            "no credentials for the object store: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY "
            "(or AWS_PROFILE with ~/.aws/credentials); they are never read from the project"
        )
    if isinstance(exc, bx.ClientError):
        error = exc.response.get("Error", {})
        code = str(error.get("Code", ""))
        message = str(error.get("Message", "")).strip()
        if code == "NoSuchBucket":
            return IngestError(f"the bucket {target.bucket!r} does not exist at {where}; create it first")
        if code in ("InvalidAccessKeyId", "SignatureDoesNotMatch", "InvalidToken", "ExpiredToken"):
            return IngestError(f"{where} refused the credentials ({code}): check AWS_ACCESS_KEY_ID and its secret")
        if code in ("AccessDenied", "403", "AllAccessDisabled"):
            return IngestError(
                f"{where} denied access to the bucket {target.bucket!r}: the credentials need to list, "
                "read, write (and for --delete, delete) objects in it"
            )
        if code in ("PermanentRedirect", "AuthorizationHeaderMalformed", "IllegalLocationConstraintException"):
            return IngestError(
                f"the bucket {target.bucket!r} is in another region: set AWS_REGION (or AWS_DEFAULT_REGION) to it"
            )
        return IngestError(f"{where} refused the request: {code} {message}".rstrip())
    if isinstance(exc, bx.EndpointConnectionError | bx.ConnectTimeoutError | bx.ConnectionClosedError):
        return IngestError(f"cannot reach the object store at {where}: {exc}")
    if isinstance(exc, bx.ReadTimeoutError):
        return IngestError(f"the object store at {where} did not answer in time: {exc}")
    if isinstance(exc, bx.BotoCoreError):
        return IngestError(f"the object store at {where}: {exc}")
    if isinstance(exc, OSError):
        return IngestError(f"cannot read the site: {exc}")
    raise exc


def listing(client: Any, target: StoreTarget) -> dict[str, StoredObject]:
    """The objects under the target's prefix: key -> size and ETag."""
    out: dict[str, StoredObject] = {}
    pages = client.get_paginator("list_objects_v2").paginate(Bucket=target.bucket, Prefix=target.prefix)
    for page in pages:
        for item in page.get("Contents") or ():
            key = item["Key"]
            out[key] = StoredObject(key, int(item["Size"]), str(item.get("ETag", "")).strip('"'))
    return out


def _stored_hash(client: Any, bucket: str, key: str) -> str | None:
    head = client.head_object(Bucket=bucket, Key=key)
    value = (head.get("Metadata") or {}).get(HASH_KEY)
    return value if isinstance(value, str) else None


def _put(client: Any, bucket: str, f: SiteFile) -> None:
    with f.path.open("rb") as body:
        client.put_object(
            Bucket=bucket,
            Key=f.key,
            Body=body,
            ContentLength=f.size,
            ContentMD5=f.content_md5,
            ContentType=f.content_type,
            CacheControl=f.cache_control,
            Metadata={HASH_KEY: f.sha256},
        )


def _run_all(work: Callable[[Any], None], items: Iterable[Any], stage: str, progress: Progress) -> None:
    """``work`` on every item, :data:`THREADS` at a time; the first failure stops the rest and is raised."""
    todo = list(items)
    done = 0
    lock = threading.Lock()

    def one(item: Any) -> None:
        nonlocal done
        work(item)
        with lock:
            done += 1
            progress(stage, done, len(todo))

    if not todo:
        return
    with ThreadPoolExecutor(THREADS) as pool:
        futures = [pool.submit(one, item) for item in todo]
        finished, _ = wait(futures, return_when=FIRST_EXCEPTION)
        failed = next((f for f in finished if f.exception() is not None), None)
        if failed is not None:
            for f in futures:
                f.cancel()
            error = failed.exception()
            assert error is not None
            raise error


def publish_site(
    site: Path,
    target: StoreTarget,
    *,
    endpoint_url: str | None = None,
    dry_run: bool = False,
    delete: bool = False,
    client: Any = None,
    progress: Progress = _no_progress,
    shown: str = "build/site",
) -> PublishOutcome:
    """Sends the new and changed files of ``site`` to the target, then (``delete``) deletes what
    the site no longer has. A dry run reads the store and writes nothing.

    Raises:
        IngestError: no site to publish, boto3 missing, or a failure of the store or the network
            (what was sent stays sent: the next run sends the rest).
    """
    if not (site / "index.html").is_file():
        raise IngestError(f"{shown} holds no built site (no index.html): run scorekeeper build first")
    progress("reading the site", 0, 1)
    try:
        files = site_files(site, target)
    except OSError as exc:
        raise IngestError(f"cannot read the site: {exc}") from None
    client = client if client is not None else connect(endpoint_url)
    try:
        progress("listing the bucket", 0, 1)
        plan = plan_publish(files, listing(client, target))
        if plan.confirm:
            hashes: dict[str, str | None] = {}

            def check(f: SiteFile) -> None:
                hashes[f.key] = _stored_hash(client, target.bucket, f.key)

            _run_all(check, plan.confirm, "comparing", progress)
            plan = settle(plan, hashes)
    except Exception as exc:
        raise store_error(exc, target, endpoint_url) from None
    deleted = plan.stale if delete else ()
    if dry_run:
        return PublishOutcome(target, plan, deleted)
    try:
        _run_all(lambda f: _put(client, target.bucket, f), plan.upload, "uploading", progress)
        for start in range(0, len(deleted), DELETE_BATCH):
            batch = deleted[start : start + DELETE_BATCH]
            answer = client.delete_objects(
                Bucket=target.bucket, Delete={"Objects": [{"Key": k} for k in batch], "Quiet": True}
            )
            refused = answer.get("Errors") or []
            if refused:
                first = refused[0]
                raise IngestError(
                    f"{len(refused)} object(s) could not be deleted, the first {first.get('Key')!r}: "
                    f"{first.get('Code')} {first.get('Message', '')}".rstrip()
                )
            progress("deleting", start + len(batch), len(deleted))
    except Exception as exc:
        problem = exc if isinstance(exc, IngestError) else store_error(exc, target, endpoint_url)
        raise IngestError(
            f"{problem.text}; the site is published in part: run the same command again "
            "(only what is missing or different is sent)"
        ) from None
    return PublishOutcome(target, plan, deleted)
