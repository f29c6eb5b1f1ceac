#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), configured by environment variables the action sets from its
# inputs; run it by hand the same way. Writes `whatsnew=` and `release-body=` to $GITHUB_OUTPUT when set.
#   WHATSNEW_MANIFEST          the manifest(s), separated by spaces (default notes.yaml)
#   WHATSNEW_STRICT            true: warnings are errors
#   WHATSNEW_OUTPUT_DIRECTORY  compile into this folder (made when missing); empty: no compile
#   WHATSNEW_FORMATS           the formats of that compile (default "markdown html atom")
#   WHATSNEW_RELEASE           write this version's release body (a version, latest, latest-prerelease); empty: none
#   WHATSNEW_RELEASE_BODY      where (default release-notes.md)
#   WHATSNEW_BINARY            auto (on PATH, else `make release` from this repository) or a path
set -euo pipefail
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a manifests <<< "${WHATSNEW_MANIFEST:-notes.yaml}"
strict=()
[ "${WHATSNEW_STRICT:-false}" = true ] && strict=(--strict)
output() { if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1" >> "$GITHUB_OUTPUT"; fi; }

# 1. The binary: the one given, the one on PATH, or one built from this repository.
whatsnew="${WHATSNEW_BINARY:-auto}"
if [ "$whatsnew" = auto ]; then
    if command -v whatsnew >/dev/null 2>&1; then
        whatsnew="$(command -v whatsnew)"
    else
        echo "::group::Building whatsnew (make release)"
        make -C "$repository" release >&2
        echo "::endgroup::"
        whatsnew="$repository/.build/release/whatsnew"
    fi
fi
output "whatsnew=$whatsnew"

# Every path given to whatsnew comes after `--`: a manifest name is never read as an option. whatsnew itself creates
# the folders it writes into and refuses symbolic links on the way to an output, so this script makes no folder
# and writes no file of its own in the workspace (a committed `site` or `release-notes.md` link would lead out).

# 2. Validate: each problem a workflow command, an annotation at its file and line (on standard output, where
#    the runner reads them). A manifest with errors stops here.
"$whatsnew" validate --diagnostics github "${strict[@]}" -- "${manifests[@]}" 2>&1

# 3. Compile into a folder.
if [ -n "${WHATSNEW_OUTPUT_DIRECTORY:-}" ]; then
    formats=()
    for format in ${WHATSNEW_FORMATS:-markdown html atom}; do formats+=(--format "$format"); done
    "$whatsnew" compile "${strict[@]}" "${formats[@]}" -o "${WHATSNEW_OUTPUT_DIRECTORY%/}/" -- "${manifests[@]}"
fi

# 4. The release body of one version.
if [ -n "${WHATSNEW_RELEASE:-}" ]; then
    body="${WHATSNEW_RELEASE_BODY:-release-notes.md}"
    "$whatsnew" compile "${strict[@]}" --release "$WHATSNEW_RELEASE" --format release-body -o "$body" -- "${manifests[@]}"
    output "release-body=$body"
else
    output "release-body="
fi
