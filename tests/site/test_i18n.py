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
import yaml
from babel.messages.pofile import read_po

from ingest.publish.catalogs import TEMPLATE, messages, rendered
from ingest.publish.run import build_site
from ingest.publish.site_language import locale_dirs, read_language
from ingest.publish.template_files import read_templates
from ingest.site import i18n
from ingest.source.catalog_files import languages
from ingest.source.project import Project
from tests.builders import ROOT, run_cli
from tests.site_helpers import TODAY, make_project, page_text

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%")

MessageText = str | tuple[str, ...] | list[str]
"""A message id or translation as babel types it: a plural's forms are a sequence."""


def _catalog(language: str) -> dict[tuple[str | None, MessageText], MessageText | None]:
    """A catalog's translations by (context, message id)."""
    with (ROOT / "locales" / f"{language}.po").open("rb") as f:
        return {(m.context, m.id): m.string for m in read_po(f) if m.id and not m.fuzzy}


def test_the_japanese_catalog_translates_every_message() -> None:
    ja = _catalog("ja")
    untranslated = [m.id for m in messages() if m.id and not all(_forms(ja.get((m.context, m.id), "")))]
    assert untranslated == []


def test_translations_keep_every_placeholder() -> None:
    for (_context, msgid), msgstr in _catalog("ja").items():
        ids = (msgid,) if isinstance(msgid, str) else tuple(msgid)
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


DATA = (
    re.compile(r' data-[a-z-]+="[^"]*"'),  # machine-read attributes (decklist section headers)
)


def _season_descriptions() -> set[str]:
    """The seasons' own descriptions (data, from seasons/*.yaml)."""
    return {
        str(yaml.safe_load(p.read_text(encoding="utf-8")).get("description", "")).strip()
        for p in (ROOT / "seasons").glob("*.yaml")
    } - {""}


def _shown_text(docs: Path) -> str:
    """What our pages show of ours: every page, the rules pages and the error codes
    included, without the data."""
    descriptions = _season_descriptions()
    pages = sorted(docs.rglob("*.md"))
    text = "\n".join(html.unescape(page_text(p)) for p in pages)
    for pattern in DATA:
        text = pattern.sub("", text)
    lines = text.split("\n")
    return "\n".join(line for line in lines if re.sub(r"\\(.)", r"\1", line) not in descriptions)


ILLEGAL = "2025-11-21-illegal-decks"
"""An event with an illegal public decklist (the sample events have none), before the seasons."""

ILLEGAL_EVENT = """\
name: Illegal Decks Night
date: 2025-11-21
game: mtg
format: standard
seed: 7
structure: {pairing: swiss, swiss_rounds: 1, best_of: 3, decklists: public}
players:
  - {id: ida-illegal, name: Ida Illegal, deck: decks/ida.txt}
  - {id: uli-legal, name: Uli Legal, deck: decks/uli.txt}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [ida-illegal, uli-legal], games: 2-0}
"""

ILLEGAL_DECKS = {
    "ida.txt": "4 Heartfire Hero\n5 Lava Spike\n21 Mountain\n\nSideboard\n4 Abrade\n4 Duress\n4 Negate\n4 Shock\n",
    "uli.txt": "4 Lightning Bolt\n56 Mountain\n",
}


