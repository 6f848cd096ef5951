"""Hostile project files, second round (issue 33): configuration, templates, catalogs and paths.

An independent attack found project files that ran code at ``build`` while ``validate`` said
"no problems found" (a ``!!python/...`` tag in ``mkdocs.yml``, a project template, a theme
override, ``hooks:``), markup in ``site_name`` run on every page, files reached through
symbolic links out of the project, and tracebacks (a season ``factor: .inf``, a ``.po``
placeholder its message lacks, a 5,001-digit number in an imported file, any tag in
``mkdocs.yml`` under Zensical). Each test here replays one of them with files of our own,
and fails without its fix. Whatever would run code writes a marker file; it must never appear.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ingest.source.project import Project
from tests.builders import ROOT
from tests.source.test_hostile_input import MODERN, _edit, _line_of, _project, _run


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _col(path: Path, fragment: str) -> tuple[int, int]:
    """The 1-based line and column where ``fragment`` is first written."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if fragment in line:
            return number, line.index(fragment) + 1
    raise AssertionError(fragment)


def _marker(tmp_path: Path) -> Path:
    marker = tmp_path / "ran-code"
    assert not marker.exists()
    return marker


def _build(project: Project, *args: str) -> str:
    result = _run(project, "build", "--today", "2026-11-22", *args)
    return f"{result.exit_code}\n{result.output}"


# -- mkdocs.yml: tags ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "tag",
    [
        "!!python/object/apply:os.system ['touch {marker}']",
        "!!python/object/new:subprocess.check_output [[sh, -c, 'touch {marker}']]",
        "!!python/name:os.system",
        "!!python/module:os",
        "!!python/object:argparse.Namespace {{}}",
    ],
)
def test_a_python_tag_in_mkdocs_yml_is_refused_before_the_engine_runs(tmp_path: Path, tag: str) -> None:
    marker = _marker(tmp_path)
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _append(config, "\nextra:\n  analytics: " + tag.format(marker=marker) + "\n")
    line, col = _col(config, "!!python/")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert f"mkdocs.yml:{line}:{col}: error[site-code]: extra.analytics: the tag !!python/" in result.output
    built = _build(project)
    assert built.startswith("1\n") and f"mkdocs.yml:{line}:{col}: error[site-code]" in built
    assert not marker.exists() and not (project.root / "build" / "site").exists()


def test_a_tag_hidden_inside_the_engines_own_tag_is_refused(tmp_path: Path) -> None:
    """``!ENV [NAME, fallback]``: mkdocs constructs the fallback with its unsafe loader."""
    marker = _marker(tmp_path)
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _append(config, f"\nextra:\n  key: !ENV [SCOREKEEPER_UNSET, !!python/object/apply:os.system ['touch {marker}']]\n")
    line, col = _col(config, "!!python/")
    result = _run(project, "validate")
    assert result.exit_code == 1 and f"mkdocs.yml:{line}:{col}: error[site-code]: extra.key[1]:" in result.output
    assert _build(project).startswith("1\n") and not marker.exists()


@pytest.mark.parametrize(
    ("entry", "found"),
    [
        ("a: !custom thing", "error[yaml-tag]: extra.a: the tag !custom is not one the site engine reads"),
        (
            "!!python/name:antigravity.x : 1",
            "error[yaml-tag]: the tag !!python/name:antigravity.x is not allowed on a key",
        ),
    ],
)
def test_a_tag_on_a_key_or_unknown_to_the_engine_is_refused(tmp_path: Path, entry: str, found: str) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _append(config, f"\nextra:\n  {entry}\n")
    line, col = _col(config, entry.split(" ")[-2] if entry.startswith("a:") else entry[:10])
    result = _run(project, "validate")
    assert result.exit_code == 1 and f"mkdocs.yml:{line}:{col}: {found}" in result.output


EMOJI = """
markdown_extensions:
  - admonition
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - pymdownx.superfences:
      custom_fences:
        - name: mermaid
          class: mermaid
          format: !!python/name:pymdownx.superfences.fence_code_format
  - toc:
      slugify: !!python/name:markdown.extensions.toc.slugify_unicode
extra:
  analytics: !ENV [SCOREKEEPER_ANALYTICS_UNSET, none]
"""


