#!/usr/bin/env python3
"""`make bench-lsp`: how long `whatsnew lsp` takes from an edit to that edit's diagnostics, on a small manifest
and on a 1 MB one, against the targets of issue 31 (500 ms and 1.5 s).

    python3 Benchmarks/lsp_latency.py --whatsnew .build/release/whatsnew --small Fixtures/notes.yaml \\
        --large .build-bench/manifest-1mb.yaml

Each manifest is opened, then edited --repetitions times (a comment inserted at its top, an incremental change);
the time from sending the change to receiving textDocument/publishDiagnostics for its version is measured, and
the median counts. Missed targets are printed as FAIL; the run fails (exit 1) only when the server does.
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path


class Server:
    def __init__(self, whatsnew, root):
        self.process = subprocess.Popen([str(Path(whatsnew).resolve()), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=root)

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            if not byte:
                raise SystemExit("bench-lsp: the server ended")
            header += byte
        length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def diagnostics(self, uri, version):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri \
                    and message["params"].get("version") == version:
                return message["params"]["diagnostics"]


def measure(whatsnew, path: Path, repetitions):
    path = path.resolve()
    server = Server(whatsnew, path.parent)
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": path.parent.as_uri(), "capabilities": {}}})
    server.receive()
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = path.as_uri()
    started = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": path.read_text(encoding="utf-8")}}})
    server.diagnostics(uri, 1)
    opened = time.perf_counter() - started
    samples = []
    for version in range(2, repetitions + 2):
        started = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": f"# edit {version}\n"}]}})
        server.diagnostics(uri, version)
        samples.append(time.perf_counter() - started)
    server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    server.receive()
    server.send({"jsonrpc": "2.0", "method": "exit"})
    if server.process.wait(timeout=30) != 0:
        raise SystemExit("bench-lsp: the server did not exit with 0")
    return opened, statistics.median(samples)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--whatsnew", required=True)
    parser.add_argument("--small", required=True, type=Path)
    parser.add_argument("--large", required=True, type=Path)
    parser.add_argument("--repetitions", type=int, default=5)
    arguments = parser.parse_args()
    print("== whatsnew lsp: from an edit to its diagnostics (median)")
    for label, path, target in [("small", arguments.small, 0.5), ("1 MB", arguments.large, 1.5)]:
        opened, edit = measure(arguments.whatsnew, path, arguments.repetitions)
        verdict = "ok" if edit <= target else "FAIL"
        print(f"{label:>6} ({path.stat().st_size} bytes): open {opened * 1000:.0f} ms, edit {edit * 1000:.0f} ms "
              f"(target {target * 1000:.0f} ms) {verdict}")


if __name__ == "__main__":
    sys.exit(main())
