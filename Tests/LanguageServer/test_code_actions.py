"""Quick fixes for the diagnostics that have one; each is applied and the manifest validated again."""
import pytest
from lsprotocol import types

from conftest import open_document, published, validate


def apply_edits(text: str, edits) -> str:
    """Applies LSP text edits (UTF-16 columns), last first."""
    lines = text.split("\n")
    def offset(position):
        before = "\n".join(lines[:position.line])
        prefix = (before + "\n") if position.line > 0 else ""
        line = lines[position.line] if position.line < len(lines) else ""
        units = line.encode("utf-16-le")[:2 * position.character].decode("utf-16-le")
        return len(prefix) + len(units)
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
        lines = text.split("\n")
    return text


CASES = [
    # (file, code, title, the code gone after the fix)
    ("unknown-key.yaml", "unknown-key", "Replace with 'primaryAction'"),
    ("unresolved-reference.yaml", "unresolved-reference", "Replace with 'star'"),
    ("unused-reference.yaml", "unused-reference", "Remove the unused image 'bolt'"),
    ("missing-key.yaml", "missing-key", "Add 'title:'"),
    ("invalid-url.yaml", "invalid-url", "Add 'https://'"),
    ("invalid-url-scheme.yaml", "invalid-url", "Use the scheme 'https:'"),
    ("invalid-color.yaml", "invalid-color", "Replace with 'green'"),
    ("unicode-columns.yaml", "invalid-value", "Replace with 'added'"),
    ("store-and-platforms.yaml", "schema-enum", "Replace with 'visionos'"),
]


@pytest.mark.parametrize("name, code, title", CASES)
async def test_a_quick_fix_removes_its_diagnostic(client, name, code, title):
    root = client.workspace_root
    path = root / "broken" / name
    text = path.read_text()
    uri = open_document(client, path)
    diagnostics = [d for d in await published(client, uri, version=1) if d.code == code]
    assert len(diagnostics) >= 1
    target = diagnostics[-1]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=target.range,
        context=types.CodeActionContext(diagnostics=[target])))
    matching = [a for a in actions if a.title == title]
    assert len(matching) == 1, [a.title for a in actions]
    action = matching[0]
    assert action.kind == types.CodeActionKind.QuickFix
    assert set(action.edit.changes) == {uri}
    fixed = apply_edits(text, action.edit.changes[uri])
    path.write_text(fixed)
    refs = str(root / "registries" / "refs.yaml")
    after = [d for d in validate(path, "--refs", refs) if d[0] == str(path) and d[1] == code]
    assert len(after) == len(diagnostics) - 1, fixed


async def test_no_quick_fix_for_a_diagnostic_without_one(client):
    path = client.workspace_root / "broken" / "duplicate-key.yaml"
    uri = open_document(client, path)
    diagnostics = await published(client, uri, version=1)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics)))
    assert not actions
    assert diagnostics[0].code == "duplicate-key"
