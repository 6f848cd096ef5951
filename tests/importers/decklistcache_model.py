"""A typed reader of the MTGODecklistCache format, mirroring the archive's own C# model.

The archive's readers deserialise each file into ``MTGODecklistCache.Updater.Model.CacheItem``
with Json.NET. Its classes, property for property::

    CacheItem  { Tournament Tournament; Deck[] Decks; Round[] Rounds; Standing[] Standings; }
    Tournament { DateTime Date; string Name; Uri Uri; string Formats; }   (Formats: the archive's fork)
    Deck       { DateTime? Date; string Player; string Result; Uri AnchorUri;
                 DeckItem[] Mainboard; DeckItem[] Sideboard; }
    DeckItem   { int Count; string CardName; }
    Round      { string RoundName; RoundItem[] Matches; }
    RoundItem  { string Player1; string Player2; string Result; }
    Standing   { int Rank; string Player; int Points; int Wins; int Losses; int Draws;
                 double OMWP; double GWP; double OGWP; }

Json.NET's rules, as this reader applies them: a value type (``int``, ``double``,
``DateTime``) cannot take a null (an error); a reference type (``string``, ``Uri``, arrays,
objects) and ``DateTime?`` can; a member the file leaves out keeps the type's default (0,
null) and a member the class does not declare is ignored. An ``int`` takes a JSON integer
only, a ``double`` any JSON number, a ``DateTime`` an ISO 8601 date or date and time (with
or without an offset), a ``Uri`` a string (an address, relative or absolute; a web address needs its host).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit

T = TypeVar("T")


class CsTypeError(ValueError):
    """A JSON value the C# member's type cannot hold (what Json.NET would throw)."""


@dataclass(frozen=True, slots=True)
class Tournament:
    Date: dt.datetime
    Name: str | None
    Uri: str | None
    Formats: str | None


@dataclass(frozen=True, slots=True)
class DeckItem:
    Count: int
    CardName: str | None


@dataclass(frozen=True, slots=True)
class Deck:
    Date: dt.datetime | None
    Player: str | None
    Result: str | None
    AnchorUri: str | None
    Mainboard: tuple[DeckItem, ...] | None
    Sideboard: tuple[DeckItem, ...] | None


@dataclass(frozen=True, slots=True)
class RoundItem:
    Player1: str | None
    Player2: str | None
    Result: str | None


@dataclass(frozen=True, slots=True)
class Round:
    RoundName: str | None
    Matches: tuple[RoundItem, ...] | None


@dataclass(frozen=True, slots=True)
class Standing:
    Rank: int
    Player: str | None
    Points: int
    Wins: int
    Losses: int
    Draws: int
    OMWP: float
    GWP: float
    OGWP: float


@dataclass(frozen=True, slots=True)
class CacheItem:
    Tournament: Tournament | None
    Decks: tuple[Deck, ...] | None
    Rounds: tuple[Round, ...] | None
    Standings: tuple[Standing, ...] | None


_MISSING = object()


def _value(obj: Mapping[str, Any], key: str, where: str) -> Any:
    return obj.get(key, _MISSING)


def _int(obj: Mapping[str, Any], key: str, where: str) -> int:
    v = _value(obj, key, where)
    if v is _MISSING:
        return 0
    if v is None:
        raise CsTypeError(f"{where}.{key}: null for System.Int32")
    if isinstance(v, bool) or not isinstance(v, int) or not -(2**31) <= v < 2**31:
        raise CsTypeError(f"{where}.{key}: {v!r} is not a System.Int32")
    return v


def _double(obj: Mapping[str, Any], key: str, where: str) -> float:
    v = _value(obj, key, where)
    if v is _MISSING:
        return 0.0
    if v is None:
        raise CsTypeError(f"{where}.{key}: null for System.Double")
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise CsTypeError(f"{where}.{key}: {v!r} is not a System.Double")
    return float(v)


