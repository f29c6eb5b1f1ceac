#!/usr/bin/env python3
"""Tests the browser checks themselves: that they pass on right pages and fail on wrong ones.

Usage: python3 Tests/Browser/selftest.py

1. The reference pages (Fixtures/browser/reference/: the emitter's output for Fixtures/browser/stress.yaml,
   fixed by hand) must pass every check of check_pages.py, at every width, in both schemes, printed too.
   A check that fails there is wrong, or the browser changed under it.
2. Each mutation below breaks one thing in a copy of a reference page, the way an emitter could (a
   `dir` dropped, a colour changed, a print rule lost), and the check it names must then fail, measured
   on the page, width and scheme given. A check no mutation can make fail would pass silently forever.

Exit status 0 when both hold; 1 otherwise (each wrong verdict printed); 2 when the harness could not run.
"""

import os
import re
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import cdp  # noqa: E402
import check_pages  # noqa: E402
from check_pages import CHECKS, HarnessError  # noqa: E402

REFERENCE = os.path.join(check_pages.ROOT, "Fixtures", "browser", "reference")
MANIFEST = os.path.join(check_pages.ROOT, "Fixtures", "browser", "stress.yaml")

# (check that must fail, page, width, scheme, what is broken, css to add | [(old, new), ...] to replace once)
MUTATIONS = [
    ("overflow-document", "changelog", 390, "light", "an identifier that may not wrap",
     "#v3\\.2\\.0-long-identifier code { white-space: pre; overflow-wrap: normal; }"),
    ("overflow-element", "changelog", 390, "light", "a subtitle pulled past the left edge (no scrolling that way)",
     "#v3\\.2\\.0-long-word .feature-subtitle { margin-left: -120px; }"),
    ("overflow-feature-clipped", "changelog", 390, "light", "a long word that may not wrap, in a <main> that hides it",
     "main { overflow-x: hidden; } #v3\\.2\\.0-long-word .feature-subtitle { overflow-wrap: normal; }"),
    ("overflow-feature-clipped", "showcase", 320, "light", "a feature's text clipped instead of wrapped",
     "#v2\\.5\\.0-long-word-sheet .feature-text { overflow: hidden; } #v2\\.5\\.0-long-word-sheet .feature-subtitle { overflow-wrap: normal; }"),
    ("contrast", "changelog", 1280, "light", "light grey subtitles",
     ".feature-subtitle { color: #9a9a9a; }"),
    ("contrast", "showcase", 390, "dark", "dark title text in the dark scheme",
     "@media (prefers-color-scheme: dark) { .feature-title { color: #555555; } }"),
    ("contrast", "changelog", 390, "light", "a present page's text too light (seen only once its <details> opens)",
     ".page p { color: #b0b0b0; }"),
    ("brand-hue", "changelog", 390, "light", "blue links",
     "main a:not(.version-number) { color: #0b57d0; }"),
    ("brand-hue", "changelog", 1280, "dark", "version badges in the old dark-scheme blue",
     "@media (prefers-color-scheme: dark) { .version-number { background: #8ab4f8; } }"),
    ("brand-hue", "showcase", 1280, "dark", "a grey primary button",
     "@media (prefers-color-scheme: dark) { .primary-button { background: #636366 !important; } }"),
    ("first-note-1280", "changelog", 1280, "light", "a header taller than the screen",
     ".site-header { min-height: 900px; }"),
    ("first-note-390", "changelog", 390, "light", "the version index before the notes",
     "body.changelog { display: flex; flex-direction: column; } .toc { order: -1; }"),
    ("direction-isolated", "changelog", 1280, "light", "subtitles without dir",
     [('<p class="feature-subtitle" dir="auto">', '<p class="feature-subtitle">')] * 3),
    ("index-order", "changelog", 390, "light", "the Arabic title in the index not isolated: its date jumps left of it",
     [('<span class="index-title" dir="auto" lang="ar">ما الجديد', '<span class="index-title" lang="ar">ما الجديد')]),
    ("lang", "changelog-de", 1280, "light", "an English fallback without lang on the German page",
     [('<span class="version-title" dir="auto" lang="en">Faster sync', '<span class="version-title" dir="auto">Faster sync')]),
    ("lang", "changelog", 1280, "light", "an Arabic title without lang",
     [('<span class="index-title" dir="auto" lang="ar">', '<span class="index-title" dir="auto">')]),
    ("print-first-page", "changelog", 1280, "light", "versions kept whole in print (the first one too tall for page 1)",
     "@media print { .version { break-inside: avoid-page; } }"),
    ("print-present-pages", "changelog", 1280, "light", "closed <details> content not shown in print",
     [("details::details-content { content-visibility: visible; display: block; }", "")]),
    ("print-present-pages", "showcase", 1280, "light", "a pushed present page not shown in print",
     [(".pushed-page, .pushed-page:not(:target) { display: block; order: 1; }", "")]),
    ("print-all-text", "changelog", 1280, "light", "code that may not wrap in print",
     "@media print { code { white-space: pre; overflow-wrap: normal; } }"),
    ("print-no-double-url", "changelog", 1280, "light", "the URL printed after an autolink",
     "@media print { main a.autolink::after { content: \" (\" attr(href) \")\"; } }"),
    ("heading-levels", "changelog", 1280, "light", "a present page's heading two levels down",
     [("<h4>Before you start</h4>", "<h5>Before you start</h5>")]),
    ("skip-link", "showcase", 1280, "light", "no skip link",
     [('<a class="skip-link" href="#main">Skip to the notes</a>', "")]),
    ("skip-link", "changelog", 1280, "light", "a skip link that stays off screen when focused",
     ".skip-link:focus { left: -9999px; }"),
    ("img-label-repeats-heading", "changelog", 1280, "light", "an icon labelled with the title beside it",
     [('aria-hidden="true">⭐</span>\n<div class="feature-text">\n<h3 class="feature-title" dir="auto"><a class="permalink" href="#v3.2.0-endless-links">',
       'role="img" aria-label="Links that never end">⭐</span>\n<div class="feature-text">\n<h3 class="feature-title" dir="auto"><a class="permalink" href="#v3.2.0-endless-links">')]),
    ("list-role", "showcase", 1280, "light", "an unstyled list without role=list",
     [('<ul class="features" role="list">', '<ul class="features">')]),
    ("contract", "showcase", 1280, "light", "the primary action a <button>",
     [('<a class="primary-button" href="https://example.com/stress"', '<button type="button" class="primary-button"'),
      ("Continue</a>", "Continue</button>")]),
    ("contract", "changelog", 1280, "light", "a version heading without its badge class",
     [('class="permalink version-number" href="#v1.0.0"', 'class="permalink" href="#v1.0.0"')]),
    ("page-text-align", "showcase", 390, "light", "a centred present page",
     ".page { text-align: center; }"),
    ("sheet-footer-pinned", "showcase", 390, "light", "a footer that scrolls away",
     ".sheet-footer { position: static; }"),
    ("sheet-card", "showcase", 1280, "light", "a sheet that is not a card",
     ".sheet { background: transparent; box-shadow: none; }"),
    ("sheet-card", "showcase", 1280, "dark", "a sheet as wide as the window",
     ".sheet { max-width: none; }"),
    ("pushed-page", "showcase", 390, "light", "a pushed page shown before its link is followed",
     ".pushed-page:not(:target) { display: block; }"),
    ("pushed-page", "showcase", 1280, "dark", "a pushed page without a back link",
     [('<p><a class="back-link" href="#guide-open">Back</a></p>\n', "")]),
    ("pushed-page", "showcase", 1280, "light", "a pushed page shown beside the sheet",
     [(".pushed-page:target ~ main { display: none; }", "")]),
    ("hreflang", "changelog-all", 1280, "light", "a language page that was not written",
     [('<link rel="alternate" hreflang="es" href="changelog.es.html">', '<link rel="alternate" hreflang="es" href="changelog.es-ES.html">'),
      ('<a href="changelog.es.html" hreflang="es"', '<a href="changelog.es-ES.html" hreflang="es"')]),
    ("hreflang", "changelog-all", 1280, "light", "the switcher marking no page as the current one",
     [(' aria-current="page"', "")]),
]

