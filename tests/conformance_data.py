"""Turns the real-event conformance corpus (tests/data/conformance) into Event models."""

from __future__ import annotations

import datetime as dt
import json
from functools import cache
from pathlib import Path
from typing import Any, cast

from ingest.core.ids import PlayerId
from ingest.core.model import Event, Phase, Player, Structure
from ingest.core.rounds import GameScore, Match, MatchKind, Round

DATA = Path(__file__).parent / "data" / "conformance"


def corpus_files() -> list[Path]:
    """Every event of the corpus, sorted."""
    return sorted(DATA.glob("*.json"))


@cache
def load_json(name: str) -> dict[str, Any]:
    """The raw JSON of one corpus event."""
    return cast(dict[str, Any], json.loads((DATA / name).read_text(encoding="utf-8")))


def _match(m: dict[str, Any]) -> Match:
    a, b = PlayerId(m["a"]), m["b"]
    won, lost, drawn = (int(x) for x in m["result"].split("-"))
    kind = m["kind"]
    if kind == "bye":
        return Match(MatchKind.BYE, (a,))
    if kind == "no_opponent_loss":
        return Match(MatchKind.LOSS, (a,))
    if kind == "double_loss":
        return Match(MatchKind.DOUBLE_LOSS, (a, PlayerId(b)))
    if kind == "unreported":
        return Match(MatchKind.PLAYED, (a, PlayerId(b)))
    return Match(MatchKind.PLAYED, (a, PlayerId(b)), GameScore(won, lost, drawn))


def corpus_event(name: str, rules: str, *, with_phases: bool = True) -> Event:
    """One corpus event as an Event (playoff rounds under ``playoff``)."""
    raw = load_json(name)
    swiss = [r for r in raw["rounds"] if not r["playoff"]]
    playoff = [r for r in raw["rounds"] if r["playoff"]]
    names = list(raw["players"])
    seen = set(names)
    for r in raw["rounds"]:
        for m in r["matches"]:
            for p in (m["a"], m["b"]):
                if p and p not in seen:
                    seen.add(p)
                    names.append(p)
    phases: tuple[Phase, ...] = ()
    if with_phases and raw.get("phase_starts"):
        phases = (Phase("Day 1", 1), *(Phase(f"Phase {i + 2}", s) for i, s in enumerate(raw["phase_starts"])))
    structure = Structure(
        pairing="swiss",
        swiss_rounds=len(swiss),
        best_of=3,
        phases=phases,
        published_precision=raw.get("precision"),
    )
    return Event(
        path=f"tests/data/conformance/{name}",
        slug=name.removesuffix(".json"),
        name=raw["name"],
        date=dt.date.fromisoformat(raw["date"]),
        game="mtg",
        format="other",
        rules=rules,
        seed=0,
        structure=structure,
        players=tuple(Player(PlayerId(p), p) for p in names),
        rounds=tuple(Round(i + 1, tuple(_match(m) for m in r["matches"])) for i, r in enumerate(swiss)),
        playoff=tuple(Round(i + 1, tuple(_match(m) for m in r["matches"])) for i, r in enumerate(playoff)),
    )
