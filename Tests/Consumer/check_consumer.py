#!/usr/bin/env python3
"""Builds docs/examples/consumer as an app author does, against this repository by URL, and runs it.

    python3 Tests/Consumer/check_consumer.py --whatsnew .build/debug/whatsnew     (also: make test-consumer)

The library is the committed HEAD of this repository, pushed to a bare repository in a temporary directory and
tagged with the package's version; the example's one `.package(url:` line is pointed at it (a file:// URL) and
nothing else changes. The example is built cold in a scratch directory of its own, so SwiftPM treats whatsnew as
a remote dependency: it refuses unsafe flags there, and the example sees only the public API. Then:

1. on a pseudo-terminal, `consumer MANIFEST VERSION` prints what `whatsnew show` prints and records the version
   in the state file under $XDG_STATE_HOME; run again, it prints nothing;
2. in a pipe it prints and records nothing;
3. `consumer --changelog MANIFEST` prints what `whatsnew compile MANIFEST --format markdown` prints, and for a
   manifest with errors exits 1 with the diagnostics `whatsnew compile` prints.

Each step prints its command; the first that fails stops the check with what was expected and what was found.
"""

import argparse
import fcntl
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "docs", "examples", "consumer")
MANIFEST = os.path.join(ROOT, "Fixtures", "notes.yaml")
APP_ID = "com.example.trails"
CURRENT = "1.3.0"
BROKEN = os.path.join(ROOT, "Fixtures", "invalid", "decode-type-mismatch", "input.yaml")


class Failure(Exception):
    pass


def step(message):
    print(f"== consumer: {message}", flush=True)


def run(command, cwd=None, env=None, check=True):
    print("$ " + " ".join(command), flush=True)
    result = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if check and result.returncode != 0:
        raise Failure(f"'{' '.join(command)}' exited {result.returncode}, expected 0\n"
                      f"--- stdout\n{result.stdout.decode(errors='replace')}--- stderr\n{result.stderr.decode(errors='replace')}")
    return result


def run_on_terminal(command, env):
    """Runs `command` with standard input and output on a pseudo-terminal of 80 by 24 (standard error a pipe);
    returns the exit code, what it wrote to the terminal, and standard error."""
    print("$ " + " ".join(command) + "    (on a pseudo-terminal)", flush=True)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(command, env=env, stdin=slave, stdout=slave, stderr=subprocess.PIPE, start_new_session=True)
    os.close(slave)
    output = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: every end of the terminal is closed
            break
        if not chunk:
            break
        output += chunk
    os.close(master)
    stderr = process.stderr.read()
    return process.wait(), output, stderr


def expect_equal(what, expected, found):
    if expected != found:
        raise Failure(f"{what}: expected\n{expected!r}\nfound\n{found!r}")


def package_version():
    with open(os.path.join(ROOT, "Sources", "whatsnew", "WhatsNewCommand.swift"), encoding="utf-8") as file:
        match = re.search(r'static let version = "([0-9]+\.[0-9]+\.[0-9]+)"', file.read())
    if not match:
        raise Failure("no `static let version = \"X.Y.Z\"` in Sources/whatsnew/WhatsNewCommand.swift; the bare repository's tag comes from it")
    return match.group(1)


