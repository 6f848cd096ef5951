"""A seeded, bounded mutation fuzzer over the files a project reads and the commands that read them.

Each *mutant* is a sample project with one file changed: the event file, ``players.yaml``,
a format file, an archetype file, a decklist, ``mkdocs.yml`` or the card data it names.
A mutation is a typo (a line deleted, doubled, re-indented, cut short; a stray ``:``, bracket,
quote, tab or anchor), a hostile value put in place of a real one (control characters,
direction overrides, line separators, ids ending in a line feed, paths out of the project,
impossible scores, huge numbers, markup) or a hostile structure (alias bombs, merge keys
that merge themselves, deep nesting, object tags, several documents).

Every command that reads the files then runs on the mutant (``validate``, ``standings``,
``pair --dry-run``, ``check-decks``, ``build --docs-only``), in a worker process with an
address-space limit and a per-command time limit, and the outcome is checked:

* exit status 0 or 1, never a traceback (an exception other than the exit);
* every ``error[...]`` line carries ``file:line:column`` with a line of at least 1;
* nothing written on failure (the project tree is unchanged after a command that fails,
  and after every command but a build that wrote the site, all of it or without an event
  file that has errors (it says so); such a build writes into ``build/`` only; the build's cache folder is counted
  apart: a build that fails in the checks computed with each report keeps the report;
  so is the build's lock file; ``pair --dry-run`` writes nothing, not even an edit lock);
* within the time and memory bounds.

Run from the test suite (``tests/test_fuzz.py``, a few dozen mutants), or longer::

    SCOREKEEPER_FUZZ_MUTANTS=3000 SCOREKEEPER_FUZZ_SEED=7 pytest tests/test_fuzz.py -s

or as a script that prints the figures: ``python -m tests.fuzzing --mutants 3000 --seed 7``.
A failing mutant is kept (its file and command) for replay.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import dataclasses
import json
import os
import random
import re
import resource
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

SAMPLES = (
    "2026-11-13-friday-night-modern.yaml",
    "2026-08-15-wheel-of-time-sealed.yaml",
    "2026-10-10-team-unified-standard.yaml",
    "2026-10-24-transformers-constructed.yaml",
    "2026-09-19-weiss-schwarz-neo-standard.yaml",
    "2026-11-06-draft-night.yaml",
)
"""The sample events a mutant is built on (one per mutant, in turn)."""

COMMAND_SECONDS = 30.0
"""Longest a command may run on a mutant (the slowest sample command takes about a second)."""
MEMORY_BYTES = 3 * 1024**3
"""Address space a worker may use (a command that needs more fails with MemoryError: a traceback)."""

_POSITIONED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?:error|warning)\[[a-z0-9-]+\]: ")
_SEVERITY = re.compile(r"(?:error|warning)\[[a-z0-9-]+\]")

OUTCOMES = (
    "positioned error",
    "accepted",
    "refused without diagnostic",
    "traceback",
    "timeout",
    "unpositioned",
    "wrote",
    "ran code",
)
"""How a command ended on a mutant; the last five are failures."""
FAILURES = frozenset({"traceback", "timeout", "unpositioned", "wrote", "ran code"})
RAN_CODE = "pwned"
"""The file a hostile setting's command would create in the project: its existence means code ran."""

# -- mutations ---------------------------------------------------------------------------------