def _with_emoji(project: Project) -> None:
    config = project.root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    start = text.index("markdown_extensions:")
    end = text.index("\nnav:")
    config.write_text(text[:start] + EMOJI.lstrip() + text[end:], encoding="utf-8")


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_functions_markdown_extensions_are_configured_with_build_under_both_engines(
    tmp_path: Path, engine: str
) -> None:
    """Found by the attack: any tag in mkdocs.yml ended a Zensical build in a traceback."""
    project = _project(tmp_path, MODERN)
    _with_emoji(project)
    assert _run(project, "validate").exit_code == 0
    built = _build(project, "--engine", engine)
    assert built.startswith("0\n"), built
    assert (project.root / "build" / "site" / "index.html").is_file()


def test_a_tag_zensical_does_not_read_is_a_positioned_error_not_a_traceback(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _append(config, "\nextra:\n  folder: !relative $config_dir/docs\n")
    assert _run(project, "validate").exit_code == 0  # mkdocs reads it
    line, col = _col(config, "!relative")
    built = _build(project, "--engine", "zensical")
    assert built.startswith("1\n") and f"mkdocs.yml:{line}:{col}: error[site-config]: extra.folder: Zensical" in built
    assert not (project.root / "build" / "site").exists()


# -- mkdocs.yml: settings that are code, text and addresses ---------------------------------------


@pytest.mark.parametrize(
    ("setting", "found"),
    [
        ("hooks:\n  - hooks/analytics.py\n", 'hooks[0]: the hook "hooks/analytics.py" is Python code'),
        ("INHERIT: ../shared/mkdocs.yml\n", "INHERIT: the site engine would read another configuration file"),
        ("plugins:\n  - search\n  - macros\n", 'plugins[1]: the plugin "macros" runs code'),
    ],
)
def test_settings_that_run_code_from_the_project_are_refused_at_their_line(
    tmp_path: Path, setting: str, found: str
) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    if setting.startswith("plugins:"):
        text = text.replace("plugins:\n  - search\n", "plugins:\n  - search\n  - macros\n")
    else:
        text += "\n" + setting
    config.write_text(text, encoding="utf-8")
    (project.root / "hooks").mkdir()
    (project.root / "hooks" / "analytics.py").write_text("raise SystemExit('a hook ran')\n", encoding="utf-8")
    value = {"hooks": "hooks/analytics.py", "INHERIT": "../shared/mkdocs.yml", "plugins": "macros"}
    line, col = _col(config, value[setting.split(":")[0]])
    result = _run(project, "validate")
    assert result.exit_code == 1 and f"mkdocs.yml:{line}:{col}: error[site-code]: {found}" in result.output
    assert _build(project).startswith("1\n")


def test_a_function_zensical_would_import_from_text_must_be_allowed(tmp_path: Path) -> None:
    """Zensical imports and calls ``slugify: {object: ..., kwds: ...}``: plain text that runs code."""
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _edit(config, "permalink: true", "permalink: true\n      slugify: {object: subprocess.getoutput, kwds: {cmd: id}}")
    line, col = _col(config, "{object: subprocess")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert (
        f'mkdocs.yml:{line}:{col}: error[site-code]: markdown_extensions[3].toc.slugify: "subprocess.getoutput"'
        in result.output
    )


@pytest.mark.parametrize(
    ("key", "value", "char"),
    [
        ("site_name", '"<img src=x onerror=alert(1)>"', "<"),
        ("site_name", "'Club > all'", ">"),
        ("site_description", "'x\" onload=\"alert(1)'", '"'),
        ("site_author", "'<script>alert(1)</script>'", "<"),
    ],
)
def test_markup_in_the_sites_text_settings_is_refused(tmp_path: Path, key: str, value: str, char: str) -> None:
    """The engines put these into every page unescaped: a script ran on every page under both."""
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    if f"\n{key}:" in text:
        line = next(x for x in text.splitlines() if x.startswith(f"{key}:"))
        text = text.replace(line, f"{key}: {value}")
    else:
        text += f"\n{key}: {value}\n"
    config.write_text(text, encoding="utf-8")
    line_no, col = _col(config, f"{key}: ")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert f"mkdocs.yml:{line_no}:{col + len(key) + 2}: error[unsafe-text]: {key}: the text holds {char}" in (
        result.output
    )
    assert _build(project, "--docs-only").startswith("1\n")


def test_a_name_with_an_apostrophe_and_an_ampersand_is_still_a_site_name(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    _edit(project.root / "mkdocs.yml", "site_name: Scorekeeper", "site_name: Bo's Cards & Games")
    assert _run(project, "validate").exit_code == 0


@pytest.mark.parametrize(
    ("setting", "found"),
    [
        ("site_url: 'javascript:alert(1)//'", "error[site-config]: site_url: must be a web address"),
        ("repo_url: data:text/html,x", "error[site-config]: repo_url: must be a web address"),
        ("theme:\n  name: no-such-theme", 'error[site-config]: theme.name: the theme "no-such-theme" is not installed'),
    ],
)
def test_addresses_and_a_theme_that_is_not_installed_are_reported_at_their_line(
    tmp_path: Path, setting: str, found: str
) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    if setting.startswith("theme:"):
        text = text.replace("  name: material", "  name: no-such-theme")
    else:
        text += "\n" + setting + "\n"
    config.write_text(text, encoding="utf-8")
    value = setting.split(": ", 1)[1] if not setting.startswith("theme:") else "no-such-theme"
    line, col = _col(config, value)
    result = _run(project, "validate")
    assert result.exit_code == 1 and f"mkdocs.yml:{line}:{col}: {found}" in result.output
    assert _build(project, "--docs-only").startswith("1\n")


@pytest.mark.parametrize(
    ("old", "new", "fragment", "found"),
    [
        ("  - search\n", "  - search\n  - no-such-plugin\n", "- no-such-plugin", 'the plugin "no-such-plugin" is not'),
        ("  - admonition\n", "  - admonition\n  - pymdownx.nosuch\n", "- pymdownx.nosuch", '"pymdownx.nosuch" is not'),
    ],
)
def test_a_plugin_or_markdown_extension_that_is_not_installed_is_reported_at_its_line(
    tmp_path: Path, old: str, new: str, fragment: str, found: str
) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _edit(config, old, new)
    line, col = _col(config, fragment)
    col += 2 if fragment.startswith("- ") else 0
    result = _run(project, "validate")
    assert result.exit_code == 1 and f"mkdocs.yml:{line}:{col}: error[" in result.output
    assert found in result.output
    assert _build(project).startswith("1\n") and not (project.root / "build" / "site").exists()


def test_a_function_named_from_a_package_that_is_not_installed_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ingest.source import site_imports

    monkeypatch.setattr(site_imports, "ALLOWED_NAMES", site_imports.ALLOWED_NAMES | {"nosuchpackage.emoji.twemoji"})
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _edit(
        config,
        "  - admonition\n",
        "  - admonition\n  - pymdownx.emoji:\n      emoji_index: !!python/name:nosuchpackage.emoji.twemoji\n",
    )
    line, col = _col(config, "!!python/name")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert f"mkdocs.yml:{line}:{col}: error[site-config]: markdown_extensions[1].pymdownx.emoji.emoji_index: " in (
        result.output
    )
    assert "names a function of a package that is not installed" in result.output


def test_a_markdown_extension_in_the_project_folder_is_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the project folder (``python -m ingest``), a module there would be imported."""
    project = _project(tmp_path, MODERN)
    (project.root / "evil_ext.py").write_text("raise SystemExit('imported')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(project.root))
    _edit(project.root / "mkdocs.yml", "  - admonition\n", "  - admonition\n  - evil_ext\n")
    from ingest.source import site_imports

    site_imports.find_module.cache_clear()
    result = _run(project, "validate")
    assert result.exit_code == 1 and 'error[site-code]: markdown_extensions[1]: the Markdown extension "evil_ext"' in (
        result.output
    )


# -- templates: the project's and the theme's overrides are rendered in the sandbox ---------------


SSTI = "{{{{ cycler.__init__.__globals__.os.system('touch {marker}') }}}}\n"


def test_a_project_template_cannot_reach_python(tmp_path: Path) -> None:
    marker = _marker(tmp_path)
    project = _project(tmp_path, MODERN)
    home = project.root / "site_templates" / "home.md.j2"
    _append(home, SSTI.format(marker=marker))
    line = len(home.read_text(encoding="utf-8").splitlines())
    built = _build(project, "--docs-only")
    assert built.startswith("1\n"), built
    assert (
        f"site_templates/home.md.j2:{line}:1: error[template]: the template asks for what the sandbox refuses" in built
    )
    assert not marker.exists() and not (project.root / "build" / "docs").exists()


def test_a_project_template_cannot_change_the_values_it_is_given(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    _append(project.root / "site_templates" / "home.md.j2", "{% set xs = [1] %}{% if xs.append(2) %}{% endif %}\n")
    built = _build(project, "--docs-only")
    assert built.startswith("1\n") and "error[template]" in built and "append" in built


def test_a_broken_project_template_is_a_positioned_error(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    event = project.root / "site_templates" / "event.md.j2"
    _append(event, "{% if %}\n")
    line = len(event.read_text(encoding="utf-8").splitlines())
    built = _build(project, "--docs-only")
    assert built.startswith("1\n") and f"site_templates/event.md.j2:{line}:1: error[template]" in built


def test_a_theme_override_cannot_reach_python_under_mkdocs(tmp_path: Path) -> None:
    marker = _marker(tmp_path)
    project = _project(tmp_path, MODERN)
    (project.root / "overrides").mkdir()
    main = project.root / "overrides" / "main.html"
    main.write_text(
        '{% extends "base.html" %}\n{% block extrahead %}' + SSTI.format(marker=marker).strip() + "{% endblock %}\n"
    )
    _edit(project.root / "mkdocs.yml", "  name: material\n", "  name: material\n  custom_dir: overrides\n")
    assert _run(project, "validate").exit_code == 0  # overrides are allowed: rendered in the sandbox
    built = _build(project)
    assert built.startswith("1\n") and "overrides/main.html:2:1: error[template]" in built
    assert not marker.exists() and not (project.root / "build" / "site").exists()


def test_an_ordinary_theme_override_still_builds_under_both_engines(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    (project.root / "overrides").mkdir()
    (project.root / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}\n{% block extrahead %}<meta name="club" content="{{ config.site_name }}">'
        "{% endblock %}\n",
        encoding="utf-8",
    )
    _edit(project.root / "mkdocs.yml", "  name: material\n", "  name: material\n  custom_dir: overrides\n")
    for engine in ("mkdocs", "zensical"):
        built = _build(project, "--engine", engine, "--full")
        assert built.startswith("0\n"), built
        page = (project.root / "build" / "site" / "index.html").read_text(encoding="utf-8")
        assert '<meta name="club" content="Scorekeeper">' in page, engine


@pytest.mark.parametrize("custom", ["../elsewhere", "/etc", "missing"])
def test_theme_overrides_stay_inside_the_project(tmp_path: Path, custom: str) -> None:
    project = _project(tmp_path, MODERN)
    (tmp_path / "elsewhere").mkdir()
    config = project.root / "mkdocs.yml"
    _edit(config, "  name: material\n", f"  name: material\n  custom_dir: {custom}\n")
    line, col = _col(config, f"custom_dir: {custom}")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert f'mkdocs.yml:{line}:{col + 12}: error[site-config]: theme.custom_dir "{custom}" cannot be used' in (
        result.output
    )


# -- tracebacks: non-finite and enormous numbers, catalog placeholders, imports -------------------


@pytest.mark.parametrize("value", [".inf", "-.inf", ".nan", "1.0e+400", "9" * 4200])
@pytest.mark.parametrize("folder", ["seasons", "presets"])
def test_a_number_no_season_can_hold_is_a_positioned_error(tmp_path: Path, value: str, folder: str) -> None:
    project = _project(tmp_path, MODERN)
    head = "name: League\nevents: {game: mtg}\n" if folder == "seasons" else ""
    # (1.0e+300 points times a factor of 4,200 digits: a figure Python refuses to write as text)
    text = head + "points:\n  placement:\n    - {place: 1, points: 1.0e+300}\n  size_factors:\n"
    text += f"    - {{players: 2, factor: {value}}}\n"
    (project.root / folder).mkdir()
    path = project.root / folder / "league.yaml"
    path.write_text(text, encoding="utf-8")
    if folder == "presets":
        (project.root / "seasons").mkdir()
        (project.root / "seasons" / "league.yaml").write_text("name: L\npreset: league\nevents: {game: mtg}\n")
    line, col = _col(path, value[:20])
    for command in (["validate"], ["build", "--docs-only", "--today", "2026-11-22"]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert f"{folder}/league.yaml:{line}:{col}: error[yaml-value]" in result.output, command
    assert not (project.root / "build" / "docs").exists()


def _catalog(project: Project, old: str, new: str) -> Path:
    (project.root / "locales").mkdir()
    po = project.root / "locales" / "ja.po"
    shutil.copy(ROOT / "locales" / "ja.po", po)
    _edit(po, old, new)
    _edit(project.root / "mkdocs.yml", "language: en", "language: ja")
    return po


@pytest.mark.parametrize(
    ("old", "new", "found"),
    [
        ('msgstr "、優勝：%(player)s"', 'msgstr "、優勝：%(playr)s"', "the placeholder %(playr)s"),
        ('msgstr "、優勝：%(player)s"', 'msgstr "、優勝：{player}"', "the placeholder {player}"),
        ('msgstr "、優勝：%(player)s"', 'msgstr "、優勝：%(player)s 100%"', "a % that is not a placeholder"),
    ],
)
def test_a_translation_with_a_placeholder_its_message_lacks_is_a_positioned_error(
    tmp_path: Path, old: str, new: str, found: str
) -> None:
    project = _project(tmp_path, MODERN)
    po = _catalog(project, old, new)
    line = _line_of(po, new)
    for command in (["validate"], ["build", "--today", "2026-11-22"]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert f"locales/ja.po:{line}:" in result.output and "error[catalog]: the translation of" in result.output
        assert found in result.output
    assert not (project.root / "build" / "site").exists()


def test_the_shipped_catalog_has_no_problem() -> None:
    from ingest.source.catalog_files import parse_catalog

    catalog, problems = parse_catalog((ROOT / "locales" / "ja.po").read_bytes(), "locales/ja.po")
    assert catalog is not None and len(catalog) > 100 and problems == []


def test_a_number_of_five_thousand_digits_in_an_imported_file_is_positioned(tmp_path: Path) -> None:
    project = _project(tmp_path)
    source = sorted((ROOT / "tests" / "data" / "import" / "mtgodecklistcache").glob("*.json"))[0]
    text = source.read_text(encoding="utf-8")
    at = text.index('"Points": ') + len('"Points": ')
    end = at + len(text[at:]) - len(text[at:].lstrip("0123456789"))
    hostile = tmp_path / source.name
    hostile.write_text(text[:at] + "9" * 5001 + text[end:], encoding="utf-8")
    line = text[:at].count("\n") + 1
    col = at - text[:at].rfind("\n")
    result = _run(project, "import", str(hostile))
    assert result.exit_code == 1
    assert f"{hostile.name}:{line}:{col}: error[import]: not JSON: a number of 5001 digits" in result.output
    assert sorted(p.name for p in (project.root / "events").rglob("*.yaml")) == []


@pytest.mark.parametrize("round_label", ["²", "9" * 5001])
def test_a_round_number_python_cannot_read_in_an_imported_csv_is_positioned(tmp_path: Path, round_label: str) -> None:
    project = _project(tmp_path)
    csv = tmp_path / "results.csv"
    csv.write_text(f"round,player,opponent,result\n{round_label},Alice,Bob,2-0\n", encoding="utf-8")
    result = _run(project, "import", str(csv), "--game", "mtg", "--date", "2026-11-20", "--name", "Night")
    assert (
        result.exit_code == 1
        and "results.csv:2:1: error[import]" in result.output
        and "is not a round" in (result.output)
    )


# -- paths: files that lead out of the project are never read -------------------------------------


def _outside(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_an_event_file_that_links_out_of_the_project_is_refused_and_not_published(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    secret = (
        (ROOT / "events" / "2026" / MODERN)
        .read_text(encoding="utf-8")
        .replace("name: Friday Night Modern", "name: Secret Outside Event", 1)
    )
    link = project.root / "events" / "2026" / "2026-11-27-linked.yaml"
    link.symlink_to(_outside(tmp_path, "secret.yaml", secret))
    commands = (["validate"], ["standings", str(link)], ["add-player", str(link), "--name", "Zed"], ["build"])
    for command in commands:
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert "events/2026/2026-11-27-linked.yaml:1:1: error[outside-project]" in result.output, command
    # The build publishes the other events and leaves the linked one out: nothing of it is written.
    assert "events/2026/2026-11-27-linked.yaml left out" in result.output
    published = [p for p in (project.root / "build").rglob("*") if p.is_file()]
    assert published and not [p for p in published if b"Secret Outside Event" in p.read_bytes()]
    assert link.is_symlink() and "Secret Outside Event" in link.read_text(encoding="utf-8")  # not edited


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize(
    "kind", ["seasons", "presets", "mkdocs.yml", "players.yaml", "formats", "locales", "site_templates", "overrides"]
)
def test_a_project_file_that_links_out_of_the_project_is_refused(tmp_path: Path, kind: str) -> None:
    project = _project(tmp_path, MODERN)
    if kind == "seasons":
        link = project.root / "seasons" / "league.yaml"
        target = _outside(tmp_path, "league.yaml", "name: L\npreset: store-league\nevents: {game: mtg}\n")
    elif kind == "presets":
        link = project.root / "presets" / "weekly.yaml"
        target = _outside(tmp_path, "weekly.yaml", "points: {match_win: 1}\n")
        (project.root / "seasons").mkdir()
        (project.root / "seasons" / "s.yaml").write_text("name: S\npreset: weekly\nevents: {game: mtg}\n")
    elif kind == "formats":
        link = project.root / "formats" / "lorcana.yaml"
        target = _outside(tmp_path, "lorcana.yaml", (ROOT / "formats" / "mtg.yaml").read_text(encoding="utf-8"))
    elif kind == "locales":
        link = project.root / "locales" / "ja.po"
        target = _outside(tmp_path, "ja.po", (ROOT / "locales" / "ja.po").read_text(encoding="utf-8"))
        _edit(project.root / "mkdocs.yml", "language: en", "language: ja")
    elif kind == "site_templates":  # an asset is copied into the site as it is
        link = project.root / "site_templates" / "assets" / "club.css"
        target = _outside(tmp_path, "secret.css", "secret\n")
    elif kind == "overrides":  # a theme override is rendered into every page
        link = project.root / "overrides" / "main.html"
        target = _outside(tmp_path, "secret.html", "secret\n")
        _edit(project.root / "mkdocs.yml", "  name: material\n", "  name: material\n  custom_dir: overrides\n")
    else:
        link = project.root / kind
        target = _outside(tmp_path, kind, link.read_text(encoding="utf-8"))
        link.unlink()
    link.parent.mkdir(exist_ok=True)
    link.symlink_to(target)
    shown = link.relative_to(project.root).as_posix()
    for command in (["validate"], ["build", "--docs-only", "--today", "2026-11-22"]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert f"{shown}:1:1: error[outside-project]" in result.output, command


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_links_inside_the_project_are_followed(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    folder = project.root / "events" / "2026"
    (project.root / "archive").mkdir()
    (folder / MODERN).rename(project.root / "archive" / MODERN)
    (folder / MODERN).symlink_to(project.root / "archive" / MODERN)
    assert _run(project, "validate").exit_code == 0


@pytest.mark.parametrize("language", ["../../../../tmp/x", "ja/../../x", "1", "e", "en us"])
def test_the_sites_language_is_a_language_code(tmp_path: Path, language: str) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _edit(config, "language: en", f"language: '{language}'")
    line, col = _col(config, f"'{language}'")
    for command in (["validate"], ["build", "--docs-only", "--today", "2026-11-22"]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert f'mkdocs.yml:{line}:{col}: error[site-config]: theme.language: "{language}" is not a language code' in (
            result.output
        )


@pytest.mark.parametrize("language", ["en", "ja", "pt-BR", "zh-Hant", "sr_Latn"])
def test_language_codes_are_accepted(tmp_path: Path, language: str) -> None:
    project = _project(tmp_path, MODERN)
    _edit(project.root / "mkdocs.yml", "language: en", f"language: {language}")
    result = _run(project, "validate")
    assert "theme.language" not in result.output
