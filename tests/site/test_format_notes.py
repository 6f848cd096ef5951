"""A format page's notes in the site's language: the shipped formats' notes through the message
catalog, a format file's own note in each language it gives (``{en: ..., ja: ...}``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.builders import run_cli
from tests.site_helpers import TODAY, make_project, page_text

OWN_NOTE = '{en: "Our league plays Modern best of one.", ja: "当リーグのモダンは1本勝負です。"}'
"""A note a community writes in its own format file, in two languages."""


def _project(root: Path, language: str, note: str = OWN_NOTE) -> Project:
    project = make_project(root, samples=False)
    formats = root / "formats" / "mtg.yaml"
    text = formats.read_text(encoding="utf-8")
    modern = '  modern:\n    name: Modern\n    kind: constructed\n    source: "MTR 6.4 (2025-06-30)"\n'
    assert modern in text
    formats.write_text(text.replace(modern, f"{modern}    notes:\n      - {note}\n"), encoding="utf-8")
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("language: en", f"language: {language}"))
    return project


@pytest.mark.parametrize(
    ("language", "title", "own", "shipped"),
    [
        ("ja", "注記", "当リーグのモダンは1本勝負です。", "テキストでより多くの枚数を認めるほかのカードは"),
        (
            "en",
            "Note",
            "Our league plays Modern best of one.",
            "Other cards whose text allows more copies are recognised",
        ),
    ],
)
def test_a_format_pages_notes_are_in_the_sites_language(
    tmp_path: Path, language: str, title: str, own: str, shipped: str
) -> None:
    build_site(_project(tmp_path, language), today=TODAY, docs_only=True)
    # Without the backslashes Markdown escapes punctuation with.
    page = page_text(tmp_path / "build" / "docs" / "formats" / "mtg" / "modern.md").replace("\\", "")
    # The note's title too: Python-Markdown's own ("Note", from the word note) is English.
    assert f'!!! note "{title}"\n    {own}\n' in page
    # The game's note (formats/mtg.yaml `notes:`), a message of the catalogs.
    assert shipped in page
    other = "当リーグ" if language == "en" else "Our league"
    assert other not in page


def test_a_note_in_other_languages_needs_its_english(tmp_path: Path) -> None:
    _project(tmp_path, "ja", note='{ja: "英語のない注記"}')
    code, out = run_cli(tmp_path, "validate")
    assert code == 1, out
    assert "formats/mtg.yaml:" in out and "{en: ..., ja: ...}" in out, out
