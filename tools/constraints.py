"""Writes constraints.txt: every distribution ``tcg-scorekeeper[test]`` needs, at the version installed.

The publishing workflow installs with it (``pip install -e . -c constraints.txt``), and so
does CI (.ci/run), so a site is built by the same engine, theme, Markdown extensions and
Babel from one run to the next, and those are the versions the tests passed with. The test
extra brings the zensical extra, so its pins cover both engines; a project installs only
what it asks for (constraints pin, they install nothing).

To move to newer versions: install them (``pip install -U -e '.[test]'``), run the tests,
then write the file again and commit it with the code it needs::

    python tools/constraints.py            # rewrite constraints.txt from this environment
    python tools/constraints.py --check    # fail if constraints.txt differs from this environment

The dependencies are followed as this interpreter and platform evaluate their markers
(CI and the workflow run Linux and Python 3.11); the distribution itself is not pinned.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import sys
from collections.abc import Iterable
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "constraints.txt"
DISTRIBUTION = "tcg-scorekeeper"
HEADER = """\
# Every distribution tcg-scorekeeper[test] needs (the zensical extra included), pinned to the
# versions the tests pass with. Installs use it: pip install -e . -c constraints.txt
# Written by tools/constraints.py from a tested environment; do not edit by hand.
"""


def _wanted(requirement: Requirement, extras: Iterable[str]) -> bool:
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in (*extras, ""))


def closure(distribution: str = DISTRIBUTION, extras: Iterable[str] = ("test",)) -> dict[str, str]:
    """The installed versions of everything ``distribution[extras]`` needs here, by canonical name.

    A requirement of the distribution on itself (``tcg-scorekeeper[zensical]`` in the test
    extra) adds its extras; the distribution itself is not in the result.
    """
    root = canonicalize_name(distribution)
    found: dict[str, str] = {}
    seen: set[tuple[str, frozenset[str]]] = set()
    todo: list[tuple[str, frozenset[str]]] = [(root, frozenset(extras))]
    while todo:
        name, wanted = todo.pop()
        if (name, wanted) in seen:
            continue
        seen.add((name, wanted))
        dist = importlib.metadata.distribution(name)
        if name != root:
            found[name] = dist.version
        for text in dist.requires or ():
            requirement = Requirement(text)
            if _wanted(requirement, wanted):
                todo.append((canonicalize_name(requirement.name), frozenset(requirement.extras)))
    return dict(sorted(found.items()))


def render(pins: dict[str, str]) -> str:
    return HEADER + "".join(f"{name}=={version}\n" for name, version in pins.items())


def read(path: Path = CONSTRAINTS) -> dict[str, str]:
    """The pins of a constraints file, by canonical name."""
    pins: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="fail if constraints.txt differs from this environment")
    args = parser.parse_args(argv)
    text = render(closure())
    if args.check:
        if CONSTRAINTS.read_text(encoding="utf-8") != text:
            print("constraints.txt differs from this environment: python tools/constraints.py", file=sys.stderr)
            return 1
        return 0
    CONSTRAINTS.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
