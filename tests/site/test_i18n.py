"""The site in the community's language: catalogs complete, a Japanese build without our English.

English pages are the goldens' business (tests/test_golden_outputs.py): the message ids are
the English text, so an English build is unchanged by the catalogs.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ingest.publish.run import build_site
from ingest.site import i18n
from ingest.site.catalogs import messages
from tests.builders import ROOT
from tests.site_helpers import TODAY, make_project, page_text

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%")


def _catalog(language: str) -> dict[object, object]:
    """A catalog's translations by (context, message id)."""
    with (ROOT / "locales" / f"{language}.po").open("rb") as f:
        return {(m.context, m.id): m.string for m in read_po(f) if m.id and not m.fuzzy}


def test_the_japanese_catalog_translates_every_message() -> None:
    ja = _catalog("ja")
    untranslated = [m.id for m in messages() if m.id and not all(_forms(ja.get((m.context, m.id), "")))]
    assert untranslated == []


def test_translations_keep_every_placeholder() -> None:
    for (_context, msgid), msgstr in _catalog("ja").items():
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        strs = msgstr if isinstance(msgstr, tuple) else (msgstr,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for text in strs:
            # One plural form may leave the number out; every other placeholder stays.
            assert set(PLACEHOLDER.findall(str(text))) | {"%(num)d"} >= wanted, (msgid, text)
            assert set(PLACEHOLDER.findall(str(text))) <= wanted | set(PLACEHOLDER.findall(ids[0])), (msgid, text)


def _forms(text: object) -> tuple[str, ...]:
    return tuple(str(x) for x in text) if isinstance(text, tuple) else (str(text),)


def _fragments(msgid: str) -> list[str]:
    """The literal English of a message: its text between placeholders and HTML tags."""
    parts = re.split(r"%\(\w+\)[sd]|<[^>]+>", msgid.replace("%%", "%"))
    return [p.strip(" ,.;:()") for p in parts if re.search(r"[A-Za-z]{2}", p)]


NOT_YET = (
    re.compile(r'<ul class="sk-rules">.*?</ul>|<dt>[^<]*</dt><dd>The top \\d+ qualify[^<]*</dd>', re.S),
    re.compile(
        r'<table class="sk-table sk-cut">.*?</table>|<p class="sk-muted">[^<]*more cannot make it[^<]*</p>', re.S
    ),
)
"""What is not in the catalogs yet (see the README's language section): a season's points
rules (ingest.source.season) and the cut calculator's reasons (ingest.report.cut)."""

DATA = (
    re.compile(r"^!!! note\n(    .*\n)+", re.M),  # a format's notes, from formats/*.yaml
    re.compile(r' data-[a-z-]+="[^"]*"'),  # machine-read attributes (decklist section headers)
)


def _shown_text(docs: Path) -> str:
    """What our pages show of ours: every page but the rules pages (their prose is not
    translated yet), without the data and the parts listed in NOT_YET."""
    pages = [p for p in sorted(docs.rglob("*.md")) if p.relative_to(docs).parts[0] != "rules"]
    text = "\n".join(html.unescape(page_text(p)) for p in pages)
    for pattern in (*NOT_YET, *DATA):
        text = pattern.sub("", text)
    return text


@pytest.fixture(scope="module")
def japanese_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_project(tmp_path_factory.mktemp("ja") / "project")
    config = project.root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("language: en", "language: ja"), encoding="utf-8")
    build_site(project, today=TODAY, docs_only=True)
    return project.root / "build" / "docs"


def test_a_japanese_build_shows_no_english_label_of_ours(japanese_docs: Path) -> None:
    text = _shown_text(japanese_docs)
    ja = _catalog("ja")
    # Format ids (``constructed``, ``limited``) are data that a label may share a word with.
    data_words = {p.stem for p in (ROOT / "formats").glob("*.yaml")} | {"constructed", "limited"}
    left = set()
    for message in messages():
        if not message.id or _forms(ja.get((message.context, message.id))) == _forms(message.id):
            continue  # the same in Japanese (GP, TBP)
        for msgid in _forms(message.id):
            for part in _fragments(msgid):
                if re.fullmatch(r"[A-Z/% ]+", part):
                    continue  # notation kept in Japanese too (GP / TBP, OMW%)
                if " " in part and len(part) >= 8:
                    if part in text:
                        left.add(part)
                elif part not in data_words and any(
                    f"{a}{part}{b}" in text
                    for a, b in ((">", "<"), ('title="', '"'), ('label="', '"'), ('placeholder="', '"'), ("## ", "\n"))
                ):
                    left.add(part)
    assert sorted(left) == []
    # Japanese labels are there, and data (player and event names) is not translated.
    home = html.unescape(page_text(japanese_docs / "index.md"))
    assert "最近の結果" in home and "Friday Night Modern 42" in home and "2026/11/13" in home


def test_the_language_comes_from_theme_language_and_falls_back_to_english(tmp_path: Path) -> None:
    project = make_project(tmp_path / "project", samples=False)
    config = project.root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("language: en", "language: xx"), encoding="utf-8")
    build_site(project, today=TODAY, docs_only=True)
    home = page_text(project.root / "build" / "docs" / "index.md")
    assert "## Upcoming events" in home and "No upcoming events are listed yet." in home


def test_a_project_adds_a_language_with_its_own_po_file(tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    locales.mkdir()
    (locales / "de.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Standings"\nmsgstr "Tabelle"\n\n#, fuzzy\nmsgid "Players"\nmsgstr "Spieler?"\n',
        encoding="utf-8",
    )
    dirs = i18n.locale_dirs(tmp_path)
    assert i18n.languages(dirs) == ["de", "en", "ja"]
    with i18n.use("de", dirs):
        assert i18n.gettext("Standings") == "Tabelle"
        assert i18n.gettext("Players") == "Players"  # fuzzy entries are left out
        assert i18n.number("66.67%") == "66,67\xa0%" and i18n.number("4.67") == "4,67"
        assert i18n.day(dt.date(2026, 11, 20)) == "2026-11-20" and i18n.month(dt.date(2026, 11, 20)) == "November"
    assert i18n.gettext("Standings") == "Standings"
