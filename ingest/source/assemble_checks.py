"""Checks across a whole assembled event: nobody paired twice in a round or after their drop,
awarded byes present, the round count within the structure, nobody missing from a round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ingest.core.families import KNOCKOUT_LOSSES
from ingest.core.ids import PlayerId
from ingest.core.model import Player, Structure, Team
from ingest.core.rounds import MatchKind, Round
from ingest.source.assemble_rounds import IDENTITY, RoundsAssembly
from ingest.source.yamldoc import YamlPath


class EventChecks(RoundsAssembly):
    """The event-wide checks, run once its players, teams and rounds are assembled."""

    def check_rounds_flow(
        self,
        rounds: tuple[Round, ...],
        playoff: tuple[Round, ...],
        players: tuple[Player, ...],
        teams: tuple[Team, ...],
        cut_drops: tuple[PlayerId, ...] = (),
        start: int = 0,
    ) -> None:
        """Nobody paired twice in a round, or after their drop (``start``: only the Swiss rounds
        from that index on are checked, the drops before it counted)."""
        dropped: dict[str, int] = {}
        team_of = {m: t.id for t in teams for m in t.members}
        members = {t.id: t.members for t in teams}
        for key, series in (("rounds", rounds), ("playoff", playoff)):
            if key == "playoff":
                dropped.update((pid, len(rounds)) for pid in cut_drops if pid not in dropped)
            for rnd in series:
                i = int(rnd.yaml_path[1])  # where the round is in the file (broken rounds are skipped)
                seen: dict[str, tuple[YamlPath, str]] = {}
                entries: list[tuple[YamlPath, str, str]] = []
                for j, m in self.raw_matches(key, i) if key == "playoff" or i >= start else ():
                    mpath: YamlPath = (key, i, "matches", j)
                    for role, pid in _entry_players(m):
                        entries.append((mpath, role, pid))
                for mpath, role, pid in entries:
                    if pid in seen and seen[pid][0] == mpath:
                        continue  # the same entry twice: reported as self-pairing or a mixed entry
                    if pid in seen:
                        first_path, first_role = seen[pid]
                        first = self.doc.line_of(first_path)
                        what = "receives a bye but also plays" if "bye" in (role, first_role) else "appears twice"
                        message = f'"{pid}" {what} in this round (first at line {first})'
                        if self.imported:  # a platform's record: a fact (see recorded_fact)
                            self.warn("double-booked", mpath, recorded_fact(message), played=True)
                        else:
                            self.err("double-booked", mpath, message, "each player has exactly one pairing per round")
                    else:
                        seen[pid] = (mpath, role)
                    # A member's drop drops the team, a team's drop its members (MTR 8.2, Bushiroad 5.1).
                    gone = [x for x in (pid, team_of.get(pid), *members.get(pid, ())) if x in dropped]
                    if gone:
                        after = min(dropped[x] for x in gone)
                        where = "the playoff" if key == "playoff" else f"round {rnd.number}"
                        message = f'"{pid}" dropped after round {after} but is paired in {where}'
                        if self.imported:
                            self.warn("after-drop", mpath, recorded_fact(message), played=True)
                        else:
                            self.err("after-drop", mpath, message, "remove the drop, or remove this pairing")
                for pid in rnd.drops:
                    if pid not in dropped:
                        dropped[pid] = rnd.number
        if not players and self.roster_complete and not start:
            self.warn("no-players", ("players",), "the event has no players yet")

    def raw_matches(self, key: str, i: int) -> list[tuple[int, Mapping[str, Any]]]:
        """The matches of round ``i`` as written, with their indexes; broken ones are left out."""
        matches = self.data[key][i].get("matches")
        return [
            (j, m)
            for j, m in enumerate(matches if isinstance(matches, list) else [])
            if isinstance(m, Mapping) and self.usable((key, i, "matches", j), *IDENTITY)
        ]

    def check_event_fields(
        self, structure: Structure, players: tuple[Player, ...], rounds: tuple[Round, ...], start: int = 0
    ) -> None:
        """The structure against the players and rounds. ``start``: what only the Swiss rounds
        from that index on add to an event whose rounds before it were read without an error
        (there was at least one: a check that asks whether there are rounds answers as before)."""
        if structure.points_per_win != 1 and not self.ruleset.win_points_chosen and not start:
            self.warn(
                "structure",
                ("structure", "points_per_win"),
                "points_per_win applies to Bushiroad events only and is ignored here",
            )
        if (
            structure.playoff
            and structure.playoff.top > max(len(players), 2)
            and players
            and rounds
            and not self.broken
            and not start
        ):
            self.err(
                "structure",
                ("structure", "playoff", "top"),
                f"a top {structure.playoff.top} needs at least {structure.playoff.top} players; "
                f"the event has {len(players)}",
            )
        for p_i, p in enumerate(players if not self.broken else ()):
            for r in range(start + 1, p.byes + 1):
                if r > len(rounds):
                    break
                rnd = rounds[r - 1]
                has_bye = any(m.kind is MatchKind.BYE and m.players[0] == p.id for m in rnd.matches)
                if not has_bye:
                    self.warn(
                        "awarded-bye",
                        ("players", self.ids.get(p.id, p_i), "byes"),
                        f'"{p.id}" has {p.byes} awarded bye{"s" if p.byes > 1 else ""} but no bye in round {r}',
                        "awarded byes fill rounds 1..N; `scorekeeper pair` writes them",
                    )
        if structure.swiss_rounds is not None and len(rounds) > structure.swiss_rounds and structure.pairing == "swiss":
            self.err(
                "too-many-rounds",
                ("rounds", structure.swiss_rounds),
                f"the event has {len(rounds)} Swiss rounds but structure.swiss_rounds is {structure.swiss_rounds}",
                "raise swiss_rounds, or move top-cut rounds under `playoff:`",
            )
        self.check_missing_players(players, rounds, start)

    def check_missing_players(self, players: tuple[Player, ...], rounds: tuple[Round, ...], start: int = 0) -> None:
        """Players with no entry in a round they should have played (warnings, in the words of
        the event's family: :meth:`~ingest.source.round_entries.EntryReader.not_paired`);
        skipped while any part of the file is broken, as a skipped entry may hold the missing
        pairing. A Wheel of Time player has a game or a bye in every Game (WoT cycles, seed 001).
        ``start``: only the rounds from that index on are looked at (the ones before it counted)."""
        structure = self.data.get("structure")
        pairing = structure.get("pairing") if isinstance(structure, Mapping) else None
        if not rounds or self.data.get("teams") or self.broken:
            return
        gone_after: dict[str, int] = {}
        first_round: dict[str, int] = {}
        # Knocked out: single elimination after one loss, double elimination after two, a draw
        # counting as a loss for both (Bushiroad 3.2.2, 3.2.3); nobody expects them to play on.
        allowed = KNOCKOUT_LOSSES.get(str(pairing))
        losses: dict[str, int] = {}
        in_round = [rnd.entrants() for rnd in rounds]
        for rnd, entrants in zip(rounds, in_round, strict=True):
            for m in rnd.matches if allowed is not None else ():
                for pid in m.players:
                    lost = m.kind is MatchKind.LOSS or (m.reported and len(m.players) == 2 and m.winner() != pid)
                    losses[pid] = losses.get(pid, 0) + lost
                    if losses[pid] == allowed and lost:
                        gone_after.setdefault(pid, rnd.number)
            for pid in entrants:
                first_round.setdefault(pid, rnd.number)
            for pid in rnd.drops:
                gone_after.setdefault(pid, rnd.number)
        for p in players:
            first = first_round.get(p.id)
            if first is None:
                continue  # not paired yet: a late entry `pair` will handle
            for i in range(start, len(rounds)):
                rnd = rounds[i]
                if rnd.number < first or rnd.number > gone_after.get(p.id, 10**6):
                    continue
                if p.id not in in_round[i]:
                    self.entries.not_paired(self, p.id, i, rnd.number)


def _entry_players(m: Mapping[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key in ("players", "teams"):
        if isinstance(m.get(key), list):
            out.extend(("play", str(x)) for x in m[key])
    for key in ("bye", "loss"):
        if key in m:
            out.append((key, str(m[key])))
    for key in ("hero", "villain"):
        if key in m:
            out.append(("play", str(m[key])))
    return out


def recorded_fact(message: str) -> str:
    """A finding on an event imported from a platform, which is a warning there: in a TO's
    file an error, in a platform's record a fact of a round as it was played (DESIGN §2: a
    recorded round is a fact; a player it paired twice in one round, or in the playoff after
    a drop, is kept as recorded)."""
    return message + " (kept as the platform recorded it)"
