#!/usr/bin/env python3
"""Writes Sources/JSONSchema/Regex/UnicodePropertyData.swift: the Script and Script_Extensions
properties and the binary properties ECMA-262 lists, for the regex engine's `\\p{…}` escapes (the General
Category comes from utf8proc, which whatsnew links already).

    apt-get install unicode-data        (Debian's copy of the Unicode Character Database)
    python3 Scripts/generate-unicode-scripts.py [--ucd /usr/share/unicode]

Reads Scripts.txt, ScriptExtensions.txt, PropertyValueAliases.txt, PropList.txt, DerivedCoreProperties.txt,
DerivedNormalizationProps.txt, extracted/DerivedBinaryProperties.txt and emoji/emoji-data.txt, and writes
each set as ranges in hex ("41-5A 61-7A AA"), which the engine reads the first time a pattern names it. Use
the UCD of the Unicode version the linked utf8proc has (Debian 12: unicode-data 15.0.0 and utf8proc 2.8.0,
both Unicode 15.0), so that `\\p{L}` and `\\p{Alphabetic}` agree. The output is deterministic.
"""

import argparse
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "JSONSchema", "Regex", "UnicodePropertyData.swift")

# ECMA-262's table of binary Unicode properties (22.2.2.9, "Binary Unicode property aliases"): each
# canonical name with its alias. Any, ASCII and Assigned are not in the UCD files; the engine derives them.
BINARY_PROPERTIES = [
    ("ASCII_Hex_Digit", "AHex"), ("Alphabetic", "Alpha"), ("Bidi_Control", "Bidi_C"), ("Bidi_Mirrored", "Bidi_M"),
    ("Case_Ignorable", "CI"), ("Cased", None), ("Changes_When_Casefolded", "CWCF"),
    ("Changes_When_Casemapped", "CWCM"), ("Changes_When_Lowercased", "CWL"),
    ("Changes_When_NFKC_Casefolded", "CWKCF"), ("Changes_When_Titlecased", "CWT"),
    ("Changes_When_Uppercased", "CWU"), ("Dash", None), ("Default_Ignorable_Code_Point", "DI"),
    ("Deprecated", "Dep"), ("Diacritic", "Dia"), ("Emoji", None), ("Emoji_Component", "EComp"),
    ("Emoji_Modifier", "EMod"), ("Emoji_Modifier_Base", "EBase"), ("Emoji_Presentation", "EPres"),
    ("Extended_Pictographic", "ExtPict"), ("Extender", "Ext"), ("Grapheme_Base", "Gr_Base"),
    ("Grapheme_Extend", "Gr_Ext"), ("Hex_Digit", "Hex"), ("IDS_Binary_Operator", "IDSB"),
    ("IDS_Trinary_Operator", "IDST"), ("ID_Continue", "IDC"), ("ID_Start", "IDS"), ("Ideographic", "Ideo"),
    ("Join_Control", "Join_C"), ("Logical_Order_Exception", "LOE"), ("Lowercase", "Lower"), ("Math", None),
    ("Noncharacter_Code_Point", "NChar"), ("Pattern_Syntax", "Pat_Syn"), ("Pattern_White_Space", "Pat_WS"),
    ("Quotation_Mark", "QMark"), ("Radical", None), ("Regional_Indicator", "RI"), ("Sentence_Terminal", "STerm"),
    ("Soft_Dotted", "SD"), ("Terminal_Punctuation", "Term"), ("Unified_Ideograph", "UIdeo"),
    ("Uppercase", "Upper"), ("Variation_Selector", "VS"), ("White_Space", "space"), ("XID_Continue", "XIDC"),
    ("XID_Start", "XIDS"),
]

BINARY_FILES = ["PropList.txt", "DerivedCoreProperties.txt", "DerivedNormalizationProps.txt",
                "extracted/DerivedBinaryProperties.txt", "emoji/emoji-data.txt"]


