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


def test_an_environment_made_a_sandbox_keeps_its_filters_and_refuses_python() -> None:
    env = jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 'x' | shout }}{{ cycler.__init__.__globals__.os }}"}))
    env.filters["shout"] = str.upper
    env.get_template("t")  # compiled before: forgotten
    box = sandboxed(env)
    assert box is env and isinstance(env, SandboxedEnvironment)
    assert env.from_string("{{ 'x' | shout }}").render() == "X"
    with pytest.raises(jinja2.exceptions.SecurityError):
        env.get_template("t").render()
