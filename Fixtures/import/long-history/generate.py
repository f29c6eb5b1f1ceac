#!/usr/bin/env python3
"""Writes CHANGELOG.md: 120 releases, newest first, every kind of section, dates and GitHub compare links."""
import datetime
import pathlib

kinds = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
versions = [(a, b, c) for a in range(3) for b in range(8) for c in range(5)][::-1]
out = ["# Changelog", "", "All notable changes to this project will be documented in this file.", ""]
day = datetime.date(2026, 11, 1)
for i, (a, b, c) in enumerate(versions):
    v = f"{a}.{b}.{c}"
    out += [f"## [{v}] - {(day - datetime.timedelta(days=7 * i)).isoformat()}", ""]
    for k in range(i % 3 + 1):
        kind = kinds[(i + k) % 6]
        out += [f"### {kind}", "",
                f"- {kind} item {i}-{k} in `module{i % 7}`. Details follow for v{v}.",
                f"- Another change ({k}) for [issue {i}](https://github.com/example/long/issues/{i}).", ""]
for i, (a, b, c) in enumerate(versions):
    v = f"{a}.{b}.{c}"
    if i + 1 < len(versions):
        out.append(f"[{v}]: https://github.com/example/long/compare/v{'%d.%d.%d' % versions[i + 1]}...v{v}")
    else:
        out.append(f"[{v}]: https://github.com/example/long/releases/tag/v{v}")
pathlib.Path(__file__).with_name("CHANGELOG.md").write_text("\n".join(out) + "\n")