VIEWPORT = dict(check_pages.VIEWPORTS)
FILES = {"changelog": "changelog.html", "showcase": "showcase.html", "changelog-de": "changelog-de.html",
         "changelog-all": os.path.join(check_pages.ALL_LOCALES_DIR, check_pages.ALL_LOCALES_PAGE)}


def mutate(html, change, what):
    if isinstance(change, str):
        if "</style>" not in html:
            raise HarnessError(f"mutation '{what}': the reference page has no </style>")
        return html.replace("</style>", change + "\n</style>", 1)
    for old, new in change:
        if old not in html:
            raise HarnessError(f"mutation '{what}': {old[:70]!r} is not in the reference page (was it regenerated?)")
        html = html.replace(old, new, 1)
    return html


def main():
    started = time.monotonic()
    check_pages.require_tools()
    for name in FILES.values():
        if not os.path.isfile(os.path.join(REFERENCE, name)):
            raise HarnessError(f"no reference page {os.path.join(REFERENCE, name)}")
    covered = {m[0] for m in MUTATIONS}
    missing = [c for c in CHECKS if c not in covered]
    if missing:
        raise HarnessError(f"checks that no mutation makes fail: {', '.join(missing)}")

    manifest = check_pages.Manifest(MANIFEST)
    temp = tempfile.mkdtemp(prefix="whatsnew-selftest-")
    wrong = []
    try:
        specs = {s["name"]: s for s in check_pages.compile_pages(None, manifest, temp, REFERENCE)}
        with cdp.Browser() as browser:
            checker = check_pages.Checker(browser, manifest, temp)

            # 1. The reference pages pass every check.
            results = checker.check(list(specs.values()))
            print("selftest: the reference pages must pass every check")
            if check_pages.report(results, f"reference pages {os.path.relpath(REFERENCE)}", verbose=False) != 0:
                wrong.append("the reference pages do not pass every check (see above)")

            # 2. Each mutation makes its check fail.
            print(f"\nselftest: {len(MUTATIONS)} mutations, each must fail its check")
            for index, (check, page, width, scheme, what, change) in enumerate(MUTATIONS):
                spec = dict(specs[page])
                with open(spec["path"], encoding="utf-8") as f:
                    html = mutate(f.read(), change, what)
                directory = os.path.join(temp, f"mutation-{index}")
                spec["path"] = os.path.join(directory, FILES[page])
                # A page of `--locale all` comes with the pages it links to.
                if spec.get("languages"):
                    shutil.copytree(os.path.dirname(specs[page]["path"]), os.path.dirname(spec["path"]))
                else:
                    os.makedirs(directory)
                with open(spec["path"], "w", encoding="utf-8") as f:
                    f.write(html)
                checker.out_dir = directory
                results = checker.check([spec], viewports=[(width, VIEWPORT[width])], schemes=[scheme],
                                        print_pdf=check.startswith("print-"))
                lines = [key for key in results.failures if key[0] == check]
                if lines:
                    _, _, element, detail = lines[0]
                    print(f"  ok    {check:26} fails on {what} ({page} {width} {scheme}): {element} {detail}"[:260])
                else:
                    print(f"  WRONG {check:26} passes on {what} ({page} {width} {scheme})")
                    wrong.append(f"{check} did not catch: {what}")
    finally:
        shutil.rmtree(temp, ignore_errors=True)

    print(f"\n== selftest ({time.monotonic() - started:.1f} s): " + ("passed" if not wrong else f"FAILED, {len(wrong)} wrong verdicts"))
    for line in wrong:
        print(f"  {line}")
    return 1 if wrong else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (HarnessError, cdp.CDPError) as error:
        print(f"selftest: ERROR: {error}", file=sys.stderr)
        print("selftest: the self-test did not run; this is a failure, not a pass", file=sys.stderr)
        sys.exit(2)
