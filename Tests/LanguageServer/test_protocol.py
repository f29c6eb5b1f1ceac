"""The base protocol with untrusted input, spoken byte for byte (a client library never sends these): malformed
frames and messages get JSON-RPC errors and the server keeps serving; unknown methods get MethodNotFound;
shutdown and exit end it with 0; nothing is written to disk."""
import hashlib
import json
import os
import random
import subprocess
from pathlib import Path

from conftest import FIXTURES, WHATSNEW


class RawSession:
    def __init__(self, cwd: Path):
        self.process = subprocess.Popen([WHATSNEW, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)

    def write(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode() if not isinstance(message, bytes) else message
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server ended"
            header += byte
        length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def response(self):
        """The next response, skipping notifications (diagnostics)."""
        while True:
            message = self.receive()
            if "method" not in message:
                return message

    def initialize(self, root: Path):
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"rootUri": root.as_uri(), "capabilities": {}}})
        assert "capabilities" in self.response()["result"]
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def finish(self, shutdown=True, timeout=30):
        if shutdown:
            self.send({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
            assert self.response() == {"jsonrpc": "2.0", "id": 999, "result": None}
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.process.wait(timeout=timeout)


def error(response):
    return response["id"], response["error"]["code"]


def test_malformed_messages_get_errors_and_the_server_keeps_serving(tmp_path):
    session = RawSession(tmp_path)
    session.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    assert error(session.response()) == (1, -32002), "a request before initialize"
    session.initialize(tmp_path)
    session.send(b"{not json")
    assert error(session.response()) == (None, -32700)
    session.send(b"[1, 2]")
    assert error(session.response()) == (None, -32600)
    session.send({"jsonrpc": "2.0", "id": {"an": "object"}, "method": "shutdown"})
    assert error(session.response()) == (None, -32600)
    session.send({"jsonrpc": "2.0", "id": 2})
    assert error(session.response()) == (2, -32600)
    session.write(b"Content-Type: text/plain\r\n\r\n")
    assert error(session.response()) == (None, -32600)
    session.write(b"Content-Length: -4\r\n\r\n")
    assert error(session.response()) == (None, -32600)
    session.send({"jsonrpc": "2.0", "id": 3, "method": "workspace/unknownThing", "params": {}})
    assert session.response() == {"jsonrpc": "2.0", "id": 3, "error": {"code": -32601, "message": "unknown method 'workspace/unknownThing'"}}
    session.send({"jsonrpc": "2.0", "method": "$/unknownNotification", "params": {}})
    session.send({"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///nowhere.yaml"}}})
    assert error(session.response()) == (4, -32602), "a notification gets no answer; the next answer is the hover's"
    session.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/completion", "params": None})
    assert error(session.response()) == (5, -32602)
    # Deep nesting and a string with every escape: an error or an answer, never a crash.
    session.send(b'{"jsonrpc":"2.0","id":6,"method":"x","params":' + b"[" * 5000 + b"]" * 5000 + b"}")
    assert error(session.response()) == (None, -32700)
    session.send({"jsonrpc": "2.0", "id": "seven", "method": "\u0000\u202e\ud7ff"})
    assert error(session.response()) == ("seven", -32601)
    # Random bytes in well-framed messages: one error each.
    generator = random.Random(31)
    for index in range(200):
        session.send(bytes(generator.randrange(256) for _ in range(generator.randrange(1, 200))))
        response = session.response()
        assert response["error"]["code"] in (-32700, -32600, -32601), response
    assert session.finish() == 0


def test_a_message_over_the_size_limit_is_skipped_without_being_held(tmp_path):
    session = RawSession(tmp_path)
    session.initialize(tmp_path)
    length = 64 * 1024 * 1024 + 1
    session.write(b"Content-Length: %d\r\n\r\n" % length)
    chunk = b"x" * (1 << 20)
    for _ in range(length // len(chunk)):
        session.write(chunk)
    session.write(b"x" * (length % len(chunk)))
    response = session.response()
    assert error(response) == (None, -32600)
    assert "over the limit of 67108864 bytes" in response["error"]["message"]
    session.send({"jsonrpc": "2.0", "id": 8, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "file:///x.yaml"}}})
    assert error(session.response()) == (8, -32602)
    status = open(f"/proc/{session.process.pid}/status").read()
    resident = int(next(line for line in status.splitlines() if line.startswith("VmHWM:")).split()[1])
    assert resident < 60 * 1024, f"the skipped body was held: peak {resident} KiB"
    assert session.finish() == 0


