// libxml2 (Debian libxml2-dev, found through pkg-config libxml-2.0).
// Debian builds libxml2 with ICU, and Foundation ships its own ICU headers: a module that
// imports both fails on a clean build with "'UErrorCode' has different definitions in
// different modules". TrackerPort uses no ICU API of libxml2, so the flag is cleared before
// the other headers see it (see FIELD-NOTES.md).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>