HOSTILE_VALUES: tuple[Any, ...] = (
    # plausible values, so that many mutants pass the checks and reach pairing, standings, pages
    "2-0",
    "0-2",
    "2-1",
    "1-1-1",
    "0-0-3",
    "1-0",
    "Burn",
    1,
    3,
    # hostile ones
    "",
    None,
    True,
    0,
    -1,
    2**63,
    10**40,
    1e308,
    float("inf"),
    "\x1b[2J\x1b]0;pwned\x07",
    "abc\u202edcb",
    "a\u2066b\u2069",
    "line\u2028break",
    "next\x85line",
    "carriage\rreturn",
    "tab\there",
    "kenji-quist\n",
    "alice\n",
    "two\nlines\n# heading",
    "../../../../etc/passwd",
    "/dev/zero",
    "decks/../../../etc/passwd",
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "{{ 7*7 }}",
    "2-0-5",
    "3-0",
    "2-2",
    "99-99-99",
    "0-0",
    "0-0-4",
    "2026-02-30",
    "auto",
    "x" * 5000,
    [],
    {},
    ["alice", "alice"],
    {"<<": "x"},
)
"""Values put in place of a real one (every kind a schema might not expect, and hostile text)."""

TOKENS = (
    ":",
    ": ",
    "- ",
    "[",
    "]",
    "{",
    "}",
    ",",
    "&a ",
    "*a",
    "<<: *a",
    "!!python/object/apply:os.system ['true'] ",
    "!custom ",
    '"',
    "'",
    "#",
    "|",
    ">",
    "%",
    "@",
    "`",
    "\t",
    "\n---\n",
    "\n...\n",
    "? ",
    "\\",
    "\u202e",
    "\u2028",
    "\x85",
    "\ufeff",
    "\x1b",
    "\x00",
    "🂡",
)
"""Fragments typed in at a random place."""


def _alias_bomb(rng: random.Random) -> str:
    width, depth = rng.choice(((9, 9), (10, 8), (2, 30)))
    lines = [f"b0: &b0 [{', '.join(['lol'] * width)}]"]
    lines += [f"b{i}: &b{i} [{', '.join([f'*b{i - 1}'] * width)}]" for i in range(1, depth)]
    return "\n".join(lines) + "\n"


def _text_mutation(text: str, rng: random.Random) -> str:
    """One typo-like or hostile change to the text."""
    lines = text.split("\n")
    kind = rng.randrange(14)
    i = rng.randrange(len(lines))
    if kind == 0:  # delete a line
        del lines[i]
    elif kind == 1:  # double a line (duplicate key or entry)
        lines.insert(i, lines[i])
    elif kind == 2 and len(lines) > 1:  # swap two neighbouring lines
        j = min(i + 1, len(lines) - 1)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:  # re-indent a line
        shift = rng.choice(("", " ", "  ", "   ", "\t", "    "))
        lines[i] = shift + lines[i].lstrip() if rng.random() < 0.5 else shift + lines[i]
    elif kind == 4:  # type a token somewhere
        pos = rng.randrange(len(text) + 1)
        return text[:pos] + rng.choice(TOKENS) + text[pos:]
    elif kind == 5:  # delete a span
        pos = rng.randrange(len(text) + 1)
        return text[:pos] + text[pos + rng.randrange(1, 40) :]
    elif kind == 6:  # cut the file short
        return text[: rng.randrange(len(text) + 1)]
    elif kind == 7:  # copy a span elsewhere
        a = rng.randrange(len(text) + 1)
        b = min(len(text), a + rng.randrange(1, 200))
        pos = rng.randrange(len(text) + 1)
        return text[:pos] + text[a:b] + text[pos:]
    elif kind == 8:  # an alias bomb
        return text + "\n" + _alias_bomb(rng)
    elif kind == 9:  # a block that merges itself, in place of a value
        key = re.match(r"^(\s*(?:- )?)([A-Za-z_]+):", lines[i])
        if key:
            lines[i] = f"{key[1]}{key[2]}: &m {{x: 1, <<: *m}}"
        else:
            lines.append("loop: &m {x: 1, <<: *m}")
    elif kind == 10:  # deep nesting
        depth = rng.choice((70, 1000, 20000))
        lines.insert(i, "deep: " + "[" * depth + "]" * depth)
    elif kind == 11:  # a character replaced by another (a digit, a letter, a hostile one)
        pos = rng.randrange(max(1, len(text)))
        return text[:pos] + rng.choice("0123456789-:x \u202e\x1b") + text[pos + 1 :]
    elif kind == 12:  # an escaped hostile character in a double-quoted value
        match = re.search(r": ([A-Za-z][^,}\n#]*)", lines[i])
        if match:
            escape = rng.choice((r"\e[2J", r"\a", r"\u202e", r"\L", r"\N", r"\r", r"\x9b", r"\t", r"\n# x", r"\0"))
            lines[i] = lines[i][: match.start(1)] + f'"{match[1]}{escape}"' + lines[i][match.end(1) :]
    else:  # an object tag
        lines.insert(i, "obj: !!python/object/apply:os.system ['touch pwned']")
    return "\n".join(lines)


