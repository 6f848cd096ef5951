"""The sandbox mkdocs renders the theme in (issue 33): as strict as Jinja's own, and the same pages."""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Iterator
from typing import Any

import jinja2
import pytest
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from ingest.publish.engine_config import ThemeSandbox, sandboxed


def _objects() -> Iterator[Any]:
    def function() -> None:
        return None

    def generator() -> Iterator[int]:
        yield 1

    async def coroutine() -> None:
        return None

    async def agen() -> Any:
        yield 1

    class Page:
        title = "Standings"

        def url(self) -> str:
            return "/"

    class Comparing(type):  # (its classes compare but do not hash: no key of a dict)
        def __eq__(cls, other: object) -> bool:
            return cls is other

        __hash__ = None  # type: ignore[assignment]

    class Unhashed(metaclass=Comparing):
        title = "Odd"

    page = Page()
    frame = sys._getframe()
    try:
        raise ValueError
    except ValueError as exc:
        tb = exc.__traceback__
    coro = coroutine()
    agenerator = agen()
    yield from (
        function,
        page.url,
        len,
        "text".upper,
        str,
        Page,
        type,
        page,
        Unhashed(),
        "text",
        Markup("<b>"),
        {"a": 1},
        [1],
        generator(),
        coro,
        agenerator,
        frame,
        tb,
        function.__code__,
        types,
        jinja2,
    )
    coro.close()
    asyncio.run(agenerator.aclose())


NAMES = (
    "mro",
    "gi_frame",
    "gi_code",
    "cr_frame",
    "ag_code",
    "f_globals",
    "tb_frame",
    "co_code",
    "title",
    "_x",
    "__class__",
)


@pytest.mark.parametrize("obj", list(_objects()), ids=lambda o: type(o).__name__)
def test_the_theme_sandbox_decides_every_attribute_as_jinjas_own(obj: Any) -> None:
    ours, jinjas = ThemeSandbox(), SandboxedEnvironment()
    for name in sorted({*dir(obj), *NAMES}):
        value = getattr(obj, name, None)
        for _ in range(2):  # the second time from what it remembered of the object's kind
            assert ours.is_safe_attribute(obj, name, value) == jinjas.is_safe_attribute(obj, name, value), name


def _said(env: SandboxedEnvironment, obj: Any, name: str) -> Any:
    """What a template reading ``obj.<name>`` gets: the value, or how it is undefined
    (unsafe or missing); a wrapped ``str.format`` as what it formats."""
    value = env.getattr(obj, name)
    if isinstance(value, jinja2.Undefined):
        return ("undefined", type(value), value._undefined_hint, value._undefined_name)
    if getattr(value, "__wrapped__", None) is not None and getattr(value.__wrapped__, "__name__", "") in {
        "format",
        "format_map",
    }:
        formatted = value({"a": 1}) if value.__wrapped__.__name__ == "format_map" else value(1)
        return ("format", formatted)
    return value


@pytest.mark.parametrize("obj", list(_objects()), ids=lambda o: type(o).__name__)
def test_the_theme_sandbox_reads_every_attribute_as_jinjas_own(obj: Any) -> None:
    """What a template gets for each attribute (and ``format``, ``format_map``, missing
    names and a dictionary's keys), the first time and from what it remembered of the
    object's kind, is what Jinja's sandbox gives."""
    ours, jinjas = ThemeSandbox(), SandboxedEnvironment()
    for name in sorted({*dir(obj), *NAMES, "format", "format_map", "missing", "a"}):
        if name in {"__init_subclass__", "__subclasshook__"}:
            continue  # (bound anew each time: never equal)
        for _ in range(2):
            assert repr(_said(ours, obj, name)) == repr(_said(jinjas, obj, name)), name


def test_a_format_string_read_in_the_theme_sandbox_is_still_sandboxed() -> None:
    """``str.format`` read from a text whose kind the sandbox knows is Jinja's sandboxed
    one: it reaches no attribute starting with ``_`` (a plain environment prints the class)."""
    env = ThemeSandbox()
    env.getattr("x", "upper")  # (the kind str now known)
    template = "[{{ '{0.__class__}'.format(1) }}][{{ f('{0.__class__}'.format) }}][{{ '{a.__class__}'.format_map(m) }}]"
    assert env.from_string(template).render(f=lambda g: g(1), m={"a": 1}) == "[][][]"
    assert "int" in jinja2.Environment().from_string(template).render(f=lambda g: g(1), m={"a": 1})


def test_an_environment_made_a_sandbox_keeps_its_filters_and_refuses_python() -> None:
    env = jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 'x' | shout }}{{ cycler.__init__.__globals__.os }}"}))
    env.filters["shout"] = str.upper
    env.get_template("t")  # compiled before: forgotten
    box = sandboxed(env)
    assert box is env and isinstance(env, SandboxedEnvironment)
    assert env.from_string("{{ 'x' | shout }}").render() == "X"
    with pytest.raises(jinja2.exceptions.SecurityError):
        env.get_template("t").render()


def test_an_attribute_of_a_known_kind_is_read_in_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the sandbox knows a page's kind, ``page.title`` takes neither Jinja's getattr nor its check."""
    env = ThemeSandbox()
    page = types.SimpleNamespace(title="Standings")
    assert env.getattr(page, "title") == "Standings"  # (its kind learnt)

    def jinjas(*_: object) -> None:
        raise AssertionError("Jinja's own path was taken")

    monkeypatch.setattr(SandboxedEnvironment, "getattr", jinjas)
    monkeypatch.setattr(ThemeSandbox, "is_safe_attribute", jinjas)
    assert env.from_string("{{ page.title }}").render(page=page) == "Standings"
