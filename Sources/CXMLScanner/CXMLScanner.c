#include "CXMLScanner.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// Through the link libxml2/libxml -> /usr/include/libxml2/libxml of this target (see Package.swift).
#if !__has_include(<libxml/parser.h>)
#error "libxml2's headers are missing: install libxml2-dev (make deps), which puts them in /usr/include/libxml2"
#endif
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

// The few libxml2 functions a scan calls, looked up once.
static struct {
    int loaded;
    char problem[256];
    xmlParserCtxtPtr (*createPushParser)(xmlSAXHandlerPtr, void *, const char *, int, const char *);
    int (*useOptions)(xmlParserCtxtPtr, int);
    int (*parseChunk)(xmlParserCtxtPtr, const char *, int, int);
    long (*byteConsumed)(xmlParserCtxtPtr);
    void (*freeParser)(xmlParserCtxtPtr);
} libxml2;

static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

static void load(void) {
#ifdef __APPLE__
    const char *name = "libxml2.2.dylib";
#else
    const char *name = "libxml2.so.2";
#endif
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(libxml2.problem, sizeof libxml2.problem, "cannot load %s (%s); install libxml2", name, reason ? reason : "not found");
        return;
    }
    *(void **)&libxml2.createPushParser = dlsym(handle, "xmlCreatePushParserCtxt");
    *(void **)&libxml2.useOptions = dlsym(handle, "xmlCtxtUseOptions");
    *(void **)&libxml2.parseChunk = dlsym(handle, "xmlParseChunk");
    *(void **)&libxml2.byteConsumed = dlsym(handle, "xmlByteConsumed");
    *(void **)&libxml2.freeParser = dlsym(handle, "xmlFreeParserCtxt");
    if (!libxml2.createPushParser || !libxml2.useOptions || !libxml2.parseChunk || !libxml2.byteConsumed || !libxml2.freeParser) {
        snprintf(libxml2.problem, sizeof libxml2.problem, "%s lacks a function whatsnew needs", name);
        return;
    }
    libxml2.loaded = 1;
}

// One scan: the document, where the parser is, and what to report to.
typedef struct {
    const whatsnew_xml_callbacks *callbacks;
    xmlParserCtxtPtr parser;
    const unsigned char *bytes;
    size_t length;
    whatsnew_xml_error *error;
    int failed;
    whatsnew_xml_attribute attributes[64];
} Scan;

static void fail(Scan *scan, int line, int column, const char *message) {
    if (scan->failed) return;
    scan->failed = 1;
    scan->error->line = line;
    scan->error->column = column;
    snprintf(scan->error->message, sizeof scan->error->message, "%s", message);
    // Trailing line breaks of libxml2's messages.
    size_t length = strlen(scan->error->message);
    while (length > 0 && (scan->error->message[length - 1] == '\n' || scan->error->message[length - 1] == ' ')) {
        scan->error->message[--length] = '\0';
    }
}

static long position(Scan *scan) {
    long consumed = libxml2.byteConsumed(scan->parser);
    return consumed >= 0 && (size_t)consumed <= scan->length ? consumed : -1;
}

// The offset of the `<` that opens the tag ending before `end`: a tag holds no other `<` (attribute values cannot).
static long tagOpening(const Scan *scan, long end) {
    for (long index = end - 1; index >= 0; index--) {
        if (scan->bytes[index] == '<') return index;
    }
    return -1;
}

