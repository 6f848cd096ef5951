"""Search index size with Japanese: the sample site with every player and event named in
Japanese, its site in English (a site in Japanese is searched in Japanese by the engine anyway).

Prints figures; it is not a test. Builds the site once with the chosen engine, then writes
its main search index from the same entries twice, as before (the engine's languages as it
wrote them) and with Japanese added to them (:func:`ingest.publish.search_index.write_search_index`),
and prints each one's size in bytes and gzipped, what a phone downloads when the search is
opened; with Material, also the scripts its search worker fetches for Japanese
(lunr-languages' Japanese support and TinySegmenter).

    python benchmarks/search_index.py [--engine mkdocs|zensical]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import tempfile
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ingest.core.romaji import has_japanese
from ingest.publish import search_index
from ingest.publish.run import build_site
from tests.site_helpers import TODAY, make_project

SURNAMES: tuple[str, ...] = ("佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤")
SURNAMES += ("吉田", "山田", "佐々木", "山口", "松本", "井上", "木村", "林", "斎藤", "清水")
GIVEN: tuple[str, ...] = ("健", "太郎", "一郎", "翔太", "大輔", "拓也", "直樹", "美咲", "陽菜", "結衣")
GIVEN += ("葵", "蓮", "悠真", "誠", "学", "七海", "颯", "湊", "陽斗", "さくら")
EVENTS: tuple[str, ...] = ("東京ヴァンガード杯", "大阪ショップ大会", "名古屋モダン", "渋谷スタンダード")
EVENTS += ("新宿ドラフト", "横浜レガシー", "札幌パイオニア", "福岡チーム戦")


def japanese_names(root: Path) -> None:
    """Every player (in players.yaml and the events) and every event named in Japanese; half
    the players' names written together, as many Japanese players write theirs."""
    names: dict[str, str] = {}
    events = iter(EVENTS)
    for path in [root / "players.yaml", *sorted((root / "events").rglob("*.yaml"))]:
        text = path.read_text(encoding="utf-8")

        def japanese(match: re.Match[str]) -> str:
            n = names.setdefault(match[1], "")
            if not n:
                i = len(names) - 1
                space = " " if i % 2 else ""
                n = names[match[1]] = f"{SURNAMES[i % len(SURNAMES)]}{space}{GIVEN[(i // len(SURNAMES)) % len(GIVEN)]}"
            return f"name: {n}{match[2]}"

        text = re.sub(r"name: ([A-Z][a-z]+ [A-Z][a-z]+)([,}])", japanese, text)
        if path.parent.name.isdigit():
            text = re.sub(r"^name: .*$", f"name: {next(events, '大会')}", text, count=1, flags=re.MULTILINE)
        path.write_text(text, encoding="utf-8")


def sizes(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, 9, mtime=0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=["mkdocs", "zensical"], default="mkdocs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        project = make_project(root)
        japanese_names(root)
        build_site(project, today=TODAY, engine=args.engine)
        site = root / "build" / "site"
        rel = search_index.MKDOCS_INDEX if args.engine == "mkdocs" else search_index.ZENSICAL_INDEX
        entries = search_index.read_search_entries(root / "build" / "fragments")
        figures = {}
        for label, japanese in (("as before", lambda text: False), ("with Japanese", has_japanese)):
            _engine_config(site / rel)
            with mock.patch.object(search_index, "has_japanese", japanese):
                search_index.write_search_index(site, entries, args.engine)
            figures[label] = sizes(site / rel)
        print(f"{args.engine}: {len(entries)} entries in the main index (the sample site, names in Japanese)")
        for label, (raw, packed) in figures.items():
            print(f"  {label:20} {raw:8,} bytes  {packed:7,} gzipped")
        (r0, g0), (r1, g1) = figures.values()
        print(f"  {'difference':20} {r1 - r0:+8,} bytes  {g1 - g0:+7,} gzipped")
        if args.engine == "mkdocs":
            lunr = site / "assets" / "javascripts" / "lunr"
            scripts = [lunr / "min" / f"lunr.{n}.min.js" for n in ("stemmer.support", "multi", "ja")]
            raw, packed = map(sum, zip(*(sizes(p) for p in [*scripts, lunr / "tinyseg.js"]), strict=True))
            print(f"  {'scripts for Japanese':20} {raw:8,} bytes  {packed:7,} gzipped (fetched with the index)")


def _engine_config(index: Path) -> None:
    """The index's configuration as the engine wrote it (for a site in English: English only)."""
    doc = json.loads(index.read_text(encoding="utf-8"))
    doc["config"]["lang"] = [code for code in doc["config"].get("lang", ["en"]) if code != "ja"]
    index.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
