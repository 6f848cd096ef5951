"""Regenerates the sample events in events/ by playing them through the engine.

Every sample is created empty, then played round by round exactly as a tournament
organizer would: ``pair`` writes the next round (:func:`ingest.planner.plan.plan_next_round`,
:func:`ingest.edit.new_round.apply_plan`), results are reported into the file
(:func:`ingest.edit.recording.record_result`), drops recorded (:func:`ingest.edit.corrections.drop_player`),
and the file is re-validated after every step. Results come from a seeded random model
(each player has a hidden strength), so the samples are legal, optimally paired
tournaments and the script always produces the same bytes.

    python tools/simulate_samples.py            # rewrite events/ and players.yaml
    python tools/simulate_samples.py --check    # fail if the committed samples differ
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.checks.event_files import load_event  # noqa: E402
from ingest.core.errors import IngestError  # noqa: E402
from ingest.core.model import Event  # noqa: E402
from ingest.core.rounds import GameScore  # noqa: E402
from ingest.edit.corrections import drop_player  # noqa: E402
from ingest.edit.new_round import apply_plan  # noqa: E402
from ingest.edit.recording import record_result, record_team_result  # noqa: E402
from ingest.edit.splice import Editor, render_flow  # noqa: E402
from ingest.planner.outcome import Finished, PlannedRound, RoundClock  # noqa: E402
from ingest.planner.plan import plan_next_round  # noqa: E402
from ingest.source.project import Project  # noqa: E402

FIRST = [
    "Alice",
    "Bram",
    "Chiara",
    "Dario",
    "Elif",
    "Femi",
    "Greta",
    "Hugo",
    "Ines",
    "Jonas",
    "Kaia",
    "Luca",
    "Maren",
    "Nils",
    "Oona",
    "Pavel",
    "Quinn",
    "Rosa",
    "Sami",
    "Tess",
    "Udo",
    "Vera",
    "Wim",
    "Xenia",
    "Yusuf",
    "Zoe",
    "Arjun",
    "Beatrix",
    "Caspar",
    "Dana",
    "Emeka",
    "Frida",
    "Gideon",
    "Hana",
    "Ivo",
    "Janne",
    "Kenji",
    "Lotte",
    "Mateo",
    "Noor",
    "Olek",
    "Priya",
    "Ruben",
    "Sanne",
    "Tomas",
    "Ulla",
    "Viggo",
    "Wren",
    "Yara",
    "Zeno",
]
LAST = [
    "Abbott",
    "Berger",
    "Castillo",
    "Dekker",
    "Eriksen",
    "Fontaine",
    "Gallo",
    "Hartmann",
    "Ito",
    "Jansen",
    "Kowalski",
    "Lindqvist",
    "Moreau",
    "Novak",
    "Okafor",
    "Petrov",
    "Quist",
    "Rossi",
    "Schmidt",
    "Takeda",
    "Ueda",
    "Varga",
    "Wagner",
    "Yilmaz",
    "Zhou",
    "Andersen",
    "Bianchi",
    "Costa",
    "Duarte",
    "Engel",
]


def modern_decks() -> dict[str, tuple[dict[str, int], dict[str, int], str]]:
    """Archetype -> (main without basics, sideboard, basic land) for legal Modern lists."""
    return {
        "Burn": (
            {
                "Lightning Bolt": 4,
                "Lava Spike": 4,
                "Rift Bolt": 4,
                "Monastery Swiftspear": 4,
                "Goblin Guide": 4,
                "Eidolon of the Great Revel": 4,
                "Skewer the Critics": 4,
                "Boros Charm": 4,
                "Lightning Helix": 4,
                "Searing Blaze": 2,
                "Inspiring Vantage": 4,
                "Sacred Foundry": 4,
                "Arid Mesa": 2,
            },
            {
                "Path to Exile": 4,
                "Rest in Peace": 3,
                "Deflecting Palm": 4,
                "Smash to Smithereens": 2,
                "Roiling Vortex": 2,
            },
            "Mountain",
        ),
        "Boros Energy": (
            {
                "Guide of Souls": 4,
                "Ocelot Pride": 4,
                "Ajani, Nacatl Pariah": 4,
                "Galvanic Discharge": 4,
                "Phlage, Titan of Fire's Fury": 3,
                "Ragavan, Nimble Pilferer": 4,
                "Seasoned Pyromancer": 2,
                "Static Prison": 2,
                "Goblin Bombardment": 3,
                "Ranger-Captain of Eos": 2,
                "Thraben Charm": 2,
                "Sacred Foundry": 4,
                "Arid Mesa": 4,
                "Flooded Strand": 2,
                "Elegant Parlor": 2,
                "Arena of Glory": 2,
                "Plains": 2,
            },
            {
                "Wrath of the Skies": 2,
                "Celestial Purge": 2,
                "Blood Moon": 2,
                "Orim's Chant": 3,
                "Surgical Extraction": 2,
                "Molten Rain": 2,
                "High Noon": 2,
            },
            "Mountain",
        ),
        "Amulet Titan": (
            {
                "Amulet of Vigor": 4,
                "Primeval Titan": 4,
                "Arboreal Grazer": 4,
                "Summoner's Pact": 3,
                "Scapeshift": 2,
                "Dryad of the Ilysian Grove": 4,
                "Explore": 4,
                "Spelunking": 3,
                "Urza's Saga": 4,
                "Simic Growth Chamber": 3,
                "Gruul Turf": 2,
                "Boros Garrison": 1,
                "Tolaria West": 2,
                "Valakut, the Molten Pinnacle": 1,
                "Vesuva": 2,
                "Hanweir Battlements": 1,
                "Slayers' Stronghold": 1,
                "Otawara, Soaring City": 1,
                "Boseiju, Who Endures": 1,
                "Urza's Cave": 1,
                "Lotus Field": 2,
            },
            {
                "Force of Vigor": 3,
                "Dismember": 2,
                "Mystical Dispute": 2,
                "Aether Spellbomb": 2,
                "Trinisphere": 2,
                "Pest Summoning": 2,
                "Collector Ouphe": 2,
            },
            "Forest",
        ),
        "Living End": (
            {
                "Living End": 4,
                "Shardless Agent": 4,
                "Demonic Dread": 4,
                "Ardent Plea": 2,
                "Architects of Will": 4,
                "Street Wraith": 4,
                "Curator of Mysteries": 4,
                "Subtlety": 4,
                "Striped Riverwinder": 3,
                "Force of Negation": 3,
                "Foundation Breaker": 2,
                "Verdant Catacombs": 4,
                "Blooming Marsh": 2,
                "Watery Grave": 2,
                "Overgrown Tomb": 1,
                "Breeding Pool": 1,
                "Botanical Sanctum": 1,
            },
            {
                "Mystical Dispute": 3,
                "Endurance": 3,
                "Force of Vigor": 2,
                "Brazen Borrower": 2,
                "Pick Your Poison": 3,
                "Consign to Memory": 2,
            },
            "Swamp",
        ),
        "Murktide": (
            {
                "Murktide Regent": 4,
                "Dragon's Rage Channeler": 4,
                "Counterspell": 4,
                "Consider": 4,
                "Lightning Bolt": 4,
                "Unholy Heat": 4,
                "Ledger Shredder": 3,
                "Spell Pierce": 2,
                "Expressive Iteration": 3,
                "Preordain": 4,
                "Mishra's Bauble": 4,
                "Steam Vents": 2,
                "Spirebluff Canal": 2,
                "Scalding Tarn": 4,
                "Flooded Strand": 2,
                "Otawara, Soaring City": 1,
            },
            {
                "Mystical Dispute": 3,
                "Blood Moon": 2,
                "Engineered Explosives": 2,
                "Fury of the Horde": 2,
                "Pyroclasm": 2,
                "Flusterstorm": 2,
                "Brazen Borrower": 2,
            },
            "Island",
        ),
        "Eldrazi Tron": (
            {
                "Eldrazi Temple": 4,
                "Urza's Tower": 4,
                "Urza's Mine": 4,
                "Urza's Power Plant": 4,
                "Thought-Knot Seer": 4,
                "Reality Smasher": 4,
                "Matter Reshaper": 4,
                "Chalice of the Void": 4,
                "Karn, the Great Creator": 3,
                "Walking Ballista": 3,
                "All Is Dust": 2,
                "Expedition Map": 4,
                "Dismember": 3,
                "Ulamog, the Ceaseless Hunger": 1,
                "Ghost Quarter": 2,
                "Sanctum of Ugin": 1,
            },
            {
                "Relic of Progenitus": 3,
                "Ratchet Bomb": 2,
                "Warping Wail": 3,
                "Mystic Forge": 1,
                "Grafdigger's Cage": 2,
                "Ensnaring Bridge": 2,
                "Liquimetal Coating": 2,
            },
            "Wastes",
        ),
        "Domain Zoo": (
            {
                "Scion of Draco": 4,
                "Leyline Binding": 4,
                "Territorial Kavu": 4,
                "Tribal Flames": 3,
                "Nishoba Brawler": 4,
                "Lightning Bolt": 4,
                "Ragavan, Nimble Pilferer": 4,
                "Stubborn Denial": 2,
                "Consign to Memory": 2,
                "Phlage, Titan of Fire's Fury": 2,
                "Ketria Triome": 2,
                "Zagoth Triome": 1,
                "Raffine's Tower": 1,
                "Arid Mesa": 4,
                "Wooded Foothills": 4,
                "Sacred Foundry": 2,
                "Steam Vents": 1,
                "Stomping Ground": 1,
                "Breeding Pool": 1,
                "Godless Shrine": 1,
            },
            {
                "Wear // Tear": 2,
                "Mystical Dispute": 2,
                "Damping Sphere": 2,
                "Blood Moon": 2,
                "Celestial Purge": 2,
                "Orim's Chant": 2,
                "Obsidian Charmaw": 3,
            },
            "Forest",
        ),
        "Yawgmoth": (
            {
                "Yawgmoth, Thran Physician": 4,
                "Young Wolf": 3,
                "Strangleroot Geist": 4,
                "Blood Artist": 2,
                "Grist, the Hunger Tide": 3,
                "Chord of Calling": 3,
                "Delighted Halfling": 4,
                "Agatha's Soul Cauldron": 2,
                "Orcish Bowmasters": 4,
                "Eldritch Evolution": 2,
                "Wight of the Reliquary": 2,
                "Outland Liberator": 3,
                "Overgrown Tomb": 4,
                "Verdant Catacombs": 4,
                "Twilight Mire": 2,
                "Boseiju, Who Endures": 1,
                "Haunted Ridge": 1,
            },
            {
                "Fatal Push": 3,
                "Thoughtseize": 3,
                "Endurance": 2,
                "Cling to Dust": 2,
                "Damping Sphere": 2,
                "Kitchen Finks": 3,
            },
            "Forest",
        ),
    }


def deck_text(main: dict[str, int], side: dict[str, int], basic: str, size: int = 60) -> str:
    total = sum(main.values())
    lines = [f"{n} {card}" for card, n in main.items()]
    if total < size:
        lines.append(f"{size - total} {basic}")
    lines += ["", "Sideboard"] + [f"{n} {card}" for card, n in side.items()]
    return "\n".join(lines) + "\n"


TF_CHARACTERS = [
    ("Optimus Prime - Autobot Leader", 12),
    ("Bumblebee - Trusted Lieutenant", 5),
    ("Ironhide - Battle-Hardened Veteran", 6),
    ("Megatron - Evil Leader", 13),
    ("Starscream - Ambitious Air Commander", 8),
    ("Soundwave - Master of Intelligence", 7),
    ("Arcee - Courageous Warrior", 5),
    ("Ratchet - Field Medic", 5),
    ("Shockwave - Military Operations Commander", 9),
    ("Blaster - Communications Officer", 6),
    ("Cyclonus - Armada Commander", 7),
    ("Wheeljack - Inventor", 6),
]
TF_BATTLE = [
    "Ready for Action",
    "Bashing Shield",
    "Brute Force",
    "Roll Out!",
    "Scrounge",
    "Sturdy Armor",
    "Leap into Battle",
    "Rapid Conversion",
    "Erratic Gunfire",
    "Security Checkpoint",
    "Reinforced Plating",
    "Bold Assault",
    "Grenade Launcher",
    "Piercing Blaster",
    "Improvised Shield",
    "Full Throttle",
    "Pierce the Armor",
    "Lead the Charge",
]


def tf_deck(rng: random.Random) -> str:
    chars = rng.sample(TF_CHARACTERS, 12)
    team: list[tuple[str, int]] = []
    stars = 0
    for name, s in chars:
        if stars + s <= 22 and len(team) < 3:
            team.append((name, s))
            stars += s
    battle = rng.sample(TF_BATTLE, 14)
    lines = ["Characters"] + [f"1 {n} [stars: {s}]" for n, s in team] + ["", "Deck"]
    budget = 25 - stars
    count = 0
    for card in battle:
        n = 3
        star = 1 if card in ("Grenade Launcher", "Piercing Blaster") and budget >= 3 else 0
        budget -= 3 * star
        # Every card states its stars, 0 included: the star total (Aequitas 6.1) is never guessed.
        lines.append(f"{n} {card} [stars: {star}]")
        count += n
        if count >= 42:
            break
    return "\n".join(lines) + "\n"


def weiss_deck(rng: random.Random, title: str) -> str:
    cards = [
        f"{title} {kind}"
        for kind in (
            "Vanguard",
            "Striker",
            "Healer",
            "Climax Surge",
            "Level Up Support",
            "Encore Knight",
            "Backline Scholar",
            "Finisher",
            "Counter Step",
            "Climax Shine",
            "Clock Kick",
            "Early Play",
            "Runner",
        )
    ]
    rng.shuffle(cards)
    counts = [4] * 12 + [2]
    return "\n".join(f"{n} {c}" for n, c in zip(counts, cards, strict=True)) + "\n"


@dataclass
class Sample:
    """One sample event and how to play it."""

    file: str
    header: dict[str, Any]
    players: list[dict[str, Any]]
    decks: dict[str, str] = field(default_factory=dict)
    drops: dict[int, list[str]] = field(default_factory=dict)
    intentional_draw: tuple[int, int] | None = None
    stop_after: int | None = None
    started: dict[int, str] = field(default_factory=dict)
    teams: list[dict[str, Any]] = field(default_factory=list)
    draw_rate: float = 0.04


def _names(rng: random.Random, n: int, taken: set[str]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    while len(out) < n:
        first, last = rng.choice(FIRST), rng.choice(LAST)
        pid = f"{first}-{last}".lower()
        if pid in taken:
            continue
        taken.add(pid)
        out.append((pid, f"{first} {last}"))
    return out


def _header_text(header: dict[str, Any]) -> str:
    lines = ["# yaml-language-server: $schema=../../schema/event.schema.json"]
    for key, value in header.items():
        if isinstance(value, dict):
            lines.append(f"{key}:")
            for k, v in value.items():
                lines.append(f"  {k}: {render_flow(v, in_flow=False)}")
        else:
            lines.append(f"{key}: {render_flow(value, in_flow=False)}")
    return "\n".join(lines) + "\n"


def initial_text(sample: Sample) -> str:
    text = _header_text(sample.header)
    if sample.teams:
        text += "teams:\n" + "".join(f"  - {render_flow(t)}\n" for t in sample.teams)
    text += "players:\n" + "".join(f"  - {render_flow(p)}\n" for p in sample.players)
    text += "rounds: []\n"
    return text


class Simulator:
    """Plays one sample through pair / report / drop."""

    def __init__(self, project: Project, path: Path, sample: Sample, seed: int) -> None:
        self.project, self.path, self.sample = project, path, sample
        self.rng = random.Random(seed)
        self.strength: dict[str, float] = {}

    def event(self) -> Event:
        loaded = load_event(self.path, self.project)
        if loaded.event is None:
            raise SystemExit("\n".join(d.render() for d in loaded.diagnostics))
        return loaded.event

    def write(self, edit: Callable[[str, Event], str]) -> None:
        text = self.path.read_text(encoding="utf-8")
        new = edit(text, self.event())
        self.path.write_text(new, encoding="utf-8")
        self.event()  # re-validate after every step

    def skill(self, pid: str) -> float:
        if pid not in self.strength:
            self.strength[pid] = self.rng.gauss(0, 1)
        return self.strength[pid]

    def game_score(self, a: str, b: str, best_of: int, playoff: bool) -> GameScore:
        p = 1 / (1 + math.exp(-(self.skill(a) - self.skill(b)) * 0.9))
        need = best_of // 2 + 1
        wa = wb = 0
        while wa < need and wb < need:
            if not playoff and wa + wb >= 2 and self.rng.random() < self.sample.draw_rate * 3:
                return GameScore(wa, wb, 1) if wa == wb else GameScore(wa, wb)  # time called
            if self.rng.random() < p:
                wa += 1
            else:
                wb += 1
        return GameScore(wa, wb)

    def play(self) -> None:
        while True:
            event = self.event()
            if self.sample.stop_after is not None and len(event.rounds) >= self.sample.stop_after:
                return
            try:
                plan = plan_next_round(event)
            except IngestError:
                return
            if isinstance(plan, Finished):
                return
            start = self.sample.started.get(plan.number) if plan.stage == "rounds" else None
            if start:  # as `pair --start HH:MM` writes it
                plan = replace(plan, clock=RoundClock(start))

            def pair(text: str, _event: Event, plan: PlannedRound = plan) -> str:
                return apply_plan(text, plan)

            self.write(pair)
            event = self.event()
            playoff = plan.stage == "playoff"
            series = event.playoff if playoff else event.rounds
            rnd = series[-1]
            last_round = self.sample.stop_after is not None and rnd.number == self.sample.stop_after and not playoff
            if event.structure.pairing == "wot-cycles":
                self.report_wot(rnd.number)
            else:
                for m in rnd.matches:
                    if len(m.players) != 2 or m.table is None or m.reported:
                        continue
                    if last_round and m.table > len(rnd.matches) // 2:
                        continue  # leave the bottom tables playing: a round in progress
                    self.report(event, rnd.number, m.table, m.players, playoff)
            if not playoff:
                for pid in self.sample.drops.get(rnd.number, []):

                    def drop(text: str, current: Event, pid: str = pid, n: int = rnd.number) -> str:
                        return drop_player(text, current, pid, after_round=n).text

                    self.write(drop)

    def report(self, event: Event, number: int, table: int, players: tuple[str, ...], playoff: bool) -> None:
        a, b = players
        if not playoff and self.sample.intentional_draw == (number, table):
            score: GameScore | str = GameScore(0, 0, 3)
        elif event.is_team_event:
            self.report_team(number, table, playoff, event)
            return
        else:
            best_of = event.structure.best_of
            if playoff and event.structure.playoff and event.structure.playoff.best_of:
                best_of = event.structure.playoff.best_of
            score = self.game_score(a, b, best_of, playoff)
        self.write(
            lambda text, e: (
                record_result(text, e, round_no=number, table=table, player=None, result=score, playoff=playoff).text
            )
        )

    def report_team(self, number: int, table: int, playoff: bool, event: Event) -> None:
        series = event.playoff if playoff else event.rounds
        tm = next(t for t in series[number - 1].team_matches if t.table == table)
        members = {t.id: t.members for t in event.teams}
        results: list[GameScore | str]
        if event.structure.team_kind == "two-headed-giant":
            sa = sum(self.skill(p) for p in members[tm.teams[0]])
            sb = sum(self.skill(p) for p in members[tm.teams[1]])
            won = self.rng.random() < 1 / (1 + math.exp(-(sa - sb) * 0.6))
            results = [GameScore(1, 0) if won else GameScore(0, 1)]
        else:
            seats = [
                self.game_score(x, y, event.structure.best_of, playoff)
                for x, y in zip(members[tm.teams[0]], members[tm.teams[1]], strict=True)
            ]
            if playoff and sum(1 for g in seats if g.winner == 0) == sum(1 for g in seats if g.winner == 1):
                seats[-1] = GameScore(2, 1) if self.rng.random() < 0.5 else GameScore(1, 2)
            results = list(seats)
        self.write(
            lambda text, e: (
                record_team_result(
                    text, e, round_no=number, table=table, team=None, results=results, playoff=playoff
                ).text
            )
        )

    def report_wot(self, number: int) -> None:
        text = self.path.read_text(encoding="utf-8")
        editor = Editor(text)
        for i, m in enumerate(_raw_matches(text, "rounds", number - 1)):
            if "hero" not in m:
                continue
            hero, villain = m["hero"], m["villain"]
            p = 1 / (1 + math.exp(-(self.skill(hero) - self.skill(villain))))
            roll = self.rng.random()
            path = ("rounds", number - 1, "matches", i)
            if roll < 0.08:
                result = {
                    "winner": "tie",
                    "ended": "last-battle",
                    "by": "time",
                    "hero_final": self.rng.randint(1, 4),
                    "villain_final": self.rng.randint(1, 4),
                }
            else:
                winner = "hero" if self.rng.random() < p else "villain"
                style = self.rng.random()
                if style < 0.55:
                    win_final, lose_final = self.rng.randint(5, 8), self.rng.randint(0, 4)
                    result = {"winner": winner, "ended": "last-battle", "by": "goal"}
                elif style < 0.85:
                    win_final, lose_final = self.rng.randint(1, 4), self.rng.randint(0, 4)
                    result = {"winner": winner, "ended": "last-battle", "by": "kill"}
                else:
                    win_final, lose_final = self.rng.randint(0, 3), self.rng.randint(0, 3)
                    result = {"winner": winner, "ended": "before-last-battle", "by": "kill"}
                finals = (win_final, lose_final) if winner == "hero" else (lose_final, win_final)
                result |= {"hero_final": finals[0], "villain_final": finals[1]}
            for k, v in result.items():
                editor.set_value(path, k, v)
        self.path.write_text(editor.result(), encoding="utf-8")
        self.event()


def _raw_matches(text: str, key: str, index: int) -> list[dict[str, Any]]:
    import yaml

    data = yaml.safe_load(text)
    return list(data[key][index]["matches"])


def samples() -> list[Sample]:
    rng = random.Random(20261122)
    taken: set[str] = set()
    regulars = _names(rng, 30, taken)
    out: list[Sample] = []

    # 1. Modern: 24 players, 5 rounds and a top 8, decklists as text files, one drop,
    #    one intentional draw, byes.
    decks = modern_decks()
    archetypes = list(decks)
    modern_players = regulars[:24]
    players, deck_files = [], {}
    for i, (pid, name) in enumerate(modern_players):
        arch = archetypes[i % len(archetypes)]
        main, side, basic = decks[arch]
        deck_files[f"decks/2026-11-13-modern/{pid}.txt"] = deck_text(main, side, basic)
        entry: dict[str, Any] = {"id": pid, "name": name, "deck": f"decks/2026-11-13-modern/{pid}.txt"}
        if i % 3 == 0:
            entry["archetype"] = arch  # the others are classified by formats/archetypes/modern.yaml
        if i == 0:
            entry["byes"] = 1
        if i == 5:  # private fields (never published): the site tests look for them in build/
            entry["email"] = f"{pid}@example.org"
            entry["membership"] = 4815162342
            entry["phone"] = "+31 6 5550 1234"
        if i == 8:
            entry["membership"] = "DCI-7719-0042"
        players.append(entry)
    out.append(
        Sample(
            "2026/2026-11-13-friday-night-modern.yaml",
            {
                "name": "Friday Night Modern 42",
                "date": "2026-11-13",
                "game": "mtg",
                "format": "modern",
                "rules": "mtr",
                "seed": 8127364,
                "location": "The Dragon's Hoard, Leiden",
                "organizer": "The Dragon's Hoard",
                "structure": {
                    "pairing": "swiss",
                    "swiss_rounds": 5,
                    "best_of": 3,
                    "playoff": {"top": 8, "seeding": "standings"},
                    "decklists": "after-event",
                    "round_minutes": 50,
                },
            },
            players,
            deck_files,
            drops={2: [modern_players[23][0]]},
            intentional_draw=(5, 1),
        )
    )

    # 2. Booster draft with two pods.
    draft_players = regulars[8:24]
    players = [
        {"id": pid, "name": name, "pod": "A" if i % 2 == 0 else "B"} for i, (pid, name) in enumerate(draft_players)
    ]
    out.append(
        Sample(
            "2026/2026-11-06-draft-night.yaml",
            {
                "name": "Draft Night: Edge of Eternities",
                "date": "2026-11-06",
                "game": "mtg",
                "format": "draft",
                "rules": "mtr",
                "seed": 55102,
                "location": "The Dragon's Hoard, Leiden",
                "organizer": "The Dragon's Hoard",
                "structure": {"pairing": "swiss", "swiss_rounds": 3, "best_of": 3, "decklists": "private"},
            },
            players,
        )
    )

    # 3. Transformers TCG constructed, Aequitas rules, 10 players.
    tf = _names(rng, 10, taken)
    players, deck_files = [], {}
    for pid, name in tf:
        deck_files[f"decks/2026-10-24-transformers/{pid}.txt"] = tf_deck(rng)
        players.append({"id": pid, "name": name, "deck": f"decks/2026-10-24-transformers/{pid}.txt"})
    out.append(
        Sample(
            "2026/2026-10-24-transformers-constructed.yaml",
            {
                "name": "Cybertron Cup October",
                "date": "2026-10-24",
                "game": "transformers",
                "format": "constructed",
                "rules": "aequitas",
                "seed": 2410,
                "location": "Games Corner, Utrecht",
                "organizer": "Utrecht TCG Club",
                "structure": {"pairing": "swiss", "swiss_rounds": "auto", "best_of": 3, "decklists": "public"},
            },
            players,
            deck_files,
            draw_rate=0.08,
        )
    )

    # 4. Weiss Schwarz, Bushiroad rules, 16 players, top 4 by title selection.
    ws = _names(rng, 16, taken)
    titles = ["Starlight Academy", "Moonlit Garden", "Crimson Idols", "Harbor Detectives"]
    players, deck_files = [], {}
    for i, (pid, name) in enumerate(ws):
        title = titles[i % len(titles)]
        deck_files[f"decks/2026-09-19-weiss/{pid}.txt"] = weiss_deck(rng, title)
        players.append(
            {
                "id": pid,
                "name": name,
                "deck": f"decks/2026-09-19-weiss/{pid}.txt",
                "archetype": title,
                "deck_group": title,
            }
        )
    out.append(
        Sample(
            "2026/2026-09-19-weiss-schwarz-neo-standard.yaml",
            {
                "name": "Weiss Schwarz Neo-Standard Store Cup",
                "date": "2026-09-19",
                "game": "weiss-schwarz",
                "format": "neo-standard",
                "rules": "bushiroad",
                "seed": 1919,
                "location": "Card Kingdom Plaza, Rotterdam",
                "organizer": "Card Kingdom Plaza",
                "structure": {
                    "pairing": "swiss",
                    "swiss_rounds": 4,
                    "best_of": 1,
                    "decklists": "public",
                    "playoff": {"top": 4, "seeding": "standings", "finalists": "title"},
                },
            },
            players,
            deck_files,
            draw_rate=0.0,
        )
    )

    # 5. Wheel of Time sealed, 9 players, 2 cycles (4 games).
    wot = _names(rng, 9, taken)
    players = [{"id": pid, "name": name} for pid, name in wot]
    out.append(
        Sample(
            "2026/2026-08-15-wheel-of-time-sealed.yaml",
            {
                "name": "Wheel of Time Sealed Revival",
                "date": "2026-08-15",
                "game": "wot",
                "format": "sealed",
                "rules": "wot",
                "seed": 1215,
                "location": "The Stone of Tear, Delft",
                "organizer": "Two Rivers Gaming",
                "structure": {"pairing": "wot-cycles", "swiss_rounds": 4, "best_of": 1, "decklists": "private"},
            },
            players,
        )
    )

    # 6. MTR team Unified Standard: eight three-player teams.
    team_players = _names(rng, 24, taken)
    teams, players = [], []
    team_names = [
        "Mana Leak Society",
        "The Mulligans",
        "Top Deck Heroes",
        "Sideboard Stories",
        "Tapped Out",
        "Lucky Draws",
        "The Stack Pack",
        "Graveyard Shift",
    ]
    for t in range(8):
        members = team_players[3 * t : 3 * t + 3]
        tid = "team-" + team_names[t].lower().replace(" ", "-")
        teams.append({"id": tid, "name": team_names[t], "members": [m[0] for m in members]})
        players += [{"id": pid, "name": name, "team": tid} for pid, name in members]
    out.append(
        Sample(
            "2026/2026-10-10-team-unified-standard.yaml",
            {
                "name": "Team Unified Standard Open",
                "date": "2026-10-10",
                "game": "mtg",
                "format": "standard",
                "rules": "mtr",
                "seed": 3333,
                "location": "Congress Hall, Den Haag",
                "organizer": "Dutch Team Series",
                "structure": {
                    "pairing": "swiss",
                    "swiss_rounds": 3,
                    "best_of": 3,
                    "team_size": 3,
                    "team_kind": "mtr-team",
                    "decklists": "private",
                    "playoff": {"top": 2, "seeding": "standings"},
                },
            },
            players,
            teams=teams,
        )
    )

    # 7. A Pioneer weekly still in progress (round 3 being played).
    weekly = regulars[:12]
    players = [{"id": pid, "name": name} for pid, name in weekly]
    out.append(
        Sample(
            "2026/2026-11-20-pioneer-weekly.yaml",
            {
                "name": "Pioneer Weekly #18",
                "date": "2026-11-20",
                "game": "mtg",
                "format": "pioneer",
                "rules": "mtr",
                "seed": 1820,
                "location": "The Dragon's Hoard, Leiden",
                "organizer": "The Dragon's Hoard",
                "structure": {
                    "pairing": "swiss",
                    "swiss_rounds": 4,
                    "best_of": 3,
                    "round_minutes": 50,
                    "playoff": {"top": 4, "seeding": "standings"},
                    "decklists": "after-event",
                },
            },
            players,
            stop_after=3,
            started={3: "21:10"},  # the live page's clock counts round 3 down
        )
    )

    # 8. An upcoming event: registration open, no rounds yet.
    players = [{"id": pid, "name": name} for pid, name in regulars[:6]]
    out.append(
        Sample(
            "2026/2026-12-04-legacy-league.yaml",
            {
                "name": "Legacy League December",
                "date": "2026-12-04",
                "game": "mtg",
                "format": "legacy",
                "rules": "mtr",
                "seed": 1204,
                "location": "The Dragon's Hoard, Leiden",
                "organizer": "The Dragon's Hoard",
                "structure": {
                    "pairing": "swiss",
                    "swiss_rounds": "auto",
                    "best_of": 3,
                    "decklists": "after-event",
                    "playoff": {"top": 8, "seeding": "standings"},
                },
            },
            players,
            stop_after=0,
        )
    )
    return out


def players_yaml(all_samples: list[Sample]) -> str:
    seen: dict[str, str] = {}
    for s in all_samples:
        for p in s.players:
            seen.setdefault(p["id"], p["name"])
    lines = [
        "# yaml-language-server: $schema=schema/players.schema.json",
        "# Everyone who has played in our events: one entry per person, so results across",
        "# events land on one player page. Aliases are ids older event files used.",
        "players:",
    ]
    lines += [f"  - {render_flow({'id': pid, 'name': name})}" for pid, name in sorted(seen.items())]
    return "\n".join(lines) + "\n"


def generate(root: Path) -> None:
    """Writes events/ and players.yaml under ``root`` (which holds schema/ and formats/)."""
    project = Project(root)
    events = root / "events"
    if events.exists():
        shutil.rmtree(events)
    all_samples = samples()
    (root / "players.yaml").write_text(players_yaml(all_samples), encoding="utf-8")
    for n, sample in enumerate(all_samples):
        path = events / sample.file
        path.parent.mkdir(parents=True, exist_ok=True)
        for rel, text in sample.decks.items():
            target = path.parent / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        path.write_text(initial_text(sample), encoding="utf-8")
        Simulator(project, path, sample, seed=1000 + n).play()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed samples differ")
    args = parser.parse_args()
    if not args.check:
        generate(ROOT)
        return
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in ("schema", "formats"):
            shutil.copytree(ROOT / name, work / name)
        generate(work)
        differ = []
        for path in sorted((work / "events").rglob("*")):
            if path.is_file():
                rel = path.relative_to(work)
                mine = ROOT / rel
                if not mine.is_file() or mine.read_bytes() != path.read_bytes():
                    differ.append(str(rel))
        if (ROOT / "players.yaml").read_bytes() != (work / "players.yaml").read_bytes():
            differ.append("players.yaml")
        if differ:
            raise SystemExit("samples differ from the simulation: " + ", ".join(differ))


if __name__ == "__main__":
    main()
