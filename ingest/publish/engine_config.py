"""What the site engines are given of ``mkdocs.yml``: the configuration as checked, layered over
the shipped one (:mod:`ingest.source.site_layers`), and no more.

``validate`` and ``build`` check ``mkdocs.yml`` before any engine runs
(:mod:`ingest.source.site_checks`). Both engines are handed a configuration written from that
checked document layered over the shipped one (:func:`layered_text`, :func:`zensical_config`),
the engine's own tags written back as they were (``!ENV``, ``!!python/name:`` of an allowed
function), rather than the file read again its own way; mkdocs renders the theme, and the
project's theme overrides, in Jinja's sandbox (:func:`sandboxed`), so a template cannot
reach Python.
"""

from __future__ import annotations

import copy
import hashlib
import os
import shutil
import types
from pathlib import Path
from typing import Any, ClassVar

import jinja2
import yaml
from jinja2.sandbox import SandboxedEnvironment, safe_range

from ingest.core.diagnostics import error
from ingest.core.errors import IngestError
from ingest.source.project import Project, shipped
from ingest.source.site_config import site_document
from ingest.source.site_layers import layered_config
from ingest.source.yaml_walker import Tagged
from ingest.source.yamldoc import format_path

_YAML_TAG = "tag:yaml.org,2002:"


class _Dumper(yaml.SafeDumper):
    """Writes the configuration for Zensical: plain data, and the engine's own tags as written."""


def _represent_tag(dumper: yaml.SafeDumper, data: Tagged) -> yaml.Node:
    tag = _YAML_TAG + data.tag[2:] if data.tag.startswith("!!") else data.tag
    if isinstance(data.value, list):
        return dumper.represent_sequence(tag, data.value)
    if isinstance(data.value, dict):
        return dumper.represent_mapping(tag, data.value)
    return dumper.represent_scalar(tag, "" if data.value is None else str(data.value))


_Dumper.add_representer(Tagged, _represent_tag)


ZENSICAL_TAGS = ("!ENV", "!!python/name:")
"""The tags Zensical reads (``!relative`` is mkdocs' alone)."""


def layered_text(project: Project) -> str:
    """``mkdocs.yml`` as the engines are given it: the project's settings layered over the
    shipped ones (:mod:`ingest.source.site_layers`), the engine's own tags written back as
    they were.

    Raises:
        IngestError: the configuration has an error (``build`` has stopped before).
    """
    return _dumped(_layered(project))


def _layered(project: Project) -> dict[str, Any]:
    config, problems = layered_config(project)
    if config is None or any(p.is_error for p in problems):
        raise IngestError([p for p in problems if p.is_error] or "the site configuration cannot be read")
    return anchored(copy.deepcopy(config.data), project.root.absolute().resolve())


SNIPPETS = "pymdownx.snippets"
"""The Markdown extension whose ``base_path`` the engines would read from the working folder."""


def anchored(config: dict[str, Any], here: Path) -> dict[str, Any]:
    """The configuration with the paths the engines would take from the working folder made
    relative to ``here``, the folder of ``mkdocs.yml``: ``pymdownx.snippets``' ``base_path``
    (one folder or a list; unset, the folder of ``mkdocs.yml``). mkdocs runs in the folder a
    command was typed in and Zensical in the build folder, so a relative ``base_path`` meant a
    different folder for each."""
    extensions = config.get("markdown_extensions")
    if not isinstance(extensions, list):
        return config
    for index, entry in enumerate(extensions):
        if entry == SNIPPETS or (isinstance(entry, dict) and entry.get(SNIPPETS, 0) is None):
            entry = extensions[index] = {SNIPPETS: {}}
        options = entry.get(SNIPPETS) if isinstance(entry, dict) else None
        if not isinstance(options, dict):
            continue
        base = options.setdefault("base_path", ".")  # (the extension's default: the working folder)
        if isinstance(base, str):
            options["base_path"] = str(here / base)
        elif isinstance(base, list):
            options["base_path"] = [str(here / b) if isinstance(b, str) else b for b in base]
    return config


