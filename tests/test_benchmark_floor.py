"""The benchmark's engine floor is the same ``build/docs`` cut down to front matter and
headings, which either engine builds (``benchmarks/build.py``)."""

from __future__ import annotations

from pathlib import Path

import yaml

from benchmarks.build import floor_docs
from ingest.site.fragments import ANCHORS_KEY


def test_the_floor_keeps_headings_and_the_engines_front_matter_only(sample_docs: Path, tmp_path: Path) -> None:
    floor_docs(sample_docs, tmp_path)
    pages = sorted(tmp_path.rglob("*.md"))
    assert len(pages) == len(list(sample_docs.rglob("*.md"))) > 40
    anchored = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        source = (sample_docs / page.relative_to(tmp_path)).read_text(encoding="utf-8")
        anchored += f"\n{ANCHORS_KEY}:" in source
        body = text
        if text.startswith("---\n"):
            front, body = text[4:].split("---\n", 1)
            meta = yaml.safe_load(front)
            # Zensical refuses an empty front matter; our fragments line means nothing to the engine.
            assert isinstance(meta, dict) and meta and ANCHORS_KEY not in meta, page
        lines = [line for line in body.split("\n") if line]
        assert lines and all(line.startswith("#") for line in lines), page
        assert lines == [line for line in source.split("\n") if line.startswith("#")], page
    assert anchored > 40


def test_the_floor_is_stock_mkdocs_in_as_many_processes_as_the_build(sample_docs: Path, tmp_path: Path) -> None:
    """Each floor process is given the project's configuration without our plugin, and the
    pages are dealt out among the processes: every page in exactly one of them."""
    from benchmarks.build import deal_pages, floor_config
    from ingest.source.project import Project

    root = Path(__file__).resolve().parents[1]
    config = yaml.safe_load(floor_config(Project(root), tmp_path / "docs-0", tmp_path / "site-0"))
    shipped = yaml.safe_load((root / "mkdocs.yml").read_text(encoding="utf-8"))
    assert "scorekeeper" in shipped["plugins"]
    assert "scorekeeper" not in config["plugins"] and "search" in config["plugins"]
    assert config["theme"]["name"] == "material"
    assert (config["docs_dir"], config["site_dir"]) == (str(tmp_path / "docs-0"), str(tmp_path / "site-0"))
    shards = [tmp_path / "docs-0", tmp_path / "docs-1"]
    deal_pages(sample_docs, shards)
    pages = sorted(p.relative_to(sample_docs).as_posix() for p in sample_docs.rglob("*.md"))
    dealt = [sorted(p.relative_to(s).as_posix() for p in s.rglob("*.md")) for s in shards]
    assert sorted(dealt[0] + dealt[1]) == pages
    assert abs(len(dealt[0]) - len(dealt[1])) <= 1 and dealt[1]
    others = sorted(
        p.relative_to(sample_docs).as_posix() for p in sample_docs.rglob("*") if p.is_file() and p.suffix != ".md"
    )
    assert (
        others
        and sorted(
            p.relative_to(shards[0]).as_posix() for p in shards[0].rglob("*") if p.is_file() and p.suffix != ".md"
        )
        == others
    )
