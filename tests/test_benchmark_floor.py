"""The benchmark's engine floor is the stock engine on the same ``build/docs`` the build
wrote, as the engine sees it in the build (kept out of the stock search plugin's index),
in as many processes as the build (``benchmarks/build.py``)."""

from __future__ import annotations

from pathlib import Path

import yaml

from benchmarks.build import adjacent_ratios, floor_docs


def test_the_floor_is_the_same_pages_kept_out_of_the_stock_search_index(sample_docs: Path, tmp_path: Path) -> None:
    floor_docs(sample_docs, tmp_path)
    pages = sorted(tmp_path.rglob("*.md"))
    assert len(pages) == len(list(sample_docs.rglob("*.md"))) > 40
    others = [p for p in sample_docs.rglob("*") if p.is_file() and p.suffix != ".md"]
    assert others and all((tmp_path / p.relative_to(sample_docs)).samefile(p) for p in others)
    fronted = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        source = (sample_docs / page.relative_to(tmp_path)).read_text(encoding="utf-8")
        assert text.startswith("---\n"), page
        front, body = text[4:].split("---\n", 1)
        meta = yaml.safe_load(front)
        assert meta["search"]["exclude"] is True, page
        if source.startswith("---\n"):
            fronted += 1
            source_front, source_body = source[4:].split("---\n", 1)
            source_meta = yaml.safe_load(source_front)
            # The page's own front matter, whole (our fragments line too), and its body, unchanged.
            assert {**source_meta, "search": meta["search"]} == meta, page
            assert body == source_body, page
        else:
            assert body == source, page
    assert fronted > 40


def test_the_ratio_is_the_median_of_adjacent_build_and_floor_pairs() -> None:
    from benchmarks.build import Cost

    runs = [("build", Cost(0, 12.0, 0)), ("floor", Cost(0, 4.0, 0)), ("build", Cost(0, 15.0, 0))]
    runs += [("floor", Cost(0, 6.0, 0))]
    # build/floor, floor/build (the floor measured before the build), build/floor
    assert adjacent_ratios(runs) == [3.0, 3.75, 2.5]
    assert adjacent_ratios(runs[:1]) == []


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
