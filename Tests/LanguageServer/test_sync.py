"""Full and incremental text synchronisation, and a newer edit superseding an older check."""
from lsprotocol import types

from conftest import published, open_document, shown, validate


def apply(text: str, line: int, start: int, end: int, new: str) -> str:
    """Replaces UTF-16 columns start..<end of a 0-based line, as an editor does."""
    lines = text.split("\n")
    encoded = lines[line].encode("utf-16-le")
    lines[line] = (encoded[:2 * start] + new.encode("utf-16-le") + encoded[2 * end:]).decode("utf-16-le")
    return "\n".join(lines)


async def test_incremental_changes_are_applied_by_utf16_columns_and_only_the_newest_is_published(client):
    root = client.workspace_root
    path = root / "notes.yaml"
    refs = str(root / "registries" / "refs.yaml")
    texts = {1: path.read_text()}
    uri = open_document(client, path)
    edits = [
        (3, 15, 26, "😀 Shared ⭐"),     # the title: emoji outside the BMP count two units
        (4, 15, 19, "stra"),             # an unresolved reference
        (3, 18, 24, "Geteilt"),          # after the emoji: columns in UTF-16 units
        (4, 15, 19, "mpa"),              # another unresolved reference
    ]
    for version, (line, start, end, new) in enumerate(edits, start=2):
        texts[version] = apply(texts[version - 1], line, start, end, new)
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=line, character=start), end=types.Position(line=line, character=end)),
                text=new)]))
    last = 1 + len(edits)
    final = await published(client, uri, version=last)
    assert "title: 😀 Geteilt ⭐" in texts[last]
    # Every published set is the one of the text at its version: a check that an edit overtook is never shown.
    for version in sorted({p.version for p in client.published if p.uri == uri}):
        path.write_text(texts[version])
        expected = [d for d in validate(path, "--refs", refs) if d[0] == str(path)]
        publications = [p for p in client.published if p.uri == uri and p.version == version]
        for publication in publications:
            assert shown(publication.diagnostics, str(path)) == expected, f"version {version}"
    path.write_text(texts[last])
    expected = [d for d in validate(path, "--refs", refs) if d[0] == str(path)]
    assert [(d[1], d[3]) for d in expected] == [("unresolved-reference", "unknown image 'mpa'; did you mean 'map'?")]
    assert shown(final, str(path)) == expected


async def test_a_whole_document_change_replaces_the_text(client):
    path = client.workspace_root / "notes.yaml"
    uri = open_document(client, path)
    await published(client, uri, version=1)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="versions: []\n")]))
    diagnostics = await published(client, uri, version=2)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in diagnostics] == [("no-versions", 0, 10)]


async def test_closing_a_document_clears_its_diagnostics(client):
    path = client.workspace_root / "broken" / "unknown-key.yaml"
    uri = open_document(client, path)
    assert len(await published(client, uri, version=1)) == 1
    count = len(client.published)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    import asyncio
    for _ in range(500):
        if any(p.uri == uri and len(p.diagnostics) == 0 for p in client.published[count:]):
            break
        await asyncio.sleep(0.02)
    assert any(p.uri == uri and len(p.diagnostics) == 0 for p in client.published[count:])
