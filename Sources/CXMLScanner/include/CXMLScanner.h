// An XML document read by libxml2's SAX2 parser, loaded with dlopen the first time it is needed: only
// `compile --into` reads XML, and linking libxml2 (with the ICU and libstdc++ it needs) would cost every run of
// every command about 0.7 ms of start-up, 0.8 million instructions and 1.1 MB of resident memory (callgrind and
// /usr/bin/time on `whatsnew validate Fixtures/notes.yaml`, release build, with and without LD_PRELOAD=libxml2.so.2).
// No libxml2 type appears here.
#ifndef CXMLSCANNER_H
#define CXMLSCANNER_H

#include <stddef.h>

/// An attribute of a start tag: its local name, namespace URI (NULL for none) and value (not NUL-terminated).
typedef struct {
    const char *localName;
    const char *namespaceURI;
    const char *value;
    size_t valueLength;
} whatsnew_xml_attribute;

/// What the scan reports, in document order. Tag ranges are byte offsets into the document: a start tag
/// `[tagStart, tagEnd)` from its `<` to just past its `>` (or `/>`, then `isEmpty` is 1, and the end tag that
/// follows has the same range).
typedef struct {
    void *context;
    void (*startElement)(void *context, const char *localName, const char *namespaceURI, size_t tagStart, size_t tagEnd,
                         int isEmpty, const whatsnew_xml_attribute *attributes, int attributeCount);
    void (*endElement)(void *context, const char *localName, const char *namespaceURI, size_t tagStart, size_t tagEnd);
    /// Character data, entities decoded (CDATA sections too).
    void (*text)(void *context, const char *bytes, size_t length);
} whatsnew_xml_callbacks;

/// Why a scan failed.
typedef struct {
    /// 1-based; 0 when unknown.
    int line;
    /// 1-based, in characters; 0 when unknown.
    int column;
    char message[512];
} whatsnew_xml_error;

enum {
    WHATSNEW_XML_OK = 0,
    /// Not well-formed (or namespace-well-formed) XML; `error` says where and why.
    WHATSNEW_XML_MALFORMED = 1,
    /// libxml2 could not be loaded; `error.message` says why.
    WHATSNEW_XML_UNAVAILABLE = 2,
};

/// Parses `length` bytes of XML without loading external entities or DTDs (and without the network),
/// reporting elements and text to `callbacks`. `encoding` receives the encoding the XML declaration names
/// ("" when none), at most `encodingCapacity` - 1 bytes.
int whatsnew_xml_scan(const char *bytes, size_t length, const whatsnew_xml_callbacks *callbacks, whatsnew_xml_error *error,
                      char *encoding, size_t encodingCapacity);

#endif
