"""A real LSP client (pytest-lsp, on pygls and lsprotocol) driving `whatsnew lsp`.

The server is the binary named by the WHATSNEW environment variable (`make test-lsp` sets it). Every test gets a
fresh copy of fixtures/workspace in a temporary directory as the workspace root, so a test may change files.
"""
import asyncio
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, default_converter, register_lsp_features

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
WHATSNEW = os.path.abspath(os.environ.get("WHATSNEW", str(HERE.parent.parent / ".build" / "debug" / "whatsnew")))


def make_client() -> LanguageClient:
    """pytest-lsp's client, keeping every publishDiagnostics (uri, version, diagnostics) in order."""
    client = LanguageClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams):
        client.diagnostics[params.uri] = params.diagnostics
        client.published.append(params)

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    register_lsp_features(client, features)
    client.published = []
    return client


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "workspace"
    shutil.copytree(FIXTURES / "workspace", root)
    shutil.copytree(FIXTURES / "broken", root / "broken")
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[WHATSNEW, "lsp"], client_factory=make_client))
async def client(lsp_client: LanguageClient, workspace: Path):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=workspace.as_uri(),
                               workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="workspace")]))
    lsp_client.workspace_root = workspace
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    """Opens `path` (with `text` instead of what is on disk, when given) and returns its URI."""
    uri = path.as_uri()
    language = "json" if path.suffix == ".json" else "yaml"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version,
                                             text=path.read_text(encoding="utf-8") if text is None else text)))
    return uri


async def published(client: LanguageClient, uri: str, version: int | None = None, timeout: float = 60):
    """The diagnostics the server publishes for `uri` (at `version`, when given), waiting for them."""
    async def wait():
        while True:
            for params in client.published:
                if params.uri == uri and (version is None or params.version == version):
                    return list(params.diagnostics)
            await asyncio.sleep(0.02)
    return await asyncio.wait_for(wait(), timeout)


def utf16_column(line_text: str, scalar_column: int) -> int:
    """validate's 1-based column in Unicode scalars as LSP's 0-based column in UTF-16 code units."""
    return len(line_text[:scalar_column - 1].encode("utf-16-le")) // 2


def validate(path: Path, *options: str, text: str | None = None):
    """`whatsnew validate --diagnostics json` on `path` (or on `text` written to a copy beside it), each
    diagnostic as LSP should show it: (code, severity, message, range, fix)."""
    result = subprocess.run([WHATSNEW, "validate", "--diagnostics", "json", "--max-diagnostics", "0", *options, str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode in (0, 1), result.stderr
    severities = {"error": 1, "warning": 2, "note": 3}
    lines_by_file: dict[str, list[str]] = {}
    expected = []
    for diagnostic in json.loads(result.stderr):
        file = diagnostic["file"]
        if file not in lines_by_file:
            lines_by_file[file] = Path(file).read_text(encoding="utf-8").split("\n") if file else []
        lines = lines_by_file[file]

        def position(line, column):
            text = lines[line - 1] if 0 < line <= len(lines) else ""
            return (line - 1, utf16_column(text, column))

        if diagnostic["line"] is None:
            start = end = (0, 0)
        else:
            start = position(diagnostic["line"], diagnostic["column"])
            end = position(diagnostic["endLine"], diagnostic["endColumn"])
        expected.append((file, diagnostic["code"], severities[diagnostic["severity"]], diagnostic["message"], start, end, diagnostic["fix"]))
    return expected


def shown(diagnostics, file: str):
    """The server's diagnostics in the shape `validate` gives."""
    result = []
    for diagnostic in diagnostics:
        fixes = [info.message[5:] for info in diagnostic.related_information or [] if info.message.startswith("fix: ")]
        assert diagnostic.source == "whatsnew"
        result.append((file, diagnostic.code, int(diagnostic.severity), diagnostic.message,
                       (diagnostic.range.start.line, diagnostic.range.start.character),
                       (diagnostic.range.end.line, diagnostic.range.end.character), fixes[0] if fixes else None))
    return result
