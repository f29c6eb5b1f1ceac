#!/usr/bin/env python3
"""Checks whatsnew's two HTML pages in a real browser (headless Chromium), by measuring the DOM.

Usage: python3 Tests/Browser/check_pages.py --whatsnew .build/debug/whatsnew [--manifest FILE] [--keep DIR]

Compiles the stress manifest (Fixtures/browser/stress.yaml) to a changelog page, a showcase page (of the
first version with a `present` secondary action and an image file), a `--locale de` changelog and the pages of
`--locale all` (one of them checked, with its links to the others: every hreflang a file written), loads
each at 320, 390 and 1280 px wide, in the light and the dark colour scheme, and runs the checks of
CHECKS below (the measuring is Tests/Browser/measure.js); then prints each page to PDF and reads it back
with pdftotext. Every string it looks for comes from the manifest.

Prints one line per failure (check, page, the widths and schemes it fails at, the element, the measure),
then every check with PASS or FAIL. Exit status: 0 every check passed; 1 a check failed; 2 the harness
could not run (a missing tool, a compile error, the browser crashed or timed out): never a silent pass.
"""

import argparse
import collections
import colorsys
import datetime
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import cdp  # noqa: E402

# Width → height of the viewport, as on the phones and the laptop they stand for.
VIEWPORTS = [(320, 700), (390, 844), (1280, 800)]
SCHEMES = ["light", "dark"]

# Checks of the document, the same at every width and in either scheme: measured once per page.
STRUCTURAL = {"direction-isolated", "lang", "heading-levels", "skip-link", "img-label-repeats-heading", "list-role", "contract",
              "pushed-page"}

CHECKS = collections.OrderedDict([
    ("overflow-document", "no horizontal scrolling: document.documentElement.scrollWidth <= innerWidth"),
    ("overflow-element", "no box or text past the viewport's left or right edge, unless inside a box that scrolls or clips sideways and fits (not <html>/<body>); <details> content checked opened too"),
    ("overflow-feature-clipped", ".feature and .feature-text content is not clipped: scrollWidth <= clientWidth + 1"),
    ("contrast", "WCAG 2.x AA for every visible text node, light and dark (4.5:1, 3:1 for large text and for glyphs in role=img); opened <details> content too"),
    ("brand-hue", "links in <main> (outside headings), each .version-number and the showcase's .primary-button keep the accent colour's hue (±10°, saturation > 0.15) in both schemes"),
    ("first-note-1280", "the changelog's first .feature starts in the first screen at 1280x800"),
    ("first-note-390", "the changelog's first .feature starts in the first screen at 390x844"),
    ("direction-isolated", "every .version-title, .feature-title, .feature-subtitle, .index-title, .app-name, .secondary-action, .page is inside [dir] or <bdi> (below <body>)"),
    ("index-order", "each version index entry (nav li): .index-version first, .index-title and <time> after it, and the date after the title where they share a line"),
    ("lang", "<html lang> is the page's locale, and every text in another language (known from the manifest's locale maps) is inside an element with that lang"),
    ("print-first-page", "the first printed page has the first version's first feature title"),
    ("print-present-pages", "the printed PDF has the title and text of every `present` page"),
    ("print-all-text", "the printed PDF has every version title, feature title and subtitle in full, none cut at the page edge (right-to-left texts excepted: pdftotext reorders them)"),
    ("print-no-double-url", "no autolink is printed as 'URL (URL)'"),
    ("heading-levels", "heading levels start at h1 and never go more than one level deeper"),
    ("skip-link", "the first focusable element is <a href=\"#main\">, #main exists, and the link is visible when focused"),
    ("img-label-repeats-heading", "no role=img aria-label (or img alt) repeats the text of the heading that follows it"),
    ("list-role", "every ul/ol with list-style-type none has role=\"list\""),
    ("contract", "the emitter's contract: one .version-number and one nav li .index-version per version; the showcase's .primary-button is an <a>"),
    ("page-text-align", "showcase: the opened present page's paragraphs and list items are start-aligned, not centred"),
    ("sheet-footer-pinned", "showcase at 390 px: .sheet-footer is sticky or fixed and its bottom edge is in the viewport at scroll 0"),
    ("sheet-card", "showcase at 1280 px: the sheet is a card (own background, shadow or border) at most 720 px wide"),
    ("pushed-page", "showcase: the `present` action is a link to a page hidden at first; followed, the page is shown and <main> is not; its back link (an <a href=\"#…\">) shows <main> again and hides the page"),
    ("hreflang", "a --locale all page: every <link rel=alternate hreflang> and language switcher link is a file written beside it, whose <html lang> is that hreflang and which links back; x-default is one of them; the switcher marks this page, and only it, aria-current"),
])


