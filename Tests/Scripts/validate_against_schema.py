#!/usr/bin/env python3
"""Validates JSON or YAML files against a JSON Schema with Python's jsonschema.

Usage: python3 Tests/Scripts/validate_against_schema.py [--hygiene] SCHEMA FILE...

The validator follows the schema's `$schema` (draft 04 for SARIF 2.1.0, draft 2020-12 for whatsnew's
own schema), with format checking on. YAML files are read the way whatsnew reads them (check_schema.py's
loader: `version` values and dates keep their literal text). With --hygiene, each file must also pass
check_schema.py's fixture hygiene with warnings on: references resolve, versions are distinct, every
registry entry is used, and so on.

Prints every failure and exits 1 when there is one; prints one line per valid file otherwise.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import check_schema  # noqa: E402 - next to this file
from jsonschema import validators  # noqa: E402


def main(argv):
    hygiene = "--hygiene" in argv
    args = [a for a in argv if not a.startswith("--")]
    if len(args) < 2:
        print(__doc__.strip().splitlines()[2])
        return 64
    schema_path, paths = args[0], args[1:]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    cls = validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    failed = False
    for path in paths:
        instance = check_schema.load(path)
        errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
        for error in errors:
            failed = True
            print(f"FAIL: {path}: {check_schema.describe(error)}")
        if hygiene:
            before = len(check_schema.failures)
            check_schema.check_hygiene(path, instance, warnings=True)
            failed = failed or len(check_schema.failures) > before
        if not errors:
            print(f"{path}: valid against {os.path.basename(schema_path)}")
    failed = failed or bool(check_schema.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
