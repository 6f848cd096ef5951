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