def _config_mutation(text: str, rng: random.Random, root: Path) -> str:
    """One hostile or broken setting in ``mkdocs.yml``: what the site engine would run, import or
    read its own way (every one of these refused before the engine, or accepted and harmless)."""
    touch = f"touch {root / RAN_CODE}"
    settings = (
        f"extra:\n  x: !!python/object/apply:os.system [{touch!r}]",
        f"extra:\n  x: !!python/object/new:subprocess.check_output [[sh, -c, {touch!r}]]",
        "extra:\n  x: !!python/name:os.system",
        "extra:\n  x: !!python/module:antigravity",
        "extra:\n  x: !ENV [SCOREKEEPER_FUZZ_UNSET, none]",
        "extra:\n  x: !relative $config_dir/docs",
        "extra:\n  x: !custom thing",
        "hooks:\n  - hooks/evil.py",
        "INHERIT: ../../../../etc/mkdocs.yml",
        "site_url: 'javascript:alert(1)//'",
        'site_description: "x\\" onload=\\"alert(1)"',
        "copyright: <script>alert(1)</script>",
        "repo_url: javascript:alert(1)",
        f"markdown_extensions:\n  - toc:\n      slugify: {{object: subprocess.getoutput, kwds: {{cmd: {touch!r}}}}}",
        "markdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji",
        "markdown_extensions:\n  - not_an_extension_anywhere",
        "plugins:\n  - macros",
        "plugins:\n  - no-such-plugin",
    )
    replace = (
        ("language: en", rng.choice(("language: ../../../../tmp/x", "language: ja", "language: pt-BR", "language: 1"))),
        ("site_name: Scorekeeper", rng.choice(('site_name: "<img src=x onerror=alert(1)>"', "site_name: Bo's & Co"))),
        ("  name: material", rng.choice(("  name: material\n  custom_dir: ../../..", "  name: no-such-theme"))),
    )
    if rng.random() < 0.3:
        old, new = rng.choice(replace)
        return text.replace(old, new, 1)
    setting = rng.choice(settings)
    key = setting.split(":", 1)[0]
    if re.search(rf"(?m)^{re.escape(key)}:", text):  # a second top-level key would be a duplicate
        text = re.sub(rf"(?m)^{re.escape(key)}:.*(\n[ -].*)*", "", text, count=1)
    return text + "\n" + setting + "\n"


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, (*path, i))


def _data_mutation(text: str, rng: random.Random, *, as_json: bool = False) -> str | None:
    """One change to the data: a value replaced, a key or item removed or doubled, two values swapped.

    Only ever applied to an unmutated sample file (a mutated one may hold an alias bomb,
    which a plain YAML load would expand).
    """
    try:
        data = json.loads(text) if as_json else yaml.load(text, Loader=_LOADER)
    except (yaml.YAMLError, ValueError):
        return None
    paths = [p for p, _ in _paths(data) if p]
    if not paths:
        return None
    path = rng.choice(paths)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    kind = rng.randrange(5)
    if kind <= 1:
        parent[last] = rng.choice(HOSTILE_VALUES)
    elif kind == 2:
        del parent[last]
    elif kind == 3 and isinstance(parent, list):
        parent.insert(last, parent[last])
    else:
        other = rng.choice(paths)
        holder = data
        for step in other[:-1]:
            holder = holder[step]
        with contextlib.suppress(KeyError, IndexError, TypeError):
            parent[last], holder[other[-1]] = holder[other[-1]], parent[last]
    if as_json:
        return json.dumps(data, ensure_ascii=rng.random() < 0.5, allow_nan=True)
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=rng.random() < 0.5, sort_keys=False, default_flow_style=None)


