"""Diagnostics are `validate`'s: the same codes, severities, messages and fixes, at the same ranges (0-based lines,
UTF-16 columns), for the open (unsaved) text, its fragments and its --refs files."""
import asyncio
import json
import subprocess

import pytest_lsp
from pytest_lsp import ClientServerConfig, LanguageClient

import pytest
from lsprotocol import types

from conftest import FIXTURES, WHATSNEW, make_client, published, open_document, shown, validate

CORPUS = sorted(path.name for path in (FIXTURES / "broken").iterdir())


@pytest.mark.parametrize("name", CORPUS)
async def test_each_broken_manifest_gets_validates_diagnostics_range_for_range(client, name):
    root = client.workspace_root
    path = root / "broken" / name
    uri = open_document(client, path)
    diagnostics = await published(client, uri, version=1)
    expected = validate(path, "--refs", str(root / "registries" / "refs.yaml"))
    mine = [d for d in expected if d[0] == str(path)]
    assert mine, f"the corpus file {name} has no diagnostic of its own"
    assert shown(diagnostics, str(path)) == mine
    # The --refs file's diagnostics (its unused entries) are published for it too.
    refs = root / "registries" / "refs.yaml"
    assert shown(await published(client, refs.as_uri()), str(refs)) == [d for d in expected if d[0] == str(refs)]


async def test_the_unsaved_text_is_checked_not_the_file_on_disk(client):
    path = client.workspace_root / "broken" / "unknown-key.yaml"
    on_disk = path.read_text()
    fixed = on_disk.replace("primaryActoin", "primaryAction")
    uri = open_document(client, path, text=fixed)
    assert await published(client, uri, version=1) == []
    # A new mistake in the buffer, checked while the disk still holds the old text.
    broken = fixed.replace("title: Offline maps", "titel: Offline maps")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=broken)]))
    diagnostics = await published(client, uri, version=2)
    assert path.read_text() == on_disk
    path.write_text(broken)
    expected = [d for d in validate(path, "--refs", str(client.workspace_root / "registries" / "refs.yaml")) if d[0] == str(path)]
    assert [d[1] for d in expected] == ["unknown-key", "missing-key"]
    assert shown(diagnostics, str(path)) == expected


async def test_a_fragment_is_checked_with_its_directory_and_the_refs(client):
    root = client.workspace_root
    fragment = root / "notes.d" / "versions.yaml"
    text = fragment.read_text().replace("image: pin", "image: compass").replace("image: map", "image: mpa")
    uri = open_document(client, fragment, text=text)
    diagnostics = await published(client, uri, version=1)
    fragment.write_text(text)
    expected = validate(root / "notes.d", "--refs", str(root / "registries" / "refs.yaml"))
    assert shown(diagnostics, str(fragment)) == [d for d in expected if d[0] == str(fragment)]
    assert {d[1] for d in expected if d[0] == str(fragment)} == {"unresolved-reference"}
    # The other fragment defines 'pin', now unused: its warning is published for that file.
    other = root / "notes.d" / "app.yaml"
    assert shown(await published(client, other.as_uri()), str(other)) == [d for d in expected if d[0] == str(other)]
    assert [d[1] for d in expected if d[0] == str(other)] == ["unused-reference"]


async def test_an_unsaved_refs_file_changes_the_manifests_diagnostics(client):
    root = client.workspace_root
    manifest = root / "notes.yaml"
    manifest_uri = open_document(client, manifest)
    assert await published(client, manifest_uri, version=1) == []
    refs = root / "registries" / "refs.yaml"
    refs_text = refs.read_text().replace("  star: { systemName: star.fill }\n", "")
    before = len(client.published)
    open_document(client, refs, text=refs_text, version=7)

    async def republished():
        while True:
            found = [p for p in client.published[before:] if p.uri == manifest_uri]
            if found:
                return list(found[-1].diagnostics)
            await asyncio.sleep(0.02)
    diagnostics = await asyncio.wait_for(republished(), 60)
    refs.write_text(refs_text)
    expected = [d for d in validate(manifest, "--refs", str(refs)) if d[0] == str(manifest)]
    assert [d[1] for d in expected] == ["unresolved-reference"]
    assert shown(diagnostics, str(manifest)) == expected


async def test_settings_from_the_client_apply_like_command_line_options(client):
    root = client.workspace_root
    path = root / "broken" / "unused-reference.yaml"
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"whatsnew": {"strict": True, "lint": ["playstore"]}}))
    text = path.read_text().replace("title: Stars", "title: " + "S" * 600)
    uri = open_document(client, path, text=text)
    diagnostics = await published(client, uri, version=1)
    path.write_text(text)
    expected = [d for d in validate(path, "--strict", "--lint", "playstore", "--refs", str(root / "registries" / "refs.yaml")) if d[0] == str(path)]
    assert {d[1] for d in expected} == {"unused-reference", "store-limit"}
    assert all(d[2] == 1 for d in expected), "--strict makes the warning an error"
    assert shown(diagnostics, str(path)) == expected


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[WHATSNEW, "lsp"], client_factory=make_client))
async def client_with_options(lsp_client: LanguageClient, workspace):
    """A client that configures the server through initializationOptions, over the workspace's .whatsnew.yaml."""
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=workspace.as_uri(),
        initialization_options={"lint": ["appstore"], "maxDiagnostics": 1, "refs": []}))
    lsp_client.workspace_root = workspace
    yield
    await lsp_client.shutdown_session()


async def test_initialization_options_apply_like_command_line_options(client_with_options):
    client = client_with_options
    path = client.workspace_root / "broken" / "invalid-color.yaml"
    text = path.read_text().replace("title: Colors", "title: " + "C" * 4100)
    uri = open_document(client, path, text=text)
    diagnostics = await published(client, uri, version=1)
    path.write_text(text)
    # 'refs: []' wins over the workspace file's: no --refs here. The one diagnostic kept, then the note of the rest.
    result = subprocess.run([WHATSNEW, "validate", "--diagnostics", "json", "--lint", "appstore", str(path)], capture_output=True, text=True)
    assert {d["code"] for d in json.loads(result.stderr)} == {"invalid-color", "store-limit"}
    expected = validate(path, "--lint", "appstore", "--max-diagnostics", "1")
    assert [d[1] for d in expected] == ["invalid-color", "too-many-diagnostics"]
    assert shown(diagnostics, str(path)) == [(str(path),) + d[1:] for d in expected]
