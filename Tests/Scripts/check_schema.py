#!/usr/bin/env python3
"""Checks Schemas/whatsnew.schema.json and the fixtures that must satisfy it.

Usage: python3 Tests/Scripts/check_schema.py [--fix-format] [REPO_ROOT]

1. The schema is valid draft 2020-12, uses only the keywords the Swift evaluator supports, has a title
   and a description on every property, ECMA-262 and NSRegularExpression friendly patterns, and is
   formatted canonically (`--fix-format` rewrites it in that format).
2. Every valid fixture validates: Fixtures/notes.yaml, Fixtures/notes.json, Fixtures/valid/*/input.*,
   Fixtures/whatsnewkit/notes.json (and refs.yaml against #/$defs/refs).
3. Fixtures/notes.json is the exact JSON twin of Fixtures/notes.yaml (same data, same key order).
4. Fixture hygiene the schema cannot see: registry keys resolve, versions are distinct, feature ids
   are unique, image files exist; for Fixtures/notes.* also no warnings (every registry entry used, no
   duplicate title+subtitle in a version, every patch release has its x.y.0).
5. Negative cases are rejected (unknown key, bad color, two secondary-action kinds, bad versions, ...).

Needs PyYAML and jsonschema. Exits 1 and prints every failure when something is wrong.
"""

import copy
import glob
import decimal
import json
import os
import re
import shutil
import subprocess
import sys

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

ALLOWED_KEYWORDS = {
    "type", "enum", "const", "properties", "required", "additionalProperties", "patternProperties",
    "propertyNames", "items", "prefixItems", "contains", "minContains", "maxContains", "minItems",
    "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minProperties", "maxProperties",
    "dependentRequired", "dependentSchemas", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
    "$ref", "$defs", "$id", "$anchor", "format", "title", "description", "default", "examples",
    "$schema", "$comment", "deprecated", "readOnly", "writeOnly",
}
SCHEMA_MAP_KEYWORDS = {"properties", "patternProperties", "$defs", "dependentSchemas"}
SCHEMA_LIST_KEYWORDS = {"allOf", "anyOf", "oneOf", "prefixItems"}
SCHEMA_KEYWORDS = {"additionalProperties", "propertyNames", "items", "contains", "not", "if", "then",
                   "else"}
# Regex syntax that ECMA-262 or NSRegularExpression (ICU) lacks or reads differently.
FORBIDDEN_REGEX = [r"(?<", r"(?P", r"(?>", r"\p{", r"\P{", r"\A", r"\Z", r"\z", r"[[", r"++", r"*+",
                   r"?+", r"(?i", r"(?x", r"(?s", r"(?m"]

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


# ---------------------------------------------------------------- canonical JSON formatting

def _is_scalar(value):
    return not isinstance(value, (dict, list))


def _compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _is_flat(value):
    values = value.values() if isinstance(value, dict) else value
    return all(_is_scalar(v) or (isinstance(v, list) and all(map(_is_scalar, v))) for v in values)


def format_json(value, level=0, prefix=0):
    """2-space indented JSON; arrays of scalars and short flat objects stay on one line."""
    if _is_scalar(value) or (isinstance(value, list) and all(map(_is_scalar, value))):
        return _compact(value)
    if _is_flat(value) and 2 * level + prefix + len(_compact(value)) <= 100:
        return _compact(value)
    pad = "  " * (level + 1)
    if isinstance(value, dict):
        rows = [pad + _compact(k) + ": " + format_json(v, level + 1, len(_compact(k)) + 2)
                for k, v in value.items()]
        return "{\n" + ",\n".join(rows) + "\n" + "  " * level + "}"
    rows = [pad + format_json(v, level + 1) for v in value]
    return "[\n" + ",\n".join(rows) + "\n" + "  " * level + "]"


# ---------------------------------------------------------------- YAML loading

class LiteralLoader(yaml.SafeLoader):
    """SafeLoader that, like whatsnew, keeps `version` values and dates as their literal text."""


LiteralLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in copy.deepcopy(yaml.SafeLoader.yaml_implicit_resolvers).items()
}