def _unfinish(text: str, rng: random.Random) -> str | None:
    """The sample event as it stood earlier: the playoff and the last rounds taken out (so
    ``pair`` has a round to pair). Only for an unmutated sample file."""
    data = yaml.load(text, Loader=_LOADER)
    if not isinstance(data, dict) or not isinstance(data.get("rounds"), list) or not data["rounds"]:
        return None
    data.pop("playoff", None)
    data.pop("cut_drops", None)
    del data["rounds"][len(data["rounds"]) - rng.randrange(1, len(data["rounds"]) + 1) :]
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, default_flow_style=None)


def mutate(text: str, rng: random.Random, *, as_json: bool = False) -> str:
    """One to three mutations of a sample file's text: maybe a change to its data, then typos."""
    steps = rng.choice((1, 1, 1, 2, 3))
    if rng.random() < 0.4:
        changed = _data_mutation(text, rng, as_json=as_json)
        if changed is not None:
            text, steps = changed, steps - 1
    for _ in range(steps):
        text = _text_mutation(text, rng)
    return text


# -- the sample project ------------------------------------------------------------------------------


def make_sample(root: Path) -> Path:
    """A project with the shipped data, players.yaml, the sample decklists, card data and no events."""
    for name in ("schema", "formats", "site_templates"):
        shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "players.yaml", root / "players.yaml")
    (root / "data").mkdir()
    shutil.copy(ROOT / "tests" / "decks" / "data" / "cards.scryfall.json", root / "data" / "cards.json")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config += "\nextra:\n  scorekeeper:\n    card_data:\n      mtg: data/cards.json\n"
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    shutil.copytree(ROOT / "events" / "2026" / "decks", root / "events" / "2026" / "decks")
    return root


@dataclasses.dataclass(frozen=True)
class Mutant:
    """One sample project with one file changed."""

    index: int
    event: str
    """The sample event in the project (``events/2026/<name>``)."""
    target: str
    """The file changed, relative to the project."""
    text: str
    """Its new text."""


def _targets(event: str, rng: random.Random, root: Path) -> str:
    roll = rng.random()
    if roll < 0.5:
        return f"events/2026/{event}"
    if roll < 0.62:
        return "players.yaml"
    if roll < 0.74:
        game = {"wheel-of-time": "wot", "weiss": "weiss-schwarz", "transformers": "transformers"}
        name = next((v for k, v in game.items() if k in event), "mtg")
        return f"formats/{name}.yaml"
    if roll < 0.8:
        return "formats/archetypes/modern.yaml"
    if roll < 0.88:
        decks = sorted((root / "events" / "2026" / "decks").rglob("*.txt"))
        return rng.choice(decks).relative_to(root).as_posix()
    if roll < 0.94:
        return "mkdocs.yml"
    return "data/cards.json"


