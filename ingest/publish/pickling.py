"""Fast pickling of frozen slotted dataclasses (reports sent by build workers, the report cache).

A report is some 1,200 small frozen dataclasses (deck entries, standings rows, matches).
Python pickles a frozen slotted dataclass through the ``__getstate__``/``__setstate__``
pair that ``dataclasses`` adds, which looks up ``fields()`` for every object: unpickling
one event's report took 8 ms, more than computing its standings. Registered classes are
pickled as their field values instead (read with one ``attrgetter``) and rebuilt by
setting their slots directly, which bypasses the frozen ``__setattr__`` just as
``dataclasses`` does: 1.1 us per object instead of 6 us.

The registration is :mod:`copyreg`'s, so it applies to every pickle this process
writes; the pickles refer to :func:`rebuild` by name and load in any process.
"""

from __future__ import annotations

import copyreg
import dataclasses
import operator
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

_Setter = Callable[[Any, Any], None]

_SETTERS: dict[type, tuple[_Setter, ...]] = {}
_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_BUILDERS: dict[type, Callable[[tuple[Any, ...]], Any]] = {}


def is_frozen_slotted(cls: object) -> bool:
    """Whether ``cls`` is a frozen dataclass with ``__slots__`` of its own."""
    params = getattr(cls, "__dataclass_params__", None)
    return isinstance(cls, type) and params is not None and params.frozen and "__slots__" in cls.__dict__


def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _setters(cls: type) -> tuple[_Setter, ...]:
    setters = _SETTERS.get(cls)
    if setters is None:
        # Each field is a slot; its member descriptor sets it without the frozen check.
        setters = _SETTERS[cls] = tuple(getattr(cls, name).__set__ for name in _names(cls))
    return setters


def rebuild(cls: type, values: tuple[Any, ...]) -> Any:
    """A registered dataclass from its field values (what unpickling calls)."""
    return (_BUILDERS.get(cls) or _builder(cls))(values)


def _builder(cls: type) -> Callable[[tuple[Any, ...]], Any]:
    """A function that sets each slot of a new ``cls`` in turn, written out for this class.

    Generated once per class, as ``dataclasses`` writes ``__init__``: a loop over the
    setters took twice as long, and a report holds a thousand of these objects.
    """
    if not is_frozen_slotted(cls):
        raise TypeError(f"{cls.__qualname__} is not a frozen dataclass with slots")
    setters = _setters(cls)
    lines = [f"    s{i}(obj, values[{i}])" for i in range(len(setters))]
    source = "\n".join(
        [
            "def build(values):",
            f"    if len(values) != {len(setters)}:",
            "        raise TypeError(f'{cls.__qualname__}: the pickle gives {len(values)} fields')",
            "    obj = new(cls)",
            *lines,
            "    return obj",
        ]
    )
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    namespace.update((f"s{i}", setter) for i, setter in enumerate(setters))
    exec(source, namespace)  # the source holds nothing but field counts
    build: Callable[[tuple[Any, ...]], Any] = namespace["build"]
    _BUILDERS[cls] = build
    return build


def _reduce(obj: Any) -> tuple[Callable[..., Any], tuple[type, tuple[Any, ...]]]:
    cls = type(obj)
    return rebuild, (cls, _GETTERS[cls](obj))


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    if not names:
        return lambda obj: ()
    return operator.attrgetter(*names)


def register(classes: Iterable[type]) -> None:
    """Pickles these frozen slotted dataclasses by field values."""
    for cls in classes:
        if not is_frozen_slotted(cls):
            raise TypeError(f"{cls.__qualname__} is not a frozen dataclass with slots")
        if cls not in _GETTERS:
            _GETTERS[cls] = _getter(_names(cls))
            _builder(cls)
            copyreg.pickle(cls, _reduce)


def register_modules(*modules: ModuleType) -> None:
    """Registers every frozen slotted dataclass these modules define."""
    register(
        value
        for module in modules
        for value in vars(module).values()
        if is_frozen_slotted(value) and value.__module__ == module.__name__
    )


def is_registered(cls: type) -> bool:
    """Whether :func:`register` took ``cls``."""
    return cls in _GETTERS
