"""The designed search index, written in each engine's format.

One short entry per thing a reader looks for (players, events, archetypes, formats,
banned cards, rules pages: :func:`ingest.site.search.search_entries`), stored by the build
in ``build/fragments`` (:data:`SEARCH_FILE`, engine-neutral) and written into the built
site in place of the engine's own index (:func:`write_search_index`): by our mkdocs plugin,
or after Zensical. The pages fetch it only when the reader opens the search (see
:data:`ingest.publish.page_finish.SEARCH_SCRIPT`).
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ingest.core.romaji import has_japanese
from ingest.publish.page_finish import Stored
from ingest.site.fragments import FragmentError
from ingest.site.search import SEARCH_FILE
from ingest.source.storage import read_build_file, read_build_text, write_atomically

YEARS_FOLDER = "search/years"
"""Where the indexes of older years go: ``<year>.json``, in the engine's format."""


def read_search_entries(folder: Path, stored: Stored | None = None) -> list[dict[str, str]]:
    """The designed search entries the build stored (none when there is no file)."""
    path = folder / SEARCH_FILE
    if stored is not None:
        data: str | bytes | None = stored.get(SEARCH_FILE)
    elif os.path.lexists(path):
        data = read_build_file(path)  # a plain file, bounded: never a pipe or a link elsewhere
        if data is None:
            raise FragmentError(f"{path.as_posix()}: not a search file (not a plain file, or too large)")
    else:
        data = None
    if data is None:
        return []
    try:
        value = json.loads(data)
    except ValueError as exc:  # (UnicodeDecodeError among them)
        raise FragmentError(f"{path.as_posix()}: not a search file ({exc})") from None
    ok = isinstance(value, list) and all(
        isinstance(e, dict)
        and all(isinstance(e.get(k), str) for k in ("location", "title", "text"))
        and (e.get("year") is None or (isinstance(e["year"], str) and e["year"].isdigit()))
        for e in value
    )
    if not ok:
        raise FragmentError(f"{path.as_posix()}: not a search file (a list of location/title/text entries)")
    return [{k: e[k] for k in ("location", "title", "text", "year") if k in e} for e in value]


MKDOCS_INDEX = "search/search_index.json"
ZENSICAL_INDEX = "search.json"


def write_search_index(site: Path, entries: Sequence[Mapping[str, str]], engine: str) -> None:
    """Replaces the engine's search index in ``site`` with the designed entries.

    Entries without a ``year`` make the main index, which the pages fetch. Each year of
    older events gets an index of its own in :data:`YEARS_FOLDER`: that year's events
    only, fetched instead of the main one on a page opened with ``?sk-year=<year>`` (the
    main index's "Events of <year>" entry, "Search the N events of <year>", leads there;
    any page opened without it searches the main index again). Each entry is in one
    index: a year's index that held the main entries too (every player, format, card and
    rules page) made each year of the archive weigh as much as the main index again. The
    engine's own index keeps only its ``config`` (language and word separator), and the
    files are written as the engine writes its index.
    """
    rel = MKDOCS_INDEX if engine == "mkdocs" else ZENSICAL_INDEX
    path = site / rel
    config: Any = {}
    written = read_build_text(path)  # the engine's own index, as it wrote it
    if written is not None:
        try:
            config = json.loads(written).get("config", {})
        except (ValueError, AttributeError, RecursionError):
            config = {}
    main = [{k: v for k, v in e.items() if k != "year"} for e in entries if "year" not in e]
    years: dict[str, list[dict[str, str]]] = {}
    for e in entries:
        if "year" in e:
            years.setdefault(e["year"], []).append({k: v for k, v in e.items() if k != "year"})
    config = _japanese(config, entries)
    _write_index(path, config, main, engine)
    folder = site / YEARS_FOLDER
    if folder.is_dir():
        for old in folder.glob("*.json"):
            if old.stem not in years:
                old.unlink()
    for year, events in years.items():
        _write_index(folder / f"{year}.json", config, events, engine)


def _japanese(config: Any, entries: Sequence[Mapping[str, str]]) -> Any:
    """The engine's index configuration, its languages with Japanese too where an entry has
    Japanese; as it is otherwise.

    Japanese puts no space between words, so both engines, told the index is Japanese, cut
    the entries and the reader's query into words with their own segmenter (Material loads
    lunr-languages' TinySegmenter; Zensical its own): ``ヴァンガード`` then finds
    ``東京ヴァンガード杯``, and ``佐藤`` finds ``佐藤健``, whatever the site's language.
    """
    if not isinstance(config, dict) or not any(has_japanese(e["title"]) or has_japanese(e["text"]) for e in entries):
        return config
    lang = config.get("lang")
    lang = [lang] if isinstance(lang, str) else list(lang or ["en"])
    return config if "ja" in lang else {**config, "lang": [*lang, "ja"]}


def _write_index(path: Path, config: Any, entries: Sequence[Mapping[str, str]], engine: str) -> None:
    """One index file in the engine's format. Both engines show an entry's title and text as
    HTML (their own indexes hold the pages' HTML), so the text, a player's name included,
    is escaped: a name is shown as written and never becomes markup."""
    shown = [{**e, "title": _html(e["title"]), "text": _html(e["text"])} for e in entries]
    if engine == "mkdocs":
        doc: dict[str, Any] = {"config": config, "docs": shown}
    else:
        items = [{**e, "level": 1, "path": [], "tags": []} for e in shown]
        doc = {"config": config, "items": items}
    write_atomically(path, json.dumps(doc, ensure_ascii=False, separators=(",", ":")), durable=False)


def _html(text: str) -> str:
    """Text as the content of an HTML element: ``&``, ``<`` and ``>`` escaped (the engines put
    the title and text between tags, never in an attribute, and Zensical would show a quote's
    character reference as written).

    >>> print(_html('Gus <img src=x onerror="alert(1)"> & Bo' + "'s"))
    Gus &lt;img src=x onerror="alert(1)"&gt; &amp; Bo's
    """
    return html.escape(text, quote=False)