@pytest.fixture(scope="module")
def japanese_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_project(tmp_path_factory.mktemp("ja") / "project")
    folder = project.root / "events" / "2025"
    (folder / "decks").mkdir(parents=True)
    (folder / f"{ILLEGAL}.yaml").write_text(ILLEGAL_EVENT, encoding="utf-8")
    for name, text in ILLEGAL_DECKS.items():
        (folder / "decks" / name).write_text(text, encoding="utf-8")
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
    # What the code words: a season's points rules and line, places, the cut calculator,
    # the script's words, the feeds.
    season = html.unescape(page_text(japanese_docs / "seasons" / "dragons-hoard-league-2026.md"))
    assert "<li>勝利1試合につき3点（不戦勝を含む）、引き分け1試合につき1点。</li>" in season
    assert (
        "<dd>上位4人がleague finalsの権利を獲得します。ボーダー上で同順位のプレイヤーは全員が獲得します。</dd>"
        in season
    )
    player = html.unescape(page_text(japanese_docs / "players" / "oona-ueda.md"))
    assert "24人中1位 · 20点" in player and "位位" not in player
    live = page_text(japanese_docs / "events" / "2026-11-20-pioneer-weekly" / "index.md")
    assert "トップ4。第3〜4回戦が残り" in live and "進出確定" in live
    assert '<strong>2勝で進出</strong><br><span class="sk-muted">2勝すれば（12点）、12点に届くのはほかに2人まで' in live
    assert "&#34;time&#34;: &#34;時間切れ&#34;" in live and "&#34;left&#34;: &#34;残り%(time)s&#34;" in live
    draft = html.unescape(page_text(japanese_docs / "events" / "2026-11-06-draft-night" / "index.md"))
    assert "autumn 2026</a>、<a " in draft  # a list in running text, with the language's separator
    feeds = japanese_docs / "feeds"
    assert "<title>Scorekeeper：大会結果</title>" in (feeds / "results.xml").read_text(encoding="utf-8")
    assert "X-WR-CALNAME:Scorekeeperの大会" in (feeds / "events.ics").read_text(encoding="utf-8")
    # A deck's violations, each worded from the check's data; card names and the rules cited as written.
    decks = html.unescape(page_text(japanese_docs / "events" / ILLEGAL / "decklists.md"))
    shown = re.findall(r"<li>([^<]*)</li>", decks.split('<ul class="sk-violations">', 1)[1].split("</ul>", 1)[0])
    assert shown == [
        "メインデッキは30枚です。60枚以上必要です（MTR 6.1）",
        "サイドボードは16枚です。15枚までです（MTR 6.1）",
        "「Lava Spike」がデッキとサイドボードを合わせて5枚あります。4枚までです（MTR 6.1）",
        "「Heartfire Hero」は2025/06/30からStandardで禁止されています（MTR 6.3）",
    ]
    assert decks.count('<ul class="sk-violations">') == 1 and "copies of" not in decks and "is banned" not in decks


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
    dirs = locale_dirs(tmp_path)
    assert languages(dirs) == ["de", "en", "ja"]
    with i18n.use(read_language("de", dirs)):
        assert i18n.gettext("Standings") == "Tabelle"
        assert i18n.gettext("Players") == "Players"  # fuzzy entries are left out
        assert i18n.number("66.67%") == "66,67\xa0%" and i18n.number("4.67") == "4,67"
        assert i18n.day(dt.date(2026, 11, 20)) == "2026-11-20" and i18n.month(dt.date(2026, 11, 20)) == "November"
    assert i18n.gettext("Standings") == "Standings"


ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'!]*(?:[ -]+[A-Za-z][A-Za-z'!]*){2,}")
"""Three English words or more in a row: a phrase, not a code or a name of one word."""

NAMES_AND_CITATIONS = {
    "Aequitas Appendix C",
    "MTR Appendix C",
    "Wheel of Time",
    "Wheel of Time CCG",
    "WoT Expanded Scoring Example",
}
"""English kept in Japanese: a game's name and the documents cited."""


def test_the_japanese_rules_pages_and_error_codes_are_written_in_japanese(japanese_docs: Path) -> None:
    pages = sorted((japanese_docs / "rules").glob("*.md"))
    assert [p.stem for p in pages] == ["aequitas", "bushiroad", "diagnostics", "index", "mtr", "wot"]
    for page in pages:
        text = page_text(page)
        text = re.sub(r"```.*?```", "", text, flags=re.S)  # validate's output, as the terminal shows it
        text = re.sub(r"`[^`]*`", "", text)  # codes, commands and keys
        text = re.sub(r"\\(.)", r"\1", text)
        assert set(ENGLISH_RUN.findall(text)) <= NAMES_AND_CITATIONS, page.name
    mtr = page_text(japanese_docs / "rules" / "mtr.md")
    # The engine's numbers, in Japanese words: the worked examples and the rounds table.
    assert "| 8回戦すべてを終えて5勝2敗1分：取りうる24マッチポイントのうち16 | MW% | 0.667 | 0.667 (2/3) |" in mtr
    draft = "ブースター・ドラフトの決勝ラウンドでは"
    assert f"| 9-16 | 5（{draft}4） | トップ4（{draft}トップ8） |" in mtr
    wot = page_text(japanese_docs / "rules" / "wot.md")
    assert "| 5 | ヴィランがラストバトル前にタヴェレンをキル | -1 | -1.67 | 2 | 1.67 |" in wot


def test_every_worked_example_and_example_table_has_its_japanese_words(tmp_path: Path) -> None:
    from ingest.rules.examples import all_examples, wot_example_game
    from ingest.site.render import environment

    # What the template exports (its top-level names) are the module's attributes, untyped.
    exported = vars(environment(read_templates(Project(ROOT).templates)).get_template("_rules_ja.md.j2").module)
    assert {x.id for x in all_examples()} <= set(exported["situations"])
    assert {t.table for t in wot_example_game()} <= set(exported["wot_situations"])


def test_season_tiebreakers_in_the_catalogs_are_the_seasons_own() -> None:
    from ingest.site.season_words import SEASON_TIEBREAKERS
    from ingest.source.season import TIEBREAKERS

    assert dict(TIEBREAKERS) == SEASON_TIEBREAKERS


