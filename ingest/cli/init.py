"""``scorekeeper init``: a community's project in an empty or new folder, ready to push.

The files are :mod:`ingest.edit.new_project`'s; here the three settings are read (options, or
questions on a terminal), the folder is checked and the files are written, each created
atomically, all or none.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from ingest.cli.common import fail


def _languages() -> list[str]:
    """The languages Scorekeeper has a catalog for (``locales/<language>.po``), English included."""
    from ingest.source.catalog_files import languages
    from ingest.source.project import shipped

    return languages((shipped("locales"),))


def _stdin_is_a_terminal() -> bool:
    return sys.stdin.isatty()


def _site_name(value: str) -> str:
    from ingest.edit.new_project import site_name_problem

    problem = site_name_problem(value)
    if problem is not None:
        raise click.BadParameter(f"{value!r}: {problem}", param_hint="'--site-name'")
    return value.strip()


def _site_url(value: str) -> str:
    from ingest.source.site_address import site_address

    if not value.strip():
        return ""
    try:
        return site_address(value.strip())
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--site-url'") from None


@click.command()
@click.argument("folder", required=False, type=click.Path(path_type=Path))
@click.option("--site-name", default=None, help="The site's name, on every page (default: from the folder's name).")
@click.option(
    "--language",
    type=click.Choice(_languages()),
    default=None,
    help="The pages' language (theme.language) [default: en].",
)
@click.option(
    "--site-url",
    metavar="URL",
    default=None,
    help="The site's address (site_url; default: none, the workflow gives the GitHub Pages address).",
)
@click.pass_context
def init(
    ctx: click.Context, folder: Path | None, site_name: str | None, language: str | None, site_url: str | None
) -> None:
    """Start a community's project in FOLDER (default: here, or --root), empty or new.

    Writes mkdocs.yml (complete: the shipped configuration with the site's name, language and
    address), .gitignore, the GitHub workflow that publishes the site
    (.github/workflows/publish.yml, calling Scorekeeper's), .github/dependabot.yml,
    .pre-commit-config.yaml, players.yaml, events/ and a README for the TOs. It never
    overwrites a file: if one exists, it says which and writes nothing (exit status 2).
    Options not given are asked on a terminal; elsewhere they take their defaults.

    \b
    Examples:
      scorekeeper init dragons-hoard
      scorekeeper init --site-name "Dragon's Hoard Results" --language ja --site-url https://dragons-hoard.github.io/results/
    """
    from ingest.edit.new_project import PROJECT_FILES, ProjectSettings, default_site_name, project_files
    from ingest.source.project import Project, shipped
    from ingest.source.schema_hints import schema_hint

    root = folder if folder is not None else ctx.obj["project"].root if _root_given(ctx) else Path.cwd()
    root = root.absolute()
    if root.exists() and not root.is_dir():
        raise click.BadParameter(f"{root} is a file, not a folder", param_hint="'FOLDER'")
    _refuse_taken(root)  # before any question
    asking = _stdin_is_a_terminal()
    if site_name is None:
        default = default_site_name(root.name)
        site_name = click.prompt("Site name", default=default, value_proc=_site_name) if asking else default
    else:
        site_name = _site_name(site_name)
    if language is None:
        choice = click.Choice(_languages())
        language = click.prompt("Language of the pages", type=choice, default="en") if asking else "en"
    if site_url is None:
        question = "Site address (empty: the GitHub Pages address, given by the workflow)"
        site_url = click.prompt(question, default="", show_default=False, value_proc=_site_url) if asking else ""
    else:
        site_url = _site_url(site_url)
    settings = ProjectSettings(site_name, language, site_url)
    players_schema = schema_hint(Project(root), "players", root, site_url=site_url)
    files = project_files(shipped("mkdocs.yml").read_text(encoding="utf-8"), settings, players_schema)
    _refuse_taken(root)  # (made meanwhile)
    _write(root, files)
    shown = "." if root == Path.cwd().absolute() else str(folder or root)
    click.echo(f"created a Scorekeeper project in {shown}: {', '.join(PROJECT_FILES)}, events/")
    click.echo(
        "next: git init, git add -A && git commit -m 'Start', push to GitHub, and choose GitHub Actions "
        "as the source of Pages (Settings > Pages); README.md has the event-night commands"
    )


def _refuse_taken(root: Path) -> None:
    """Ends the command (exit status 2, nothing written) when a file init writes exists already."""
    from ingest.edit.new_project import PROJECT_FILES

    taken = [name for name in PROJECT_FILES if (root / name).exists() or (root / name).is_symlink()]
    if (root / "events").exists() and not (root / "events").is_dir():
        taken.append("events")
    if taken:
        one = len(taken) == 1
        click.echo(
            f"error: {_listed(taken)} {'exists' if one else 'exist'} already in {root}; nothing was written "
            f"(init never replaces a file: move {'it' if one else 'them'} aside, or start in an empty folder)",
            err=True,
        )
        sys.exit(2)


def _write(root: Path, files: dict[str, str]) -> None:
    """Writes every file, each created atomically; on a failure, removes what it wrote
    (files and the folders it made) and ends the command."""
    from ingest.source.storage import create_atomically

    folders = sorted({(root / name).parent for name in files} | {root, root / "events"}, key=lambda p: -len(p.parts))
    made = [folder for folder in folders if not folder.exists()]
    written: list[Path] = []
    try:
        for name, text in files.items():
            create_atomically(root / name, text)
            written.append(root / name)
        (root / "events").mkdir(exist_ok=True)
    except OSError as exc:
        for path in written:
            path.unlink(missing_ok=True)
        for folder in made:  # deepest first
            with contextlib.suppress(OSError):
                folder.rmdir()
        fail(f"cannot write the project in {root}: {exc.strerror or exc}; nothing was written")


def _root_given(ctx: click.Context) -> bool:
    """Whether ``--root`` was given to the command group."""
    parent = ctx.parent
    return parent is not None and parent.params.get("root") is not None


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