def make_mutant(index: int, seed: int, root: Path) -> Mutant:
    """The ``index``-th mutant of a run (the same seed and index give the same mutant)."""
    rng = random.Random(f"{seed}:{index}")
    event = SAMPLES[index % len(SAMPLES)]
    target = _targets(event, rng, root)
    source = ROOT / target if not target.startswith(("data/", "mkdocs")) else root / target
    if target.startswith("events/2026/") and not target.endswith(".txt"):
        source = ROOT / "events" / "2026" / event
    elif target.endswith(".txt"):
        source = ROOT / target
    text = source.read_text(encoding="utf-8")
    roll = rng.random()
    if target == "mkdocs.yml" and roll < 0.3:
        ref = rng.choice(("../../../../etc/passwd", "/dev/zero", "/etc/passwd", "data", "missing.json", "mkdocs.yml"))
        text = text.replace("mtg: data/cards.json", f"mtg: {ref}")
    elif target == "mkdocs.yml" and roll < 0.7:
        text = _config_mutation(text, rng, root)
    else:
        if target == f"events/2026/{event}" and rng.random() < 0.3:
            text = _unfinish(text, rng) or text
        text = mutate(text, rng, as_json=target.endswith(".json"))
    return Mutant(index, event, target, text)


# -- running commands in a bounded worker -----------------------------------------------------------


def commands(mutant: Mutant, root: Path) -> list[list[str]]:
    """Every command that reads the files, on the mutant's event; for a changed ``mkdocs.yml``
    the build runs the site engine too (what it would import or run, it would run there)."""
    event = str(root / "events" / "2026" / mutant.event)
    build = ["build", "--today", "2026-12-31"] + ([] if mutant.target == "mkdocs.yml" else ["--docs-only"])
    return [
        ["validate"],
        ["standings", event],
        ["pair", event, "--dry-run"],
        ["check-decks", event],
        build,
    ]


def _worker(memory: int) -> None:  # pragma: no cover - runs in the worker process
    """Runs commands read as JSON lines from standard input; answers one JSON line each."""
    import traceback

    from click.testing import CliRunner

    from ingest.cli.main import main

    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    out = sys.stdout
    sys.stdout = sys.stderr  # nothing but answers on the pipe
    for line in sys.stdin:
        request = json.loads(line)
        start = time.perf_counter()
        try:
            result = CliRunner().invoke(main, ["--root", request["root"], *request["args"]])
            exc = result.exception
            crash = None
            if exc is not None and not isinstance(exc, SystemExit):
                crash = "".join(traceback.format_exception(exc))
            answer = {"exit": result.exit_code, "stdout": result.stdout, "stderr": result.stderr, "crash": crash}
        except BaseException as exc:  # a crash of the runner itself is a finding too
            answer = {"exit": -1, "stdout": "", "stderr": "", "crash": "".join(traceback.format_exception(exc))}
        answer["seconds"] = time.perf_counter() - start
        answer["maxrss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        out.write(json.dumps(answer) + "\n")
        out.flush()


class Worker:
    """A process that runs commands in-process, bounded in memory; killed and replaced on a timeout."""

    def __init__(self, memory: int = MEMORY_BYTES) -> None:
        self.memory = memory
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> subprocess.Popen[str]:
        if self.proc is None or self.proc.poll() is not None:
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tests.fuzzing", "--worker", str(self.memory)],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                env=env,
            )
        return self.proc

    def run(self, root: Path, args: Sequence[str], timeout: float) -> dict[str, Any]:
        proc = self.start()
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps({"root": str(root), "args": list(args)}) + "\n")
        proc.stdin.flush()
        start = time.perf_counter()
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        line = proc.stdout.readline() if ready else ""
        if not line:
            self.stop()
            dead = "timeout" if time.perf_counter() - start >= timeout else "worker died"
            return {"exit": None, "stdout": "", "stderr": "", "crash": dead, "seconds": time.perf_counter() - start}
        answer: dict[str, Any] = json.loads(line)
        return answer

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


CACHE = os.path.join("build", ".cache")
"""The build's cache folder: a failed build may leave computed reports there (counted apart,
not as output; the report cache is the site engine's, see the CHANGELOG)."""
LOCK = re.compile(r"^build/\.build\.lock$")
"""The build's lock file (``build/.build.lock``): not output. (An event file's edit lock is
output here: no command the fuzzer runs writes the file, so none may take its lock.)"""


