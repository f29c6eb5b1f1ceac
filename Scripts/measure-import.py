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
- diffs: differences between the original and the written-back changelog, compared through cmark-gfm's tree release
  by release (each block a record: a release heading as its version, ISO date, yanked mark and link; a heading,
  paragraph, list item, code block (with its language) or HTML block as its inline content with the markup
  written one way); unexpl: those no import warning explains, that is, a record of the original missing from the
  written-back release whose lines no warning's range (line to endLine) reaches, and each record the written-back
  release has beyond the number it lost (text that appeared from nowhere). `--details` prints the unexplained ones.

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


def parse(cmark, markdown, autolink=False):
    out = subprocess.run([cmark, "-t", "xml", "--sourcepos", "-e", "table", "-e", "strikethrough"] + (["-e", "autolink"] if autolink else []),
                         input=markdown.encode("utf-8"), capture_output=True, check=True)
    return ET.fromstring(out.stdout)


def lines_of(node):
    pos = node.get("sourcepos")
    if not pos:
        return None
    start, end = pos.split("-")
    # (cmark-gfm may end an HTML block on the line before it starts.)
    first = int(start.split(":")[0])
    return first, max(first, int(end.split(":")[0]))


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


VERSION_TOKEN = re.compile(r"\d+(?:[.+-]?[0-9A-Za-z]+)*")
ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%d %B, %Y", "%d %b, %Y", "%Y/%m/%d", "%Y.%m.%d", "%d.%m.%Y",
                "%B %d %Y", "%b %d %Y", "%b. %d, %Y")
HTML_DELIMITERS = {"b": "**", "strong": "**", "i": "*", "em": "*", "s": "~~", "del": "~~", "strike": "~~", "code": "`"}


def inline_markup(node):
    """An element's inline content with its markup written one way: the written-back file spells emphasis `*`,
    strong `**`, code with backticks, and HTML tags with an exact Markdown equivalent as it."""
    tag = node.tag.replace(NS, "")
    children = list(node)
    inner = lambda: inlines_markup(children)
    if tag in ("text", "html_inline", "html_block"):
        return node.text or ""
    if tag in ("softbreak", "linebreak"):
        return " "
    if tag == "code":
        return "`" + (node.text or "") + "`"
    if tag == "code_block":
        return " ```" + (node.get("info") or "") + " " + (node.text or "") + "``` "
    if tag == "emph":
        return "*" + inner() + "*"
    if tag == "strong":
        return "**" + inner() + "**"
    if tag == "strikethrough":
        return "~~" + inner() + "~~"
    if tag in ("link", "image"):
        return ("!" if tag == "image" else "") + "[" + inner() + "](" + (node.get("destination") or "") + ")"
    if tag in ("paragraph", "item", "list", "block_quote", "heading"):
        return " " + inner() + " "
    return inner()


def inlines_markup(nodes):
    def html_tag(node):
        return (node.text or "").lower() if node.tag.replace(NS, "") == "html_inline" else None
    out, index = [], 0
    while index < len(nodes):
        node = nodes[index]
        index += 1
        tag = html_tag(node)
        if tag in ("<br>", "<br/>", "<br />") and any(text_of(rest).strip() for rest in nodes[index:]):
            out.append(" ")
            continue
        name = (tag or "")[1:-1]
        if name in HTML_DELIMITERS:
            close = next((i for i in range(index, len(nodes)) if html_tag(nodes[i]) == "</" + name + ">"), None)
            if close is not None:
                out.append(HTML_DELIMITERS[name] + inlines_markup(nodes[index:close]) + HTML_DELIMITERS[name])
                index = close + 1
                continue
        out.append(inline_markup(node))
    return "".join(out)


def collapsed(text):
    return " ".join(text.split())


