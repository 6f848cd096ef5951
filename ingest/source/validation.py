"""JSON Schema validation with positioned, plain-language diagnostics.

jsonschema reports errors as data (document path, failing keyword, relevance) but knows
nothing of lines and columns; the :class:`~ingest.source.yamldoc.SourceDocument` supplies them.
Per document path only the most relevant error is kept (as ``best_match`` does), and the
commonest keywords are rewritten in a tournament organizer's words. A schema may carry
its own wording in an ``x-messages`` object keyed by keyword (``{value}`` is replaced by
the offending value), plus a ``hint``.
"""

from __future__ import annotations

import difflib
import functools
import json
import numbers
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, relevance
from jsonschema.protocols import Validator

from ingest.core.diagnostics import Diagnostic, error
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

_WEAK = frozenset({"anyOf", "oneOf"})


@functools.cache
def load_schema(path: Path) -> Validator:
    """Loads (once) a JSON Schema file and returns a validator with format checking.

    Local references (``#/$defs/...``) are inlined first: the validator then never
    resolves a reference while checking the thousands of ids of a large event, which
    makes validation several times faster. The schema means exactly the same. The
    validator is :data:`FastValidator`.
    """
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return FastValidator(_inline_refs(schema, schema), format_checker=Draft202012Validator.FORMAT_CHECKER)


# -- simple values without a validator per value --------------------------------------------------
#
# jsonschema checks each value of a document with a validator made for that value's
# subschema ("descend"): some ten microseconds each, most of the time spent on an event
# file, whose values are mostly ids, names, numbers and scores. A subschema made only of
# the keywords below is checked here directly, with the validator's own type checker and
# jsonschema's own rules; only a value that fails is handed to jsonschema, which then
# reports it exactly as it always does. The errors, their order and their paths are
# jsonschema's (tests/source/test_validation.py compares both validators).

_ANNOTATIONS = frozenset({"title", "description", "x-messages", "$comment", "default", "examples"})
_SIMPLE = frozenset(
    {
        "type",
        "pattern",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "required",
        "items",
        "minItems",
        "maxItems",
        "properties",
        "additionalProperties",
        "anyOf",
        "enum",
    }
)
_Check = Callable[[Any, Any], bool]
_CHECKS: dict[int, tuple[Mapping[str, Any], _Check | None]] = {}


def _simple_check(schema: Any) -> _Check | None:
    """For a subschema of only simple keywords: a test that is true when the value has no error.

    None when the subschema uses anything else (formats, enums, references...), anywhere in it.
    """
    if not isinstance(schema, dict):
        return None
    known = _CHECKS.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    check = _make_check(schema) if schema.keys() <= _SIMPLE | _ANNOTATIONS else None
    _CHECKS[id(schema)] = (schema, check)
    return check


def _make_check(schema: Mapping[str, Any]) -> _Check | None:
    """Each keyword as jsonschema's ``_keywords`` checks it (a keyword applies only to its type)."""
    types = schema.get("type")
    types = [types] if isinstance(types, str) else types
    pattern = schema.get("pattern")
    extra = schema.get("additionalProperties", True)
    enum = schema.get("enum")
    if (
        (types is not None and not isinstance(types, list))
        or (pattern is not None and not isinstance(pattern, str))
        or not isinstance(extra, bool)
        # jsonschema compares enum members with its own equality (1 is not True); for
        # strings that is plain ==, the only kind taken here.
        or (enum is not None and not (isinstance(enum, list) and all(type(e) is str for e in enum)))
    ):
        return None
    search = whole_pattern(pattern).search if pattern is not None else None
    min_length, max_length = schema.get("minLength"), schema.get("maxLength")
    minimum, maximum = schema.get("minimum"), schema.get("maximum")
    min_items, max_items = schema.get("minItems"), schema.get("maxItems")
    required = schema.get("required", ())
    item_check = _simple_check(schema["items"]) if "items" in schema else None
    properties = schema.get("properties", {})
    property_checks = {name: _simple_check(sub) for name, sub in properties.items()}
    branches = [_simple_check(branch) for branch in schema.get("anyOf", ())]
    if ("items" in schema and item_check is None) or None in property_checks.values() or None in branches:
        return None
    checks = {name: c for name, c in property_checks.items() if c is not None}
    any_of = [c for c in branches if c is not None]
    strings = search is not None or min_length is not None or max_length is not None
    numbers = minimum is not None or maximum is not None
    arrays = item_check is not None or min_items is not None or max_items is not None
    objects = bool(required) or bool(checks) or not extra

    def check(validator: Any, value: Any) -> bool:
        is_type = _draft_is_type if validator.TYPE_CHECKER is _DRAFT_TYPES else validator.is_type
        if types is not None and not any(is_type(value, t) for t in types):
            return False
        if strings and is_type(value, "string"):
            if search is not None and not search(value):
                return False
            if (min_length is not None and len(value) < min_length) or (
                max_length is not None and len(value) > max_length
            ):
                return False
        if (
            numbers
            and is_type(value, "number")
            and ((minimum is not None and value < minimum) or (maximum is not None and value > maximum))
        ):
            return False
        if arrays and is_type(value, "array"):
            if (min_items is not None and len(value) < min_items) or (max_items is not None and len(value) > max_items):
                return False
            if item_check is not None and not all(item_check(validator, item) for item in value):
                return False
        if objects and is_type(value, "object"):
            if any(key not in value for key in required):
                return False
            if not extra and any(key not in properties for key in value):
                return False
            if not all(c(validator, value[name]) for name, c in checks.items() if name in value):
                return False
        if enum is not None and value not in enum:
            return False
        return not any_of or any(c(validator, value) for c in any_of)

    return check


