#!/usr/bin/env python3
"""Writes Scripts/link-order.txt: the functions of the release binary that its commands run on the fixtures.

    python3 Scripts/generate-link-order.py [--binary .build/release/whatsnew]     (also: make link-order)

`make release` has the linker place these functions side by side (lld's --symbol-ordering-file). The kernel
maps a binary's pages 16 at a time (64 KB) around each one a run touches, so what a run keeps resident is the
number of 64 KB windows its code falls in, not the size of that code. The list comes from running each command
under valgrind's callgrind, which names every function executed.

The runs are taken in order of importance (start-up, `show` with nothing new, `validate` of a small manifest,
then compiling and validating a large one, then the rest), and each function is placed with the first run that
executes it. Every run's code then lies in a few stretches: what the runs before it placed, and its own
functions side by side after them. (Ordering all functions by how many runs share them, as this script did
before, interleaved each command's code with every other's: a 10 MB `compile --format html` executed 1.6 MB
of code spread over 6.3 MB of windows.) Within a run's stretch, the functions later runs share come first,
then by name, so the file changes little from one regeneration to the next (a few functions run on either of
two threads). A stale list is harmless: the linker skips names it does not find and places new functions after
the listed ones.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Scripts", "link-order.txt")


def commands(large_manifest):
    """The runs to profile, the most important first (see the module's comment): start-up alone, `show` as an
    app's every start runs it, `validate` of a small manifest, a manifest big enough (over 128 KB) for the
    threaded reader in every format the bench measures, then every other command and output format, and errors."""
    notes = "Fixtures/notes.yaml"
    runs = [["--version"],
            ["show", notes, "--current-version", "1.0.0", "--state-file", "-", "--no-tty-check"],
            ["validate", notes], ["validate", large_manifest]]
    runs += [["compile", large_manifest, "--format", output] for output in ("html", "markdown", "ansi")]
    runs += [["validate", "Fixtures/notes.json"], ["--help"], ["dump-tree", notes], ["schema"],
             ["compile", notes, "--template", "Templates/CHANGELOG.md.mustache"]]
    runs += [["compile", notes, "--format", output] for output in ("ansi", "markdown", "html", "json", "whatsnewkit-json")]
    invalid = os.path.join(ROOT, "Fixtures", "invalid")
    runs += [["validate", os.path.join("Fixtures", "invalid", case, "input.yaml")] for case in sorted(os.listdir(invalid))
             if os.path.exists(os.path.join(invalid, case, "input.yaml"))][:8]
    return runs


def executed_functions(profile, binary):
    """The names of the functions callgrind saw run in `binary` (its `fn=` entries under that object)."""
    objects, functions, names = {}, {}, set()
    in_binary = False
    entry = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")
    with open(profile, errors="replace") as lines:
        for line in lines:
            match = entry.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind.endswith("ob") else functions
            if name:
                table[number] = name
            if kind == "ob":
                in_binary = os.path.realpath(objects.get(number, "")) == binary
            elif kind == "fn" and in_binary:
                function = re.sub(r"'\d+$", "", functions.get(number, ""))  # callgrind marks recursion as 'N
                if function and not function.startswith("0x") and function != "(below main)":
                    names.add(function)
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "whatsnew"))
    args = parser.parse_args()
    binary = os.path.realpath(args.binary)
    counts, first_run = {}, {}
    with tempfile.TemporaryDirectory() as scratch:
        large = os.path.join(scratch, "manifest-300kb.yaml")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), "--bytes", "300000",
                        "--output", large], check=True, capture_output=True)
        runs = commands(large)
        for index, arguments in enumerate(runs):
            profile = os.path.join(scratch, f"callgrind.{index}")
            subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                            binary, *arguments], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            if not os.path.exists(profile):
                sys.exit(f"generate-link-order: valgrind wrote no profile for {' '.join(arguments)}")
            for name in executed_functions(profile, binary):
                counts[name] = counts.get(name, 0) + 1
                first_run.setdefault(name, index)
    ordered = sorted(counts, key=lambda name: (first_run[name], -counts[name], name))
    with open(OUTPUT, "w") as output:
        output.write("# Generated by Scripts/generate-link-order.py (make link-order); do not edit.\n")
        output.write(f"# The {len(ordered)} functions the release binary ran in {len(runs)} commands, "
                     "each with the first run that executes it.\n")
        output.writelines(name + "\n" for name in ordered)
    print(f"generate-link-order: {len(ordered)} functions from {len(runs)} runs in {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
