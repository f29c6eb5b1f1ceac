#!/usr/bin/env python3
"""Takes screenshots of the two HTML pages of the bundled example (Fixtures/notes.yaml), first screen only.

Usage: python3 Tests/Browser/screenshots.py --whatsnew .build/debug/whatsnew [--out docs/screenshots]
       [--manifest Fixtures/notes.yaml] [--release 1.2.0]

Writes changelog-390-light.png, changelog-390-dark.png, changelog-1280-light.png, changelog-1280-dark.png,
the same four showcase-….png and four showcase-page-….png (the showcase's `present` page, pushed): viewports
390x844 and 1280x800, device scale factor 1. The showcase is of --release (default 1.2.0, the version of the
example with a `present` page). Exit status 2 when a
page cannot be compiled or the browser cannot take a screenshot.
"""

import argparse
import os
import sys
import tempfile
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import cdp  # noqa: E402
from check_pages import HarnessError, run  # noqa: E402

VIEWPORTS = [(390, 844), (1280, 800)]
SCHEMES = ["light", "dark"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--whatsnew", required=True, help="the whatsnew binary")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    parser.add_argument("--manifest", default=os.path.join(ROOT, "Fixtures", "notes.yaml"))
    parser.add_argument("--release", default="1.2.0", help="the version shown on the showcase page")
    args = parser.parse_args()

    whatsnew = os.path.abspath(args.whatsnew)
    if not os.access(whatsnew, os.X_OK):
        raise HarnessError(f"{args.whatsnew} is not an executable (run `swift build` first)")
    os.makedirs(args.out, exist_ok=True)
    temp = tempfile.mkdtemp(prefix="whatsnew-screenshots-")
    try:
        pages = {
            "changelog": ["--page", "changelog"],
            "showcase": ["--page", "showcase", "--release", args.release],
        }
        paths = {}
        for name, extra in pages.items():
            paths[name] = os.path.join(temp, f"{name}.html")
            run([whatsnew, "compile", args.manifest, "--format", "html", *extra, "-o", paths[name]],
                f"whatsnew compile ({name})")
        # The showcase's `present` page, pushed: the showcase with its page's anchor followed.
        shots = [(name, path, None) for name, path in paths.items()]
        shots.append(("showcase-page", paths["showcase"], f"#v{args.release}-page"))
        written = []
        with cdp.Browser() as browser:
            tab = browser.new_page()
            for name, path, anchor in shots:
                for width, height in VIEWPORTS:
                    for scheme in SCHEMES:
                        tab.set_viewport(width, height, scale=1)
                        tab.set_color_scheme(scheme)
                        tab.navigate("file://" + path)
                        if anchor:
                            if not tab.evaluate(f"location.hash = {anchor!r}; !!document.querySelector('.pushed-page:target')"):
                                raise HarnessError(f"the showcase has no pushed page {anchor}")
                        png = tab.screenshot()
                        if not png.startswith(b"\x89PNG"):
                            raise HarnessError(f"the screenshot of {name} at {width} {scheme} is not a PNG")
                        target = os.path.join(args.out, f"{name}-{width}-{scheme}.png")
                        with open(target, "wb") as f:
                            f.write(png)
                        written.append(target)
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    for target in written:
        print(f"screenshots: wrote {os.path.relpath(target)} ({os.path.getsize(target) // 1024} KB)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (HarnessError, cdp.CDPError) as error:
        print(f"screenshots: ERROR: {error}", file=sys.stderr)
        sys.exit(2)
