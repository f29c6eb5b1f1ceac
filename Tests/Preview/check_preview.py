#!/usr/bin/env python3
"""`whatsnew preview` used as a person uses it: started on a free port, opened in headless Chromium, the
manifest edited on disk while the page stays open.

Usage: python3 Tests/Preview/check_preview.py --whatsnew .build/debug/whatsnew

Starts `whatsnew preview site/notes.yaml --template site/page.html.mustache --port 0` in a temporary folder,
reads the address from its first line, and checks:
- every view answers, and the root page's frame is exactly `compile --format html --page changelog`;
- the page follows an edit in place (the frame changes and the page is not reloaded: a mark set on the page
  survives), and a save by rename (a new file renamed over the manifest);
- an error shows the overlay with the problem at its line, exactly as `validate` prints it, while the frame
  keeps the last good rendering; fixed, the overlay goes away by itself;
- the template's view is exactly `compile --template`'s page; an edit of the template is on it in place; a
  template that does not parse shows the overlay at its line and column, exactly as `compile` prints it, over
  the last good page, and fixed, the overlay goes away; a text template's output is shown as text, escaped;
- a foreign Host header is refused (DNS rebinding), and so is a path out of the folder (`..`, encoded `..`,
  a symbolic link to a file outside, a file of the folder the manifest does not name);
- the page's policy allows only the server's own script, the frame's none;
- SIGINT stops it with status 0 or 130, and it wrote nothing.

Prints PASS or FAIL per check. Exit status: 0 every check passed; 1 a check failed; 2 the harness could not run
(no browser, the server did not start).
"""

import argparse
import html
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
sys.dont_write_bytecode = True

import cdp  # noqa: E402

MANIFEST = """\
app:
  name: Trails
  url: https://example.com/trails
defaults:
  locale: en
versions:
  - version: 1.1.0
    date: 2026-06-01
    features:
      - title: {{en: "{title}", de: "Karten offline"}}
        subtitle: {{en: "Download a region before you go.", de: "Lade eine Region herunter."}}
      - title: {{en: "Trail alerts", de: "Wegwarnungen"}}
        subtitle: {{en: "Closures on your route.", de: "Sperrungen auf deiner Route."}}
  - version: 1.0.0
    date: 2026-05-01
    features:
      - title: {{en: "First release", de: "Erste Version"}}
        subtitle: {{en: "Plan hikes.", de: "Plane Wanderungen."}}
"""

# Line 11 of the manifest is the first feature's title; the broken one leaves its mapping open.
BROKEN_LINE = 11
BROKEN = MANIFEST.replace('- title: {{en: "{title}", de: "Karten offline"}}', '- title: {{en: "{title}", de: "Karten offline"')

# The `--template` of the view of its own: a web page (its name ends in .html.mustache), shown as a page.
PAGE_TEMPLATE = """\
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{{{{app.name}}}} notes</title></head>
<body>
<h1>{heading}</h1>
{{{{#versions}}}}
<section><h2>{{{{displayVersion}}}}</h2>
<ul>{{{{#features}}}}<li>{{{{{{title.html}}}}}}</li>{{{{/features}}}}</ul></section>
{{{{/versions}}}}
</body>
</html>
"""

# Line 9 closes the versions' section; the broken template closes it by another name (column 4 is the name).
TEMPLATE_BROKEN_LINE = 9
TEMPLATE_BROKEN = PAGE_TEMPLATE.replace("{{{{/versions}}}}", "{{{{/version}}}}")

# A template that is not a page: its output is shown as text, escaped.
TEXT_TEMPLATE = """\
{{#versions}}
* {{{version}}}: {{#features}}{{{title.plain}}}; {{/features}}
{{/versions}}
<script>alert("not run")</script> & more
"""

WAIT = 15.0  # seconds to wait for something the page should show within one


class HarnessError(Exception):
    pass


