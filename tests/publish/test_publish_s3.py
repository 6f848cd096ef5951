"""``scorekeeper publish s3://...`` against a real S3 server: moto's, started as a process of its own
on a free port, spoken to over HTTP by the command as by the tests.

A small project is built once (init, an event, build) and each test publishes a copy of its
``build/site`` to a bucket of its own.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest

from tests.builders import run_cli

KEY = "publish-test"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a moto S3 server running in its own process."""
    port = _free_port()
    log = (tmp_path_factory.mktemp("moto") / "server.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)], stdout=log, stderr=log
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the moto server did not start") from None
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    server.terminate()
    server.wait(timeout=30)
    log.close()


@pytest.fixture(autouse=True)
def aws_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Credentials as a CI secret gives them; nothing of the machine's own AWS configuration."""
    for name in ("AWS_PROFILE", "AWS_ENDPOINT_URL", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL_S3"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", KEY)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", KEY)
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-aws-config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-aws-credentials"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project built as a TO builds one: init, an event, build."""
    root = tmp_path_factory.mktemp("built") / "hoard"
    code, out = run_cli(root.parent, "init", str(root), "--site-name", "Dragons Hoard", "--language", "en")
    assert code == 0, out
    code, out = run_cli(
        root, "new", "--name", "Friday Night Modern 1", "--date", "2026-11-27", "--game", "mtg",
        "--format", "modern", "--rounds", "3",
    )  # fmt: skip
    assert code == 0, out
    code, out = run_cli(root, "build", "--today", "2026-11-28")
    assert code == 0, out
    return root


@pytest.fixture
def project(built: Path, tmp_path: Path) -> Path:
    """A copy of the built project, this test's to change."""
    return Path(shutil.copytree(built, tmp_path / "hoard", symlinks=True))


def _client(endpoint: str) -> Any:
    return boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")


@pytest.fixture
def bucket(endpoint: str) -> str:
    """A new bucket of this test's own."""
    name = f"site-{uuid.uuid4().hex[:12]}"
    _client(endpoint).create_bucket(Bucket=name)
    return name


def _objects(endpoint: str, bucket: str) -> dict[str, Any]:
    pages = _client(endpoint).get_paginator("list_objects_v2").paginate(Bucket=bucket)
    return {item["Key"]: item for page in pages for item in page.get("Contents") or ()}


def _site_files(root: Path) -> dict[str, bytes]:
    site = root / "build" / "site"
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def _publish(root: Path, endpoint: str, *args: str) -> tuple[int, str]:
    return run_cli(root, "publish", *args, "--endpoint-url", endpoint)


def _uploads(out: str) -> list[str]:
    return [line.removeprefix("upload ") for line in out.splitlines() if line.startswith("upload ")]


def test_the_site_is_uploaded_under_the_prefix_byte_for_byte_with_its_content_types(
    project: Path, endpoint: str, bucket: str
) -> None:
    code, out = _publish(project, endpoint, f"s3://{bucket}/results")
    assert code == 0, out
    files = _site_files(project)
    assert len(files) > 50
    stored = _objects(endpoint, bucket)
    assert set(stored) == {f"results/{rel}" for rel in files}
    assert sorted(_uploads(out)) == sorted(stored)
    s3 = _client(endpoint)
    for rel in ("index.html", "api/events.json", "feeds/events.ics", "sitemap.xml.gz", "search/search_index.json"):
        got = s3.get_object(Bucket=bucket, Key=f"results/{rel}")
        assert got["Body"].read() == files[rel], rel
        assert got["Metadata"]["sha256"] == hashlib.sha256(files[rel]).hexdigest()
        assert "ContentEncoding" not in got  # stored as built, never pre-compressed
    types = {rel: s3.head_object(Bucket=bucket, Key=f"results/{rel}")["ContentType"] for rel in files}
    assert types["index.html"] == "text/html; charset=utf-8"
    assert types["api/events.json"] == "application/json"
    assert types["feeds/events.ics"] == "text/calendar; charset=utf-8"
    assert types["sitemap.xml.gz"] == "application/gzip"
    css = [rel for rel in files if rel.endswith(".css")]
    assert css and all(types[rel] == "text/css; charset=utf-8" for rel in css)
    assert all(types[rel] == "text/javascript; charset=utf-8" for rel in files if rel.endswith(".js"))
    page = s3.head_object(Bucket=bucket, Key="results/index.html")
    asset = s3.head_object(Bucket=bucket, Key=f"results/{css[0]}")
    assert (page["CacheControl"], asset["CacheControl"]) == ("no-cache", "max-age=3600")
    # The pages are sent after what they use: every upload line of a page comes after the others.
    sent = _uploads(out)
    first_page = min(i for i, key in enumerate(sent) if key.endswith(".html"))
    assert all(key.endswith(".html") for key in sent[first_page:])


def test_a_second_run_uploads_nothing_and_one_changed_page_uploads_one_object(
    project: Path, endpoint: str, bucket: str
) -> None:
    target = f"s3://{bucket}"
    assert _publish(project, endpoint, target)[0] == 0
    before = {k: v["LastModified"] for k, v in _objects(endpoint, bucket).items()}
    code, out = _publish(project, endpoint, target)
    assert code == 0, out
    assert _uploads(out) == []
    assert f"uploaded 0 (0.0 KB), {len(before)} unchanged" in out
    # The same size, other bytes: the listing's ETag (the MD5 of a single-request upload) tells.
    page = project / "build" / "site" / "index.html"
    text = page.read_bytes()
    changed = text.replace(b"</html>", b"</HTML>")
    assert changed != text and len(changed) == len(text)
    page.write_bytes(changed)
    code, out = _publish(project, endpoint, target)
    assert code == 0, out
    assert _uploads(out) == ["index.html"]
    assert f"uploaded 1 ({len(changed) / 1e3:.1f} KB), {len(before) - 1} unchanged" in out
    assert _client(endpoint).get_object(Bucket=bucket, Key="index.html")["Body"].read() == changed


def test_a_dry_run_lists_what_would_be_sent_and_sends_nothing(project: Path, endpoint: str, bucket: str) -> None:
    code, out = _publish(project, endpoint, f"s3://{bucket}/site", "--dry-run")
    assert code == 0, out
    assert len(_uploads(out)) == len(_site_files(project))
    assert "dry run, nothing sent" in out and "would upload" in out
    assert _objects(endpoint, bucket) == {}


def test_files_no_longer_in_the_site_are_deleted_only_with_delete(project: Path, endpoint: str, bucket: str) -> None:
    s3 = _client(endpoint)
    s3.put_object(Bucket=bucket, Key="elsewhere/keep.txt", Body=b"not the site's")
    target = f"s3://{bucket}/site"
    assert _publish(project, endpoint, target)[0] == 0
    gone = project / "build" / "site" / "feeds" / "events.ics"
    gone.unlink()
    code, out = _publish(project, endpoint, target)
    assert code == 0, out
    assert "1 no longer in the site kept (--delete removes them)" in out
    assert "site/feeds/events.ics" in _objects(endpoint, bucket)
    code, out = _publish(project, endpoint, target, "--dry-run", "--delete")
    assert code == 0, out
    assert "delete site/feeds/events.ics" in out and "would delete 1" in out
    assert "site/feeds/events.ics" in _objects(endpoint, bucket)
    code, out = _publish(project, endpoint, target, "--delete")
    assert code == 0, out
    assert "delete site/feeds/events.ics" in out and "deleted 1" in out
    stored = _objects(endpoint, bucket)
    assert "site/feeds/events.ics" not in stored
    assert "elsewhere/keep.txt" in stored  # outside the prefix: never the site's
    assert set(stored) == {"elsewhere/keep.txt", *(f"site/{rel}" for rel in _site_files(project))}


def test_an_object_whose_etag_is_not_its_md5_is_compared_by_the_hash_in_its_metadata(
    project: Path, endpoint: str, bucket: str
) -> None:
    """A multipart upload's ETag is not an MD5 (nor is a KMS-encrypted object's): the SHA-256
    in the metadata decides, and an object without it, or with another, is sent again."""
    s3 = _client(endpoint)
    files = _site_files(project)
    body = files["index.html"]
    ours = hashlib.sha256(body).hexdigest()
    for key, meta in (("index.html", {"sha256": ours}), ("404.html", {})):
        content = files[key]
        part = s3.create_multipart_upload(Bucket=bucket, Key=key, Metadata=meta)
        etag = s3.upload_part(Bucket=bucket, Key=key, UploadId=part["UploadId"], PartNumber=1, Body=content)["ETag"]
        s3.complete_multipart_upload(
            Bucket=bucket, Key=key, UploadId=part["UploadId"],
            MultipartUpload={"Parts": [{"ETag": etag, "PartNumber": 1}]},
        )  # fmt: skip
        assert "-" in s3.head_object(Bucket=bucket, Key=key)["ETag"]
    code, out = _publish(project, endpoint, f"s3://{bucket}")
    assert code == 0, out
    sent = _uploads(out)
    assert "index.html" not in sent
    assert "404.html" in sent
    assert len(sent) == len(files) - 1


def test_a_missing_bucket_is_one_line_of_error(project: Path, endpoint: str) -> None:
    code, out = _publish(project, endpoint, "s3://no-such-bucket-here/site")
    assert code == 1
    assert out.strip() == (f"error: the bucket 'no-such-bucket-here' does not exist at {endpoint}; create it first")


def test_missing_credentials_are_one_line_of_error_and_none_is_read_from_the_project(
    project: Path, endpoint: str, bucket: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AWS_ACCESS_KEY_ID")
    monkeypatch.delenv("AWS_SECRET_ACCESS_KEY")
    # A credentials file in the project is not where credentials come from.
    (project / ".aws").mkdir()
    (project / ".aws" / "credentials").write_text(f"[default]\naws_access_key_id = {KEY}\naws_secret_access_key = x\n")
    code, out = _publish(project, endpoint, f"s3://{bucket}")
    assert code == 1
    assert out.startswith("error: no credentials for the object store: set AWS_ACCESS_KEY_ID")
    assert len(out.strip().splitlines()) == 1
    assert _objects(endpoint, bucket) == {}


def test_an_unreachable_store_is_one_line_of_error(project: Path) -> None:
    port = _free_port()  # nothing listens there
    code, out = _publish(project, f"http://127.0.0.1:{port}", "s3://results")
    assert code == 1
    assert out.startswith(f"error: cannot reach the object store at http://127.0.0.1:{port}")
    assert len(out.strip().splitlines()) == 1


def test_no_built_site_and_bad_targets_are_refused(tmp_path: Path, endpoint: str) -> None:
    (tmp_path / "events").mkdir()
    code, out = _publish(tmp_path, endpoint, "s3://results")
    assert code == 1
    assert out.strip() == "error: build/site holds no built site (no index.html): run scorekeeper build first"
    for target, why in (
        ("https://results/site", "is not an s3:// address"),
        ("s3://Results", "is not a bucket name"),
        ("s3://results/../up", "is not a prefix"),
    ):
        code, out = _publish(tmp_path, endpoint, target)
        assert code == 2, out
        assert why in out


def test_the_readmes_commands_and_ci_workflow_for_an_object_store_are_ones_the_command_takes() -> None:
    """The README's section: each ``scorekeeper`` line of its shell block and of its workflow is
    read by the command's own parser, and the workflow hands the publish step the standard
    AWS variables."""
    import shlex

    import click
    import yaml

    from ingest.cli.main import main
    from tests.builders import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Publishing a large archive to an object store", 1)[1].split("\n## ", 1)[0]
    shell = re.findall(r"```sh\n(.*?)```", section, flags=re.S)[0]
    workflow = yaml.safe_load(re.findall(r"```yaml\n(.*?)```", section, flags=re.S)[0])
    steps = workflow["jobs"]["site"]["steps"]
    lines = [line.split("#")[0] for line in shell.splitlines()]
    lines += [step["run"] for step in steps if str(step.get("run", "")).startswith("scorekeeper")]
    commands = [shlex.split(line) for line in lines if line.startswith("scorekeeper")]
    assert sum(1 for c in commands if c[1] == "publish") == 5
    for argv in commands:
        command = main.get_command(click.Context(main), argv[1])
        assert command is not None, argv
        command.make_context(argv[1], argv[2:])  # a usage error raises
    publish_step = next(step for step in steps if str(step.get("run", "")).startswith("scorekeeper publish"))
    assert set(publish_step["env"]) == {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_ENDPOINT_URL", "AWS_REGION"}
    assert all("secrets." in publish_step["env"][k] for k in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"))


def test_without_boto3_the_command_says_how_to_install_it(
    project: Path, endpoint: str, bucket: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "boto3", None)  # import boto3 raises ImportError
    code, out = _publish(project, endpoint, f"s3://{bucket}")
    assert (code, out.strip()) == (
        1,
        "error: publishing to an object store needs boto3: pip install 'tcg-scorekeeper[s3]'",
    )
