#!/usr/bin/env python3
"""Takes screenshots of `whatsnew preview` on the bundled example (Fixtures/notes.yaml), first screen only.

Usage: python3 Tests/Preview/screenshots.py --whatsnew .build/debug/whatsnew [--out docs/screenshots]

Writes preview-1280-light.png, preview-1280-dark.png, preview-390-light.png and preview-390-dark.png (the
changelog page with the bar), preview-terminal-1280-dark.png (the terminal view, dark),
preview-template-1280-light.png (the view of docs/examples/templates/release-summary.txt.mustache, a text
template), and preview-error-1280-light.png (a copy of the example with a mistake: the overlay over the last good
page).
Exit status 2 when the preview does not start or the browser cannot take a screenshot.
"""

import argparse
import os
import shutil
import signal
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
sys.dont_write_bytecode = True

import cdp  # noqa: E402
from check_preview import FRAME_TEXT, HarnessError, start_preview, wait_for  # noqa: E402

VIEWPORTS = [(1280, 800), (390, 844)]
SCHEMES = ["light", "dark"]


def shoot(tab, path):
    png = tab.screenshot()
    if not png.startswith(b"\x89PNG"):
        raise HarnessError(f"the screenshot {path} is not a PNG")
    with open(path, "wb") as f:
        f.write(png)
    print(f"screenshots: wrote {os.path.relpath(path)} ({len(png) // 1024} KB)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--whatsnew", required=True)
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    args = parser.parse_args()
    whatsnew = os.path.abspath(args.whatsnew)
    os.makedirs(args.out, exist_ok=True)
    temp = tempfile.mkdtemp(prefix="whatsnew-preview-shots-")
    servers = []
    try:
        # A copy of the example, so that the mistake is made in the copy.
        example = os.path.join(temp, "example")
        shutil.copytree(os.path.join(ROOT, "Fixtures"), example, symlinks=True,
                        ignore=lambda folder, names: [n for n in names if folder.endswith("Fixtures") and n not in ("notes.yaml", "assets")])
        server, port = start_preview(whatsnew, ["notes.yaml"], cwd=example)
        servers.append(server)
        with cdp.Browser() as browser:
            tab = browser.new_page()
            for width, height in VIEWPORTS:
                for scheme in SCHEMES:
                    tab.set_viewport(width, height, scale=1, mobile=width < 600)
                    tab.set_color_scheme(scheme)
                    tab.navigate(f"http://127.0.0.1:{port}/")
                    wait_for(tab, f"{FRAME_TEXT}.includes('Offline maps')", "the changelog in the frame")
                    shoot(tab, os.path.join(args.out, f"preview-{width}-{scheme}.png"))
            tab.set_viewport(1280, 800, scale=1)
            tab.set_color_scheme("dark")
            tab.navigate(f"http://127.0.0.1:{port}/terminal?scheme=dark")
            wait_for(tab, f"{FRAME_TEXT}.includes('Offline maps')", "the terminal view")
            shoot(tab, os.path.join(args.out, "preview-terminal-1280-dark.png"))

            # A preview of its own with a template, so that the other screenshots' bar has no link to one.
            shutil.copy(os.path.join(ROOT, "docs", "examples", "templates", "release-summary.txt.mustache"), example)
            templated, templated_port = start_preview(whatsnew, ["notes.yaml", "--template", "release-summary.txt.mustache"], cwd=example)
            servers.append(templated)
            tab.set_color_scheme("light")
            tab.navigate(f"http://127.0.0.1:{templated_port}/template")
            wait_for(tab, f"{FRAME_TEXT}.includes('Offline maps')", "the template's view")
            shoot(tab, os.path.join(args.out, "preview-template-1280-light.png"))

            tab.set_color_scheme("light")
            tab.navigate(f"http://127.0.0.1:{port}/")
            wait_for(tab, f"{FRAME_TEXT}.includes('Offline maps')", "the changelog in the frame")
            manifest = os.path.join(example, "notes.yaml")
            with open(manifest, encoding="utf-8") as f:
                text = f.read()
            with open(manifest, "w", encoding="utf-8") as f:
                f.write(text.replace("accentColor: \"#2E7D32\"", "accentColor: \"#2E7D3\"", 1))
            wait_for(tab, "!document.getElementById('problems').hidden", "the overlay")
            shoot(tab, os.path.join(args.out, "preview-error-1280-light.png"))
    finally:
        for server in servers:
            if server.poll() is None:
                server.send_signal(signal.SIGINT)
                server.wait(timeout=30)
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except (HarnessError, cdp.CDPError) as error:
        print(f"screenshots: {error}", file=sys.stderr)
        sys.exit(2)