def _dumped(config: dict[str, Any]) -> str:
    return yaml.dump(config, Dumper=_Dumper, sort_keys=False, allow_unicode=True)


def zensical_config(project: Project, build_dir: Path, docs: Path, site: Path) -> str:
    """The configuration Zensical is given: ``mkdocs.yml`` as checked and layered over the
    shipped one (:func:`layered_text`), with the folders of this build.

    Zensical takes the folder of its configuration file as the project's root, so the docs
    and site folders are given relative to ``build_dir`` (where the file is written), and
    the paths ``mkdocs.yml`` gives relative to itself (``theme.custom_dir``) are given
    relative to ``build_dir`` from the folder of ``mkdocs.yml``, after Scorekeeper's own theme
    templates are put under them (:func:`theme_folder`). Our mkdocs plugin is left out
    (Zensical runs no mkdocs plugins, and warns about ours).

    Raises:
        IngestError: the configuration has an error (``build`` has stopped before), or a tag
            Zensical does not read (``!relative``), with its position.
    """
    doc, problems = site_document(project)
    if doc is None or any(p.is_error for p in problems):
        raise IngestError([p for p in problems if p.is_error] or "the site configuration cannot be read")
    for path, tagged in sorted(doc.tags.items()):
        if not tagged.tag.startswith(ZENSICAL_TAGS):
            raise IngestError(
                [
                    error(
                        "site-config",
                        f"{format_path(path)}: Zensical does not read the tag {tagged.tag} (mkdocs alone does)",
                        doc.pos(path),
                        "write the value out, e.g. a path relative to mkdocs.yml",
                    )
                ]
            )
    config = _layered(project)
    if project.site_url:  # given for this build (build --site-url), in mkdocs.yml's place
        config["site_url"] = project.site_url
    config["docs_dir"] = os.path.relpath(docs.resolve(), build_dir)
    config["site_dir"] = os.path.relpath(site.resolve(), build_dir)
    theme = config.setdefault("theme", {})
    if isinstance(theme, dict):
        own = theme.get("custom_dir")
        here = project.root.absolute().resolve()
        folder = theme_folder(here / own if isinstance(own, str) else None, build_dir)
        theme["custom_dir"] = os.path.relpath(folder, build_dir)
    plugins = config.get("plugins")
    if isinstance(plugins, list):
        config["plugins"] = [
            p for p in plugins if p != "scorekeeper" and not (isinstance(p, dict) and "scorekeeper" in p)
        ]
    return _dumped(config)


def theme_digest(project: Project) -> str:
    """A digest of the theme templates every page of the site is rendered with besides the
    engine's own: the project's ``theme.custom_dir`` (as ``mkdocs.yml`` names it, layered)
    and Scorekeeper's ``theme/``. A site built with others is built again, not updated."""
    config, _ = layered_config(project)
    theme = config.data.get("theme") if config is not None else None
    own = theme.get("custom_dir") if isinstance(theme, dict) else None
    folders = ([project.root / own] if isinstance(own, str) else []) + [shipped("theme")]
    h = hashlib.sha256()
    for folder in folders:
        h.update(b"\1" + str(folder).encode())
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


THEME_FOLDER = ".theme"
"""The folder in the build folder that Zensical is given as its ``theme.custom_dir`` when the
project has overrides of its own: theirs over Scorekeeper's (:func:`theme_folder`)."""


def theme_folder(own: Path | None, build_dir: Path) -> Path:
    """The one folder of theme overrides Zensical is given (it reads one ``custom_dir``, where
    mkdocs is given a list: :mod:`ingest.publish.mkdocs_plugin`): Scorekeeper's own
    (``theme/``) alone, or, when the project has its own (``own``), a copy in ``build_dir`` of
    both, the project's files replacing Scorekeeper's of the same name."""
    theme = shipped("theme")
    if own is None:
        return theme
    target = build_dir / THEME_FOLDER
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(theme, target)
    if own.is_dir():
        shutil.copytree(own, target, dirs_exist_ok=True)
    return target


