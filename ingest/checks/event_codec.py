"""An assembled event as JSON data and back, read field by field into the model's types.

:mod:`ingest.checks.assemblies` keeps the event a big file's text was assembled into, so that
the next command reading that very text takes it rather than composing, walking and
assembling the YAML again (issue 38, point 5). What is kept is data, never code: each value
is written as plain JSON (a dataclass as the list of its fields in order, a tuple as a list,
a date as its ISO text, a fraction as its numerator and denominator, an enumeration as its
value, one of several classes as ``[class name, fields]``), and read back by a decoder made
from the model's own type hints, which checks every field's type and refuses anything else
(:class:`CodecError`): a stored value never becomes anything the model does not declare.
Positions (:class:`~ingest.core.diagnostics.SourcePos`) and YAML paths are fields like any
other, so the diagnostics made from a decoded event point where the assembled one's do.

The codec knows the model's classes from its field types alone; a new field is written and
read without a change here. A type it does not know is refused when the codec is made, not
guessed (the tests make it for :class:`~ingest.core.model.Event`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import types
import typing
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ingest.core.diagnostics import SourcePos
from ingest.core.model import Event
from ingest.core.rounds import GameScore, Match, RoundEntry
from ingest.wot.wot_entry import WotEntry

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]

_SHARED: frozenset[type] = frozenset({GameScore})
"""Immutable values of a few numbers that repeat in every round: a decoded one is shared."""

_ENTRY_CLASSES: tuple[type, ...] = (Match, WotEntry)
"""The classes a round's entry may be (:class:`~ingest.core.rounds.RoundEntry` is a protocol:
the model names no class for it)."""


class CodecError(ValueError):
    """Stored data that is not a value of the model's types."""


def _bad(what: str, value: Any) -> CodecError:
    return CodecError(f"expected {what}, found {type(value).__name__}")


def _hints(cls: type) -> dict[str, Any]:
    import sys

    module = sys.modules[cls.__module__]
    names = dict(vars(module))
    names.setdefault("PlayerId", str)  # imported for type checking only in some modules
    return typing.get_type_hints(cls, globalns=names)


def _scalar(kind: type) -> tuple[Encoder, Decoder]:
    def decode(value: Any) -> Any:
        if type(value) is not kind:
            if kind is float and type(value) is int:
                return float(value)
            raise _bad(kind.__name__, value)
        return value

    return (lambda v: v), decode


def _scalars(kinds: tuple[type, ...]) -> tuple[Encoder, Decoder]:
    """One of several plain kinds (a YAML path's keys and indexes)."""

    def decode(value: Any) -> Any:
        if type(value) not in kinds:
            raise _bad(" or ".join(k.__name__ for k in kinds), value)
        return value

    return (lambda v: v), decode


def _decode_none(value: Any) -> None:
    if value is not None:
        raise _bad("null", value)
    return None


def _decode_any(value: Any) -> Any:
    return value  # plain JSON data (a player's inline decklist), as the YAML reading made it


