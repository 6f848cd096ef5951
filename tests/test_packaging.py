"""The package as users install it: a built wheel in a fresh virtualenv, used in an empty folder.

Every other test runs against the source checkout (an editable install), where the shipped
defaults (schemas, formats, templates, the site configuration) sit next to the code. Here
the wheel is built from a copy of the sources and installed on its own, so a default that
only the checkout has fails here.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from setuptools import find_packages

import ingest
from ingest.source.project import Project, shipped

REPO = Path(__file__).resolve().parents[1]
SOURCES = (
    "ingest",
    "schema",
    "formats",
    "site_templates",
    "locales",
    "theme",
    "mkdocs.yml",
    "pyproject.toml",
    "README.md",
    "LICENSE",
)


def test_every_package_is_in_the_wheel_list() -> None:
    listed = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    found = find_packages(str(REPO), include=["ingest*"])
    assert sorted({*found, "ingest._shipped"}) == sorted(listed)


def test_one_version() -> None:
    assert importlib.metadata.version("tcg-scorekeeper") == ingest.__version__
    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")


def test_a_project_overrides_the_shipped_defaults_file_by_file(tmp_path: Path) -> None:
    empty = Project(tmp_path)
    assert empty.schema("event") == shipped("schema") / "event.schema.json" and empty.schema("event").is_file()
    assert empty.mkdocs_file == shipped("mkdocs.yml") and empty.mkdocs_file.is_file()
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "mtg.yaml").write_text("game: mtg\n", encoding="utf-8")
    (tmp_path / "site_templates").mkdir()
    (tmp_path / "site_templates" / "home.md.j2").write_text("# Ours\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: Ours\n", encoding="utf-8")
    ours = Project(tmp_path)
    # The project's file where it has one, the shipped one for every other name.
    assert ours.formats.find("mtg.yaml") == tmp_path / "formats" / "mtg.yaml"
    assert ours.formats.find("vanguard.yaml") == shipped("formats") / "vanguard.yaml"
    assert [p.name for p in ours.formats.files("*.yaml")] == sorted(p.name for p in shipped("formats").glob("*.yaml"))
    assert ours.templates.find("home.md.j2") == tmp_path / "site_templates" / "home.md.j2"
    assert ours.templates.find("event.md.j2") == shipped("site_templates") / "event.md.j2"
    assert ours.mkdocs_file == tmp_path / "mkdocs.yml"


def _build_wheel(tmp: Path) -> Path:
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        from_, to = REPO / name, src / name
        if from_.is_dir():
            shutil.copytree(from_, to, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(from_, to)
    setuptools_version = tuple(int(x) for x in importlib.metadata.version("setuptools").split(".")[:2])
    # Without network and fast when the current environment can build wheels itself.
    offline = importlib.util.find_spec("wheel") is not None or setuptools_version >= (70, 1)
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist"), str(src)]
    done = subprocess.run(
        [*command, "--no-build-isolation"] if offline else command, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = (tmp / "dist").glob("tcg_scorekeeper-*.whl")
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_distribution_has_a_name_of_its_own(wheel: Path) -> None:
    """`scorekeeper` on PyPI is an unrelated project; the engines are pinned below what is untested."""
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(archive.read(name).decode("utf-8"))
    assert wheel.name.startswith(f"tcg_scorekeeper-{ingest.__version__}-")
    assert (metadata["Name"], metadata["Author"]) == ("tcg-scorekeeper", "Scorekeeper contributors")
    assert "Programming Language :: Python :: 3.11" in metadata.get_all("Classifier", [])
    assert {"zensical", "test"} <= set(metadata.get_all("Provides-Extra", []))
    requires = [Requirement(r) for r in metadata.get_all("Requires-Dist", [])]
    runtime = {r.name.lower(): r for r in requires if r.marker is None}
    # Installed, an engine's next major (Zensical: its next minor) is refused; what the tests run with is admitted.
    for dist, untested in (("mkdocs", "2.0"), ("mkdocs-material", "10.0")):
        assert untested not in runtime[dist].specifier
        assert importlib.metadata.version(dist) in runtime[dist].specifier
    assert "zensical" not in runtime and "scorekeeper" not in runtime
    (zensical,) = [r for r in requires if r.name == "zensical"]
    assert zensical.marker is not None and zensical.marker.evaluate({"extra": "zensical"})
    assert not zensical.marker.evaluate({"extra": ""})
    assert "0.1.0" not in zensical.specifier and importlib.metadata.version("zensical") in zensical.specifier
    # The test extra brings the zensical extra, so the tests of both engines run.
    assert any(r.name == "tcg-scorekeeper" and r.extras == {"zensical"} for r in requires)


@pytest.mark.slow
def test_the_wheel_works_in_an_empty_folder(tmp_path: Path, wheel: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # The dependencies come from this environment (no download); the package only from the wheel.
    deps = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(purelib, "scorekeeper-test-deps.pth").write_text("\n".join(sorted(deps)) + "\n", encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
    )
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env.update(NO_COLOR="1", PYTHONDONTWRITEBYTECODE="1")
    folder = tmp_path / "empty"
    folder.mkdir()
    found = subprocess.run(
        [python, "-c", "import ingest; print(ingest.__file__)"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=folder,
    ).stdout.strip()
    assert Path(found).is_relative_to(venv), found
    # The catalogs ship too: a Japanese site needs nothing but theme.language.
    languages = subprocess.run(
        [
            python,
            "-c",
            "from ingest.source.catalog_files import languages; from ingest.source.project import shipped; "
            "print(languages((shipped('locales'),)))",
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=folder,
    ).stdout.strip()
    assert languages == "['en', 'ja']"
    scorekeeper = python.parent / "scorekeeper"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        # --root: a folder above the temporary one may itself hold a project (events/, mkdocs.yml).
        return subprocess.run(
            [scorekeeper, "--root", ".", *args], cwd=folder, capture_output=True, text=True, check=False, env=env
        )

    version = run("--version")
    assert (version.returncode, version.stdout.strip()) == (0, f"scorekeeper, version {ingest.__version__}")
    new = run(
        "new",
        "--name",
        "Ñandú Night",
        "--date",
        "2026-11-27",
        "--game",
        "mtg",
        "--format",
        "modern",
        "--rounds",
        "3",
        "--seed",
        "7",
    )
    assert new.returncode == 0, new.stderr
    (event,) = (folder / "events" / "2026").glob("*.yaml")
    shown = event.relative_to(folder).as_posix()
    for pid in ("alice", "bob", "carol", "dan"):
        added = run("add-player", shown, "--id", pid, "--name", pid.title())
        assert added.returncode == 0, added.stderr
    paired = run("pair", shown)
    assert paired.returncode == 0, paired.stderr
    reported = run("report", shown, "--table", "1", "2-1")
    assert reported.returncode == 0, reported.stderr
    validated = run("validate", "--strict")
    assert validated.returncode == 0, validated.stdout + validated.stderr
    assert "Traceback" not in validated.stderr
    built = run("build", "--docs-only", "--strict")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (folder / "build" / "docs" / "index.md").is_file()
    assert list((folder / "build" / "docs" / "assets").glob("scorekeeper.css"))
    # The whole site, with the shipped mkdocs.yml and our mkdocs plugin from the wheel.
    built = run("build", "--strict")
    assert built.returncode == 0, built.stdout + built.stderr
    page = (folder / "build" / "site" / "events" / "2026-11-27-nandu-night" / "index.html").read_text(encoding="utf-8")
    assert "Ñandú Night" in page
    assert "md-sidebar" not in page  # the shipped theme templates (theme/main.html) came with the wheel
    # A community's project from the wheel alone: init, then a strict build of it.
    club = folder / "club"
    for args in (("init", "club", "--site-name", "Club"), ("--root", "club", "validate", "--strict")):
        done = subprocess.run([scorekeeper, *args], cwd=folder, capture_output=True, text=True, check=False, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
    built = subprocess.run(
        [scorekeeper, "--root", "club", "build", "--strict", "--site-url", "https://club.example/"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert '<link rel="canonical" href="https://club.example/">' in (club / "build/site/index.html").read_text("utf-8")
    assert (club / "build" / "site" / "schema" / "event.schema.json").is_file()
    # Nothing was written next to the installed package.
    assert not (Path(found).parent / "_shipped" / "build").exists()
