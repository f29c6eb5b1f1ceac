#!/bin/sh
# trails: a command-line app that syncs trails. After each successful run it donates an event; from the
# third on, `tip show` prints the tip (once: maxDisplayCount 1). Extra arguments go to `tip show`.
set -e
here=$(dirname "$0")
echo "Synced 12 trails."
whatsnew tip donate run.succeeded --manifest "$here/trails.yaml"
whatsnew tip show "$here/trails.yaml" --color never --width 60 "$@"