def _string(obj: Mapping[str, Any], key: str, where: str) -> str | None:
    v = _value(obj, key, where)
    if v is _MISSING or v is None:
        return None
    if not isinstance(v, str):
        raise CsTypeError(f"{where}.{key}: {v!r} is not a System.String")
    return v


def _uri(obj: Mapping[str, Any], key: str, where: str) -> str | None:
    v = _string(obj, key, where)
    if v is None:
        return None
    parts = urlsplit(v)
    if parts.scheme in ("http", "https") and not parts.netloc:
        raise CsTypeError(f"{where}.{key}: {v!r} is not a System.Uri")
    return v


def _datetime(obj: Mapping[str, Any], key: str, where: str, *, nullable: bool) -> dt.datetime | None:
    v = _value(obj, key, where)
    if v is _MISSING:
        return None if nullable else dt.datetime.min
    if v is None:
        if nullable:
            return None
        raise CsTypeError(f"{where}.{key}: null for System.DateTime")
    if not isinstance(v, str):
        raise CsTypeError(f"{where}.{key}: {v!r} is not a System.DateTime")
    try:
        return dt.datetime.fromisoformat(v)
    except ValueError:
        raise CsTypeError(f"{where}.{key}: {v!r} is not a System.DateTime") from None


def _object(v: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise CsTypeError(f"{where}: {type(v).__name__} is not an object")
    return v


def _array(obj: Mapping[str, Any], key: str, where: str, item: Callable[[Any, str], T]) -> tuple[T, ...] | None:
    v = _value(obj, key, where)
    if v is _MISSING or v is None:
        return None
    if not isinstance(v, list):
        raise CsTypeError(f"{where}.{key}: {type(v).__name__} is not an array")
    return tuple(item(x, f"{where}.{key}[{i}]") for i, x in enumerate(v))


def _tournament(v: Any, where: str) -> Tournament:
    o = _object(v, where)
    date = _datetime(o, "Date", where, nullable=False)
    assert date is not None
    return Tournament(date, _string(o, "Name", where), _uri(o, "Uri", where), _string(o, "Formats", where))


def _deck_item(v: Any, where: str) -> DeckItem:
    o = _object(v, where)
    return DeckItem(_int(o, "Count", where), _string(o, "CardName", where))


def _deck(v: Any, where: str) -> Deck:
    o = _object(v, where)
    return Deck(
        _datetime(o, "Date", where, nullable=True),
        _string(o, "Player", where),
        _string(o, "Result", where),
        _uri(o, "AnchorUri", where),
        _array(o, "Mainboard", where, _deck_item),
        _array(o, "Sideboard", where, _deck_item),
    )


def _round_item(v: Any, where: str) -> RoundItem:
    o = _object(v, where)
    return RoundItem(_string(o, "Player1", where), _string(o, "Player2", where), _string(o, "Result", where))


def _round(v: Any, where: str) -> Round:
    o = _object(v, where)
    return Round(_string(o, "RoundName", where), _array(o, "Matches", where, _round_item))


def _standing(v: Any, where: str) -> Standing:
    o = _object(v, where)
    return Standing(
        _int(o, "Rank", where),
        _string(o, "Player", where),
        _int(o, "Points", where),
        _int(o, "Wins", where),
        _int(o, "Losses", where),
        _int(o, "Draws", where),
        _double(o, "OMWP", where),
        _double(o, "GWP", where),
        _double(o, "OGWP", where),
    )


def read_cache_item(data: Any) -> CacheItem:
    """A parsed JSON document as the C# ``CacheItem``; :class:`CsTypeError` where Json.NET would throw."""
    o = _object(data, "CacheItem")
    head = _value(o, "Tournament", "CacheItem")
    return CacheItem(
        None if head is _MISSING or head is None else _tournament(head, "Tournament"),
        _array(o, "Decks", "CacheItem", _deck),
        _array(o, "Rounds", "CacheItem", _round),
        _array(o, "Standings", "CacheItem", _standing),
    )
