"""Completion, hover, definition, references, rename and document symbols, through the client."""
import pytest
from lsprotocol import types

from conftest import open_document


def position(text: str, needle: str, offset: int = 0) -> types.Position:
    """The LSP position (UTF-16 column) of `needle` in `text`, plus `offset` characters."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=len(text[index - column:index].encode("utf-16-le")) // 2)


def identifier(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def complete(client, uri, text, needle, offset):
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=identifier(uri), position=position(text, needle, offset)))
    return {item.label: item for item in result.items}


async def test_completion_offers_registry_keys_where_a_reference_goes(client):
    root = client.workspace_root
    path = root / "notes.d" / "versions.yaml"
    text = path.read_text().replace("        image: star\n", "        image: \n", 1)
    uri = open_document(client, path, text=text)
    items = await complete(client, uri, text, "image: \n", len("image: "))
    # 'pin' is defined in the other fragment, the rest in the --refs file.
    assert {"star", "map", "pin"} <= set(items)
    assert items["star"].kind == types.CompletionItemKind.Reference
    assert "systemName: star.fill" in items["star"].documentation.value
    text2 = text.replace("    secondaryAction: learnMore", "    secondaryAction: ")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text2)]))
    assert set(await complete(client, uri, text2, "secondaryAction: ", len("secondaryAction: "))) == {"learnMore"}


async def test_completion_offers_the_schemas_keys_with_their_descriptions(client):
    path = client.workspace_root / "notes.yaml"
    text = path.read_text() + "        ki\n"
    uri = open_document(client, path, text=text)
    items = await complete(client, uri, text, "        ki\n", len("        ki"))
    assert {"id", "image", "title", "subtitle", "platforms", "kind", "section"} == set(items)
    assert items["kind"].kind == types.CompletionItemKind.Property
    assert "Keep a Changelog" in items["kind"].documentation.value
    top = "ap\n" + path.read_text()
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=top)]))
    top_items = await complete(client, uri, top, "ap\n", 2)
    assert {"app", "defaults", "images", "primaryActions", "secondaryActions", "stores", "versions", "tips", "tipGroups"} == set(top_items)


async def test_completion_offers_enumerated_values_symbols_and_locales(client):
    root = client.workspace_root
    path = root / "notes.d" / "versions.yaml"
    original = path.read_text()
    text = original.replace("        image: star\n      - title: More", "        image: star\n        kind: \n      - title: More", 1)
    uri = open_document(client, path, text=text)
    kinds = await complete(client, uri, text, "kind: \n", len("kind: "))
    assert list(kinds) == ["added", "changed", "deprecated", "removed", "fixed", "security"]
    assert kinds["added"].kind == types.CompletionItemKind.EnumMember

    app = root / "notes.d" / "app.yaml"
    app_text = app.read_text() + "  compass:\n    systemName: \n"
    app_uri = open_document(client, app, text=app_text)
    symbols = await complete(client, app_uri, app_text, "systemName: \n", len("systemName: "))
    assert {"star", "map", "location", "mappin"} <= set(symbols)
    assert symbols["map"].detail.startswith("🗺️")

    layout = app_text.replace("  primaryAction: continue\n", "  primaryAction: continue\n  layout:\n    featureHorizontalAlignment: \n")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=app_uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=layout)]))
    alignments = await complete(client, app_uri, layout, "featureHorizontalAlignment: \n", len("featureHorizontalAlignment: "))
    assert list(alignments) == ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]

    flow = original.replace("      - title: Stars\n", "      - { title: Stars, platforms: [ios, wat }\n", 1)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=flow)]))
    platforms = await complete(client, uri, flow, "[ios, wat", len("[ios, wat"))
    assert list(platforms) == ["ios", "ipados", "macos", "tvos", "watchos", "visionos", "linux", "windows", "android", "web"]
    block = original.replace("      - title: Stars\n", "      - title: Stars\n        platforms:\n          - wa\n", 1)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=block)]))
    assert "watchos" in await complete(client, uri, block, "- wa\n", len("- wa"))

    titled = original.replace("      - title: Stars\n", "      - title:\n          \n", 1)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=4),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=titled)]))
    locales = await complete(client, uri, titled, "      - title:\n          ", len("      - title:\n          "))
    assert list(locales) == ["de", "en"]
    locale = await complete(client, app_uri, app_text, "locale: en", len("locale: "))
    assert list(locale) == ["de", "en"]


async def test_hover_shows_what_a_reference_names(client):
    root = client.workspace_root
    path = root / "notes.d" / "versions.yaml"
    text = path.read_text()
    uri = open_document(client, path)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=identifier(uri), position=position(text, "image: map", 8)))
    assert "**image `map`** (refs.yaml:3)" in hover.contents.value
    assert "systemName: map.fill" in hover.contents.value and "foregroundColor: green" in hover.contents.value
    action = await client.text_document_hover_async(types.HoverParams(text_document=identifier(uri), position=position(text, "learnMore", 2)))
    assert "Learn more" in action.contents.value and "openURL: https://example.com/trails" in action.contents.value


async def test_hover_shows_a_keys_description_and_how_a_version_compares(client):
    root = client.workspace_root
    path = root / "notes.d" / "versions.yaml"
    text = path.read_text()
    uri = open_document(client, path)
    key = await client.text_document_hover_async(types.HoverParams(text_document=identifier(uri), position=position(text, "secondaryAction:", 3)))
    assert key.contents.value.startswith("`secondaryAction`: ")
    assert "Example:" in key.contents.value or "**" in key.contents.value
    beta = await client.text_document_hover_async(types.HoverParams(text_document=identifier(uri), position=position(text, "1.1.0-beta.1", 2)))
    assert beta.contents.value.split("\n\n") == ["**version 1.1.0-beta.1** (pre-release)", "the newest of the manifest's 2 versions",
                                                 "the newest release is 1.0.0"]
    release = await client.text_document_hover_async(types.HoverParams(text_document=identifier(uri), position=position(text, "1.0.0", 1)))
    assert release.contents.value.split("\n\n") == ["**version 1.0.0**", "1 of the manifest's 2 versions are newer"]


async def test_definition_and_references_go_across_fragments_and_refs(client):
    root = client.workspace_root
    path = root / "notes.d" / "versions.yaml"
    text = path.read_text()
    uri = open_document(client, path)
    refs_uri = (root / "registries" / "refs.yaml").as_uri()
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=identifier(uri), position=position(text, "image: star", 9)))
    assert [(d.uri, d.range.start.line, d.range.start.character, d.range.end.character) for d in definition] == [(refs_uri, 1, 2, 6)]
    pin = await client.text_document_definition_async(types.DefinitionParams(
        text_document=identifier(uri), position=position(text, "image: pin", 7)))
    assert [(d.uri, d.range.start.line, d.range.start.character) for d in pin] == [((root / "notes.d" / "app.yaml").as_uri(), 7, 2)]
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=identifier(uri), position=position(text, "image: star", 8),
        context=types.ReferenceContext(include_declaration=True)))
    assert sorted((r.uri, r.range.start.line, r.range.start.character) for r in references) == sorted(
        [(refs_uri, 1, 2), (uri, 11, 15), (uri, 13, 15)])
    without = await client.text_document_references_async(types.ReferenceParams(
        text_document=identifier(uri), position=position(text, "image: star", 8),
        context=types.ReferenceContext(include_declaration=False)))
    assert len(without) == 2


async def test_rename_changes_the_key_and_every_use_across_fragments(client):
    root = client.workspace_root
    app = root / "notes.d" / "app.yaml"
    app_text = app.read_text()
    app_uri = open_document(client, app)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=identifier(app_uri), position=position(app_text, "pin:", 1)))
    assert prepared.placeholder == "pin"
    assert (prepared.range.start.line, prepared.range.start.character, prepared.range.end.character) == (7, 2, 5)
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=identifier(app_uri), position=position(app_text, "pin:", 1), new_name="marker"))
    versions_uri = (root / "notes.d" / "versions.yaml").as_uri()
    assert set(edit.changes) == {app_uri, versions_uri}
    assert [(e.range.start.line, e.range.start.character, e.range.end.character, e.new_text) for e in edit.changes[app_uri]] == [(7, 2, 5, "marker")]
    assert [(e.range.start.line, e.range.start.character, e.range.end.character, e.new_text) for e in edit.changes[versions_uri]] == [(6, 15, 18, "marker")]
    with pytest.raises(Exception, match="expected a registry key"):  # pygls raises the JSON-RPC error
        await client.text_document_rename_async(types.RenameParams(
            text_document=identifier(app_uri), position=position(app_text, "pin:", 1), new_name="two words"))


async def test_document_symbols_outline_versions_and_their_features(client):
    root = client.workspace_root
    uri = open_document(client, root / "notes.d" / "versions.yaml")
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=identifier(uri)))
    assert [s.name for s in symbols] == ["versions"]
    versions = symbols[0].children
    assert [(v.name, v.kind) for v in versions] == [("1.1.0-beta.1", types.SymbolKind.Namespace), ("1.0.0", types.SymbolKind.Namespace)]
    assert [[f.name for f in v.children] for v in versions] == [["Maps", "Pins"], ["Stars", "More stars"]]
    assert (versions[1].range.start.line, versions[1].selection_range.start.line, versions[1].selection_range.start.character) == (7, 7, 13)
    refs = open_document(client, root / "registries" / "refs.yaml")
    outline = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=identifier(refs)))
    assert [(s.name, [c.name for c in s.children or []]) for s in outline] == [
        ("images", ["star", "map"]), ("primaryActions", ["continue"]), ("secondaryActions", ["learnMore"])]


async def test_completion_and_hover_know_a_versions_summary(client):
    path = client.workspace_root / "notes.yaml"
    text = path.read_text().replace("  - version: 2.0.0\n", "  - version: 2.0.0\n    su\n", 1)
    uri = open_document(client, path, text=text)
    items = await complete(client, uri, text, "    su\n", len("    su"))
    assert "summary" in items
    assert "Keep a Changelog 2.0" in items["summary"].documentation.value
    written = text.replace("    su\n", "    summary: Faster maps.\n", 1)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=written)]))
    hover = await client.text_document_hover_async(types.HoverParams(text_document=identifier(uri), position=position(written, "summary:", 2)))
    assert hover.contents.value.startswith("`summary`: ")
