"""Builders for events in tests (plain functions, not fixtures)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ingest.core.ids import PlayerId
from ingest.core.model import Event, Phase, Player, PlayoffSpec, Structure
from ingest.core.rounds import GameScore, Match, MatchKind, Round

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"


def played(a: str, b: str, games: str, table: int | None = None) -> Match:
    """A reported match."""
    return Match(MatchKind.PLAYED, (PlayerId(a), PlayerId(b)), GameScore.parse(games), table)


def pending(a: str, b: str, table: int | None = None) -> Match:
    """An unreported match."""
    return Match(MatchKind.PLAYED, (PlayerId(a), PlayerId(b)), None, table)


def bye(a: str) -> Match:
    """A bye."""
    return Match(MatchKind.BYE, (PlayerId(a),))


def loss(a: str) -> Match:
    """A match loss without opponent."""
    return Match(MatchKind.LOSS, (PlayerId(a),))


def double_loss(a: str, b: str) -> Match:
    """A double loss."""
    return Match(MatchKind.DOUBLE_LOSS, (PlayerId(a), PlayerId(b)))


def make_event(
    rounds: Sequence[Iterable[Match]],
    *,
    players: Sequence[str] | None = None,
    rules: str = "mtr",
    game: str = "mtg",
    seed: int = 1,
    drops: Mapping[int, Sequence[str]] | None = None,
    playoff: Sequence[Iterable[Match]] = (),
    top: int | None = None,
    disqualified: Sequence[str] = (),
    phases: Sequence[tuple[str, int]] = (),
    points_per_win: int = 1,
    date: dt.date = dt.date(2026, 1, 10),
) -> Event:
    """An event built from matches; players are collected from the matches unless given."""
    rounds_t = [tuple(r) for r in rounds]
    playoff_t = [tuple(r) for r in playoff]
    names: list[str] = list(players or [])
    for r in (*rounds_t, *playoff_t):
        for m in r:
            for p in m.players:
                if p not in names:
                    names.append(p)
    drops = drops or {}
    return Event(
        path="test.yaml",
        slug="test",
        name="Test",
        date=date,
        game=game,
        format="other",
        rules=rules,
        seed=seed,
        structure=Structure(
            swiss_rounds=len(rounds_t),
            playoff=PlayoffSpec(top) if top else None,
            phases=tuple(Phase(n, f) for n, f in phases),
            points_per_win=points_per_win,
        ),
        players=tuple(Player(PlayerId(p), p.title(), disqualified=p in disqualified) for p in names),
        rounds=tuple(Round(i + 1, r, tuple(PlayerId(p) for p in drops.get(i + 1, ()))) for i, r in enumerate(rounds_t)),
        playoff=tuple(Round(i + 1, r) for i, r in enumerate(playoff_t)),
    )


def run_cli(root: Path, *args: str) -> tuple[int, str]:
    """Runs ``scorekeeper --root ROOT ARGS...``: its exit code and output (never a traceback)."""
    from click.testing import CliRunner

    from ingest.cli.main import main

    result = CliRunner().invoke(main, ["--root", str(root), *args])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def run_ok(root: Path, *args: str) -> str:
    """:func:`run_cli` for a command that must succeed: its output."""
    code, out = run_cli(root, *args)
    assert code == 0, out
    return out


def event_at(path: Path, root: Path) -> Event:
    """The event of a file that must assemble (its problems shown otherwise)."""
    from ingest.checks.event_files import load_event
    from ingest.source.project import Project

    loaded = load_event(path, Project(root))
    assert loaded.event is not None, [d.render() for d in loaded.diagnostics]
    return loaded.event


def paths_of(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a parsed document (keys and list indexes), the document itself first."""
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths_of(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += paths_of(value, (*prefix, i))
    return out
