#!/usr/bin/env python3
"""Writes the key tables of docs/manifest.md from Schemas/whatsnew.schema.json, so the two cannot drift.

docs/manifest.md is written by hand around generated parts, each between two markers:

    <!-- schema-keys: POINTER -->      a table of the keys of the object at $defs/POINTER (a JSON Pointer
    ...                                below $defs, such as `app` or `title/anyOf/1`): key, type, default,
    <!-- /schema-keys -->              and the schema's `description` of each

    <!-- schema-values -->             a table of every definition that is not an object with keys
    ...                                (versions, colors, locales, …): its description, examples, and the
    <!-- /schema-values -->            values, pattern or range it allows

Every object with keys in the schema must have a table somewhere in the document; a definition a `$ref`
points to needs a name in LABELS below (the words the type column uses, and the section they link to).

Usage: Scripts/generate-manifest-reference.py           rewrites docs/manifest.md
       Scripts/generate-manifest-reference.py --check   exits 1, with a diff, when docs/manifest.md differs
                                                        (DocumentationTests runs this)
Standard library only.
"""
import difflib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "Schemas", "whatsnew.schema.json")
DOCUMENT = os.path.join(ROOT, "docs", "manifest.md")

# What the type column says for a `$ref` to each definition, and where in docs/manifest.md it is explained.
LABELS = {
    "manifest": ("manifest", "#the-top-level-keys"),
    "manifestFragment": ("manifest fragment", "#fragments"),
    "refs": ("registries file", "#registries-files---refs"),
    "app": ("app", "#app"),
    "defaults": ("defaults", "#defaults"),
    "stores": ("stores", "#stores"),
    "storeLocales": ("store locales", "#stores"),
    "storeLocaleCode": ("store locale code", "#value-types"),
    "imageRegistry": ("map of key to [image](#images)", "#images"),
    "primaryActionRegistry": ("map of key to [primary action](#primary-actions)", "#primary-actions"),
    "secondaryActionRegistry": ("map of key to [secondary action](#secondary-actions)", "#secondary-actions"),
    "registryKey": ("registry key", "#value-types"),
    "versionEntry": ("version", "#versions"),
    "version": ("version", "#version-numbers"),
    "versionString": ("version string", "#version-numbers"),
    "date": ("date", "#value-types"),
    "build": ("build number", "#value-types"),
    "feature": ("feature", "#features"),
    "platform": ("platform", "#value-types"),
    "text": ("text", "#text"),
    "localizedText": ("localized text", "#text"),
    "localizableText": ("text", "#text"),
    "locale": ("locale", "#value-types"),
    "title": ("title", "#titles"),
    "color": ("color", "#colors"),
    "imageRef": ("image", "#images"),
    "image": ("image", "#images"),
    "primaryActionRef": ("primary action", "#primary-actions"),
    "primaryAction": ("primary action", "#primary-actions"),
    "secondaryActionRef": ("secondary action", "#secondary-actions"),
    "secondaryAction": ("secondary action", "#secondary-actions"),
    "presentPage": ("page", "#present-pages"),
    "hapticFeedback": ("haptic feedback", "#haptic-feedback"),
    "points": ("points", "#layout"),
    "edgeInsets": ("edge insets", "#edge-insets"),
    "layout": ("layout", "#layout"),
    "tip": ("tip", "#tips"),
    "tipAction": ("tip action", "#tip-actions"),
    "tipRule": ("tip rule", "#tip-rules"),
    "tipDuration": ("duration", "#tip-rules"),
    "tipGroup": ("tip group", "#tip-groups"),
    "whatsNewKitCollection": ("WhatsNewKit collection", "#whatsnewkit-documents"),
    "whatsNewKitDocument": ("WhatsNewKit document", "#whatsnewkit-documents"),
    "whatsNewKitFeature": ("WhatsNewKit feature", "#whatsnewkit-documents"),
}

KEYS = re.compile(r"<!-- schema-keys: (\S+) -->\n.*?<!-- /schema-keys -->", re.S)
VALUES = re.compile(r"<!-- schema-values -->\n.*?<!-- /schema-values -->", re.S)