def _prepare(node, path, seen=None):
    """Marks plain `version` scalars as strings and reports duplicate keys."""
    seen = seen if seen is not None else set()
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        keys = {}
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in keys and key.value != "<<":
                    fail(f"{path}:{key.start_mark.line + 1}: duplicate key '{key.value}'")
                keys[key.value] = True
                if key.value == "version" and isinstance(value, yaml.ScalarNode):
                    value.tag = "tag:yaml.org,2002:str"
            _prepare(value, path, seen)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _prepare(item, path, seen)


def load_yaml(path):
    with open(path, encoding="utf-8") as handle:
        loader = LiteralLoader(handle)
        try:
            node = loader.get_single_node()
            _prepare(node, path)
            return loader.construct_document(node)
        finally:
            loader.dispose()


def load(path):
    if path.endswith(".json"):
        with open(path, encoding="utf-8") as handle:
            # Fractional numbers keep their literal text ("1.10" stays 1.10, not 1.1), as YAML plain scalars do.
            return json.load(handle, object_pairs_hook=_no_duplicate_keys(path), parse_float=decimal.Decimal)
    return load_yaml(path)


def _no_duplicate_keys(path):
    def hook(pairs):
        keys = [k for k, _ in pairs]
        for k in set(keys):
            if keys.count(k) > 1:
                fail(f"{path}: duplicate key '{k}'")
        return dict(pairs)
    return hook


# ---------------------------------------------------------------- schema checks

def walk_schema(schema, pointer, visit):
    if not isinstance(schema, dict):
        return
    visit(schema, pointer)
    for key, value in schema.items():
        if key in SCHEMA_MAP_KEYWORDS and isinstance(value, dict):
            for name, sub in value.items():
                walk_schema(sub, f"{pointer}/{key}/{name}", visit)
        elif key in SCHEMA_LIST_KEYWORDS and isinstance(value, list):
            for index, sub in enumerate(value):
                walk_schema(sub, f"{pointer}/{key}/{index}", visit)
        elif key in SCHEMA_KEYWORDS:
            walk_schema(value, f"{pointer}/{key}", visit)


def check_schema_file(schema_path, fix_format):
    with open(schema_path, encoding="utf-8") as handle:
        text = handle.read()
    schema = json.loads(text)
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # noqa: BLE001 - report whatever the meta-schema says
        fail(f"schema is not valid draft 2020-12: {error}")
    if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
        fail("schema: $schema must be the draft 2020-12 URI")
    if schema.get("$id") != "https://whatsnew.dev/schemas/whatsnew.schema.json":
        fail("schema: unexpected $id")

    def visit(node, pointer):
        for key in node:
            if key not in ALLOWED_KEYWORDS:
                fail(f"schema {pointer}: keyword '{key}' is not supported by the evaluator")
        for name, sub in node.get("properties", {}).items():
            if not isinstance(sub, dict) or "title" not in sub or "description" not in sub:
                fail(f"schema {pointer}/properties/{name}: needs a title and a description")
        for pattern in [node.get("pattern")] + list(node.get("patternProperties", {})):
            if pattern is None:
                continue
            for bad in FORBIDDEN_REGEX:
                if bad in pattern:
                    fail(f"schema {pointer}: pattern {pattern!r} uses {bad!r}")
            try:
                re.compile(pattern)
            except re.error as error:
                fail(f"schema {pointer}: pattern {pattern!r} does not compile: {error}")
        ref = node.get("$ref")
        if ref is not None and ref.startswith("#/$defs/") and ref[8:] not in schema["$defs"]:
            fail(f"schema {pointer}: $ref {ref} points nowhere")

    walk_schema(schema, "#", visit)

    used = set(re.findall(r'"#/\$defs/([A-Za-z]+)"', text))
    for name in schema["$defs"]:
        if name not in used and name not in {"manifest", "refs"}:
            fail(f"schema: $defs/{name} is never referenced")

    canonical = format_json(schema) + "\n"
    if text != canonical:
        if fix_format:
            with open(schema_path, "w", encoding="utf-8") as handle:
                handle.write(canonical)
            print(f"rewrote {schema_path} in canonical format")
        else:
            fail("schema is not in canonical format; run with --fix-format")
    return schema


def validator_for(schema, fragment=None):
    """A validator for the whole schema, or for one of its parts by `$id` fragment (e.g. `#refs`)."""
    if fragment is not None:
        schema = {"$schema": schema["$schema"], "$ref": schema["$id"] + fragment,
                  "$defs": {"whatsnew": schema}}
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def errors_of(validator, instance):
    return sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))