def iso_date(text):
    match = ISO_DATE.search(text)
    if match:
        return match.group(0)
    import datetime
    words = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", re.sub(r"[()\[\]_*]", " ", text))
    for fmt in DATE_FORMATS:
        for pattern in (r"[A-Z][a-z]+\.? \d{1,2},? \d{4}", r"\d{1,2} [A-Z][a-z]+,? \d{4}", r"\d{4}[/.]\d{2}[/.]\d{2}", r"\d{2}\.\d{2}\.\d{4}"):
            for found in re.findall(pattern, words):
                try:
                    return datetime.datetime.strptime(found, fmt).strftime("%Y-%m-%d")
                except ValueError:
                    pass
    return ""


def release_records(cmark, markdown, written_back):
    """The records of each release, in order: [(key, heading record, [(record, first line, last line)])]. The
    original's releases are found as `measure_source` finds them; the written-back file's are its `##` headings.
    (Read with GitHub's autolinks, as whatsnew reads the original: a bare URL written back as a link is no change.)"""
    root = parse(cmark, markdown, autolink=True)
    releases = []
    release_level = [None]

    def is_release(child):
        text = text_of(child).strip()
        level = int(child.get("level", "1"))
        if written_back:
            return level == 2
        if RELEASE.match(text) and not SERIES.match(text) and (release_level[0] is None or level <= release_level[0] or ONLY_VERSION.match(text)):
            if release_level[0] is None:
                release_level[0] = level
            return True
        return bool(UNRELEASED.match(text))

    def heading_record(child):
        text = text_of(child).strip()
        unreleased = UNRELEASED.match(text) or re.search(r"\bunreleased\b", text, re.IGNORECASE)
        token = VERSION_TOKEN.search(text)
        key = "unreleased" if unreleased or not token else token.group(0)
        links = [link.get("destination") for link in child.iter(NS + "link")]
        yanked = " yanked" if re.search(r"\byanked\b", text, re.IGNORECASE) else ""
        return key, f"release {key} {iso_date(text)}{yanked} {' '.join(links)}".strip()

    def add(record, node):
        span = lines_of(node) or (0, 0)
        releases[-1][2].append((collapsed(record), span[0], span[1]))

    for child in root:
        tag = child.tag.replace(NS, "")
        if tag == "heading" and is_release(child):
            key, record = heading_record(child)
            span = lines_of(child) or (0, 0)
            releases.append((key, (record, span[0], span[1]), []))
            continue
        if not releases:
            continue
        if tag == "heading":
            add("heading " + inline_markup(child), child)
        elif tag == "list":
            for item in child:
                add("item " + inline_markup(item), item)
        elif tag == "paragraph":
            add("paragraph " + inline_markup(child), child)
        elif tag == "code_block":
            add("code " + inline_markup(child), child)
        elif tag == "thematic_break":
            add("break", child)
        else:
            add(tag + " " + text_of(child), child)
    return releases