_DRAFT_TYPES = Draft202012Validator.TYPE_CHECKER


def _draft_is_type(value: Any, name: str) -> bool:
    """Draft 2020-12's type test, as its TYPE_CHECKER says, without the checker's lookups.

    >>> [_draft_is_type(v, "integer") for v in (1, 1.0, 1.5, True)]
    [True, True, False, False]
    >>> [_draft_is_type(v, t) for v, t in ((None, "null"), (True, "number"), ("a", "string"))]
    [True, False, True]
    """
    test = _TYPE_TESTS.get(name)
    return test(value) if test is not None else bool(_DRAFT_TYPES.is_type(value, name))


_TYPE_TESTS: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": lambda v: not isinstance(v, bool) and isinstance(v, numbers.Number),
    "integer": lambda v: not isinstance(v, bool) and (isinstance(v, int) or (isinstance(v, float) and v.is_integer())),
}
"""jsonschema's draft 2020-12 type tests (``jsonschema._types``), one per type name."""


def _properties(validator: Any, properties: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    """jsonschema's ``properties``, with simple values checked in place."""
    if not validator.is_type(instance, "object"):
        return
    for name, subschema in properties.items():
        if name in instance:
            check = _simple_check(subschema)
            if check is not None and check(validator, instance[name]):
                continue
            yield from validator.descend(instance[name], subschema, path=name, schema_path=name)


def _items(validator: Any, items: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    """jsonschema's ``items``, with simple items checked in place."""
    check = _simple_check(items)
    if check is None or "prefixItems" in schema or not validator.is_type(instance, "array"):
        yield from _STOCK["items"](validator, items, instance, schema)
        return
    for index, item in enumerate(instance):
        if not check(validator, item):
            yield from validator.descend(instance=item, schema=items, path=index)


def _any_of(validator: Any, any_of: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    """jsonschema's ``anyOf``: done when a simple branch holds, as jsonschema stops at the first that does."""
    for branch in any_of:
        check = _simple_check(branch)
        if check is not None and check(validator, instance):
            return
    yield from _STOCK["anyOf"](validator, any_of, instance, schema)


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
    if validator.is_type(instance, "string") and not whole_pattern(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


_STOCK = Draft202012Validator.VALIDATORS
FastValidator = validators.extend(
    Draft202012Validator, {"properties": _properties, "items": _items, "anyOf": _any_of, "pattern": _pattern}
)
"""Draft 2020-12 validation, same errors, without a subschema validator for each simple value;
a pattern's ``$`` means the end of the text, as JSON Schema (ECMA-262) says."""


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


@dataclass(frozen=True, slots=True)
class SchemaCheck:
    """What the schema found wrong with a document, and where."""

    diagnostics: tuple[Diagnostic, ...]
    """One diagnostic per faulty place, in a TO's words."""
    broken: frozenset[YamlPath]
    """Every path whose value the schema rejects; a missing required key is the path it
    would have. Later checks skip these parts rather than misread them. Unknown keys are
    not broken: nothing reads them."""


def validate_document(doc: SourceDocument, validator: Validator) -> list[Diagnostic]:
    """Validates a document against a schema and returns one diagnostic per faulty place."""
    return list(check_document(doc, validator).diagnostics)


def check_document(doc: SourceDocument, validator: Validator) -> SchemaCheck:
    """Validates a document against a schema: the diagnostics and the broken paths."""
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