static void startElement(void *context, const xmlChar *localName, const xmlChar *prefix, const xmlChar *uri, int namespaceCount,
                         const xmlChar **namespaces, int attributeCount, int defaultedCount, const xmlChar **attributes) {
    (void)prefix, (void)namespaceCount, (void)namespaces, (void)defaultedCount;
    Scan *scan = context;
    if (scan->failed) return;
    // libxml2 reports a start tag with the parser at its `>` or `/>`.
    long at = position(scan);
    long start = at < 0 ? -1 : tagOpening(scan, at);
    int isEmpty;
    if (at >= 0 && (size_t)at < scan->length && scan->bytes[at] == '>') {
        isEmpty = 0;
    } else if (at >= 0 && (size_t)at + 1 < scan->length && scan->bytes[at] == '/' && scan->bytes[at + 1] == '>') {
        isEmpty = 1;
    } else {
        start = -1;
    }
    if (start < 0) {
        fail(scan, 0, 0, "libxml2 reported a start tag where none ends");
        return;
    }
    int count = attributeCount < 64 ? attributeCount : 64;
    for (int index = 0; index < count; index++) {
        const xmlChar **attribute = attributes + 5 * index;
        scan->attributes[index].localName = (const char *)attribute[0];
        scan->attributes[index].namespaceURI = (const char *)attribute[2];
        scan->attributes[index].value = (const char *)attribute[3];
        scan->attributes[index].valueLength = (size_t)(attribute[4] - attribute[3]);
    }
    scan->callbacks->startElement(scan->callbacks->context, (const char *)localName, (const char *)uri, (size_t)start,
                                  (size_t)(at + (isEmpty ? 2 : 1)), isEmpty, scan->attributes, count);
}

static void endElement(void *context, const xmlChar *localName, const xmlChar *prefix, const xmlChar *uri) {
    (void)prefix;
    Scan *scan = context;
    if (scan->failed) return;
    // libxml2 reports an end tag with the parser just past its `>` (an empty element's `/>`).
    long end = position(scan);
    long start = end > 0 && scan->bytes[end - 1] == '>' ? tagOpening(scan, end) : -1;
    if (start < 0) {
        fail(scan, 0, 0, "libxml2 reported an end tag where none ends");
        return;
    }
    scan->callbacks->endElement(scan->callbacks->context, (const char *)localName, (const char *)uri, (size_t)start, (size_t)end);
}

static void characters(void *context, const xmlChar *text, int length) {
    Scan *scan = context;
    if (scan->failed || length <= 0) return;
    scan->callbacks->text(scan->callbacks->context, (const char *)text, (size_t)length);
}

static void structuredError(void *context, xmlErrorPtr error) {
    Scan *scan = context;
    if (error == NULL || error->level < XML_ERR_ERROR) return;
    fail(scan, error->line, error->int2, error->message ? error->message : "malformed XML");
}

int whatsnew_xml_scan(const char *bytes, size_t length, const whatsnew_xml_callbacks *callbacks, whatsnew_xml_error *error,
                      char *encoding, size_t encodingCapacity) {
    memset(error, 0, sizeof *error);
    if (encodingCapacity > 0) encoding[0] = '\0';
    pthread_once(&loadOnce, load);
    if (!libxml2.loaded) {
        snprintf(error->message, sizeof error->message, "%s", libxml2.problem);
        return WHATSNEW_XML_UNAVAILABLE;
    }
    if (length > INT_MAX) {
        snprintf(error->message, sizeof error->message, "the document is larger than libxml2 reads at once");
        return WHATSNEW_XML_MALFORMED;
    }
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = startElement;
    handler.endElementNs = endElement;
    handler.characters = characters;
    handler.cdataBlock = characters;
    handler.serror = structuredError;
    Scan scan = { .callbacks = callbacks, .bytes = (const unsigned char *)bytes, .length = length, .error = error };
    xmlParserCtxtPtr parser = libxml2.createPushParser(&handler, &scan, NULL, 0, NULL);
    if (parser == NULL) {
        snprintf(error->message, sizeof error->message, "libxml2 could not make a parser");
        return WHATSNEW_XML_UNAVAILABLE;
    }
    scan.parser = parser;
    // No DTD loading and no entity substitution (libxml2's defaults), and no network either.
    libxml2.useOptions(parser, XML_PARSE_NONET);
    libxml2.parseChunk(parser, bytes, (int)length, 1);
    if (!scan.failed && (!parser->wellFormed || !parser->nsWellFormed)) fail(&scan, 0, 0, "malformed XML");
    if (parser->encoding != NULL && encodingCapacity > 0) {
        snprintf(encoding, encodingCapacity, "%s", (const char *)parser->encoding);
    }
    libxml2.freeParser(parser);
    return scan.failed ? WHATSNEW_XML_MALFORMED : WHATSNEW_XML_OK;
}