@functools.cache
def codec(tp: Any) -> tuple[Encoder, Decoder]:
    """The encoder and decoder of values of type ``tp`` (a model class or a field's type).

    Raises:
        TypeError: ``tp`` is not a type the codec knows.
    """
    if tp is Any:
        return (lambda v: v), _decode_any
    if tp is type(None):
        return (lambda v: None), _decode_none
    if tp in (int, str, bool, float):
        return _scalar(tp)
    if isinstance(tp, typing.NewType):
        return codec(tp.__supertype__)
    if tp is RoundEntry:
        return _union(_ENTRY_CLASSES)
    if tp is Fraction:
        return _fraction()
    if tp is dt.datetime:
        return _iso(dt.datetime)
    if tp is dt.date:
        return _iso(dt.date)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum(tp)
    if tp is SourcePos:
        return _source_pos()
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _shared(tp, *_dataclass(tp)) if tp in _SHARED else _dataclass(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(args[0])
        return _fixed(args)
    if origin in (typing.Union, types.UnionType):
        members = tuple(a for a in args if a is not type(None))
        if len(members) == 1:
            inner = codec(members[0])
        elif all(m in (int, str) for m in members):
            inner = _scalars(members)
        else:
            inner = _union(members)
        if len(members) == len(args):
            return inner
        return _optional(inner)
    raise TypeError(f"the event codec does not know the type {tp!r}")


def _optional(inner: tuple[Encoder, Decoder]) -> tuple[Encoder, Decoder]:
    enc, dec = inner
    return (lambda v: None if v is None else enc(v)), (lambda v: None if v is None else dec(v))


def _plain(tp: Any) -> frozenset[type] | None:
    """The Python types of a field that holds plain text or numbers (ids, a YAML path's steps),
    read back as they are; None for any other type."""
    if isinstance(tp, typing.NewType):
        return _plain(tp.__supertype__)
    if tp in (int, str):
        return frozenset({tp})
    if typing.get_origin(tp) in (typing.Union, types.UnionType) and all(a in (int, str) for a in typing.get_args(tp)):
        return frozenset(typing.get_args(tp))
    return None


def _sequence(item: Any) -> tuple[Encoder, Decoder]:
    enc, dec = codec(item)
    plain = _plain(item)
    if plain is not None:  # ids, a YAML path: checked in one pass, no call per item

        def decode_plain(value: Any) -> tuple[Any, ...]:
            if type(value) is not list or not all(type(v) in plain for v in value):
                raise _bad(f"a list of {' or '.join(sorted(k.__name__ for k in plain))}", value)
            return tuple(value)

        return list, decode_plain

    def decode(value: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise _bad("a list", value)
        return tuple(dec(v) for v in value)

    return (lambda v: [enc(x) for x in v]), decode


def _fixed(items: tuple[Any, ...]) -> tuple[Encoder, Decoder]:
    parts = [codec(t) for t in items]

    def decode(value: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != len(parts):
            raise _bad(f"a list of {len(parts)}", value)
        return tuple(dec(v) for (_, dec), v in zip(parts, value, strict=True))

    return (lambda v: [enc(x) for (enc, _), x in zip(parts, v, strict=True)]), decode


def _union(members: tuple[type, ...]) -> tuple[Encoder, Decoder]:
    by_name: dict[str, tuple[type, Encoder, Decoder]] = {}
    for cls in members:
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            raise TypeError(f"the event codec reads a union of classes only, not {cls!r}")
        by_name[cls.__name__] = (cls, *codec(cls))

    def encode(value: Any) -> Any:
        name = type(value).__name__
        if name not in by_name or by_name[name][0] is not type(value):
            raise TypeError(f"the event codec does not know the class {name}")
        return [name, by_name[name][1](value)]

    def decode(value: Any) -> Any:
        if type(value) is not list or len(value) != 2 or value[0] not in by_name:
            raise _bad("[class name, fields]", value)
        return by_name[value[0]][2](value[1])

    return encode, decode


def _dataclass(cls: type) -> tuple[Encoder, Decoder]:
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"the event codec cannot make {cls.__name__}: a field is not set by its constructor")
    hints = _hints(cls)
    names = [f.name for f in fields]
    parts = [codec(hints[name]) for name in names]
    encoders = [enc for enc, _ in parts]
    decoders = [dec for _, dec in parts]

    def encode(value: Any) -> list[Any]:
        return [enc(getattr(value, name)) for enc, name in zip(encoders, names, strict=True)]

    def decode(value: Any) -> Any:
        if type(value) is not list or len(value) != len(decoders):
            raise _bad(f"the {len(decoders)} fields of {cls.__name__}", value)
        return cls(*[dec(v) for dec, v in zip(decoders, value, strict=True)])

    return encode, decode


def _source_pos() -> tuple[Encoder, Decoder]:
    """A position, the most common value of all (one per entry): read in one step."""

    def decode(value: Any) -> SourcePos:
        if type(value) is not list or len(value) != 3 or type(value[0]) is not str:
            raise _bad("[file, line, column]", value)
        if type(value[1]) is not int or type(value[2]) is not int:
            raise _bad("[file, line, column]", value)
        return SourcePos(value[0], value[1], value[2])

    return (lambda v: [v.path, v.line, v.col]), decode


def _shared(cls: type, encode: Encoder, decode: Decoder) -> tuple[Encoder, Decoder]:
    """A small immutable value that repeats (a score): each distinct one read once per event."""
    seen: dict[tuple[Any, ...], Any] = {}

    def decode_shared(value: Any) -> Any:
        key = tuple(value) if type(value) is list and all(type(v) is int for v in value) else None
        if key is None:
            return decode(value)
        found = seen.get(key)
        if found is None:
            if len(seen) > 1024:
                seen.clear()
            found = seen[key] = decode(value)
        return found

    return encode, decode_shared


def _fraction() -> tuple[Encoder, Decoder]:
    def decode(value: Any) -> Fraction:
        if type(value) is not list or len(value) != 2 or not all(type(v) is int for v in value) or value[1] <= 0:
            raise _bad("[numerator, denominator]", value)
        return Fraction(value[0], value[1])

    return (lambda v: [v.numerator, v.denominator]), decode


def _iso(kind: type[dt.date]) -> tuple[Encoder, Decoder]:
    def decode(value: Any) -> Any:
        if type(value) is not str:
            raise _bad("an ISO date", value)
        try:
            return kind.fromisoformat(value)
        except ValueError:
            raise _bad("an ISO date", value) from None

    return (lambda v: v.isoformat()), decode


def _enum(kind: type[enum.Enum]) -> tuple[Encoder, Decoder]:
    def decode(value: Any) -> Any:
        try:
            return kind(value)
        except (ValueError, TypeError):
            raise _bad(kind.__name__, value) from None

    return (lambda v: v.value), decode


def event_data(event: Event) -> Any:
    """The event as JSON data."""
    return codec(Event)[0](event)


def event_from_data(data: Any) -> Event | None:
    """The event from its JSON data, field by field; None for anything that is not one."""
    try:
        event = codec(Event)[1](data)
    except (CodecError, TypeError, ValueError, OverflowError):
        return None
    return event if isinstance(event, Event) else None