def describe(error):
    best = best_match([error])
    location = "/" + "/".join(str(p) for p in best.absolute_path)
    return f"{location}: {best.message}"


# ---------------------------------------------------------------- fixture hygiene

def canonical_version(text):
    match = re.match(r"^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$", str(text))
    if not match:
        return None
    major, minor, patch, pre = match.groups()
    return (int(major), int(minor or 0), int(patch or 0), pre or "")


def check_hygiene(path, manifest, warnings):
    """Errors whatsnew would report, and (when `warnings`) the warnings too."""
    if not isinstance(manifest, dict) or "versions" not in manifest:
        return
    registries = {name: set(manifest.get(name, {}) or {})
                  for name in ("images", "primaryActions", "secondaryActions")}
    used = {name: set() for name in registries}

    def use(registry, reference, where):
        if isinstance(reference, str):
            if reference not in registries[registry]:
                fail(f"{path}: {where}: '{reference}' is not a key of {registry}")
            used[registry].add(reference)

    defaults = manifest.get("defaults", {}) or {}
    use("primaryActions", defaults.get("primaryAction"), "defaults.primaryAction")
    app_icon = (manifest.get("app", {}) or {}).get("icon")
    use("images", app_icon, "app.icon")
    use("secondaryActions", defaults.get("secondaryAction"), "defaults.secondaryAction")

    versions = {}
    feature_ids = {}
    base_dir = os.path.dirname(path)
    inline_app_icon = [app_icon] if isinstance(app_icon, dict) else []
    for image in list((manifest.get("images", {}) or {}).values()) + inline_app_icon:
        if "file" in image and not os.path.isfile(os.path.join(base_dir, image["file"])):
            fail(f"{path}: image file {image['file']} does not exist")
    for entry in manifest["versions"]:
        label = str(entry["version"])
        key = canonical_version(label)
        if key in versions:
            fail(f"{path}: versions {versions[key]} and {label} are the same version")
        versions[key] = label
        use("primaryActions", entry.get("primaryAction"), f"version {label}")
        use("secondaryActions", entry.get("secondaryAction"), f"version {label}")
        pairs = set()
        for feature in entry["features"]:
            use("images", feature.get("image"), f"version {label}")
            image = feature.get("image")
            if isinstance(image, dict) and "file" in image:
                if not os.path.isfile(os.path.join(base_dir, image["file"])):
                    fail(f"{path}: image file {image['file']} does not exist")
            pair = json.dumps([feature["title"], feature["subtitle"]], sort_keys=True)
            if pair in pairs and warnings:
                fail(f"{path}: version {label} has two features with the same title and subtitle")
            pairs.add(pair)
            if "id" in feature:
                if feature["id"] in feature_ids:
                    fail(f"{path}: feature id '{feature['id']}' is used twice")
                feature_ids[feature["id"]] = label
    if not warnings:
        return
    for key, label in versions.items():
        if key and key[2] != 0 and not key[3] and (key[0], key[1], 0, "") not in versions:
            fail(f"{path}: patch release {label} has no {key[0]}.{key[1]}.0")
    for registry, keys in registries.items():
        for unused in sorted(keys - used[registry]):
            fail(f"{path}: {registry} entry '{unused}' is never used")


# ---------------------------------------------------------------- JSON twin

