"""A part of an event's brief left in its entry until a page asks for it (:class:`Later`):
the events' manifest's rows stand for each player's steps of an event's history with one
(:mod:`ingest.publish.events_manifest_rows`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload


class Later(Sequence[Any]):
    """A part of an event's brief left in its entry (:mod:`ingest.publish.cache`): read from
    there the first time it is asked for, then kept. Equal to the tuple it stands for."""

    __slots__ = ("_items", "_load")

    def __init__(self, load: Callable[[], tuple[Any, ...]]) -> None:
        self._load = load
        self._items: tuple[Any, ...] | None = None

    @property
    def items(self) -> tuple[Any, ...]:
        if self._items is None:
            self._items = self._load()
        return self._items

    @overload
    def __getitem__(self, i: int) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, i: int | slice) -> Any:
        return self.items[i]

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Later):
            other = other.items
        return self.items == other

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return repr(self.items)