class HarnessError(Exception):
    """The checks could not run: reported as an error, exit status 2."""


# ---- the manifest: what the pages must show

def semver_key(text):
    match = re.fullmatch(r"v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?", str(text))
    if not match:
        raise HarnessError(f"the manifest has a version check_pages.py cannot read: {text!r}")
    major, minor, patch, pre = match.groups()
    core = (int(major), int(minor or 0), int(patch or 0))
    if not pre:
        return core + (1, ())
    ids = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in pre.split("."))
    return core + (0, ids)


def inline_plain(text):
    """The plain text of inline Markdown as this manifest uses it (links, autolinks, emphasis, code)."""
    text = re.sub(r"\[([^\]]*)\]\(([^)]*)\)", r"\1", text)
    text = re.sub(r"<((?:https?|mailto):[^>\s]+)>", r"\1", text)
    text = re.sub(r"\*\*|~~|\*|`", "", text)
    return re.sub(r"\s+", " ", text).strip()


def inline_fragments(text):
    """The plain text of inline Markdown cut after each link: print styles may add a link's URL after it."""
    text = re.sub(r"\[([^\]]*)\]\(([^)]*)\)", "\\1\0", text)
    text = re.sub(r"<((?:https?|mailto):[^>\s]+)>", "\\1\0", text)
    return [f for f in (inline_plain(part) for part in text.split("\0")) if f]


def block_plain(markdown):
    """Each heading, list item and paragraph line of a Markdown body, as plain text."""
    lines = []
    for line in markdown.splitlines():
        line = re.sub(r"^\s*(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)", "", line)
        line = inline_plain(line)
        if line:
            lines.append(line)
    return lines