def test_exit_without_shutdown_or_the_end_of_input_exits_1(tmp_path):
    session = RawSession(tmp_path)
    session.initialize(tmp_path)
    assert session.finish(shutdown=False) == 1
    ended = RawSession(tmp_path)
    ended.initialize(tmp_path)
    ended.process.stdin.close()
    assert ended.process.wait(timeout=30) == 1


def test_requests_after_shutdown_are_refused_and_exit_is_0(tmp_path):
    session = RawSession(tmp_path)
    session.initialize(tmp_path)
    session.send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
    assert session.response()["result"] is None
    session.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {}})
    assert error(session.response()) == (2, -32600)
    assert session.finish(shutdown=False) == 0


def tree(root: Path):
    """Every file and folder under `root` with its content's hash, mode and time."""
    entries = {}
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = Path(folder) / name
            status = path.lstat()
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
            entries[str(path.relative_to(root))] = (digest, status.st_mode, status.st_mtime_ns)
    return entries


def test_nothing_is_written_to_disk(tmp_path):
    import shutil
    root = tmp_path / "workspace"
    shutil.copytree(FIXTURES / "workspace", root)
    shutil.copytree(FIXTURES / "broken", root / "broken")
    before = tree(tmp_path)
    session = RawSession(root)
    session.initialize(root)
    for index, path in enumerate(sorted((root / "broken").iterdir()) + [root / "notes.d" / "versions.yaml"]):
        uri = path.as_uri()
        session.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": path.read_text() + "\nextra: [unsaved\n"}}})
        session.send({"jsonrpc": "2.0", "id": 100 + index, "method": "textDocument/rename", "params": {
            "textDocument": {"uri": uri}, "position": {"line": 1, "character": 3}, "newName": "renamed"}})
        session.response()
        session.send({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
        session.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
    assert session.finish() == 0
    assert tree(tmp_path) == before


def test_positions_and_diagnostics_the_client_forges_are_clamped(tmp_path):
    """Numbers a client sends (a position past the text, a diagnostic it made up) are clamped to the text: a quick
    fix for a forged 'missing-key' at column 10^15 is indented by the text's own column, not by the number."""
    (tmp_path / "notes.yaml").write_text("versions:\n  - version: 1.0.0\n    features:\n      - subtitle: x\n")
    session = RawSession(tmp_path)
    session.initialize(tmp_path)
    uri = (tmp_path / "notes.yaml").as_uri()
    session.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": (tmp_path / "notes.yaml").read_text()}}})
    huge = 10 ** 15
    forged = {"range": {"start": {"line": 3, "character": huge}, "end": {"line": huge, "character": huge}},
              "severity": 1, "code": "missing-key", "source": "whatsnew", "message": "missing 'title'", "data": {"fix": "add 'title:'"}}
    session.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri}, "range": forged["range"], "context": {"diagnostics": [forged]}}})
    actions = session.response()["result"]
    assert [a["title"] for a in actions] == ["Add 'title:'"]
    edit = actions[0]["edit"]["changes"][uri][0]
    assert edit["range"]["start"] == {"line": 3, "character": 19}, "the end of line 4, where the forged column is clamped"
    assert len(edit["newText"]) < 64
    for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/prepareRename"]:
        session.send({"jsonrpc": "2.0", "id": 2, "method": method, "params": {
            "textDocument": {"uri": uri}, "position": {"line": huge, "character": huge}}})
        assert "result" in session.response(), method
    session.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": huge, "character": 0}, "end": {"line": 0, "character": huge}}, "text": "# x\n"}]}})
    session.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}})
    assert session.response()["result"][0]["name"] == "versions"
    assert session.finish() == 0
