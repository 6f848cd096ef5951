"""JSON Schema validation with positioned, plain-language diagnostics.

jsonschema reports errors as data (document path, failing keyword, relevance) but knows
nothing of lines and columns; the :class:`~ingest.source.yamldoc.SourceDocument` supplies them.
Per document path only the most relevant error is kept (as ``best_match`` does), and the
commonest keywords are rewritten in a tournament organizer's words. A schema may carry
its own wording in an ``x-messages`` object keyed by keyword (``{value}`` is replaced by
the offending value), plus a ``hint``.

The verdict comes first from ``jsonschema-rs`` (compiled; about fifty times faster on a
512-player event, ``benchmarks/validation.py``): a document it accepts has no diagnostics,
and only a document it rejects (or cannot take: a mapping key that is not a string) is
checked again by jsonschema, whose errors carry what the diagnostics are made of
(relevance, ``anyOf`` context, the failing subschema's ``x-messages``). Both read a
pattern's ``$`` as the end of the text. ``tests/source/test_validation.py`` holds them to
the same verdict on every bad input of the test suite.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from ingest.core.diagnostics import Diagnostic, error
from ingest.core.errors import IngestError
from ingest.core.games import game_ids
from ingest.core.rulesets import RULESETS
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

_WEAK = frozenset({"anyOf", "oneOf"})


class _Explainer:
    """jsonschema's validator of one schema, made when a rejection is first explained:
    importing jsonschema costs a command about 60 ms of CPU, and a document jsonschema-rs
    accepts never needs it."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.schema = schema
        self.made: Validator | None = None

    def get(self) -> Validator:
        if self.made is None:
            from jsonschema import Draft202012Validator

            self.made = schema_validator()(self.schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
        return self.made


@dataclass(frozen=True, slots=True)
class Schema:
    """A loaded JSON Schema: the fast verdict and the validator that explains a rejection."""

    explainer: _Explainer
    """jsonschema (:data:`SchemaValidator`, format checking on), made when first needed."""
    verdict: jsonschema_rs.Validator
    """jsonschema-rs on the same schema (formats checked): whether a document is valid."""

    @property
    def explain(self) -> Validator:
        """jsonschema (:data:`SchemaValidator`, format checking on): the errors of a rejected document."""
        return self.explainer.get()

    def accepts(self, data: Any) -> bool:
        """Whether jsonschema-rs finds ``data`` valid (False for values JSON cannot hold)."""
        try:
            return self.verdict.is_valid(data)
        except ValueError:  # a mapping key that is not a string, ...: jsonschema decides
            return False


def load_schema(path: Path, formats: Iterable[str] = ()) -> Schema:
    """Loads a JSON Schema file and compiles it with format checking (once for each list of
    games and formats).

    An ``enum`` marked ``"x-enum-from": "games"`` lists every game of the games table as it
    stands (:func:`ingest.core.games.game_ids`, a registered game included), and one marked
    ``"x-enum-from": "formats"`` the ``formats`` given too (the project's format ids), and one
    marked ``"x-enum-from": "rules"`` every ruleset of the registry
    (:mod:`ingest.core.rulesets.registry`, a registered one included): the files list the
    shipped ones, for editors' completion, and a game, ruleset or format added is accepted
    without editing them.

    Local references (``#/$defs/...``) are inlined first: jsonschema then never resolves
    a reference while checking the thousands of ids of a large event, which makes it
    several times faster. The schema means exactly the same.
    """
    return _compiled(path, game_ids(), tuple(RULESETS), tuple(sorted(set(formats))))


@functools.cache
def _compiled(path: Path, games: tuple[str, ...], rules: tuple[str, ...], formats: tuple[str, ...]) -> Schema:
    schema = json.loads(path.read_text(encoding="utf-8"))
    inlined = _with_enums(_inline_refs(schema, schema), {"games": games, "rules": rules, "formats": formats})
    try:  # checks the schema against the meta-schema (in a fraction of jsonschema's time)
        verdict = jsonschema_rs.Draft202012Validator(inlined, validate_formats=True)
    except jsonschema_rs.ValidationError as exc:
        raise IngestError(f"{path}: not a valid JSON Schema: {str(exc).splitlines()[0]}") from None
    return Schema(_Explainer(inlined), verdict)


@functools.lru_cache(maxsize=256)
def whole_pattern(pattern: str) -> re.Pattern[str]:
    r"""A schema ``pattern`` compiled with JSON Schema's meaning of ``$``: the end of the text.

    JSON Schema patterns are ECMA-262 regular expressions, where ``$`` matches only at the
    very end; in Python's ``re`` it also matches before a final line feed, so
    ``^[a-z0-9-]+$`` would accept ``"kenji-quist\n"`` as an id (a second player, and a
    folder named with a line feed). Each ``$`` outside a character class becomes ``\Z``.

    >>> bool(whole_pattern("^[a-z]+$").search("kenji\n")), bool(whole_pattern("^[a-z]+$").search("kenji"))
    (False, True)
    >>> whole_pattern(r"^[$]\$x$").pattern
    '^[$]\\$x\\Z'
    """
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if pattern[i + 1 : i + 2] == "]":  # "[]...]": a first "]" is a member of the class
                out.append("[]")
                i += 2
                continue
        elif char == "$":
            char = "\\Z"
        out.append(char)
        i += 1
    return re.compile("".join(out))


def _pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    """jsonschema's ``pattern``, with ``$`` meaning the end of the text (:func:`whole_pattern`)."""
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not whole_pattern(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@functools.cache
def schema_validator() -> Any:
    """:data:`SchemaValidator`, made (and jsonschema imported) when first asked for."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(Draft202012Validator, {"pattern": _pattern})


def __getattr__(name: str) -> Any:
    """``SchemaValidator``: jsonschema's Draft 2020-12 validation, with a pattern's ``$``
    meaning the end of the text as JSON Schema (ECMA-262) says (made when first imported)."""
    if name == "SchemaValidator":
        return schema_validator()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _inline_refs(node: Any, root: Mapping[str, Any], depth: int = 0) -> Any:
    """A copy of ``node`` with local ``$ref``s replaced by what they point to.

    Sibling keywords of a ``$ref`` (title, description) are kept next to the inlined
    definition. Schemas here are not recursive; a depth guard keeps it that way.
    """
    if depth > 32:
        raise ValueError("schema references nest too deeply (a recursive schema?)")
    if isinstance(node, list):
        return [_inline_refs(item, root, depth) for item in node]
    if not isinstance(node, Mapping):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        merged = dict(_inline_refs(target, root, depth + 1))
        merged.update({k: _inline_refs(v, root, depth) for k, v in node.items() if k != "$ref"})
        return merged
    return {k: _inline_refs(v, root, depth) for k, v in node.items()}


def _with_enums(node: Any, values: Mapping[str, Sequence[str]]) -> Any:
    """``node`` with every enum marked ``x-enum-from`` extended by the values of that name
    (the listed values keep their order; the others follow)."""
    if isinstance(node, list):
        return [_with_enums(item, values) for item in node]
    if not isinstance(node, Mapping):
        return node
    out = {k: _with_enums(v, values) for k, v in node.items()}
    source = node.get("x-enum-from")
    if isinstance(source, str) and isinstance(node.get("enum"), list):
        listed = list(node["enum"])
        out["enum"] = listed + [v for v in values.get(source, ()) if v not in listed]
    return out


@dataclass(frozen=True, slots=True)
class SchemaCheck:
    """What the schema found wrong with a document, and where."""

    diagnostics: tuple[Diagnostic, ...]
    """One diagnostic per faulty place, in a TO's words."""
    broken: frozenset[YamlPath]
    """Every path whose value the schema rejects; a missing required key is the path it
    would have. Later checks skip these parts rather than misread them. Unknown keys are
    not broken: nothing reads them."""


def validate_document(doc: SourceDocument, schema: Schema | Validator) -> list[Diagnostic]:
    """Validates a document against a schema and returns one diagnostic per faulty place."""
    return list(check_document(doc, schema).diagnostics)


_VALID = SchemaCheck((), frozenset())


def check_document(doc: SourceDocument, schema: Schema | Validator) -> SchemaCheck:
    """Validates a document against a schema: the diagnostics and the broken paths.

    With a :class:`Schema`, a document jsonschema-rs accepts is valid at once; any other
    is explained by jsonschema.
    """
    if isinstance(schema, Schema):
        if schema.accepts(doc.data):
            return _VALID
        validator = schema.explain
    else:
        validator = schema
    from jsonschema.exceptions import relevance

    best: dict[tuple[Any, ...], ValidationError] = {}
    broken: set[YamlPath] = set()
    for err in validator.iter_errors(doc.data):
        err = _deepest(err)
        key = tuple(err.absolute_path)
        if err.validator == "additionalProperties":
            # Several unknown keys in one mapping are separate mistakes: keep them all.
            for extra in _extra_keys(err):
                best[(*key, "\0extra", extra)] = err
            continue
        if err.validator == "required":
            broken.update((*key, name) for name in _missing(err))
        else:
            broken.add(key)
        current = best.get(key)
        if current is None or relevance(err) < relevance(current):
            best[key] = err
    diagnostics: list[Diagnostic] = []
    # A misspelt key shows up twice: as an unknown key and as a missing required one.
    # Report the typo only.
    explained: set[tuple[Any, ...]] = set()
    for key, err in best.items():
        if len(key) >= 2 and key[-2] == "\0extra":
            close = _closest(str(key[-1]), err)
            if close:
                explained.add((*key[:-2], close))
    for key, err in best.items():
        if len(key) >= 2 and key[-2] == "\0extra":
            diagnostics.append(_unknown_key(doc, err, str(key[-1])))
        elif err.validator == "required" and all((*key, k) in explained for k in _missing(err)):
            continue
        else:
            diagnostics.append(_diagnostic(doc, err))
    return SchemaCheck(tuple(diagnostics), frozenset(broken))


def _missing(err: ValidationError) -> list[str]:
    value = err.instance
    return [str(k) for k in err.validator_value if isinstance(value, Mapping) and k not in value]


def _closest(key: str, err: ValidationError) -> str | None:
    allowed = sorted(err.schema.get("properties", {}))
    close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
    return close[0] if close else None


def _deepest(err: ValidationError) -> ValidationError:
    """Follows anyOf/oneOf context into the branch that best explains the error.

    A branch is chosen only when the value has the type that branch expects (so a
    string that fails a pattern is explained by the pattern, not by "not an integer").
    """
    if err.validator not in _WEAK or not err.context:
        return err
    if "x-messages" in err.schema and err.validator in err.schema["x-messages"]:
        return err
    from jsonschema.exceptions import relevance

    candidates = [e for e in err.context if e.validator != "type" and e.validator != "required"]
    if not candidates:
        return err
    return _deepest(min(candidates, key=relevance))


def _extra_keys(err: ValidationError) -> list[str]:
    allowed = set(err.schema.get("properties", {}))
    instance = err.instance if isinstance(err.instance, Mapping) else {}
    return sorted(str(k) for k in instance if k not in allowed)


def _messages(err: ValidationError) -> Mapping[str, str]:
    schema = err.schema if isinstance(err.schema, Mapping) else {}
    msgs = schema.get("x-messages", {})
    return msgs if isinstance(msgs, Mapping) else {}


def show(value: Any) -> str:
    """Shows a value from the file the way the TO typed it.

    >>> show("2-x"), show(3), show(None), show([1, 2])
    ('"2-x"', '3', 'empty', 'a list')
    """
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return str(value)


_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping (key: value lines)",
    "null": "empty",
}


def _type_words(expected: str | Sequence[str]) -> str:
    if isinstance(expected, str):
        return _TYPE_WORDS.get(expected, expected)
    return " or ".join(_TYPE_WORDS.get(t, t) for t in expected)


def _choices(values: Iterable[Any]) -> str:
    return ", ".join(show(v).strip('"') for v in values)


def _diagnostic(doc: SourceDocument, err: ValidationError) -> Diagnostic:
    path = tuple(err.absolute_path)
    where = format_path(path)
    msgs = _messages(err)
    hint = str(msgs.get("hint", ""))
    kw = str(err.validator)
    value = err.instance
    custom = msgs.get(kw)
    if kw == "required":
        missing = _missing(err)
        name = missing[0] if missing else "?"
        prop = err.schema.get("properties", {}).get(name, {})
        desc = prop.get("description", "") if isinstance(prop, Mapping) else ""
        message = f'{where}: the required key "{name}" is missing'
        return error("schema", message, doc.pos(path), hint or desc)
    if custom:
        message = f"{where}: {str(custom).replace('{value}', show(value))}"
    elif kw == "enum":
        options = list(err.validator_value)
        message = f"{where}: {show(value)} is not one of {_choices(options)}"
        close = difflib.get_close_matches(str(value), [str(o) for o in options], n=1)
        if close and not hint:
            hint = f"did you mean {close[0]}?"
        elif not hint:
            hint = str(err.schema.get("description", ""))
    elif kw == "const":
        message = f"{where}: must be {show(err.validator_value)}, not {show(value)}"
    elif kw == "type":
        message = f"{where}: must be {_type_words(err.validator_value)}, not {show(value)}"
    elif kw == "pattern":
        message = f"{where}: {show(value)} does not have the expected form"
    elif kw == "format":
        message = f"{where}: {show(value)} is not a valid {err.validator_value}"
    elif kw == "minItems":
        n = err.validator_value
        message = f"{where}: needs at least {n} item{'s' if n != 1 else ''}, found {len(value)}"
    elif kw == "maxItems":
        n = err.validator_value
        message = f"{where}: allows at most {n} item{'s' if n != 1 else ''}, found {len(value)}"
    elif kw == "uniqueItems":
        repeated = next((v for i, v in enumerate(value) if v in value[:i]), None)
        message = f"{where}: {show(repeated)} is listed twice"
    elif kw == "minProperties":
        n = err.validator_value
        message = f"{where}: needs at least {n} entr{'ies' if n != 1 else 'y'}, found {len(value)}"
    elif kw == "minimum":
        message = f"{where}: {show(value)} is too small; the minimum is {err.validator_value}"
    elif kw == "maximum":
        message = f"{where}: {show(value)} is too large; the maximum is {err.validator_value}"
    elif kw == "minLength":
        message = f"{where}: must not be empty" if err.validator_value == 1 else f"{where}: is too short"
    elif kw == "maxLength":
        message = f"{where}: is longer than {err.validator_value} characters"
    elif kw in _WEAK:
        message = f"{where}: {show(value)} does not match any accepted form"
    else:
        message = f"{where}: {err.message}"
    return error("schema", message, doc.pos(path), hint)


def _unknown_key(doc: SourceDocument, err: ValidationError, key: str) -> Diagnostic:
    path = tuple(err.absolute_path)
    allowed = sorted(err.schema.get("properties", {}))
    close = _closest(key, err)
    if close:
        hint = f"did you mean {close}?"
    else:
        hint = str(_messages(err).get("hint", "")) or f"allowed here: {', '.join(allowed)}"
    where = format_path(path)
    return error("unknown-key", f'{where}: unknown key "{key}"', doc.pos((*path, key), key=True), hint)