def point_at(package_swift, url, version):
    """Rewrites the example's one `.package(url: "…", from: "…")` line to `url`; its `from:` must be `version`."""
    with open(package_swift, encoding="utf-8") as file:
        text = file.read()
    lines = re.findall(r'\.package\(url: "([^"]*)", from: "([^"]*)"\)', text)
    if len(lines) != 1 or text.count(".package(") != 1:
        raise Failure(f"{package_swift}: expected exactly one '.package(url: \"…\", from: \"…\")' line, found {text.count('.package(')}")
    if lines[0][1] != version:
        raise Failure(f"docs/examples/consumer/Package.swift asks for from: '{lines[0][1]}', but the package's version is '{version}'; "
                      "update the example and docs/library.md")
    with open(package_swift, "w", encoding="utf-8") as file:
        file.write(text.replace(f'.package(url: "{lines[0][0]}"', f'.package(url: "{url}"'))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--whatsnew", required=True, help="the built whatsnew binary, for the outputs to compare with")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--revision", default="HEAD", help="the commit the library is built from (default: HEAD)")
    arguments = parser.parse_args()
    whatsnew = os.path.abspath(arguments.whatsnew)
    if not os.access(whatsnew, os.X_OK):
        raise Failure(f"no whatsnew binary at '{whatsnew}'; run 'swift build' first")
    work = tempfile.mkdtemp(prefix="whatsnew-consumer-")
    try:
        check(whatsnew, work, arguments.revision)
    finally:
        if arguments.keep:
            print(f"consumer: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def check(whatsnew, work, revision):
    version = package_version()
    step(f"the committed {revision}, tagged {version}, in a bare repository")
    if revision == "HEAD" and run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"]).stdout.strip():
        print("consumer: note: the working tree has changes that are not committed; the library built is HEAD's", flush=True)
    bare = os.path.join(work, "whatsnew.git")
    run(["git", "init", "--quiet", "--bare", bare])
    run(["git", "-C", ROOT, "push", "--quiet", bare, f"{revision}:refs/heads/main", f"{revision}:refs/tags/{version}"])
    run(["git", "-C", bare, "symbolic-ref", "HEAD", "refs/heads/main"])

    step("the example, pointed at it")
    consumer = os.path.join(work, "consumer")
    shutil.copytree(EXAMPLE, consumer, ignore=shutil.ignore_patterns(".build", "Package.resolved", ".swiftpm"))
    point_at(os.path.join(consumer, "Package.swift"), "file://" + bare, version)

    step("a cold build")
    scratch = os.path.join(work, "scratch")
    started = time.monotonic()
    run(["swift", "build", "--package-path", consumer, "--scratch-path", scratch])
    print(f"consumer: built in {time.monotonic() - started:.0f} s", flush=True)
    binary = os.path.join(run(["swift", "build", "--package-path", consumer, "--scratch-path", scratch, "--show-bin-path"])
                          .stdout.decode().strip(), "consumer")

    state = os.path.join(work, "state")
    env = {name: value for name, value in os.environ.items()
           if name not in ("NO_COLOR", "COLUMNS", "WHATSNEW_DISABLE", "WHATSNEW_SHOW_MODE", "FORCE_HYPERLINK")}
    env.update({"XDG_STATE_HOME": state, "TERM": "xterm-256color", "COLORTERM": ""})
    state_file = os.path.join(state, "whatsnew", APP_ID + ".json")

    step("on a terminal: the notes once, as whatsnew show prints them")
    status, expected, _ = run_on_terminal([whatsnew, "show", MANIFEST, "--current-version", CURRENT, "--state-file", "-"], env)
    expect_equal("whatsnew show's exit code", 0, status)
    if CURRENT.encode() not in expected:
        raise Failure(f"whatsnew show printed no notes of {CURRENT} on a terminal:\n{expected!r}")
    status, first, stderr = run_on_terminal([binary, MANIFEST, CURRENT], env)
    expect_equal(f"the first run's exit code (standard error: {stderr!r})", 0, status)
    expect_equal("the first run's output on a terminal", expected, first)
    if not os.path.exists(state_file):
        raise Failure(f"the first run recorded nothing: no state file at '{state_file}'")
    with open(state_file, encoding="utf-8") as file:
        recorded = file.read()
    if f'"{CURRENT}"' not in recorded:
        raise Failure(f"the state file does not record {CURRENT}:\n{recorded}")
    status, second, stderr = run_on_terminal([binary, MANIFEST, CURRENT], env)
    expect_equal(f"the second run's exit code (standard error: {stderr!r})", 0, status)
    expect_equal("the second run's output on a terminal", b"", second)

    step("in a pipe: nothing shown, nothing recorded")
    shutil.rmtree(state)
    piped = run([binary, MANIFEST, CURRENT], env=env)
    expect_equal("the output in a pipe", b"", piped.stdout)
    expect_equal("standard error in a pipe", b"", piped.stderr)
    if os.path.exists(state):
        raise Failure(f"a run in a pipe wrote state under '{state}'")

    step("--changelog: what whatsnew compile --format markdown prints")
    compiled = run([whatsnew, "compile", MANIFEST, "--format", "markdown"], env=env)
    changelog = run([binary, "--changelog", MANIFEST], env=env)
    expect_equal("the changelog", compiled.stdout, changelog.stdout)
    if not changelog.stdout.startswith(b"#"):
        raise Failure(f"the changelog is not Markdown:\n{changelog.stdout[:200]!r}")

    step("--changelog of a manifest with errors: exit 1 and whatsnew's diagnostics")
    compiled = run([whatsnew, "compile", BROKEN, "--format", "markdown"], env=env, check=False)
    changelog = run([binary, "--changelog", BROKEN], env=env, check=False)
    expect_equal("whatsnew compile's exit code", 1, compiled.returncode)
    expect_equal("the exit code", 1, changelog.returncode)
    expect_equal("the diagnostics", compiled.stderr, changelog.stderr)
    expect_equal("the output", b"", changelog.stdout)
    print("consumer: passed", flush=True)


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"consumer: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