def tree_state(root: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``root`` with its size and modification time."""
    out = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            with contextlib.suppress(OSError):
                st = os.lstat(path)
                out[os.path.relpath(path, root)] = (st.st_size, st.st_mtime_ns)
    return out


def classify(answer: dict[str, Any], wrote: bool) -> str:
    """The outcome of one command (see :data:`OUTCOMES`)."""
    if answer["exit"] is None:
        return "timeout" if answer["crash"] == "timeout" else "traceback"
    if answer["crash"] or answer["exit"] not in (0, 1):
        return "traceback"
    if wrote:
        return "wrote"
    text = answer["stdout"] + answer["stderr"]
    lines = [line for line in text.splitlines() if _SEVERITY.search(line)]
    for line in lines:
        found = _POSITIONED.match(line)
        if found is None or int(found["line"]) < 1:
            return "unpositioned"
    if answer["exit"] == 0:
        return "accepted"
    return "positioned error" if any("error[" in line for line in lines) else "refused without diagnostic"


@dataclasses.dataclass
class Figures:
    """What a fuzz run found."""

    mutants: int = 0
    runs: int = 0
    outcomes: collections.Counter[str] = dataclasses.field(default_factory=collections.Counter)
    by_command: dict[str, collections.Counter[str]] = dataclasses.field(default_factory=dict)
    by_target: dict[str, collections.Counter[str]] = dataclasses.field(default_factory=dict)
    longest: tuple[float, str] = (0.0, "")
    peak_rss: int = 0
    seconds: float = 0.0
    cache_on_failure: int = 0
    """Failed builds that left a computed report in ``build/.cache`` (not output, but noted)."""
    failures: list[str] = dataclasses.field(default_factory=list)

    def summary(self) -> str:
        lines = [
            f"{self.mutants} mutants, {self.runs} command runs in {self.seconds:.0f} s",
            "outcomes: " + ", ".join(f"{k} {self.outcomes[k]}" for k in OUTCOMES if self.outcomes[k]),
            f"longest command: {self.longest[0]:.2f} s ({self.longest[1]}); worker peak RSS {self.peak_rss >> 20} MB",
            f"failed builds that left a report in build/.cache: {self.cache_on_failure}",
        ]
        for title, table in (("by command", self.by_command), ("by file changed", self.by_target)):
            lines.append(title + ":")
            for key, counts in sorted(table.items()):
                lines.append(f"  {key}: " + ", ".join(f"{k} {counts[k]}" for k in OUTCOMES if counts[k]))
        lines += [f"FAILURE {f}" for f in self.failures[:50]]
        return "\n".join(lines)


def run(
    mutants: int,
    seed: int,
    workdir: Path,
    *,
    keep: Path | None = None,
    progress: Callable[[Figures], None] | None = None,
) -> Figures:
    """Runs ``mutants`` mutants from ``seed``; failing mutants are kept under ``keep``."""
    root = make_sample(workdir / "project")
    return run_mutants((make_mutant(index, seed, root) for index in range(mutants)), root, keep=keep, progress=progress)


def no_round_yet(event: str) -> Mutant:
    """A sample event as it stood before its first round: players (and teams) registered,
    ``rounds: []`` (the fuzzer's one crash: a team event in that state stopped the build)."""
    data = yaml.load((ROOT / "events" / "2026" / event).read_text(encoding="utf-8"), Loader=_LOADER)
    for key in ("playoff", "cut_drops", "rounds"):
        data.pop(key, None)
    data["rounds"] = []
    text = yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, default_flow_style=None)
    return Mutant(-1, event, f"events/2026/{event}", text)


def run_mutants(
    mutants: Iterable[Mutant],
    root: Path,
    *,
    keep: Path | None = None,
    progress: Callable[[Figures], None] | None = None,
) -> Figures:
    """Runs every command on each of ``mutants`` in the sample project ``root`` (:func:`make_sample`)."""
    figures = Figures()
    worker = Worker()
    start = time.perf_counter()
    stamp = time.time_ns()
    try:
        for mutant in mutants:
            index = mutant.index
            event_path = root / "events" / "2026" / mutant.event
            shutil.copy(ROOT / "events" / "2026" / mutant.event, event_path)
            target = root / mutant.target
            original = target.read_bytes()
            target.write_text(mutant.text, encoding="utf-8")
            # Caches are keyed by modification time: give every version its own.
            stamp += 10**9
            for path in (target, event_path):
                os.utime(path, ns=(stamp, stamp))
            for args in commands(mutant, root):
                before = tree_state(root)
                answer = worker.run(root, args, COMMAND_SECONDS)
                after = tree_state(root)
                building = args[0] == "build"
                changed = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
                cached = {k for k in changed if k.startswith(CACHE + os.sep) or LOCK.search(k)}
                if building and "--docs-only" not in args:
                    # The engine ran (a mkdocs.yml mutant): what it refused, it refused after the
                    # Markdown was written; build/ is generated output, the site swapped in whole.
                    cached |= {k for k in changed if k.startswith("build" + os.sep)}
                # A build that fails on one event file writes the site without it (and says so):
                # it may write into build/, never elsewhere.
                published = building and (
                    answer["exit"] == 0 or "the site was written" in answer["stdout"] + answer["stderr"]
                )
                outside = {k for k in changed - cached if not k.startswith("build" + os.sep)}
                wrote = bool(outside if published else changed - cached)
                if answer["exit"] != 0 and any(k.startswith(CACHE + os.sep) for k in cached):
                    figures.cache_on_failure += 1
                outcome = classify(answer, wrote)
                if (root / RAN_CODE).exists():
                    outcome = "ran code"
                    (root / RAN_CODE).unlink()
                if building:
                    shutil.rmtree(root / "build", ignore_errors=True)
                figures.runs += 1
                figures.outcomes[outcome] += 1
                figures.by_command.setdefault(args[0], collections.Counter())[outcome] += 1
                kind = mutant.target.split("/")[0] if "/" in mutant.target else mutant.target
                figures.by_target.setdefault(kind, collections.Counter())[outcome] += 1
                seconds = float(answer.get("seconds") or 0.0)
                if seconds > figures.longest[0]:
                    figures.longest = (seconds, f"mutant {index}, {args[0]}, {mutant.target}")
                figures.peak_rss = max(figures.peak_rss, int(answer.get("maxrss") or 0))
                if outcome in FAILURES:
                    where = _keep(keep, mutant, args, answer) if keep is not None else ""
                    figures.failures.append(f"mutant {index} ({mutant.target}) {args[0]}: {outcome} {where}")
                    worker.stop()  # start afresh after a crash
            target.write_bytes(original)
            stamp += 10**9
            os.utime(target, ns=(stamp, stamp))
            event_path.unlink()
            figures.mutants += 1
            if progress is not None:
                progress(figures)
    finally:
        worker.stop()
        figures.seconds = time.perf_counter() - start
    return figures


def _keep(keep: Path, mutant: Mutant, args: Sequence[str], answer: dict[str, Any]) -> str:
    folder = keep / f"mutant-{mutant.index}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / Path(mutant.target).name).write_text(mutant.text, encoding="utf-8")
    (folder / "what.json").write_text(
        json.dumps({"target": mutant.target, "event": mutant.event, "args": list(args), "answer": answer}, indent=1),
        encoding="utf-8",
    )
    return f"(kept in {folder})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mutants", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=None, help="folder for failing mutants")
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        _worker(args.worker)
        return 0
    import tempfile

    def progress(figures: Figures) -> None:
        if figures.mutants % 50 == 0:
            print(f"... {figures.mutants} mutants, {dict(figures.outcomes)}", file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        figures = run(args.mutants, args.seed, Path(tmp), keep=args.keep, progress=progress)
    print(figures.summary())
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main())
