"""``build --site-url``: the address GitHub's ``configure-pages`` gives the workflow, in place of
``mkdocs.yml``'s ``site_url`` for one build. Every page's canonical link, the sitemap, the QR
codes of the event's print sheets and the feeds follow it,
and a later build with another address (or none) leaves no trace of it, the build cache's pages
included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from ingest.publish.engine_config import zensical_config
from ingest.source.project import Project
from tests.builders import run_cli, run_ok

EVENT = "events/2026/2026-11-20-fnm-1.yaml"
FIRST = "https://dragons-hoard.github.io/results/"
SECOND = "https://results.dragons-hoard.example/"


def _files(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(site.rglob("*"))
        if p.is_file() and p.suffix in {".html", ".xml", ".ics", ".json"}
    }


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty folder's project (the shipped mkdocs.yml, which has no site_url) with an
    event of four players whose round 1 is paired."""
    root = tmp_path_factory.mktemp("site-url")
    new = ("new", "--name", "FNM 1", "--date", "2026-11-20", "--game", "mtg", "--format", "modern", "--rounds", "3")
    run_ok(root, *new)
    for name in ("Ann Ash", "Bob Birch", "Cy Cedar", "Dee Dogwood"):
        run_ok(root, "add-player", str(root / EVENT), "--name", name)
    run_ok(root, "pair", str(root / EVENT))
    return root


def test_every_address_of_the_site_follows_the_given_one_and_the_next_build_forgets_it(project: Path) -> None:
    site = project / "build" / "site"
    run_ok(project, "build", "--today", "2026-11-20", "--site-url", FIRST.rstrip("/"))
    first = _files(site)
    event_page = first["events/2026-11-20-fnm-1/index.html"]
    assert f'<link rel="canonical" href="{FIRST}events/2026-11-20-fnm-1/">' in event_page
    rounds = first["events/2026-11-20-fnm-1/rounds/index.html"]  # the round's print sheets, with QR codes
    assert f'aria-label="{FIRST}events/2026-11-20-fnm-1/"' in rounds
    assert f'aria-label="{FIRST}events/2026-11-20-fnm-1/rounds/#round-1"' in rounds
    assert f"<loc>{FIRST}events/2026-11-20-fnm-1/</loc>" in first["sitemap.xml"]
    assert f"URL:{FIRST}events/2026-11-20-fnm-1/" in first["feeds/events.ics"].replace("\r\n ", "")
    assert f'href="{FIRST}feeds/results.xml"' in first["feeds/results.xml"]
    pages = [text for path, text in first.items() if path.endswith("index.html") and path != "404.html"]
    assert all(re.search(r'<link rel="canonical" href="' + re.escape(FIRST), text) for text in pages)

    run_ok(project, "build", "--today", "2026-11-20", "--site-url", SECOND)
    second = _files(site)
    assert not [path for path, text in second.items() if "dragons-hoard.github.io" in text]
    assert f'aria-label="{SECOND}events/2026-11-20-fnm-1/"' in second["events/2026-11-20-fnm-1/rounds/index.html"]
    assert f"<loc>{SECOND}events/2026-11-20-fnm-1/</loc>" in second["sitemap.xml"]

    run_ok(project, "build", "--today", "2026-11-20")  # mkdocs.yml's (none): no absolute address at all
    third = _files(site)
    assert not [path for path, text in third.items() if "dragons-hoard" in text]
    assert "sk-qr" not in third["events/2026-11-20-fnm-1/rounds/index.html"]


def test_zensical_builds_the_site_at_the_given_address(project: Path) -> None:
    run_ok(project, "build", "--today", "2026-11-20", "--engine", "zensical", "--site-url", SECOND)
    site = _files(project / "build" / "site")
    assert (
        f'<link rel="canonical" href="{SECOND}events/2026-11-20-fnm-1/">' in site["events/2026-11-20-fnm-1/index.html"]
    )
    assert f'aria-label="{SECOND}events/2026-11-20-fnm-1/"' in site["events/2026-11-20-fnm-1/rounds/index.html"]
    assert f"<loc>{SECOND}events/2026-11-20-fnm-1/</loc>" in site["sitemap.xml"]


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("javascript:alert(1)", "is not a web address"),
        ("https://club.example/results/?page=1", "has a query or a fragment"),
        ("https://club.example/#top", "has a query or a fragment"),
        ("https://user:secret@club.example/", "holds a user name or password"),
        ("https://:80/", "names no host"),
        ('https://club.example/"><script>', "is not a web address"),
    ],
)
def test_an_address_that_is_not_a_site_s_is_a_usage_error_and_nothing_is_built(
    tmp_path: Path, url: str, why: str
) -> None:
    code, out = run_cli(tmp_path, "build", "--site-url", url)
    assert code == 2 and why in out, out
    assert not (tmp_path / "build").exists()


def test_zensical_is_given_the_address_in_mkdocs_yml_s_place(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Club\nsite_url: https://old.example/\ndocs_dir: build/docs\nsite_dir: build/site\n"
        "theme: {name: material}\n",
        encoding="utf-8",
    )
    build = tmp_path / "build"
    build.mkdir()
    given = yaml.safe_load(zensical_config(Project(tmp_path, site_url=FIRST), build, build / "docs", build / "site"))
    assert given["site_url"] == FIRST
    kept = yaml.safe_load(zensical_config(Project(tmp_path), build, build / "docs", build / "site"))
    assert kept["site_url"] == "https://old.example/"