_INTERNALS = (
    types.FunctionType,
    types.MethodType,
    type,
    types.CodeType,
    types.TracebackType,
    types.FrameType,
    types.GeneratorType,
    types.CoroutineType,
    types.AsyncGeneratorType,
)
"""The kinds of object whose attributes :func:`jinja2.sandbox.is_internal_attribute` looks
at beyond their names (a type's ``mro``, a frame's anything)."""

_METHODS = (types.MethodType, types.BuiltinMethodType)
"""What Jinja's ``str.format`` wrapper (:meth:`~jinja2.sandbox.SandboxedEnvironment.wrap_str_format`) may wrap."""


class ThemeSandbox(SandboxedEnvironment):
    """Jinja's sandbox, deciding faster for the objects a theme's pages read most.

    A page of mkdocs-material reads a few hundred attributes (``page.title``,
    ``config.theme.palette``...), each checked by :meth:`is_safe_attribute`. For an object
    that is none of :data:`_INTERNALS`, Jinja's check comes down to the name not starting
    with ``_``; that is decided here at once, the kind of object remembered by its class.
    Anything else takes Jinja's own check. (Half the sandbox's cost per attribute.)

    :meth:`getattr`, what a template's ``page.title`` calls, takes the same decisions as
    Jinja's in one call for such an object, once its kind is known.
    """

    _plain: ClassVar[dict[type, bool]] = {}

    def getattr(self, obj: Any, attribute: str) -> Any:
        """Jinja's :meth:`~jinja2.sandbox.SandboxedEnvironment.getattr`, for a name not starting
        with ``_`` of an object whose kind is known to be none of :data:`_INTERNALS` done here:
        the attribute, else the item of that name, else undefined; a method is looked at by
        Jinja's ``str.format`` wrapper as Jinja does. Anything else is Jinja's."""
        if attribute.startswith("_") or not self._known_plain(type(obj)):
            return super().getattr(obj, attribute)
        try:
            value = getattr(obj, attribute)
        except AttributeError:
            try:
                return obj[attribute]
            except (TypeError, LookupError):
                return self.undefined(obj=obj, name=attribute)
        if isinstance(value, _METHODS):
            fmt = self.wrap_str_format(value)
            if fmt is not None:
                return fmt
        return value

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if attr.startswith("_"):
            return False
        kind = type(obj)
        try:
            plain = self._plain.get(kind)
            if plain is None:
                plain = self._plain[kind] = not issubclass(kind, _INTERNALS)
        except TypeError:  # (a kind that cannot be a key: its metaclass compares but does not hash)
            plain = False
        return plain or super().is_safe_attribute(obj, attr, value)

    def _known_plain(self, kind: type) -> bool:
        """Whether ``kind`` is known to be none of :data:`_INTERNALS` (False until
        :meth:`is_safe_attribute` has looked at it, and for a kind that cannot be a key)."""
        try:
            return self._plain.get(kind, False)
        except TypeError:
            return False


def sandboxed(env: jinja2.Environment) -> jinja2.Environment:
    """The theme's Jinja environment, made a sandboxed one in place.

    mkdocs makes a plain ``jinja2.Environment`` for the theme, whose templates include the
    project's overrides (``theme.custom_dir``); in it ``{{ cycler.__init__.__globals__.os }}``
    reaches Python. The environment becomes a sandbox (:class:`ThemeSandbox`) with
    everything mkdocs and the plugins set on it (loader, filters, globals, the i18n
    extension bound to it): the class is changed and the attributes the sandbox's own
    ``__init__`` would set are set; templates compiled before are forgotten (the sandbox
    compiles calls differently). mkdocs-material's pages come out byte for byte the same.
    """
    if isinstance(env, SandboxedEnvironment):
        return env
    env.__class__ = ThemeSandbox
    box: Any = env
    box.globals["range"] = safe_range
    box.binop_table = SandboxedEnvironment.default_binop_table.copy()
    box.unop_table = SandboxedEnvironment.default_unop_table.copy()
    if env.cache is not None:
        env.cache.clear()
    return env