def stringify(value):
    """A JSON value with every scalar as the text YAML's BaseLoader would read."""
    if isinstance(value, dict):
        return [(k, stringify(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [stringify(v) for v in value]
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def ordered(value):
    if isinstance(value, dict):
        return [(k, ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [ordered(v) for v in value]
    return value


def check_twin(yaml_path, json_path):
    with open(yaml_path, encoding="utf-8") as handle:
        literal = yaml.load(handle, Loader=yaml.BaseLoader)
    with open(json_path, encoding="utf-8") as handle:
        text = handle.read()
    # Fractional numbers keep their literal text ("1.10"), as YAML's plain scalars do.
    data = json.loads(text, parse_float=str)
    if ordered(literal) != stringify(data):
        fail(f"{json_path} is not the JSON twin of {yaml_path} (data or key order differ)")
    quoted_floats = re.sub(r'(": )(-?[0-9]+\.[0-9]+)(,?)$', r'\1"\2"\3', text, flags=re.M)
    if quoted_floats != json.dumps(data, indent=2, ensure_ascii=False) + "\n":
        fail(f"{json_path} is not 2-space indented JSON with a final newline")
    def numbers_as_text(value):
        if isinstance(value, dict):
            return {k: numbers_as_text(v) for k, v in value.items()}
        if isinstance(value, list):
            return [numbers_as_text(v) for v in value]
        if isinstance(value, (float, decimal.Decimal)):
            return str(value)
        return value
    if numbers_as_text(load_yaml(yaml_path)) != numbers_as_text(json.loads(text, parse_float=decimal.Decimal)):
        fail(f"{json_path} and {yaml_path} differ in value types")


# ---------------------------------------------------------------- negative cases

def minimal(**version_fields):
    version = {"version": "1.0.0", "features": [{"title": "T", "subtitle": "S"}]}
    version.update(version_fields)
    return {"versions": [version]}


NEGATIVE = {
    "unknown top-level key": {"verisons": [], "versions": minimal()["versions"]},
    "unknown feature key": minimal(features=[{"title": "T", "subtitle": "S", "subtilte": "x"}]),
    "no versions": {"app": {"name": "Trails"}},
    "empty versions": {"versions": []},
    "bad color name": minimal(primaryAction={"backgroundColor": "accentcolor"}),
    "bad hex color": minimal(primaryAction={"backgroundColor": "#12345"}),
    "secondary openURL and dismiss": minimal(secondaryAction={
        "title": "x", "openURL": "https://example.com", "dismiss": True}),
    "secondary without kind": minimal(secondaryAction={"title": "x"}),
    "secondary without title": minimal(secondaryAction={"dismiss": True}),
    "dismiss false": minimal(secondaryAction={"title": "x", "dismiss": False}),
    "present without body": minimal(secondaryAction={"title": "x", "present": {"title": "t"}}),
    "image with two kinds": minimal(features=[{"title": "T", "subtitle": "S",
                                               "image": {"systemName": "star", "emoji": "⭐"}}]),
    "image without kind": minimal(features=[{"title": "T", "subtitle": "S",
                                             "image": {"foregroundColor": "red"}}]),
    "bad rendering mode": minimal(features=[{"title": "T", "subtitle": "S",
                                             "image": {"systemName": "star", "renderingMode": "x"}}]),
    "bad locale key": minimal(title={"english": "What's New"}),
    "bad platform": minimal(features=[{"title": "T", "subtitle": "S", "platforms": ["iOS"]}]),
    "bad feature id": minimal(features=[{"id": "Offline Maps", "title": "T", "subtitle": "S"}]),
    "bad registry key": {"images": {"1star": {"systemName": "star"}}, **minimal()},
    "bad haptic": minimal(primaryAction={"hapticFeedback": "impact"}),
    "bad haptic intensity": minimal(primaryAction={"hapticFeedback": {"impact": {"intensity": 2}}}),
    "bad notification": minimal(primaryAction={"hapticFeedback": {"notification": "fail"}}),
    "bad alignment": minimal(layout={"featureHorizontalAlignment": "leading"}),
    "unknown layout key": minimal(layout={"featureSpacing": 3}),
    "bad edge insets key": minimal(layout={"contentPadding": {"left": 3}}),
    "bad date": minimal(date="2026-13-01"),
    "bad date shape": minimal(date="1 Nov 2026"),
    "bad app id": {"app": {"id": "../etc"}, **minimal()},
    "app icon with two kinds": {"app": {"icon": {"systemName": "star", "emoji": "⭐"}}, **minimal()},
    "app icon not an image": {"app": {"icon": ["star"]}, **minimal()},
    "app icon with unknown key": {"app": {"icon": {"emoji": "⭐", "color": "red"}}, **minimal()},
    "title with unknown key": minimal(title={"text": "x", "color": "red"}),
    "whatsnewkit doc without secondaryAction": {
        "version": "1.0.0", "title": "t", "features": [], "primaryAction": "continue"},
    "whatsnewkit doc with inline image": {
        "version": "1.0.0", "title": "t", "primaryAction": "c", "secondaryAction": "l",
        "features": [{"image": {"systemName": "star"}, "title": "t", "subtitle": "s"}]},
    "empty whatsnewkit array": [],
    "not an object": "versions",
}

GOOD_VERSIONS = ["1", "1.2", "1.2.3", "v1.2.3", "0.0.0", "10.20.30", "1.0.0-alpha", "1.0.0-alpha.1",
                 "1.0.0-0.3.7", "1.0.0-x.7.z.92", "1.0.0-x-y-z.--", "1.0.0-alpha+001",
                 "1.0.0+20130313144700", "1.0.0-beta+exp.sha.5114f85", "2.0.0-rc.1+build.1",
                 "1.2-beta", 1.1, 2]
BAD_VERSIONS = ["01.2", "1.02", "1.2.03", "1.2.3.4", "1.0.0-01", "1.0.0-", "1.0.0+", "1.0.0-alpha..1",
                "V1.2.3", "v", "", "1.2.", ".1", "1.0.0-al_pha", "1.0.0+build+2", " 1.0.0", "1.0.0 ",
                "one", -1]


POSITIVE = {
    "whatsnewkit doc without a secondary action": {
        "version": "1.0.0", "title": "t", "features": [], "primaryAction": "c", "secondaryAction": ""},
    "whatsnewkit array": [
        {"version": "1.1.0", "title": "t", "features": [], "primaryAction": "c", "secondaryAction": "l"},
        {"version": "1.0.0", "title": "t", "primaryAction": "c", "secondaryAction": "l",
         "features": [{"image": "star.fill", "title": "t", "subtitle": "s"}]}],
    "$schema key": {"$schema": "../Schemas/whatsnew.schema.json", **minimal()},
    "colored localized title": minimal(title={"text": {"en": "a", "de-AT": "b"}, "foregroundColor": "#fff"}),
    "inline actions": minimal(primaryAction={}, secondaryAction={"title": "x", "custom": "a.b:c"}),
    "present with localized body": minimal(secondaryAction={
        "title": "x", "present": {"body": {"en": "# Hi", "zh-Hans": "你好"}}}),
    "impact without fields": minimal(primaryAction={"hapticFeedback": {"impact": {}}}),
    "insets as numbers": minimal(layout={"contentPadding": 0, "featureListPadding": -4.5}),
    "app icon by key": {"app": {"name": "Trails", "icon": "logo"}, "images": {"logo": {"emoji": "🥾"}}, **minimal()},
    "inline app icon": {"app": {"icon": {"file": "assets/logo.svg", "foregroundColor": "#2E7D32",
                                         "alt": {"en": "Trails", "de": "Trails"}}}, **minimal()},
}


def check_negatives(validator):
    for name, instance in POSITIVE.items():
        errors = errors_of(validator, instance)
        if errors:
            fail(f"positive case rejected: {name}: {describe(errors[0])}")
    fragment = validator_for(json.loads(json.dumps(validator.schema)), "#fragment")
    if not fragment.is_valid({"images": {"star": {"emoji": "⭐"}}}):
        fail("a fragment with only images is rejected by #fragment")
    if fragment.is_valid({"images": {"star": {"emoji": "⭐"}}, "extra": 1}):
        fail("a fragment with an unknown key is accepted by #fragment")

    for name, instance in NEGATIVE.items():
        if validator.is_valid(instance):
            fail(f"negative case accepted: {name}")
    for version in GOOD_VERSIONS:
        errors = errors_of(validator, minimal(version=version))
        if errors:
            fail(f"version {version!r} rejected: {describe(errors[0])}")
    for version in BAD_VERSIONS:
        if validator.is_valid(minimal(version=version)):
            fail(f"version {version!r} accepted")
    good_colors = ["accentColor", "clear", "#abc", "#A1B2C3", "#A1B2C3D4"]
    bad_colors = ["Blue", "#ab", "#abcd", "#A1B2C3D", "rgb(0,0,0)", "#GGG", ""]
    for color in good_colors:
        if not validator.is_valid(minimal(primaryAction={"foregroundColor": color})):
            fail(f"color {color!r} rejected")
    for color in bad_colors:
        if validator.is_valid(minimal(primaryAction={"foregroundColor": color})):
            fail(f"color {color!r} accepted")


def check_ecma_patterns(schema):
    """When node is installed: every pattern compiles as an ECMA-262 `u` regex and agrees with Python."""
    node = shutil.which("node")
    if node is None:
        print("note: node not found; ECMA-262 pattern check skipped")
        return
    patterns = []
    walk_schema(schema, "#", lambda n, _: patterns.extend(
        [n["pattern"]] if "pattern" in n else []) or patterns.extend(n.get("patternProperties", {})))
    samples = [v for v in GOOD_VERSIONS + BAD_VERSIONS if isinstance(v, str)]
    samples += ["#abc", "#A1B2C3D", "accentColor", "zh-Hans", "de-AT", "es-419", "english", "star.fill",
                "learnMore", "1star", "offline-maps", "2026-11-01", "2026-13-01", "com.example.trails"]
    script = ("const [ps, ss] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(ps.map(p => { const r = new RegExp(p, 'u');"
              " return ss.map(s => r.test(s)); })));")
    result = subprocess.run([node, "-e", script], input=json.dumps([patterns, samples]),
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        reason = [line for line in result.stderr.splitlines() if "SyntaxError" in line] or ["?"]
        fail(f"a pattern is not ECMA-262: {reason[0].strip()}")
        return
    for pattern, ecma in zip(patterns, json.loads(result.stdout)):
        python = [re.search(pattern, sample) is not None for sample in samples]
        if python != ecma:
            fail(f"pattern {pattern!r} matches differently in ECMA-262 and Python")


# ---------------------------------------------------------------- main

def main(argv):
    fix_format = "--fix-format" in argv
    args = [a for a in argv if not a.startswith("--")]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    root = os.path.normpath(root)
    schema = check_schema_file(os.path.join(root, "Schemas", "whatsnew.schema.json"), fix_format)
    validator = validator_for(schema)

    fixtures = [os.path.join(root, "Fixtures", name) for name in ("notes.yaml", "notes.json")]
    fixtures += sorted(glob.glob(os.path.join(root, "Fixtures", "valid", "*", "input.*")))
    fixtures += [os.path.join(root, "Fixtures", "whatsnewkit", name) for name in ("notes.json", "inline.yaml")]
    for path in fixtures:
        relative = os.path.relpath(path, root)
        try:
            instance = load(path)
        except Exception as error:  # noqa: BLE001
            fail(f"{relative}: cannot be read: {error}")
            continue
        for error in errors_of(validator, instance):
            fail(f"{relative}: {describe(error)}")
        is_showcase = os.path.basename(os.path.dirname(path)) == "Fixtures"
        check_hygiene(relative, instance, warnings=is_showcase)
        if path.endswith(".yaml"):
            with open(path, encoding="utf-8") as handle:
                first = handle.readline()
            if not first.startswith("# yaml-language-server: $schema="):
                if is_showcase:
                    fail(f"{relative}: first line is not the yaml-language-server schema comment")
                continue
            target = os.path.join(os.path.dirname(path), first.split("$schema=", 1)[1].strip())
            if not os.path.isfile(target):
                fail(f"{relative}: schema comment points to {target}, which does not exist")

    refs_path = os.path.join(root, "Fixtures", "whatsnewkit", "refs.yaml")
    refs = load(refs_path)
    for error in errors_of(validator_for(schema, "#refs"), refs):
        fail(f"Fixtures/whatsnewkit/refs.yaml: {describe(error)}")
    document = load(os.path.join(root, "Fixtures", "whatsnewkit", "notes.json"))
    wanted = {"images": {f["image"] for f in document["features"]},
              "primaryActions": {document["primaryAction"]},
              "secondaryActions": {document["secondaryAction"]}}
    for registry, keys in wanted.items():
        if set(refs.get(registry, {})) != keys:
            fail(f"refs.yaml: {registry} should hold exactly {sorted(keys)}")
    if not validator_for(schema, "#refs").is_valid(refs) or validator.is_valid(refs):
        fail("refs.yaml should validate against #refs only, not as a manifest")

    check_twin(os.path.join(root, "Fixtures", "notes.yaml"), os.path.join(root, "Fixtures", "notes.json"))
    check_negatives(validator)
    check_ecma_patterns(schema)

    if failures:
        print(f"\n{len(failures)} check(s) failed")
        return 1
    print(f"schema and {len(fixtures) + 1} fixtures OK; {len(NEGATIVE)} negative cases rejected")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
