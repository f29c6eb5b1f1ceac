#!/usr/bin/env python3
"""Asks Python's jsonschema (Draft202012Validator) whether instances are valid, for the Swift tests that
check our evaluator agrees with it.

Reads JSON from standard input:
  {"schemaFile": PATH, "files": [PATH, ...], "cases": [{"schema": JSON_TEXT, "instance": YAML_TEXT}, ...]}
Writes JSON to standard output: {"files": [true|false, ...], "cases": [true|false, ...]}.
Exits 3 when PyYAML or jsonschema is missing (the tests then skip).

YAML is read as whatsnew reads it: the YAML 1.2 core schema (only true/false are booleans, no
timestamps, no sexagesimal or 0777 octal), merge keys applied, mapping keys as their literal text.
"""

import json
import re
import sys

try:
    import yaml
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit(3)


class CoreLoader(yaml.SafeLoader):
    """Resolves plain scalars by the YAML 1.2 core schema, as whatsnew's YAMLScalar.resolve does."""


CoreLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("merge", r"^(?:<<)$", ["<"]),
    ("null", r"^(?:~|null|Null|NULL|)$", list("~nN") + [""]),
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    ("float", r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
              r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", list("-+.0123456789")),
]:
    CoreLoader.add_implicit_resolver("tag:yaml.org,2002:" + tag, re.compile(pattern), first)


def convert(loader, node):
    if isinstance(node, yaml.ScalarNode):
        kind = node.tag.rsplit(":", 1)[-1]
        text = node.value
        if kind == "null":
            return None
        if kind == "bool":
            return text.lower() == "true"
        if kind == "int":
            if text.startswith("0o"):
                return int(text[2:], 8)
            if text.startswith("0x"):
                return int(text[2:], 16)
            return int(text)
        if kind == "float":
            lowered = text.lower().lstrip("+")
            if lowered in (".inf", "-.inf", ".nan"):
                return float(lowered.replace(".", ""))
            return float(text)
        return text
    if isinstance(node, yaml.SequenceNode):
        return [convert(loader, item) for item in node.value]
    loader.flatten_mapping(node)
    return {(key.value if isinstance(key, yaml.ScalarNode) else json.dumps(convert(loader, key))): convert(loader, value)
            for key, value in node.value}


def load_yaml(text):
    loader = CoreLoader(text)
    try:
        return convert(loader, loader.get_single_node())
    finally:
        loader.dispose()


def main():
    request = json.load(sys.stdin)
    result = {"files": [], "cases": []}
    if request.get("files"):
        with open(request["schemaFile"], encoding="utf-8") as handle:
            validator = Draft202012Validator(json.load(handle))
        for path in request["files"]:
            with open(path, encoding="utf-8-sig") as handle:
                result["files"].append(validator.is_valid(load_yaml(handle.read())))
    for case in request.get("cases", []):
        validator = Draft202012Validator(json.loads(case["schema"]))
        result["cases"].append(validator.is_valid(load_yaml(case["instance"])))
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
