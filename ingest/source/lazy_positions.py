"""Positions of a document whose data was not read from its text this time, found when asked.

A big event file's text already read without an error has its plain data and its assembled
event kept (:mod:`ingest.checks.assemblies`); the next command that reads that very text takes
them rather than walking the YAML again. Its positions (the line and column of each of tens of
thousands of values) are needed only where a diagnostic points: :class:`LazyPositions` holds
the few that are known to be needed (where the decklist files are named), and on the first
question about any other reads the whole text with the same walker as
:func:`~ingest.source.yamldoc.parse_yaml` (:class:`~ingest.source.yaml_walker.Walker`), so
every position it gives is the one a full reading gives.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import yaml
from yaml.nodes import Node

from ingest.core.diagnostics import YamlPath
from ingest.source.yaml_walker import Walker
from ingest.source.yamldoc import SafeLoader

Position = tuple[int, int]


class TextPositions:
    """The positions of one text's values and keys, read from it (once) when first asked for."""

    def __init__(self, text: str, path: str, root: Node | None = None) -> None:
        self.text = text
        self.path = path
        self.root = root
        self._walker: Walker | None = None

    def walked(self) -> Walker:
        """The walker that read the whole text (its ``values`` and ``keys``)."""
        if self._walker is None:
            root = self.root if self.root is not None else yaml.compose(self.text, Loader=SafeLoader)
            walker = Walker(self.path, aliases="&" in self.text)
            if root is not None:  # (a text read before without an error is never empty)
                walker.convert(root, (), 0)
            self._walker = walker
        return self._walker


class LazyPositions(Mapping[YamlPath, Position]):
    """A document's value (or key) positions: ``known`` ones at once, the others from the text.

    ``count``: how many there are in all (what a full reading records), answered without
    reading the text."""

    def __init__(self, source: TextPositions, *, keys: bool, known: Mapping[YamlPath, Position], count: int) -> None:
        self.source = source
        self.keys_of = keys
        self.known = dict(known)
        self.count = count

    def _all(self) -> Mapping[YamlPath, Position]:
        walker = self.source.walked()
        return walker.keys if self.keys_of else walker.values

    def __getitem__(self, path: YamlPath) -> Position:
        found = self.known.get(path)
        return found if found is not None else self._all()[path]

    def __contains__(self, path: object) -> bool:
        return path in self.known or path in self._all()

    def __iter__(self) -> Iterator[YamlPath]:
        return iter(self._all())

    def __len__(self) -> int:
        return self.count


class Layered(Mapping[YamlPath, Position]):
    """Positions of a document with values added (items appended to a list): the new ones beside
    the old, without copying the old (which may not even have been read yet). No path of
    ``top`` is one of ``base``'s (appended items have paths of their own)."""

    def __init__(self, top: Mapping[YamlPath, Position], base: Mapping[YamlPath, Position]) -> None:
        self.top = top
        self.base = base

    def __getitem__(self, path: YamlPath) -> Position:
        found = self.top.get(path)
        return found if found is not None else self.base[path]

    def __contains__(self, path: object) -> bool:
        return path in self.top or path in self.base

    def __iter__(self) -> Iterator[YamlPath]:
        yield from self.base
        yield from self.top

    def __len__(self) -> int:
        return len(self.top) + len(self.base)
