"""What publishing to an object store sends, decided without the network (ingest.publish.object_store)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from ingest.publish.object_store import (
    SiteFile,
    StoredObject,
    StoreTarget,
    content_type,
    plan_publish,
    settle,
    site_files,
)

KEYS = st.sampled_from(["index.html", "a/index.html", "a.css", "b.js", "api/x.json", "feeds/e.ics", "z.png"])


def _file(key: str, body: bytes) -> SiteFile:
    md5 = hashlib.md5(body, usedforsecurity=False).hexdigest()
    return SiteFile(key, Path(key), len(body), md5, hashlib.sha256(body).hexdigest(), content_type(key), "no-cache")


@given(
    st.dictionaries(KEYS, st.binary(max_size=3)),
    st.dictionaries(KEYS, st.tuples(st.binary(max_size=3), st.sampled_from(["md5", "other"]))),
)
def test_every_file_is_sent_kept_or_confirmed_once_and_only_what_differs_is_sent(
    site: dict[str, bytes], stored: dict[str, tuple[bytes, str]]
) -> None:
    files = [_file(k, v) for k, v in site.items()]
    listing = {
        k: StoredObject(k, len(body), _file(k, body).md5 if how == "md5" else "ab-1")
        for k, (body, how) in stored.items()
    }
    plan = plan_publish(files, listing)
    parts = [f.key for f in (*plan.upload, *plan.unchanged, *plan.confirm)]
    assert sorted(parts) == sorted(site)
    assert set(plan.stale) == set(stored) - set(site)
    # Kept only when the store holds the same bytes; confirmed only when the sizes agree and the
    # ETag is not the file's MD5 (another file's, or not an MD5 at all).
    assert all(stored[f.key][0] == site[f.key] for f in plan.unchanged)
    assert all(len(stored[f.key][0]) == f.size and listing[f.key].etag != f.md5 for f in plan.confirm)
    assert all(f.key not in stored or len(stored[f.key][0]) != f.size for f in plan.upload)
    # Settled by the hashes in the objects' metadata: sent exactly when the bytes differ.
    hashes = {k: hashlib.sha256(body).hexdigest() for k, (body, _) in stored.items()}
    final = settle(plan, hashes)
    assert final.confirm == ()
    assert {f.key for f in final.upload} == {k for k, v in site.items() if k not in stored or stored[k][0] != v}
    # Pages last: nothing a page uses is sent after it.
    pages = [f.key.endswith(".html") for f in final.upload]
    assert pages == sorted(pages)


def test_targets_are_read_into_a_bucket_and_a_prefix() -> None:
    assert StoreTarget.parse("s3://results") == StoreTarget("results", "")
    assert StoreTarget.parse("s3://results/") == StoreTarget("results", "")
    assert StoreTarget.parse("s3://results//archive/site/") == StoreTarget("results", "archive/site/")


def test_the_site_is_read_without_following_links(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "events").mkdir(parents=True)
    (site / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (site / "events" / "index.html").write_text("<p>events</p>", encoding="utf-8")
    outside = tmp_path / "secret.txt"
    outside.write_text("not the site's", encoding="utf-8")
    (site / "leak.txt").symlink_to(outside)
    (site / "folder").symlink_to(tmp_path)
    files = site_files(site, StoreTarget("b", "p/"))
    assert [f.key for f in files] == ["p/events/index.html", "p/index.html"]
    assert files[1].md5 == hashlib.md5(b"<p>home</p>", usedforsecurity=False).hexdigest()
    assert files[1].content_type == "text/html; charset=utf-8"