def test_the_committed_template_holds_every_message() -> None:
    """locales/messages.pot is what `scorekeeper catalogs --template` writes: a message added to
    the code, a template or a format's notes and not to the committed file fails here."""
    pot = ROOT / "locales" / TEMPLATE
    committed = {(m.context, m.id) for m in read_po(pot.open("rb")) if m.id}
    current = {(m.context, m.id) for m in messages() if m.id}
    assert sorted(map(str, current - committed)) == [], "new messages: run `scorekeeper catalogs --template`"
    assert sorted(map(str, committed - current)) == [], "messages gone: run `scorekeeper catalogs --template`"
    assert rendered(messages(), pot) == pot.read_bytes(), "run `scorekeeper catalogs --template`"


def test_the_catalogs_command_writes_a_language_and_the_template(tmp_path: Path) -> None:
    code, out = run_cli(tmp_path, "catalogs", "fr")
    count = len(messages())
    assert code == 0 and out.strip() == f"locales/fr.po: {count} messages, {count} to translate", out
    po = tmp_path / "locales" / "fr.po"
    assert {m.id for m in read_po(po.open("rb")) if m.id} == {m.id for m in messages() if m.id}
    # A translation is kept, the rest is listed as untranslated; running it again changes nothing.
    blank = 'msgid "Standings"\nmsgstr ""'
    text = po.read_text(encoding="utf-8").replace(blank, 'msgid "Standings"\nmsgstr "Classement"')
    po.write_text(text, encoding="utf-8")
    code, out = run_cli(tmp_path, "catalogs", "fr")
    assert code == 0 and po.read_text(encoding="utf-8") == text, out
    code, out = run_cli(tmp_path, "catalogs", "fr", "--check")
    assert code == 1 and "\n  Round\n" in out and "\n  Standings\n" not in out, out
    assert not (tmp_path / "locales" / TEMPLATE).exists()
    code, out = run_cli(tmp_path, "catalogs", "--template")
    dated = re.compile(r'"POT-Creation-Date: [^"]*"\n')
    undated = [dated.sub("", (p / "locales" / TEMPLATE).read_text("utf-8")) for p in (tmp_path, ROOT)]
    assert code == 0 and undated[0] == undated[1], out
    # The shipped Japanese catalog is complete.
    code, out = run_cli(ROOT, "catalogs", "ja", "--check")
    assert code == 0 and out.strip() == f"locales/ja.po: {len(messages())} messages, 0 to translate", out


@pytest.mark.parametrize("args", [(), ("xx-not-a-language",), ("../fr",)])
def test_the_catalogs_command_refuses_a_wrong_language(tmp_path: Path, args: tuple[str, ...]) -> None:
    code, out = run_cli(tmp_path, "catalogs", *args)
    assert code == 2 and ("LANGUAGE" in out or "not a language code" in out), out
    assert not list(tmp_path.iterdir())


def test_the_scripts_english_words_are_the_catalog_keys_it_is_given() -> None:
    """Every word ``scorekeeper.js`` writes into a page (its ``ENGLISH`` table) is one the
    site translates (``SCRIPT_WORDS``), with the same English text: a word missing from one
    of them would stay English on a Japanese page."""
    from ingest.site.render import SCRIPT_WORDS

    script = (ROOT / "site_templates" / "assets" / "scorekeeper.js").read_text(encoding="utf-8")
    table = script.split("var ENGLISH = {", 1)[1].split("};", 1)[0]
    english = dict(re.findall(r'(\w+): "([^"]*)"', table))
    assert english == SCRIPT_WORDS
    with i18n.use("ja"):
        assert all(i18n.gettext(SCRIPT_WORDS[k]) != SCRIPT_WORDS[k] for k in ("tied", "dropped"))


def test_the_scripts_words_are_made_once_for_each_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table the page's script draws carries the script's words (eleven on a 32-player
    event's pages): they are looked up once for a catalog, and each language gets its own."""
    from ingest.site import render

    looked: list[str] = []
    real = i18n.gettext

    def counted(message: str) -> str:
        looked.append(message)
        return real(message)

    monkeypatch.setattr(i18n, "gettext", counted)
    monkeypatch.setattr(render, "_WORDS", {})
    with i18n.use("ja"):
        japanese = [str(render.script_words()) for _ in range(11)]
    with i18n.use("en"):
        english = [str(render.script_words()) for _ in range(11)]
    assert len(looked) == 2 * len(render.SCRIPT_WORDS)
    assert set(english) == {""} and len(set(japanese)) == 1 and "対戦相手" in japanese[0]
