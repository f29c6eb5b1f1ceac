#!/usr/bin/env python3
"""Measures `whatsnew import` on a folder of real changelogs.

Usage: python3 Scripts/measure-import.py [--whatsnew PATH] [--cmark PATH] [--json] FOLDER

FOLDER holds one changelog per project: `FOLDER/<name>/CHANGELOG.md` (or any `*.md` directly in FOLDER).
For each, the script counts the release headings a reader would count (its own heuristic over cmark-gfm's
tree, independent of the importer), imports the file, counts the versions of the manifest, validates it,
compiles it back with `--markdown-style keepachangelog`, and reports:

- heads: release headings with a version number; unrel: unreleased headings without one (`Unreleased`,
  `master`, `Next`, `Development`, ...); versions: versions in the manifest (released + unreleased);
- valid: whether `whatsnew validate` exits 0; back: whether compiling back exits 0;
- warns: the import's warnings;
- words in: words of the text blocks under the first release heading and after it (headings not counted);
  words out: those words found again in the manifest (feature titles and subtitles, version summaries);
  lost: the rest, as a percentage; unwarned: lost words of blocks that no warning's range covers.
  (Words out are counted in feature titles, subtitles and sections, and in versions' summaries, dates and titles.)

Words are compared as multisets of lower-cased `\\w+` tokens of the text cmark-gfm sees (link URLs are not
words). The script only reads FOLDER; it writes nothing but a temporary directory it removes.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://commonmark.org/xml/1.0}"
WORD = re.compile(r"\w+", re.UNICODE)
# A heading that opens a release: optional `Version`/`Release`, a tag prefix (`v`, `name@`), then at least
# MAJOR.MINOR, and not a series such as `1.12.x` or `4.x`.
RELEASE = re.compile(r"^\W*(?:version\s+|release\s+)?(?:[\w./-]*@)?[vV]?(\d+\.\d+(?:\.\d+)?)(?![\w.]*\.[xX]\b)", re.IGNORECASE)
SERIES = re.compile(r"^\W*(?:version\s+)?v?\d+(\.\d+)*\.[xX]\b", re.IGNORECASE)
ONLY_VERSION = re.compile(r"^\W*v?\d+(\.\d+)+[\w.+-]*\W*$")
UNRELEASED = re.compile(r"^\W*(unreleased|master|main|next|development|head|upcoming|in development)\b\W*$", re.IGNORECASE)


def text_of(node):
    """The plain text of a tree (text, code, code and HTML blocks), as cmark-gfm's XML gives it. Inline HTML is
    markup (`<a name="1.2.0"></a>`, `<kbd>`), not words, on both sides."""
    parts = []
    for child in node.iter():
        tag = child.tag.replace(NS, "")
        if tag in ("text", "code", "code_block", "html_block") and child.text:
            parts.append(child.text)
        elif tag in ("softbreak", "linebreak"):
            parts.append(" ")
    return " ".join(parts)


def parse(cmark, markdown):
    out = subprocess.run([cmark, "-t", "xml", "--sourcepos", "-e", "table", "-e", "strikethrough"],
                         input=markdown.encode("utf-8"), capture_output=True, check=True)
    return ET.fromstring(out.stdout)


def lines_of(node):
    pos = node.get("sourcepos")
    if not pos:
        return None
    start, end = pos.split("-")
    return int(start.split(":")[0]), int(end.split(":")[0])


LEAVES = ("paragraph", "code_block", "html_block", "table")


def measure_source(cmark, markdown):
    """Release headings, unreleased headings, and the words of text blocks from the first release on."""
    root = parse(cmark, markdown)
    heads, unreleased = 0, 0
    started = False
    blocks = []  # (first line, last line, Counter of words)
    release_level = [None]  # the level of the first release heading: a deeper one counts only when it is a bare version

    def walk(node):
        nonlocal heads, unreleased, started
        for child in node:
            tag = child.tag.replace(NS, "")
            if tag == "heading":
                text = text_of(child).strip()
                level = int(child.get("level", "1"))
                if RELEASE.match(text) and not SERIES.match(text) and (release_level[0] is None or level <= release_level[0] or ONLY_VERSION.match(text)):
                    heads += 1
                    started = True
                    if release_level[0] is None:
                        release_level[0] = level
                elif UNRELEASED.match(text):
                    unreleased += 1
                    started = True
            elif tag in LEAVES:
                if started:
                    span = lines_of(child)
                    words = collections.Counter(w.lower() for w in WORD.findall(text_of(child)))
                    if span:
                        blocks.append((span[0], span[1], words))
            else:
                walk(child)

    walk(root)
    return heads, unreleased, blocks


def manifest_words(cmark, manifest):
    texts = []
    # A section heading is written once per feature: counted once per run of features under it.
    for version in manifest.get("versions") or []:
        # A date read from a paragraph (`_2026-06-08_`) and a release name are words that reach the manifest too.
        for key in ("summary", "date", "title"):
            if isinstance(version.get(key), str):
                texts.append(version[key])
        section = None
        for feature in version.get("features") or []:
            for key in ("title", "subtitle"):
                if isinstance(feature.get(key), str):
                    texts.append(feature[key])
            if isinstance(feature.get("section"), str) and feature["section"] != section:
                texts.append(feature["section"])
            section = feature.get("section")
    root = parse(cmark, "\n\n".join(texts))
    return collections.Counter(w.lower() for w in WORD.findall(text_of(root)))


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def measure(whatsnew, cmark, path, work):
    import yaml  # PyYAML reads the manifest the importer wrote.

    markdown = open(path, encoding="utf-8").read()
    heads, unreleased, blocks = measure_source(cmark, markdown)
    manifest_path = os.path.join(work, "notes.yaml")
    imported = run([whatsnew, "import", path, "-o", manifest_path, "--diagnostics", "json"])
    try:
        diagnostics = json.loads(imported.stderr or "[]")
    except json.JSONDecodeError:
        diagnostics = []
    warnings = [d for d in diagnostics if d.get("severity") == "warning"]
    row = {"heads": heads, "unreleased": unreleased, "import": imported.returncode, "warnings": len(warnings)}
    words_in = sum((c for _, _, c in blocks), collections.Counter())
    row["words_in"] = sum(words_in.values())
    if imported.returncode != 0 or not os.path.exists(manifest_path):
        row.update(versions=0, valid=False, back=False, words_out=0, lost=row["words_in"], unwarned=row["words_in"])
        return row
    manifest = yaml.safe_load(open(manifest_path, encoding="utf-8")) or {}
    versions = manifest.get("versions") or []
    row["versions"] = len(versions)
    row["released"] = sum(1 for v in versions if not v.get("unreleased"))
    validated = run([whatsnew, "validate", manifest_path])
    row["valid"] = validated.returncode == 0
    back = run([whatsnew, "compile", manifest_path, "--format", "markdown", "--markdown-style", "keepachangelog", "-o", "-"])
    row["back"] = back.returncode == 0
    out = manifest_words(cmark, manifest)
    lost = words_in - out
    row["words_out"] = row["words_in"] - sum(lost.values())
    row["lost"] = sum(lost.values())
    # Words of blocks outside every warned range, and how many of them did not reach the manifest.
    ranges = []
    for d in warnings:
        start = d.get("line")
        end = d.get("endLine") or start
        if isinstance(start, int):
            ranges.append((start, end))
    unwarned = collections.Counter()
    for first, last, words in blocks:
        if not any(s <= first and last <= e for s, e in ranges):
            unwarned += words
    row["unwarned"] = sum((unwarned - out).values())
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--whatsnew", default=".build/debug/whatsnew")
    parser.add_argument("--cmark", default="cmark-gfm")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args()
    files = []
    for name in sorted(os.listdir(args.folder)):
        path = os.path.join(args.folder, name)
        if os.path.isdir(path):
            for candidate in ("CHANGELOG.md", "CHANGES.md", "Changelog.md"):
                if os.path.exists(os.path.join(path, candidate)):
                    files.append((name, os.path.join(path, candidate)))
                    break
        elif name.endswith(".md") and name.lower() != "readme.md":
            files.append((name[:-3], path))
    rows = {}
    with tempfile.TemporaryDirectory() as work:
        for name, path in files:
            rows[name] = measure(args.whatsnew, args.cmark, path, work)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    header = "| file | heads | unrel | versions | valid | back | warns | words in | words out | lost | unwarned |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    totals = collections.Counter()
    for name, r in rows.items():
        lost_pct = 100.0 * r["lost"] / r["words_in"] if r["words_in"] else 0.0
        print(f"| {name} | {r['heads']} | {r['unreleased']} | {r['versions']} | {'yes' if r['valid'] else 'NO'} | "
              f"{'yes' if r['back'] else 'NO'} | {r['warnings']} | {r['words_in']} | {r['words_out']} | "
              f"{r['lost']} ({lost_pct:.1f}%) | {r['unwarned']} |")
        for key in ("heads", "unreleased", "versions", "warnings", "words_in", "words_out", "lost", "unwarned"):
            totals[key] += r[key]
        totals["valid"] += 1 if r["valid"] else 0
    print(f"| all {len(rows)} | {totals['heads']} | {totals['unreleased']} | {totals['versions']} | {totals['valid']}/{len(rows)} | | "
          f"{totals['warnings']} | {totals['words_in']} | {totals['words_out']} | {totals['lost']} | {totals['unwarned']} |")


if __name__ == "__main__":
    sys.exit(main())