def differences(cmark, original, written, ranges):
    """The differences of the written-back file from the original, release by release, and those no warning
    explains (see the module's documentation)."""
    before = release_records(cmark, original, written_back=False)
    after = release_records(cmark, written, written_back=True)
    # Releases pair by their version (`unreleased` for a heading that names none); those left over pair in order.
    by_key = collections.defaultdict(list)
    for index, release in enumerate(after):
        by_key[release[0]].append(index)
    paired, used = [], set()
    for release in before:
        candidates = [i for i in by_key.get(release[0], []) if i not in used]
        paired.append(candidates[0] if candidates else None)
        if candidates:
            used.add(candidates[0])
    leftover = [i for i in range(len(after)) if i not in used]
    for position, partner in enumerate(paired):
        if partner is None and leftover:
            paired[position] = leftover.pop(0)
    # A record is a whole block (a list item with what is nested in it): a warning about a part of it, a nested
    # list folded into the bullet, explains it.
    covered = lambda first, last: any(s <= last and first <= e for s, e in ranges)
    total, unexplained, details = 0, 0, []
    for release, partner in zip(before, paired):
        heading, records = release[1], [release[1]] + release[2]
        theirs = collections.Counter()
        if partner is not None:
            theirs.update(record for record, _, _ in [after[partner][1]] + after[partner][2])
        missing = []
        for record, first, last in records:
            if theirs[record] > 0:
                theirs[record] -= 1
            else:
                missing.append((record, first, last))
        extra = sum(theirs.values())
        total += len(missing) + extra
        for record, first, last in missing:
            if not covered(first, last):
                unexplained += 1
                details.append(f"{first}-{last}: {record[:160]}")
        if extra > len(missing):
            unexplained += extra - len(missing)
            details.append(f"{heading[1]}: {extra - len(missing)} record(s) written back that the original does not have: "
                           + "; ".join(r[:80] for r in list(theirs.elements())[:3]))
    for index in leftover:
        count = 1 + len(after[index][2])
        total += count
        unexplained += count
        details.append(f"written back, not in the original: {after[index][1][0]}")
    return total, unexplained, details


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
        row.update(versions=0, valid=False, back=False, words_out=0, lost=row["words_in"], unwarned=row["words_in"], diffs=0, unexplained=0,
                   details=["import failed"])
        return row
    manifest = yaml.safe_load(open(manifest_path, encoding="utf-8")) or {}
    versions = manifest.get("versions") or []
    row["versions"] = len(versions)
    row["released"] = sum(1 for v in versions if not v.get("unreleased"))
    validated = run([whatsnew, "validate", manifest_path])
    row["valid"] = validated.returncode == 0
    back = run([whatsnew, "compile", manifest_path, "--format", "markdown", "--markdown-style", "keepachangelog", "-o", "-"])
    row["back"] = back.returncode == 0
    ranges = []
    for d in warnings:
        start = d.get("line")
        end = d.get("endLine") or start
        if isinstance(start, int):
            ranges.append((start, end))
    if row["back"]:
        row["diffs"], row["unexplained"], row["details"] = differences(cmark, markdown, back.stdout, ranges)
    else:
        row["diffs"], row["unexplained"], row["details"] = 0, 0, ["compiling back failed"]
    out = manifest_words(cmark, manifest)
    lost = words_in - out
    row["words_out"] = row["words_in"] - sum(lost.values())
    row["lost"] = sum(lost.values())
    # Words of blocks outside every warned range, and how many of them did not reach the manifest.
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
    parser.add_argument("--details", action="store_true", help="print each file's unexplained differences after the table")
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
    header = "| file | heads | unrel | versions | valid | back | warns | words in | words out | lost | unwarned | diffs | unexpl |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    totals = collections.Counter()
    for name, r in rows.items():
        lost_pct = 100.0 * r["lost"] / r["words_in"] if r["words_in"] else 0.0
        print(f"| {name} | {r['heads']} | {r['unreleased']} | {r['versions']} | {'yes' if r['valid'] else 'NO'} | "
              f"{'yes' if r['back'] else 'NO'} | {r['warnings']} | {r['words_in']} | {r['words_out']} | "
              f"{r['lost']} ({lost_pct:.1f}%) | {r['unwarned']} | {r['diffs']} | {r['unexplained']} |")
        for key in ("heads", "unreleased", "versions", "warnings", "words_in", "words_out", "lost", "unwarned", "diffs", "unexplained"):
            totals[key] += r[key]
        totals["valid"] += 1 if r["valid"] else 0
    print(f"| all {len(rows)} | {totals['heads']} | {totals['unreleased']} | {totals['versions']} | {totals['valid']}/{len(rows)} | | "
          f"{totals['warnings']} | {totals['words_in']} | {totals['words_out']} | {totals['lost']} | {totals['unwarned']} | "
          f"{totals['diffs']} | {totals['unexplained']} |")
    if args.details:
        for name, r in rows.items():
            if r["details"]:
                print(f"\n{name}:")
                for line in r["details"]:
                    print("  " + line)


if __name__ == "__main__":
    sys.exit(main())