def entries(path):
    """(low, high, fields) for each data line of a UCD file."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split(";")]
            bounds = fields[0].split("..")
            yield int(bounds[0], 16), int(bounds[-1], 16), fields[1:]


def merged(ranges):
    result = []
    for low, high in sorted(ranges):
        if result and low <= result[-1][1] + 1:
            result[-1] = (result[-1][0], max(result[-1][1], high))
        else:
            result.append((low, high))
    return result


def text(ranges):
    return " ".join("%X" % low if low == high else "%X-%X" % (low, high) for low, high in merged(ranges))


def version(path):
    with open(path, encoding="utf-8") as file:
        for line in file:
            match = re.match(r"# \w+-(\d+\.\d+\.\d+)\.txt", line)
            if match:
                return match.group(1)
    raise SystemExit("no version line in " + path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ucd", default="/usr/share/unicode")
    arguments = parser.parse_args()
    ucd = arguments.ucd

    # Script values: short name, long name, other aliases, in PropertyValueAliases.txt's order.
    names = []
    for _, _, fields in entries_aliases(os.path.join(ucd, "PropertyValueAliases.txt")):
        names.append(fields)
    long_by_short = {fields[0]: fields[1] for fields in names}
    short_by_long = {fields[1]: fields[0] for fields in names}

    scripts = {fields[0]: [] for fields in names}
    for low, high, fields in entries(os.path.join(ucd, "Scripts.txt")):
        scripts[short_by_long[fields[0]]].append((low, high))

    extensions = {}
    for low, high, fields in entries(os.path.join(ucd, "ScriptExtensions.txt")):
        key = " ".join(sorted(fields[0].split()))
        for short in key.split():
            if short not in long_by_short:
                raise SystemExit("unknown script in ScriptExtensions.txt: " + short)
        extensions.setdefault(key, []).append((low, high))

    binary = {name: [] for name, _ in BINARY_PROPERTIES}
    for path in BINARY_FILES:
        for low, high, fields in entries(os.path.join(ucd, path)):
            if len(fields) == 1 and fields[0] in binary:
                binary[fields[0]].append((low, high))
    for name, ranges in binary.items():
        if not ranges:
            raise SystemExit("no code points for " + name)

    unicode_version = version(os.path.join(ucd, "Scripts.txt"))
    lines = [
        "// Generated by Scripts/generate-unicode-scripts.py from the Unicode Character Database %s" % unicode_version,
        "// (Debian's `unicode-data` package; Scripts.txt, ScriptExtensions.txt, PropertyValueAliases.txt and the",
        "// binary-property files its docstring names). Do not edit; run the script again for another Unicode.",
        "",
        "/// The Unicode data of `\\p{…}` but the General Category (which utf8proc gives), as ranges in hex",
        "/// (`41-5A 61-7A AA`), read when a pattern first names them (see `UnicodeProperty`).",
        "enum UnicodePropertyData {",
        "    /// The version of Unicode these tables are from.",
        "    static let unicodeVersion = \"%s\"" % unicode_version,
        "",
        "    /// Each Script value: its short name, its long name and any other alias, then its code points.",
        "    static let scripts: [(names: [String], ranges: String)] = [",
    ]
    for fields in names:
        lines.append("        ([%s], \"%s\")," % (", ".join('"%s"' % name for name in fields), text(scripts[fields[0]])))
    lines += [
        "    ]",
        "",
        "    /// The code points whose Script_Extensions is not just their Script: the short names of the",
        "    /// scripts they are used with, then the code points.",
        "    static let scriptExtensions: [(scripts: String, ranges: String)] = [",
    ]
    for key in sorted(extensions):
        lines.append("        (\"%s\", \"%s\")," % (key, text(extensions[key])))
    lines += [
        "    ]",
        "",
        "    /// The binary properties of ECMA-262 found in the UCD: each one's name and alias, then its code points.",
        "    static let binaryProperties: [(names: [String], ranges: String)] = [",
    ]
    for name, alias in BINARY_PROPERTIES:
        names = [name] + ([alias] if alias else [])
        lines.append("        ([%s], \"%s\")," % (", ".join('"%s"' % each for each in names), text(binary[name])))
    lines += [
        "    ]",
        "}",
        "",
    ]
    with open(OUTPUT, "w", encoding="utf-8") as file:
        file.write("\n".join(lines))
    print("wrote %s (Unicode %s, %d scripts, %d binary properties)" % (os.path.relpath(OUTPUT, ROOT), unicode_version, len(scripts), len(binary)))


def entries_aliases(path):
    """The `sc` lines of PropertyValueAliases.txt, as (0, 0, [short, long, aliases…])."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.split("#", 1)[0].strip()
            fields = [field.strip() for field in line.split(";")]
            if fields[0] == "sc":
                yield 0, 0, fields[1:]


if __name__ == "__main__":
    main()