class Checks:
    def __init__(self):
        self.failed = 0
        self.passed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"  PASS  {name}")
        else:
            self.failed += 1
            print(f"  FAIL  {name}" + (f": {detail}" if detail else ""))
        return ok


def request(port, path, host=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
        connection.endheaders()
        response = connection.getresponse()
        return response.status, dict((k.lower(), v) for k, v in response.getheaders()), response.read()
    finally:
        connection.close()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def snapshot_tree(root):
    entries = {}
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            stat = os.lstat(path)
            entries[os.path.relpath(path, root)] = (stat.st_size, stat.st_mtime_ns)
    return entries


def wait_for(page, expression, what):
    deadline = time.monotonic() + WAIT
    value = None
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.05)
    raise HarnessError(f"waited {WAIT:g} s for {what} in vain (last value {value!r})")


def start_preview(whatsnew, arguments, cwd):
    """Starts `whatsnew preview ARGUMENTS --port 0` in its own session; returns the process and its port, read
    from the first line of its standard output."""
    server = subprocess.Popen([whatsnew, "preview", *arguments, "--port", "0"], cwd=cwd,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    first = server.stdout.readline().decode("utf-8", "replace").rstrip("\n")
    match = re.fullmatch(r"Preview: http://127\.0\.0\.1:(\d+)/", first)
    if not match:
        stderr = server.stderr.read().decode("utf-8", "replace") if server.poll() is not None else ""
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        raise HarnessError(f"the first line of standard output is {first!r}, expected 'Preview: http://127.0.0.1:PORT/'; stderr: {stderr!r}")
    return server, int(match.group(1))


FRAME_TEXT = "document.getElementById('frame').contentDocument.body.innerText"


def poll_status(port, predicate):
    """The preview's status once `predicate` holds for it, or None after WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        _, _, body = request(port, "/_preview/status")
        status = json.loads(body)
        if predicate(status):
            return status
        time.sleep(0.05)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--whatsnew", required=True)
    args = parser.parse_args()
    whatsnew = os.path.abspath(args.whatsnew)
    if not os.access(whatsnew, os.X_OK):
        raise HarnessError(f"{args.whatsnew} is not an executable (run `swift build` first)")

    checks = Checks()
    temp = tempfile.mkdtemp(prefix="whatsnew-preview-")
    server = None
    try:
        site = os.path.join(temp, "site")
        outside = os.path.join(temp, "outside")
        os.makedirs(site)
        os.makedirs(outside)
        manifest = os.path.join(site, "notes.yaml")
        write(manifest, MANIFEST.format(title="Offline maps"))
        page_template = os.path.join(site, "page.html.mustache")
        write(page_template, PAGE_TEMPLATE.format(heading="Release notes"))
        write(os.path.join(site, "summary.txt.mustache"), TEXT_TEMPLATE)
        write(os.path.join(outside, "secret.txt"), "TOP-SECRET-OUTSIDE\n")
        write(os.path.join(site, "private.txt"), "TOP-SECRET-INSIDE\n")
        os.symlink(os.path.join("..", "outside", "secret.txt"), os.path.join(site, "link.yaml"))
        before = snapshot_tree(temp)

        server, port = start_preview(whatsnew, ["site/notes.yaml", "--template", "site/page.html.mustache"], cwd=temp)
        checks.check("prints 'Preview: http://127.0.0.1:PORT/' first", port > 0)

        # -- the views, over HTTP
        status, headers, body = request(port, "/")
        policy = headers.get("content-security-policy", "")
        checks.check("the root page answers", status == 200 and b'<iframe id="frame"' in body, f"status {status}")
        checks.check("the page's policy allows its own script only",
                     "script-src 'self'" in policy and "default-src 'none'" in policy and "unsafe" not in policy, policy)
        status, headers, frame = request(port, "/_preview/frame/changelog")
        compiled = subprocess.run([whatsnew, "compile", "site/notes.yaml", "--format", "html", "--page", "changelog"], cwd=temp,
                                  capture_output=True, check=True).stdout
        checks.check("the root page's frame is exactly compile --format html", status == 200 and frame == compiled,
                     f"status {status}, {len(frame)} bytes against {len(compiled)}")
        frame_policy = headers.get("content-security-policy", "")
        checks.check("the frame's policy runs no script", "script-src" not in frame_policy and "default-src 'none'" in frame_policy, frame_policy)
        expected = {
            "showcase": b"Offline maps", "markdown": b"<strong>Offline maps</strong>", "terminal": b"Offline maps",
            "stores": b"of 4000 characters", "release-body": b"Offline maps", "feeds": b"<feed", "whatsnewkit": b"Offline maps",
        }
        for view, needle in expected.items():
            status, _, page = request(port, "/" + view)
            status_frame, _, frame = request(port, "/_preview/frame/" + view)
            if view == "feeds":
                needle = b"&lt;feed"
            checks.check(f"the {view} view shows its output", status == 200 and status_frame == 200 and needle in frame,
                         f"status {status}/{status_frame}, {needle!r} not in {frame[:300]!r}")
        status, _, frame = request(port, "/_preview/frame/template")
        templated = subprocess.run([whatsnew, "compile", "site/notes.yaml", "--template", "site/page.html.mustache"], cwd=temp,
                                   capture_output=True, check=True).stdout
        checks.check("the template view's frame is exactly compile --template's page", status == 200 and frame == templated,
                     f"status {status}, {frame[:300]!r} against {templated[:300]!r}")
        status, _, page = request(port, "/template")
        checks.check("the bar links to the template's view under the template's name",
                     status == 200 and b'<a href="/template" aria-current="page"><span class="file" title="--template site/page.html.mustache">'
                     b"page.html.mustache</span></a>" in page, f"status {status}")
        _, _, german = request(port, "/_preview/frame/changelog?locale=de")
        checks.check("the locale switcher's choice is rendered", b"Karten offline" in german)
        _, _, stores = request(port, "/_preview/frame/stores")
        checks.check("the store texts count against both limits", b"of 4000 characters" in stores and b"of 500 characters" in stores)

        # -- what must be refused
        status, _, body = request(port, "/", host=f"attacker.example:{port}")
        checks.check("a foreign Host header is refused", status == 421 and b"Offline maps" not in body, f"status {status}")
        status, _, body = request(port, "/_preview/frame/changelog", host="localhost.attacker.example")
        checks.check("a foreign Host is refused on the frame too", status == 421 and b"Offline maps" not in body, f"status {status}")
        status, _, body = request(port, "/files/notes.yaml")
        checks.check("the manifest's own file is served", status == 200 and b"Offline maps" in body, f"status {status}")
        for path in ["/files/../outside/secret.txt", "/files/%2e%2e/outside/secret.txt", "/files/..%2Foutside%2Fsecret.txt",
                     "/files/link.yaml", "/files/private.txt", "/files//etc/passwd", "/../outside/secret.txt"]:
            status, _, body = request(port, path)
            checks.check(f"{path} is refused", status in (400, 404) and b"TOP-SECRET" not in body and b"root:" not in body,
                         f"status {status}: {body[:200]!r}")

        # -- in the browser
        with cdp.Browser() as browser:
            page = browser.new_page()
            page.set_viewport(1280, 800)
            page.navigate(f"http://127.0.0.1:{port}/")
            wait_for(page, f"{FRAME_TEXT}.includes('Offline maps')", "the changelog in the frame")
            page.evaluate("window.__notReloaded = 'yes'; document.getElementById('frame').contentDocument.body.__kept = 'yes';"
                          " document.getElementById('frame').contentWindow.scrollTo(0, 120); true")

            write(manifest, MANIFEST.format(title="Offline atlases"))
            wait_for(page, f"{FRAME_TEXT}.includes('Offline atlases')", "the edit on the page")
            checks.check("an edit is on the page without a reload", page.evaluate("window.__notReloaded") == "yes")
            checks.check("the edit replaced only the elements that changed (the frame's body stayed)",
                         page.evaluate("document.getElementById('frame').contentDocument.body.__kept") == "yes")

            replacement = manifest + ".tmp"
            write(replacement, MANIFEST.format(title="Offline charts"))
            os.replace(replacement, manifest)
            wait_for(page, f"{FRAME_TEXT}.includes('Offline charts')", "the save by rename on the page")
            checks.check("a save by rename is on the page without a reload", page.evaluate("window.__notReloaded") == "yes")

            write(manifest, BROKEN.format(title="Offline broken"))
            wait_for(page, "!document.getElementById('problems').hidden", "the overlay of problems")
            overlay = page.evaluate("[...document.querySelectorAll('#problem-list pre')].map(e => e.textContent).join('')"
                                    " + document.querySelector('#problem-list .summary').textContent + '\\n'")
            validate = subprocess.run([whatsnew, "validate", "site/notes.yaml"], cwd=temp, capture_output=True)
            checks.check("the overlay names the line of the error", f"site/notes.yaml:{BROKEN_LINE}:" in overlay, overlay[:300])
            checks.check("the overlay is exactly what validate prints", overlay == validate.stderr.decode("utf-8"),
                         f"overlay {overlay!r}\nvalidate {validate.stderr.decode('utf-8')!r}")
            checks.check("the last good rendering stays under the overlay",
                         page.evaluate(f"{FRAME_TEXT}.includes('Offline charts')") is True)

            write(manifest, MANIFEST.format(title="Offline fixed"))
            wait_for(page, f"{FRAME_TEXT}.includes('Offline fixed')", "the fixed manifest on the page")
            wait_for(page, "document.getElementById('problems').hidden", "the overlay to go away")
            checks.check("fixed, the overlay goes away by itself without a reload", page.evaluate("window.__notReloaded") == "yes")
            checks.check("the server survived the syntax error", server.poll() is None)

            # -- the template's view follows the template
            page.navigate(f"http://127.0.0.1:{port}/template")
            wait_for(page, f"{FRAME_TEXT}.includes('Release notes') && {FRAME_TEXT}.includes('Offline fixed')", "the template's page in the frame")
            checks.check("the template view shows the page the template writes",
                         page.evaluate("document.getElementById('frame').contentDocument.querySelector('h1').textContent") == "Release notes")
            page.evaluate("window.__notReloaded = 'template'; true")
            write(page_template, PAGE_TEMPLATE.format(heading="Release news"))
            wait_for(page, f"{FRAME_TEXT}.includes('Release news')", "the template's edit on the page")
            checks.check("an edit of the template is on the page without a reload", page.evaluate("window.__notReloaded") == "template")

            write(page_template, TEMPLATE_BROKEN.format(heading="Release broken"))
            wait_for(page, "!document.getElementById('problems').hidden", "the overlay of the template's problems")
            overlay = page.evaluate("[...document.querySelectorAll('#problem-list pre')].map(e => e.textContent).join('')"
                                    " + document.querySelector('#problem-list .summary').textContent + '\\n'")
            compiled = subprocess.run([whatsnew, "compile", "site/notes.yaml", "--template", "site/page.html.mustache"], cwd=temp,
                                      capture_output=True)
            checks.check("the overlay names the template's line and column",
                         f"site/page.html.mustache:{TEMPLATE_BROKEN_LINE}:4: error: invalid Mustache template" in overlay, overlay[:300])
            checks.check("the overlay is exactly what compile --template prints", overlay == compiled.stderr.decode("utf-8"),
                         f"overlay {overlay!r}\ncompile {compiled.stderr.decode('utf-8')!r}")
            checks.check("the overlay says it is the template's", page.evaluate("document.getElementById('problems-title').textContent")
                         == "The template has errors")
            checks.check("the template's last good page stays under the overlay",
                         page.evaluate(f"{FRAME_TEXT}.includes('Release news')") is True)

            write(page_template, PAGE_TEMPLATE.format(heading="Release fixed"))
            wait_for(page, f"{FRAME_TEXT}.includes('Release fixed')", "the fixed template on the page")
            wait_for(page, "document.getElementById('problems').hidden", "the template's overlay to go away")
            checks.check("the template fixed, the overlay goes away by itself without a reload",
                         page.evaluate("window.__notReloaded") == "template")
            write(manifest, MANIFEST.format(title="Offline templated"))
            wait_for(page, f"{FRAME_TEXT}.includes('Offline templated')", "the manifest's edit in the template's view")
            checks.check("an edit of the manifest is on the template's view without a reload", page.evaluate("window.__notReloaded") == "template")

            # -- stopping, with the page still open and listening
            server.send_signal(signal.SIGINT)
            try:
                code = server.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                code = None
            checks.check("SIGINT stops it with status 0 or 130", code in (0, 130), f"status {code}")

        # -- a template that is not a page is shown as text, escaped
        text_server, text_port = start_preview(whatsnew, ["site/notes.yaml", "--template", "site/summary.txt.mustache"], cwd=temp)
        try:
            status, headers, frame = request(text_port, "/_preview/frame/template")
            summary = subprocess.run([whatsnew, "compile", "site/notes.yaml", "--template", "site/summary.txt.mustache"], cwd=temp,
                                     capture_output=True, check=True).stdout.decode("utf-8")
            shown = re.search(r'<pre class="text">(.*)</pre>', frame.decode("utf-8"), re.S)
            checks.check("a text template's output is shown as text, exactly as compile --template writes it",
                         status == 200 and shown is not None and html.unescape(shown.group(1)) == summary, f"status {status}: {frame[:400]!r}")
            checks.check("a text template's markup is escaped, and the frame runs no script",
                         b"<script>" not in frame and b"&lt;script&gt;" in frame
                         and "script-src" not in headers.get("content-security-policy", ""), f"{frame[:400]!r}")
            status, _, _ = request(text_port, "/template")
            checks.check("the text template's view answers", status == 200, f"status {status}")

            # A variable the notes do not have is a warning, as compile says it, and stays one while the manifest changes.
            write(os.path.join(site, "summary.txt.mustache"), "{{#versions}}{{titel}}{{/versions}}\n")
            warned = poll_status(text_port, lambda status: any("[unknown-template-variable]" in p for p in status["problems"]))
            compiled = subprocess.run([whatsnew, "compile", "site/notes.yaml", "--template", "site/summary.txt.mustache"], cwd=temp,
                                      capture_output=True).stderr.decode("utf-8")
            checks.check("a template's unknown variable is the warning compile prints, without the overlay",
                         warned is not None and "".join(warned["problems"]) + warned["summary"] + "\n" == compiled and not warned["errors"],
                         f"{warned!r} against {compiled!r}")
            write(manifest, MANIFEST.format(title="Offline warned"))
            later = poll_status(text_port, lambda status: warned is not None and status["generation"] > warned["generation"])
            checks.check("the template's warning stays while the manifest changes",
                         later is not None and later["problems"] == warned["problems"], f"{later!r}")
            write(os.path.join(site, "summary.txt.mustache"), TEXT_TEMPLATE)
        finally:
            text_server.send_signal(signal.SIGINT)
            text_server.wait(timeout=WAIT)

        write(manifest, MANIFEST.format(title="Offline maps"))
        write(page_template, PAGE_TEMPLATE.format(heading="Release notes"))
        after = snapshot_tree(temp)
        changed = sorted(set(after) ^ set(before))
        checks.check("it wrote no file", not changed, ", ".join(changed))
    finally:
        if server is not None and server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        shutil.rmtree(temp, ignore_errors=True)

    print(f"== {'FAILED' if checks.failed else 'passed'}: {checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (HarnessError, cdp.CDPError) as error:
        print(f"check_preview: cannot run: {error}", file=sys.stderr)
        sys.exit(2)
