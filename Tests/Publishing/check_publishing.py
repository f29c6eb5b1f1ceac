#!/usr/bin/env python3
"""Checks the publishing outputs of whatsnew with the tools their readers use (`make test-publishing`, part of
`make test`):

- feeds: the Atom and RSS feeds and the Sparkle appcast parse in Python's feedparser without a warning (`bozo`
  false), with one entry per version, newest first, each with its id, link and date; the Atom feed validates
  against RFC 4287's RELAX NG schema with `xmllint --relaxng` (Tests/Resources/atom-rfc4287.rng); the JSON Feed
  keeps the MUSTs of JSON Feed 1.1 (feedparser 6, the current release on PyPI, does not read JSON Feed);
- the appcast is XML with Sparkle's namespace, each item with sparkle:version and sparkle:shortVersionString;
- the release body renders through cmark-gfm (GitHub's Markdown, with its extensions) as a list of the features
  and the secondary action's link, without a heading;
- the pre-commit hooks pass on a valid manifest and fail on a broken one (`pre-commit try-repo`), also when the
  manifest's folder is named like an option, and the strict hook fails on warnings; the GitHub Action's script
  (Scripts/action.sh) validates, compiles and writes the release body, and fails without writing outside the
  workspace when the output folder or the release body is a committed link.

Prints PASS or FAIL per check; exit 1 on a failure, 2 when a tool is missing.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from datetime import datetime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Fixtures")
SPARKLE = "http://www.andymatuschak.org/xml-namespaces/sparkle"
ATOM = "http://www.w3.org/2005/Atom"

failures = []


def check(name, condition, detail=""):
    print(("PASS " if condition else "FAIL ") + name + ("" if condition or not detail else ": " + detail))
    if not condition:
        failures.append(name)


def run(command, **options):
    return subprocess.run(command, capture_output=True, text=True, **options)


def compile_notes(whatsnew, *arguments, manifest="notes.yaml"):
    result = run([whatsnew, "compile", manifest, *arguments], cwd=FIXTURES)
    if result.returncode != 0:
        raise SystemExit(f"whatsnew compile {manifest} {' '.join(arguments)} failed ({result.returncode}):\n{result.stderr}")
    return result.stdout


def manifest_versions(whatsnew):
    """The versions of Fixtures/notes.yaml, newest first, with their dates (from the JSON output)."""
    notes = json.loads(compile_notes(whatsnew, "--format", "json"))
    return [(version["version"], version["date"]) for version in notes["versions"]]


def check_feeds(whatsnew):
    import feedparser

    versions = manifest_versions(whatsnew)
    ids = [f"https://example.com/trails#v{version}" for version, _ in versions]
    for feed_format, expected_version in [("atom", "atom10"), ("rss", "rss20"), ("appcast", "rss20")]:
        text = compile_notes(whatsnew, "--format", feed_format)
        parsed = feedparser.parse(text.encode("utf-8"))
        check(f"{feed_format}: feedparser reads it without a warning (bozo false)", not parsed.bozo, repr(parsed.get("bozo_exception")))
        check(f"{feed_format}: feedparser reads it as {expected_version}", parsed.version == expected_version, parsed.version)
        check(f"{feed_format}: one entry per version, newest first", [entry.get("id", entry.get("link")) for entry in parsed.entries] == ids,
              str([entry.get("id") for entry in parsed.entries]))
        dates = [entry.get("published_parsed") or entry.get("updated_parsed") for entry in parsed.entries]
        expected_dates = [datetime.strptime(date, "%Y-%m-%d").timetuple()[:6] for _, date in versions]
        check(f"{feed_format}: each entry's date is its version's, at midnight UTC", [date[:6] for date in dates] == expected_dates)
        check(f"{feed_format}: the feed is the app's", parsed.feed.get("title") == "Trails" and parsed.feed.get("link") == "https://example.com/trails",
              f"{parsed.feed.get('title')} {parsed.feed.get('link')}")
        if feed_format != "appcast":
            check(f"{feed_format}: each entry has the notes as HTML",
                  all("<li>" in (entry.get("content", [{}])[0].get("value") or entry.get("summary", "")) for entry in parsed.entries))
    # Atom against the schema of RFC 4287, and the two rules the schema states only in Schematron.
    with tempfile.TemporaryDirectory() as directory:
        for name, arguments in [("notes", []), ("undated", ["--format", "atom"])]:
            path = os.path.join(directory, name + ".atom")
            if name == "notes":
                text = compile_notes(whatsnew, "--format", "atom")
            else:
                text = compile_notes(whatsnew, *arguments, manifest="publishing/undated.yaml")
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            result = run(["xmllint", "--noout", "--relaxng", os.path.join(ROOT, "Tests", "Resources", "atom-rfc4287.rng"), path])
            check(f"atom ({name}): valid by RFC 4287's RELAX NG schema (xmllint)", result.returncode == 0, result.stderr.strip())
            feed = ElementTree.fromstring(text)
            check(f"atom ({name}): the feed has an author", feed.find(f"{{{ATOM}}}author/{{{ATOM}}}name") is not None)
            check(f"atom ({name}): each entry has an alternate link and content",
                  all(entry.find(f"{{{ATOM}}}link[@rel='alternate']") is not None and entry.find(f"{{{ATOM}}}content") is not None
                      for entry in feed.findall(f"{{{ATOM}}}entry")))
        # The schema rejects what it should: a feed without its id.
        broken = os.path.join(directory, "broken.atom")
        with open(broken, "w", encoding="utf-8") as file:
            file.write(re.sub(r"\n  <id>[^<]*</id>", "", compile_notes(whatsnew, "--format", "atom"), count=1))
        result = run(["xmllint", "--noout", "--relaxng", os.path.join(ROOT, "Tests", "Resources", "atom-rfc4287.rng"), broken])
        check("atom: the schema refuses a feed without an id (the check can fail)", result.returncode != 0)
    check_json_feed(json.loads(compile_notes(whatsnew, "--format", "jsonfeed")), ids, versions)


def check_json_feed(feed, ids, versions):
    """The MUSTs of JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/) for what whatsnew writes."""
    known_top = {"version", "title", "home_page_url", "feed_url", "description", "user_comment", "next_url", "icon", "favicon",
                 "authors", "language", "expired", "hubs", "items"}
    known_item = {"id", "url", "external_url", "title", "content_html", "content_text", "summary", "image", "banner_image",
                  "date_published", "date_modified", "authors", "tags", "language", "attachments"}
    check("jsonfeed: version is JSON Feed 1.1", feed.get("version") == "https://jsonfeed.org/version/1.1")
    check("jsonfeed: a title", isinstance(feed.get("title"), str) and feed["title"] == "Trails")
    check("jsonfeed: only keys the spec defines", set(feed) <= known_top, str(set(feed) - known_top))
    items = feed.get("items")
    check("jsonfeed: items is an array, one per version, newest first", isinstance(items, list) and [item.get("id") for item in items] == ids)
    for item in items or []:
        check(f"jsonfeed {item.get('id')}: only keys the spec defines", set(item) <= known_item, str(set(item) - known_item))
        check(f"jsonfeed {item.get('id')}: content_html is a string", isinstance(item.get("content_html"), str) and "<li>" in item["content_html"])
    dates = [item.get("date_published") for item in items or []]
    check("jsonfeed: date_published is RFC 3339, midnight UTC of the version's date",
          dates == [f"{date}T00:00:00Z" for _, date in versions] and all(datetime.fromisoformat(date.replace("Z", "+00:00")) for date in dates))
    authors = feed.get("authors")
    check("jsonfeed: authors is an array of objects with a name", isinstance(authors, list) and all(isinstance(author.get("name"), str) for author in authors))


def check_appcast(whatsnew):
    text = compile_notes(whatsnew, "--format", "appcast")
    root = ElementTree.fromstring(text)
    items = root.findall("channel/item")
    check("appcast: RSS 2.0 with items", root.tag == "rss" and root.get("version") == "2.0" and len(items) == 7)
    check("appcast: declares Sparkle's namespace", f'xmlns:sparkle="{SPARKLE}"' in text)
    check("appcast: each item has sparkle:version and sparkle:shortVersionString",
          all(item.find(f"{{{SPARKLE}}}version") is not None and item.find(f"{{{SPARKLE}}}shortVersionString") is not None for item in items))
    check("appcast: each item's description is HTML", all("<li>" in (item.findtext("description") or "") for item in items))
    check("appcast: pubDate is RFC 822", all(re.fullmatch(r"[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} 00:00:00 \+0000", item.findtext("pubDate") or "")
                                             for item in items))


def check_release_body(whatsnew):
    cmark = shutil.which("cmark-gfm")
    body = compile_notes(whatsnew, "--release", "latest", "--format", "release-body")
    arguments = [cmark, "--unsafe", "--to", "html"] + [part for name in ["table", "strikethrough", "autolink", "tagfilter", "tasklist"] for part in ("--extension", name)]
    html = run(arguments, input=body).stdout
    notes = json.loads(compile_notes(whatsnew, "--release", "latest", "--format", "json"))
    version = notes["versions"][0]
    check("release body: no heading (the release page shows the version)", not re.search(r"<h[1-6]", html), html)
    check("release body: one list item per feature", html.count("<li>") == len(version["features"]) and html.startswith("<ul>"), html)
    for feature in version["features"]:
        check(f"release body: '{feature['title']['plain']}' in bold", f"<strong>{feature['title']['plain']}</strong>" in html, html)
    check("release body: the strikethrough and the secondary action's link render",
          "<del>blisters</del>" in html and '<a href="https://example.com/trails/stories">See a story</a>' in html, html)
    check("release body: no Markdown left unrendered", "**" not in html and "~~" not in html and "\\" not in html, html)
    # Hostile text: GitHub's renderer (raw HTML allowed, as GitHub allows it before its sanitizer) gets no live markup.
    with tempfile.TemporaryDirectory() as directory:
        with open(os.path.join(FIXTURES, "hostile", "notes.json"), encoding="utf-8") as file:
            hostile = json.load(file)
        rendered = ""
        for version in [entry["version"] for entry in hostile["versions"]]:
            result = run([whatsnew, "compile", os.path.join(FIXTURES, "hostile", "notes.json"), "--release", version, "--format", "release-body"])
            rendered += run(arguments, input=result.stdout).stdout
        problems = live_markup(rendered)
        check("release body (hostile): after cmark-gfm only the elements of notes, no event handler, links only to http, https, mailto",
              not problems and "<strong>" in rendered, "; ".join(problems))


def live_markup(html):
    """What in `html` a browser would run or load: elements other than those notes render to, event handler
    attributes, links other than http, https, mailto."""
    from html.parser import HTMLParser

    allowed = {"ul", "ol", "li", "p", "strong", "em", "code", "del", "a", "br", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre",
               "hr", "details", "summary", "table", "thead", "tbody", "tr", "th", "td", "input"}
    problems = []

    class Collector(HTMLParser):
        def handle_starttag(self, tag, attributes):
            if tag not in allowed:
                problems.append(f"<{tag}>")
            for name, value in attributes:
                if name.lower().startswith("on"):
                    problems.append(f"{tag} {name}")
                if name in ("href", "src") and not re.match(r"(https?|mailto):", (value or "").strip(), re.IGNORECASE):
                    problems.append(f"{tag} {name}={value}")

    Collector().feed(html)
    return problems


def check_pre_commit(whatsnew):
    with tempfile.TemporaryDirectory() as directory:
        bin_directory = os.path.join(directory, "bin")
        os.mkdir(bin_directory)
        os.symlink(os.path.abspath(whatsnew), os.path.join(bin_directory, "whatsnew"))
        project = os.path.join(directory, "project")
        os.mkdir(project)
        environment = dict(os.environ, PATH=bin_directory + os.pathsep + os.environ["PATH"], PRE_COMMIT_HOME=os.path.join(directory, "cache"),
                           GIT_AUTHOR_NAME="test", GIT_AUTHOR_EMAIL="test@example.com", GIT_COMMITTER_NAME="test",
                           GIT_COMMITTER_EMAIL="test@example.com", GIT_CONFIG_NOSYSTEM="1", HOME=directory)
        shutil.copy(os.path.join(FIXTURES, "notes.yaml"), os.path.join(project, "notes.yaml"))
        os.makedirs(os.path.join(project, "assets"))
        shutil.copy(os.path.join(FIXTURES, "assets", "logo.svg"), os.path.join(project, "assets", "logo.svg"))
        with open(os.path.join(project, "README.txt"), "w") as file:
            file.write("not a manifest\n")
        run(["git", "init", "-q"], cwd=project, env=environment)
        run(["git", "add", "-A"], cwd=project, env=environment)
        # try-repo on a local clone of this repository whose hook file is the working tree's (pre-commit reads a
        # repository's committed files, and this one's may be uncommitted).
        clone = os.path.join(directory, "whatsnew")
        run(["git", "clone", "-q", "--depth", "1", "file://" + ROOT, clone], env=environment)
        shutil.copy(os.path.join(ROOT, ".pre-commit-hooks.yaml"), os.path.join(clone, ".pre-commit-hooks.yaml"))
        run(["git", "add", ".pre-commit-hooks.yaml"], cwd=clone, env=environment)
        run(["git", "commit", "-q", "--allow-empty", "-m", "the working tree's hooks"], cwd=clone, env=environment)
        command = ["pre-commit", "try-repo", clone, "whatsnew-validate", "--all-files", "--color", "never"]
        passing = run(command, cwd=project, env=environment)
        check("pre-commit: whatsnew-validate passes on a valid manifest", passing.returncode == 0 and "Passed" in passing.stdout,
              passing.stdout + passing.stderr)
        os.makedirs(os.path.join(project, "app"))
        with open(os.path.join(project, "app", "notes.yaml"), "w") as file:
            file.write("versions:\n  - version: 1.0.0\n    features:\n      - image: stars\n        title: A\n        subtitle: B\n")
        run(["git", "add", "-A"], cwd=project, env=environment)
        failing = run(command, cwd=project, env=environment)
        check("pre-commit: whatsnew-validate fails on a broken manifest, naming the problem's place",
              failing.returncode != 0 and "app/notes.yaml:4:16: error" in failing.stdout, failing.stdout + failing.stderr)
        check("pre-commit: only manifests are passed to it", "README.txt" not in failing.stdout)
        # A broken manifest in a folder named like an option: pre-commit appends `--refs=x/notes.yaml`, which must
        # be read as a file (the entry ends with `--`), not taken as an option while the manifest goes unchecked.
        shutil.rmtree(os.path.join(project, "app"))
        for folder in ["--refs=x", "--assume-filename=y", "--schema=z"]:
            os.makedirs(os.path.join(project, folder))
            with open(os.path.join(project, folder, "notes.yaml"), "w") as file:
                file.write("versions:\n  - version: 1.0.0\n    features:\n      - image: stars\n        title: A\n        subtitle: B\n")
        run(["git", "add", "-A"], cwd=project, env=environment)
        disguised = run(command, cwd=project, env=environment)
        check("pre-commit: a manifest in a folder named like an option is validated, not read as an option",
              disguised.returncode != 0 and all(f"{folder}/notes.yaml:4:16: error" in disguised.stdout
                                                for folder in ["--refs=x", "--assume-filename=y", "--schema=z"]),
              disguised.stdout + disguised.stderr)
        for folder in ["--refs=x", "--assume-filename=y", "--schema=z"]:
            shutil.rmtree(os.path.join(project, folder))
        # Warnings only: the plain hook passes, the strict one fails.
        shutil.copy(os.path.join(FIXTURES, "invalid", "rule-duplicate-feature", "input.yaml"), os.path.join(project, "release-notes.yaml"))
        run(["git", "add", "-A"], cwd=project, env=environment)
        lenient = run(command, cwd=project, env=environment)
        strict = run(command[:3] + ["whatsnew-validate-strict"] + command[4:], cwd=project, env=environment)
        check("pre-commit: whatsnew-validate passes a manifest with warnings only", lenient.returncode == 0, lenient.stdout + lenient.stderr)
        check("pre-commit: whatsnew-validate-strict fails it, naming the warning as an error",
              strict.returncode != 0 and "release-notes.yaml:6:9: error" in strict.stdout, strict.stdout + strict.stderr)


def check_action(whatsnew):
    import yaml

    with open(os.path.join(ROOT, "action.yml"), encoding="utf-8") as file:
        action = yaml.safe_load(file)
    step = action["runs"]["steps"][0]
    used = set(re.findall(r"inputs\.([a-z-]+)", json.dumps(action["runs"])))
    check("action.yml: a composite action whose step runs Scripts/action.sh",
          action["runs"]["using"] == "composite" and "Scripts/action.sh" in step["run"] and step["shell"] == "bash")
    check("action.yml: every input is documented and used", used == set(action["inputs"]) and all(i.get("description") for i in action["inputs"].values()),
          f"used {sorted(used)}, declared {sorted(action['inputs'])}")
    script = os.path.join(ROOT, "Scripts", "action.sh")
    with tempfile.TemporaryDirectory() as directory:
        bin_directory = os.path.join(directory, "bin")
        os.mkdir(bin_directory)
        os.symlink(os.path.abspath(whatsnew), os.path.join(bin_directory, "whatsnew"))
        outputs = os.path.join(directory, "outputs")
        environment = dict(os.environ, PATH=bin_directory + os.pathsep + os.environ["PATH"], GITHUB_OUTPUT=outputs,
                           WHATSNEW_MANIFEST="notes.yaml", WHATSNEW_STRICT="false", WHATSNEW_OUTPUT_DIRECTORY=os.path.join(directory, "site/new"),
                           WHATSNEW_FORMATS="markdown html atom", WHATSNEW_RELEASE="latest",
                           WHATSNEW_RELEASE_BODY=os.path.join(directory, "body.md"), WHATSNEW_BINARY="auto")
        result = run(["bash", script], cwd=FIXTURES, env=environment)
        check("action: validates, compiles and writes the release body", result.returncode == 0, result.stdout + result.stderr)
        check("action: the folder holds the formats asked for",
              sorted(os.listdir(os.path.join(directory, "site/new"))) == ["CHANGELOG.md", "changelog.html", "feed.atom"])
        with open(os.path.join(directory, "body.md"), encoding="utf-8") as file:
            check("action: the release body is whatsnew's", file.read() == compile_notes(whatsnew, "--release", "latest", "--format", "release-body"))
        with open(outputs, encoding="utf-8") as file:
            written = file.read().splitlines()
        check("action: its outputs name the binary on PATH and the body",
              written == [f"whatsnew={os.path.join(bin_directory, 'whatsnew')}", f"release-body={os.path.join(directory, 'body.md')}"], str(written))
        # A broken manifest: annotations on standard output, and the step fails.
        broken = os.path.join(directory, "broken.yaml")
        with open(broken, "w") as file:
            file.write("versions:\n  - version: 1.0.0\n    features:\n      - image: stars\n        title: A\n        subtitle: B\n")
        failing = run(["bash", script], cwd=directory, env=dict(environment, WHATSNEW_MANIFEST=broken, WHATSNEW_RELEASE=""))
        check("action: a broken manifest fails the step with an ::error annotation at its line",
              failing.returncode == 1 and f"::error file={broken},line=4,col=16" in failing.stdout, failing.stdout + failing.stderr)
        check("action: nothing is compiled after a failed validation", not os.path.exists(os.path.join(directory, "site/new", "notes.json")))
    check_action_links(whatsnew, script)


def check_action_links(whatsnew, script):
    """A pull request's committed links: `site` (the output folder) leading out of the workspace, and
    `release-notes.md` (the release body) leading to an executable elsewhere. The step fails, and nothing outside
    the workspace is created or changed."""
    with tempfile.TemporaryDirectory() as directory:
        bin_directory = os.path.join(directory, "bin")
        os.mkdir(bin_directory)
        os.symlink(os.path.abspath(whatsnew), os.path.join(bin_directory, "whatsnew"))
        workspace = os.path.join(directory, "workspace")
        outside = os.path.join(directory, "outside")
        os.makedirs(workspace)
        os.makedirs(outside)
        shutil.copy(os.path.join(FIXTURES, "notes.yaml"), os.path.join(workspace, "notes.yaml"))
        shutil.copytree(os.path.join(FIXTURES, "assets"), os.path.join(workspace, "assets"))
        tool = os.path.join(outside, "tool")
        with open(tool, "w") as file:
            file.write("#!/bin/sh\necho the runner's own tool\n")
        os.chmod(tool, 0o755)
        os.makedirs(os.path.join(outside, "site"))
        os.symlink(os.path.join(outside, "site"), os.path.join(workspace, "site"))
        os.symlink(tool, os.path.join(workspace, "release-notes.md"))
        environment = dict(os.environ, PATH=bin_directory + os.pathsep + os.environ["PATH"], WHATSNEW_MANIFEST="notes.yaml",
                           WHATSNEW_STRICT="false", WHATSNEW_OUTPUT_DIRECTORY="site", WHATSNEW_FORMATS="markdown html",
                           WHATSNEW_RELEASE="", WHATSNEW_BINARY="auto")
        environment.pop("GITHUB_OUTPUT", None)
        through_folder = run(["bash", script], cwd=workspace, env=environment)
        check("action: a committed `site` link leading out of the workspace fails the step",
              through_folder.returncode != 0 and "site" in through_folder.stderr, through_folder.stdout + through_folder.stderr)
        check("action: nothing is created where the `site` link points", os.listdir(os.path.join(outside, "site")) == [],
              str(os.listdir(os.path.join(outside, "site"))))
        through_file = run(["bash", script], cwd=workspace, env=dict(environment, WHATSNEW_OUTPUT_DIRECTORY="", WHATSNEW_RELEASE="latest"))
        with open(tool, encoding="utf-8") as file:
            content = file.read()
        check("action: a committed `release-notes.md` link fails the step", through_file.returncode != 0,
              through_file.stdout + through_file.stderr)
        check("action: the executable the link names keeps its content and mode",
              content == "#!/bin/sh\necho the runner's own tool\n" and os.stat(tool).st_mode & 0o777 == 0o755, content)
        check("action: the link itself is left as it was", os.path.islink(os.path.join(workspace, "release-notes.md")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--whatsnew", required=True, help="the built binary")
    whatsnew = os.path.abspath(parser.parse_args().whatsnew)
    missing = [tool for tool in ["xmllint", "cmark-gfm", "pre-commit", "git"] if shutil.which(tool) is None]
    try:
        import feedparser  # noqa: F401
        import yaml  # noqa: F401
    except ImportError as error:
        missing.append(error.name)
    if missing:
        print("check_publishing: missing " + ", ".join(missing) + " (make publishing-deps installs them)", file=sys.stderr)
        return 2
    for section in [check_feeds, check_appcast, check_release_body, check_pre_commit, check_action]:
        section(whatsnew)
    print(f"{len(failures)} failed" if failures else "all publishing checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
