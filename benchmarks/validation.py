"""Schema validation benchmark: jsonschema (what Scorekeeper uses) against jsonschema-rs.

Prints figures; it is not a test. A 512-player, 9-round Swiss event is generated as
benchmarks/build.py writes events, read once, and then validated against
``schema/event.schema.json``:

1. ``jsonschema``: :func:`ingest.source.validation.check_document` with the project's
   validator (Draft 2020-12, ``$`` in a pattern meaning the end of the text), the path every
   event file takes;
2. ``jsonschema-rs``: the same schema (references inlined as ours are), ``is_valid`` and a
   full ``iter_errors``, when the package is installed (``pip install jsonschema-rs``);
3. what a user waits for: reading the file (libyaml), the whole
   :func:`ingest.checks.event_files.load_event` (read, validate, assemble), ``scorekeeper
   validate`` on the file and ``scorekeeper pair --dry-run`` (which checks the file, pairs
   round 10 and checks the edited file), each with the fast verdict and with jsonschema alone.

It also prints how jsonschema-rs treats ``$`` (JSON Schema's ECMA-262 regular expressions:
the end of the text only, never before a final line feed).

    python benchmarks/validation.py [--players 512] [--rounds 9] [--repeats 15]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import jsonschema_rs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.build import PROJECT_PARTS, event_text, people, swiss_rounds  # noqa: E402
from ingest.checks.event_files import load_event  # noqa: E402
from ingest.source.project import Project  # noqa: E402
from ingest.source.validation import Schema, _inline_refs, check_document, load_schema  # noqa: E402
from ingest.source.yamldoc import parse_yaml  # noqa: E402


def median_ms(fn: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``fn`` in milliseconds (one warm-up call first)."""
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def write_event(root: Path, players: int, rounds: int) -> Path:
    """A project under ``root`` with one large Swiss event (no decklists); returns its file."""
    import datetime as dt
    import shutil

    for name in PROJECT_PARTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name)
        elif name != "players.yaml":
            shutil.copy2(source, root / name)
    rng = random.Random(512)
    field = people(rng, players)
    played = swiss_rounds(rng, [p.id for p in field], rounds)
    text = event_text(1, dt.date(2026, 11, 13), 7, [(p, "decks/none.txt") for p in field], played)
    text = text.replace("  decklists: public\n", "").replace(", deck: decks/none.txt", "")
    text = text.replace(f"swiss_rounds: {rounds}", f"swiss_rounds: {rounds + 1}")  # one round left to pair
    path = root / "events" / "2026" / "2026-11-13-friday-night-modern-1.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = write_event(Path(tmp), args.players, args.rounds)
        project = Project(Path(tmp))
        text = path.read_text(encoding="utf-8")
        doc, problems = parse_yaml(text, "events/e.yaml")
        assert doc is not None and not problems, problems
        schema_path = project.schema("event")
        ours = load_schema(schema_path)
        assert check_document(doc, ours).diagnostics == (), "the generated event is not valid"
        loaded = load_event(path, project)
        assert loaded.event is not None, [d.render() for d in loaded.diagnostics]
        size = len(text.encode("utf-8"))
        print(f"event: {args.players} players, {args.rounds} rounds, {size / 1024:.0f} KiB of YAML")
        from click.testing import CliRunner

        from ingest.cli.main import main as cli

        def pair() -> None:
            result = CliRunner().invoke(cli, ["--root", tmp, "pair", str(path), "--dry-run"])
            assert result.exit_code == 0, result.output

        def validate() -> None:
            result = CliRunner().invoke(cli, ["--root", tmp, "validate", str(path)])
            assert result.exit_code == 0, result.output

        rows = [("read the YAML (libyaml compose)", median_ms(lambda: parse_yaml(text, "e.yaml"), args.repeats))]

        def timings(label: str) -> list[tuple[str, float]]:
            return [
                (f"{label}: check_document", median_ms(lambda: check_document(doc, ours), args.repeats)),
                (f"{label}: load_event", median_ms(lambda: load_event(path, project), args.repeats)),
                (f"{label}: validate", median_ms(validate, max(3, args.repeats // 2))),
                (f"{label}: pair --dry-run", median_ms(pair, max(3, args.repeats // 2))),
            ]

        def never_accepts(self: Schema, data: object) -> bool:
            return False  # no verdict from jsonschema-rs: jsonschema decides every document

        rows += timings("jsonschema-rs verdict, jsonschema explains")
        with mock.patch.object(Schema, "accepts", never_accepts):
            rows += timings("jsonschema alone")
        schema = _inline_refs(*(2 * [json.loads(schema_path.read_text(encoding="utf-8"))]))
        fast = jsonschema_rs.Draft202012Validator(schema, validate_formats=True)
        assert fast.is_valid(doc.data)
        rows += [
            ("jsonschema: iter_errors", median_ms(lambda: list(ours.explain.iter_errors(doc.data)), args.repeats)),
            ("jsonschema-rs: is_valid", median_ms(lambda: fast.is_valid(doc.data), args.repeats)),
            ("jsonschema-rs: list(iter_errors)", median_ms(lambda: list(fast.iter_errors(doc.data)), args.repeats)),
        ]
        dollar = jsonschema_rs.Draft202012Validator({"type": "string", "pattern": "^[a-z]+$"})
        print(
            "jsonschema-rs, pattern ^[a-z]+$: "
            f'"kenji" {dollar.is_valid("kenji")}, "kenji\\n" {dollar.is_valid("kenji" + chr(10))}'
        )
        for label, ms in rows:
            print(f"  {label:<58} {ms:8.1f} ms")


if __name__ == "__main__":
    main()