class Manifest:
    def __init__(self, path):
        try:
            import yaml
        except ImportError:
            raise HarnessError("PyYAML is missing (python3 -m pip install pyyaml, or `make browser-deps`)")
        self.path = path
        with open(path, encoding="utf-8") as f:
            self.data = yaml.safe_load(f)
        defaults = self.data.get("defaults", {})
        self.default_locale = defaults.get("locale", "en")
        self.accent = defaults.get("accentColor")
        if not (isinstance(self.accent, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", self.accent)):
            raise HarnessError(f"{path}: defaults.accentColor must be a #RRGGBB colour for the brand-hue check")
        self.versions = sorted(self.data["versions"], key=lambda v: semver_key(v["version"]), reverse=True)

    def resolve(self, text, locale):
        """(plain or Markdown text, its locale or None) of a localizable text for `locale`."""
        if text is None:
            return None, None
        if isinstance(text, dict):
            if "text" in text and set(text) <= {"text", "foregroundColor"}:
                return self.resolve(text["text"], locale)
            for key in (locale, locale.split("-")[0], self.default_locale, next(iter(text))):
                if key in text:
                    return str(text[key]), key
        return str(text), None

    def secondary(self, version):
        action = version.get("secondaryAction", self.data.get("defaults", {}).get("secondaryAction"))
        if isinstance(action, str):
            action = self.data.get("secondaryActions", {}).get(action)
        return action

    def image(self, ref):
        return self.data.get("images", {}).get(ref) if isinstance(ref, str) else ref

    def version(self, number):
        for version in self.versions:
            if str(version["version"]) == number:
                return version
        raise HarnessError(f"no version {number} in {self.path}")

    def showcase_version(self):
        for version in self.versions:
            action = self.secondary(version) or {}
            files = [f for f in version["features"] if "file" in (self.image(f.get("image")) or {})]
            if "present" in action and files:
                return version
        raise HarnessError(f"{self.path} has no version with a `present` page and an image file for the showcase")

    def title(self, version):
        return version.get("title", self.data.get("defaults", {}).get("title"))

    def first_feature_title(self, versions, locale):
        for version in versions:
            if version["features"]:
                return inline_plain(self.resolve(version["features"][0]["title"], locale)[0])
        raise HarnessError("no feature to look for on the first printed page")

    def present_texts(self, versions, locale):
        texts = []
        for version in versions:
            action = self.secondary(version) or {}
            page = action.get("present")
            if not page:
                continue
            title = self.resolve(page.get("title") or action.get("title"), locale)[0]
            texts.append((version["version"], [inline_plain(title)] + block_plain(self.resolve(page["body"], locale)[0])))
        return texts

    def page_texts(self, versions, locale):
        """Every version title, feature title and subtitle of `versions`, as its fragments of plain text."""
        texts = []
        for version in versions:
            for text in [self.title(version)] + [t for f in version["features"] for t in (f.get("title"), f.get("subtitle"))]:
                value = self.resolve(text, locale)[0]
                if value:
                    texts.append(inline_fragments(value))
        return texts

    def foreign_texts(self, versions, locale):
        """[{text, lang}] of the titles and subtitles whose locale map gives a text in another language."""
        page_language = locale.split("-")[0].lower()
        found = {}
        for version in versions:
            texts = [self.title(version)]
            for feature in version["features"]:
                texts += [feature.get("title"), feature.get("subtitle")]
            action = self.secondary(version)
            # Only the actions a page shows: `dismiss` and `custom` are the app's to perform.
            if action and ("present" in action or "openURL" in action):
                texts.append(action.get("title"))
            for text in texts:
                value, key = self.resolve(text, locale)
                if key and key.split("-")[0].lower() != page_language:
                    found[inline_plain(value)] = key
        return [{"text": text, "lang": lang} for text, lang in found.items()]

    def autolinks(self):
        urls = []

        def walk(node):
            if isinstance(node, dict):
                for value in node.values():
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)
            elif isinstance(node, str):
                urls.extend(re.findall(r"<((?:https?|mailto):[^>\s]+)>", node))
        walk(self.data)
        return sorted(set(urls))


def brand(hex_color):
    r, g, b = (int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    hue, _, _ = colorsys.rgb_to_hls(r, g, b)
    return {"hex": hex_color, "hue": hue * 360}


# ---- running things

def run(args, what):
    try:
        result = subprocess.run(args, capture_output=True, timeout=120)
    except FileNotFoundError:
        raise HarnessError(f"{what}: {args[0]} not found")
    except subprocess.TimeoutExpired:
        raise HarnessError(f"{what}: timed out after 120 s")
    if result.returncode != 0:
        stderr = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise HarnessError(f"{what}: exit status {result.returncode}\n  " + "\n  ".join(stderr[-15:]))
    return result.stdout


def compile_pages(whatsnew, manifest, out_dir, use_html=None):
    showcase = str(manifest.showcase_version()["version"])
    pages = [
        # name, file, kind, locale, versions on the page, whatsnew arguments
        ("changelog", "changelog.html", "changelog", "en", manifest.versions, ["--page", "changelog"]),
        ("showcase", "showcase.html", "showcase", "en", [manifest.version(showcase)],
         ["--page", "showcase", "--release", showcase]),
        ("changelog-de", "changelog-de.html", "changelog", "de", manifest.versions,
         ["--page", "changelog", "--locale", "de"]),
        # One page of the set `--locale all` writes (a page per locale, linked to each other), checked like the
        # others and for its links to the other languages' pages (ALL_LOCALES_DIR beside the others).
        ("changelog-all", os.path.join(ALL_LOCALES_DIR, ALL_LOCALES_PAGE), "changelog", ALL_LOCALES_LOCALE, manifest.versions,
         ["--page", "changelog", "--locale", "all"]),
    ]
    compiled = []
    for name, filename, kind, locale, versions, extra in pages:
        languages = "all" in extra
        if use_html:
            path = os.path.join(os.path.abspath(use_html), filename)
            if not os.path.isfile(path):
                raise HarnessError(f"--use-html: no {path}")
            compiled.append({"name": name, "path": path, "kind": kind, "locale": locale, "versions": versions, "args": extra,
                             "languages": languages})
            continue
        path = os.path.join(out_dir, filename)
        # `--locale all` writes into a directory: every page of the set.
        output = os.path.dirname(path) + "/" if languages else path
        run([whatsnew, "compile", manifest.path, "--format", "html", *extra, "-o", output],
            f"whatsnew compile ({name})")
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            raise HarnessError(f"whatsnew compile ({name}) wrote no {path}")
        compiled.append({"name": name, "path": path, "kind": kind, "locale": locale, "versions": versions,
                         "args": extra, "languages": languages})
    return compiled


# The page of the `--locale all` set that is checked, in its directory, and its locale.
ALL_LOCALES_DIR = "all-locales"
ALL_LOCALES_PAGE = "changelog.fr.html"
ALL_LOCALES_LOCALE = "fr"


class LinkReader(html.parser.HTMLParser):
    """The <html lang>, the <link rel=alternate hreflang> and the language switcher's links of a page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lang = None
        self.alternates = []  # (hreflang, href)
        self.switcher = []  # (hreflang, href, current)
        self.in_switcher = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        elif tag == "link" and attrs.get("rel") == "alternate" and "hreflang" in attrs:
            self.alternates.append((attrs["hreflang"], attrs.get("href", "")))
        elif tag == "nav" and "languages" in (attrs.get("class") or "").split():
            self.in_switcher = True
        elif tag == "a" and self.in_switcher:
            self.switcher.append((attrs.get("hreflang"), attrs.get("href", ""), attrs.get("aria-current") == "page"))

    def handle_endtag(self, tag):
        if tag == "nav":
            self.in_switcher = False


def read_links(path):
    reader = LinkReader()
    with open(path, encoding="utf-8") as f:
        reader.feed(f.read())
    return reader


def check_languages(spec, fail, ran):
    """The `hreflang` check of a page of `--locale all`: its links to the other languages' pages resolve."""
    ran.add("hreflang")
    where = (spec["name"], "the document", "")
    directory = os.path.dirname(spec["path"])
    name = os.path.basename(spec["path"])
    page = read_links(spec["path"])
    alternates = [a for a in page.alternates if a[0] != "x-default"]
    defaults = [a for a in page.alternates if a[0] == "x-default"]
    if len(alternates) < 2:
        fail("hreflang", where, "<head>", f"{len(alternates)} <link rel=alternate hreflang> (a page per locale expected, this one among them)")
    if len(defaults) != 1 or defaults[0][1] not in [href for _, href in alternates]:
        fail("hreflang", where, "<head>", f"x-default is {defaults!r}, not one of the language pages")
    if (page.lang, name) not in alternates:
        fail("hreflang", where, "<head>", f"no <link hreflang=\"{page.lang}\" href=\"{name}\"> for the page itself")
    if [(lang, href) for lang, href, _ in page.switcher] != alternates:
        fail("hreflang", where, "nav.languages", f"the switcher links {[(l, h) for l, h, _ in page.switcher]} are not the <head>'s {alternates}")
    current = [href for _, href, is_current in page.switcher if is_current]
    if current != [name]:
        fail("hreflang", where, "nav.languages", f"aria-current=\"page\" is on {current}, not on {name} alone")
    for lang, href in alternates:
        target = os.path.normpath(os.path.join(directory, href))
        if "/" in href or not os.path.isfile(target):
            fail("hreflang", where, f"hreflang=\"{lang}\"", f"href=\"{href}\" is not a file written beside the page")
            continue
        other = read_links(target)
        if other.lang != lang:
            fail("hreflang", where, f"hreflang=\"{lang}\"", f"{href} has <html lang=\"{other.lang}\">")
        if (page.lang, name) not in other.alternates:
            fail("hreflang", where, f"hreflang=\"{lang}\"", f"{href} does not link back to {name}")


def pdf_text(pdf_path, first_page_only=False):
    args = ["pdftotext", "-enc", "UTF-8"]
    if first_page_only:
        args += ["-f", "1", "-l", "1"]
    return run(args + [pdf_path, "-"], "pdftotext").decode("utf-8", "replace")


def squash(text):
    """For comparing printed text: NFKC (ligatures), and without whitespace, hyphens or bidi controls, which
    pdftotext adds or drops at line ends (it joins "release-" and "notes" to "releasenotes"), nor the
    glyphs of feature icons, which it puts between the lines of the text beside them."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"[\s\u00ad\u2010\u2011-]|[\u200e\u200f\u202a-\u202e\u2066-\u2069]", "", text)
    return re.sub(r"[\u2022\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d\U0001f000-\U0001faff]", "", text)


RTL = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def check_print(page, spec, manifest, out_dir, fail, ran):
    page.set_color_scheme("light")
    page.set_viewport(1280, 800)
    page.navigate("file://" + spec["path"])
    pdf = page.print_pdf(paper="A4", print_background=False)
    pdf_path = os.path.join(out_dir, spec["name"] + ".pdf")
    with open(pdf_path, "wb") as f:
        f.write(pdf)
    if not pdf.startswith(b"%PDF"):
        raise HarnessError(f"Page.printToPDF of {spec['name']} returned no PDF")
    first = squash(pdf_text(pdf_path, first_page_only=True))
    whole = squash(pdf_text(pdf_path))
    where = (spec["name"], "A4", "print")

    ran.add("print-first-page")
    title = manifest.first_feature_title(spec["versions"], spec["locale"])
    if squash(title) not in first:
        fail("print-first-page", where, "", f"the first printed page does not have \"{title}\" (the first feature title)")

    ran.add("print-present-pages")
    for version, texts in manifest.present_texts(spec["versions"], spec["locale"]):
        missing = [t for t in texts if squash(t) not in whole]
        if missing:
            fail("print-present-pages", where, f"the present page of {version}",
                 f"{len(missing)} of {len(texts)} lines not printed, e.g. \"{missing[0][:60]}\"")

    ran.add("print-all-text")
    for fragments in manifest.page_texts(spec["versions"], spec["locale"]):
        if any(RTL.search(f) for f in fragments):
            continue  # pdftotext gives right-to-left text back in visual pieces, not as typed
        # Each fragment, in order (a link's URL may be printed between them).
        position = 0
        for fragment in fragments:
            found = whole.find(squash(fragment), position)
            if found < 0:
                fail("print-all-text", where, "", f"not printed in full: \"{fragment[:70]}\"")
                break
            position = found + len(squash(fragment))

    ran.add("print-no-double-url")
    doubled = set()
    for url in manifest.autolinks():
        # The URL, then an opening parenthesis and the URL again (of which the page edge may cut the end).
        if squash(url) + "(" + squash(url)[:24] in whole:
            doubled.add(url)
    for match in re.finditer(r"((?:https?|mailto):[^()]{8,}?)\(\1", whole):
        doubled.add(match.group(1))
    for url in sorted(doubled):
        fail("print-no-double-url", where, "", f"printed as 'URL (URL)': {url[:80]}")


def shape(check, detail):
    """What failures of one kind of element have in common, to print them as one line."""
    if check == "overflow-element":
        return re.sub(r"\d+(\.\d+)?", "#", detail)
    if check in ("img-label-repeats-heading", "lang"):
        return re.sub(r'label "[^"]*"|text "[^"]*"', "…", detail)
    return detail


class Results:
    """Failures grouped for printing: (check, page, element, detail) → [where]; and the checks that ran."""

    def __init__(self):
        self.failures = collections.OrderedDict()
        self.notes = collections.OrderedDict()
        self.ran = set()

    def fail(self, check, where, element, detail):
        self.failures.setdefault((check, where[0], element, detail), []).append(f"{where[1]} {where[2]}".strip())

    def failed(self, check):
        return sum(1 for key in self.failures if key[0] == check)


class Checker:
    """Runs the checks of one manifest's pages in one browser (a tab per page)."""

    def __init__(self, browser, manifest, out_dir):
        self.browser = browser
        self.manifest = manifest
        self.out_dir = out_dir
        self.hue = brand(manifest.accent)
        with open(os.path.join(HERE, "measure.js"), encoding="utf-8") as f:
            self.js = f.read()

    def check(self, specs, viewports=VIEWPORTS, schemes=SCHEMES, print_pdf=True, results=None):
        results = results or Results()
        for spec in specs:
            tab = self.browser.new_page()
            try:
                self.check_page(tab, spec, viewports, schemes, results)
                if spec.get("languages"):
                    check_languages(spec, results.fail, results.ran)
                if print_pdf:
                    check_print(tab, spec, self.manifest, self.out_dir, results.fail, results.ran)
            finally:
                tab.close()
        return results

    def check_page(self, tab, spec, viewports, schemes, results):
        options = {
            "page": spec["kind"],
            "brand": self.hue,
            "versionCount": len(spec["versions"]),
            "langTexts": self.manifest.foreign_texts(spec["versions"], spec["locale"]),
            "pageLang": spec["locale"],
        }
        first = True
        for width, height in viewports:
            for scheme in schemes:
                tab.set_viewport(width, height)
                tab.set_color_scheme(scheme)
                tab.navigate("file://" + spec["path"])
                arguments = json.dumps(dict(options, width=width, scheme=scheme, structure=first))
                result = tab.evaluate(f"({self.js})({arguments})")
                if not isinstance(result, dict) or "failures" not in result:
                    raise HarnessError(f"measure.js returned {result!r} for {spec['name']} at {width} {scheme}")
                first = False
                results.ran.update(result["ran"])
                # One line per kind of element: the first one's text and how many more.
                grouped = collections.OrderedDict()
                for f in result["failures"]:
                    grouped.setdefault((f["check"], f["sig"], shape(f["check"], f["detail"])), []).append(f)
                for (check, _, _), items in grouped.items():
                    element = items[0]["element"] + (f" (and {len(items) - 1} more like it)" if len(items) > 1 else "")
                    where = (spec["name"], "the document", "") if check in STRUCTURAL else (spec["name"], width, scheme)
                    results.fail(check, where, element, items[0]["detail"])
                for n in result["notes"]:
                    results.notes.setdefault((n["check"], spec["name"], n["sig"], n["detail"]), f"{width} {scheme}")


def report(results, title, partial=False, verbose=True):
    """Prints every failure line and every check's verdict (only the failed ones unless `verbose`);
    returns the exit status (0 or 1)."""
    for (check, page, element, detail), where in results.failures.items():
        print(f"FAIL {check} | {page} @ {', '.join(where)} | {element} | {detail}".replace("|  |", "|"))
    for (check, page, element, detail), where in results.notes.items():
        print(f"note {check} | {page} @ {where} | {element} | {detail}")
    print(f"\n== {len(CHECKS)} checks: {title}")
    status = 0
    for check, description in CHECKS.items():
        if check not in results.ran and partial:
            print(f"  skip  {check:26} not run on the pages chosen with --pages")
        elif check not in results.ran:
            # A check that never ran is a failure of its own: it would otherwise read as a pass.
            print(f"  FAIL  {check:26} did not run (unknown page kinds or widths?)")
            status = 1
        elif results.failed(check):
            print(f"  FAIL  {check:26} {results.failed(check)} failure lines: {description}")
            status = 1
        elif verbose:
            print(f"  pass  {check:26} {description}")
    unknown = {key[0] for key in results.failures} - set(CHECKS)
    if unknown:
        print(f"  FAIL  checks without a description: {', '.join(sorted(unknown))}")
        status = 1
    passed = sum(1 for c in CHECKS if c in results.ran and not results.failed(c))
    print(f"== {'FAILED' if status else 'passed'}: {passed} of {len(CHECKS)} checks pass")
    return status


def require_tools():
    if not shutil.which("pdftotext"):
        raise HarnessError("pdftotext is missing (Debian's poppler-utils; `make browser-deps` installs it)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--whatsnew", help="the whatsnew binary (required unless --use-html)")
    parser.add_argument("--manifest", default=os.path.join(ROOT, "Fixtures", "browser", "stress.yaml"))
    parser.add_argument("--keep", help="write the pages and PDFs to this directory and keep them")
    parser.add_argument("--use-html", metavar="DIR", help="check DIR/changelog.html, showcase.html, changelog-de.html and "
                        f"{ALL_LOCALES_DIR}/{ALL_LOCALES_PAGE} with its sibling pages "
                        "(compiled from the manifest, then edited by hand, say) instead of compiling them")
    parser.add_argument("--pages", help="only these pages, comma-separated (changelog, showcase, changelog-de, changelog-all)")
    parser.add_argument("--timeout", type=float, default=30, help="seconds each browser command may take")
    args = parser.parse_args()

    started = time.monotonic()
    if not args.whatsnew and not args.use_html:
        raise HarnessError("--whatsnew BIN is required (or --use-html DIR)")
    whatsnew = os.path.abspath(args.whatsnew) if args.whatsnew else None
    if whatsnew and not os.access(whatsnew, os.X_OK):
        raise HarnessError(f"{args.whatsnew} is not an executable (run `swift build` first)")
    require_tools()
    manifest = Manifest(os.path.abspath(args.manifest))

    temp = None
    if args.keep:
        out_dir = os.path.abspath(args.keep)
        os.makedirs(out_dir, exist_ok=True)
    else:
        temp = tempfile.mkdtemp(prefix="whatsnew-browser-")
        out_dir = temp
    try:
        specs = compile_pages(whatsnew, manifest, out_dir, args.use_html)
        if args.pages:
            wanted = set(args.pages.split(","))
            specs = [s for s in specs if s["name"] in wanted]
        with cdp.Browser(timeout=args.timeout) as browser:
            print(f"check_pages: {browser.version}, {len(specs)} pages x {len(VIEWPORTS)} widths x {len(SCHEMES)} schemes"
                  + (f", pages from {args.use_html}" if args.use_html else ""))
            results = Checker(browser, manifest, out_dir).check(specs)
    finally:
        if temp:
            shutil.rmtree(temp, ignore_errors=True)
    return report(results, f"{manifest.path} ({time.monotonic() - started:.1f} s)", partial=bool(args.pages))


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (HarnessError, cdp.CDPError) as error:
        print(f"check_pages: ERROR: {error}", file=sys.stderr)
        print("check_pages: the checks did not run; this is a failure, not a pass", file=sys.stderr)
        sys.exit(2)