class ReferenceError(Exception):
    pass


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def flow(value):
    """A JSON value as YAML flow text, as a manifest would write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False) if re.search(r"[:#{}\[\],&*!|>'\"%@`]|^\s|\s$|^$", value) else value
    return json.dumps(value)


def code(text):
    return "`` " + text + " ``" if "`" in text else "`" + text + "`"


def ref_name(schema):
    ref = schema.get("$ref", "")
    if not ref.startswith("#/$defs/"):
        return None
    name = ref[len("#/$defs/"):]
    if name not in LABELS:
        raise ReferenceError(f"$defs/{name} has no entry in LABELS of Scripts/generate-manifest-reference.py")
    return name


def type_text(schema):
    """What a value of `schema` is, in words, with links to where the doc explains it."""
    name = ref_name(schema)
    if name:
        label, anchor = LABELS[name]
        return label if "](" in label else f"[{label}]({anchor})"
    if "const" in schema:
        return code(flow(schema["const"]))
    if "enum" in schema:
        return "one of " + ", ".join(code(flow(v)) for v in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(type_text(alternative) for alternative in schema[key])
    kind = schema.get("type")
    if kind == "array":
        return "list of " + type_text(schema.get("items", {}))
    if isinstance(kind, list):
        return " or ".join(kind)
    if kind == "object" and "properties" in schema:
        return "mapping (below)"
    return kind or "any value"


def resolve(schema, pointer):
    node = schema["$defs"]
    for part in pointer.split("/"):
        node = node[int(part)] if isinstance(node, list) else node.get(part)
        if node is None:
            raise ReferenceError(f"docs/manifest.md names $defs/{pointer}, which the schema does not have")
    return node


def key_table(schema, pointer):
    node = resolve(schema, pointer)
    properties = node.get("properties")
    if not properties:
        raise ReferenceError(f"$defs/{pointer} has no keys to list")
    required = set(node.get("required", []))
    lines = ["| key | type | default | description |", "| --- | --- | --- | --- |"]
    for key, value in properties.items():
        name = code(key) + (" (required)" if key in required else "")
        default = code(flow(value["default"])) if "default" in value else ""
        description = value.get("description", "")
        if not description:
            raise ReferenceError(f"$defs/{pointer}/properties/{key} has no description")
        lines.append(f"| {name} | {cell(type_text(value))} | {cell(default)} | {cell(description)} |")
    if node.get("additionalProperties") is False:
        lines.append("")
        lines.append("No other key is allowed (`unknown-key`).")
    if "oneOf" in node and all(list(alternative) == ["required"] for alternative in node["oneOf"]):
        keys = [alternative["required"][0] for alternative in node["oneOf"]]
        lines.append("")
        lines.append("Exactly one of " + ", ".join(code(k) for k in keys) + " must be given.")
    return "\n".join(lines)


def allowed(node):
    """What a scalar definition allows: its values, pattern, range or length."""
    parts = []
    if "enum" in node:
        parts.append("one of " + ", ".join(code(flow(v)) for v in node["enum"]))
    if "pattern" in node:
        parts.append("matches " + code(node["pattern"]))
    if "minimum" in node and "maximum" in node:
        parts.append(f"from {node['minimum']} to {node['maximum']}")
    elif "minimum" in node:
        parts.append(f"at least {node['minimum']}")
    elif "maximum" in node:
        parts.append(f"at most {node['maximum']}")
    if "maxLength" in node:
        parts.append(f"at most {node['maxLength']} characters")
    for key in ("anyOf", "oneOf"):
        for alternative in node.get(key, []):
            if "$ref" in alternative:
                parts.append(type_text(alternative))
                continue
            inner = allowed(alternative)
            title = alternative.get("title")
            if inner:
                parts.append((title.lower() + ": " if title else "") + inner)
            elif alternative.get("type") == "object":
                parts.append((title.lower() if title else "a mapping") + " (the keys in its table)")
            elif alternative.get("type"):
                parts.append(type_text(alternative))
    return "; ".join(parts)


def value_table(schema):
    lines = ["| definition | description | allows | examples |", "| --- | --- | --- | --- |"]
    for name, node in schema["$defs"].items():
        if "properties" in node or name in ("manifest", "whatsNewKitCollection") or node.get("type") == "object":
            continue
        label = LABELS[name][0] if name in LABELS else name
        examples = ", ".join(code(flow(v)) for v in node.get("examples", []))
        lines.append(f"| {cell(label)} (`{name}`) | {cell(node.get('description', ''))} | {cell(allowed(node))} | {cell(examples)} |")
    return "\n".join(lines)


def objects_with_keys(node, pointer, found):
    """Every pointer below $defs whose schema lists keys."""
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict) and node["properties"]:
            found.append(pointer)
            for key, value in node["properties"].items():
                objects_with_keys(value, f"{pointer}/properties/{key}", found)
        for key in ("anyOf", "oneOf", "allOf"):
            for index, value in enumerate(node.get(key, [])):
                objects_with_keys(value, f"{pointer}/{key}/{index}", found)
        for key in ("items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                objects_with_keys(node[key], f"{pointer}/{key}", found)
    return found


def generate(text, schema):
    used = []

    def keys(match):
        used.append(match.group(1))
        return f"<!-- schema-keys: {match.group(1)} -->\n{key_table(schema, match.group(1))}\n<!-- /schema-keys -->"

    text = KEYS.sub(keys, text)
    if not VALUES.search(text):
        raise ReferenceError("docs/manifest.md has no <!-- schema-values --> table")
    text = VALUES.sub(lambda _: f"<!-- schema-values -->\n{value_table(schema)}\n<!-- /schema-values -->", text)
    missing = []
    for name, node in schema["$defs"].items():
        missing += [p for p in objects_with_keys(node, name, []) if p not in used]
    if missing:
        raise ReferenceError("docs/manifest.md has no key table for " + ", ".join("$defs/" + p for p in missing)
                             + "; add '<!-- schema-keys: POINTER -->\\n<!-- /schema-keys -->' where it is explained")
    for name in schema["$defs"]:
        if name not in LABELS:
            raise ReferenceError(f"$defs/{name} has no entry in LABELS of Scripts/generate-manifest-reference.py")
    return text


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 64
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    with open(DOCUMENT, encoding="utf-8") as f:
        current = f.read()
    try:
        generated = generate(current, schema)
    except ReferenceError as error:
        print(f"generate-manifest-reference: {error}", file=sys.stderr)
        return 1
    if check:
        if generated == current:
            return 0
        diff = difflib.unified_diff(current.splitlines(), generated.splitlines(), "docs/manifest.md (committed)",
                                    "docs/manifest.md (from the schema now)", lineterm="", n=1)
        print("docs/manifest.md differs from what the schema says; run 'python3 Scripts/generate-manifest-reference.py':")
        print("\n".join(list(diff)[:80]))
        return 1
    if generated != current:
        with open(DOCUMENT + ".tmp", "w", encoding="utf-8") as f:
            f.write(generated)
        os.replace(DOCUMENT + ".tmp", DOCUMENT)
        print("wrote docs/manifest.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
