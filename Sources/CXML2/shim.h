// Debian's libxml2 is built with ICU: its encoding.h includes <unicode/ucnv.h>, and that ICU's
// types then clash with Foundation's own copy of ICU in the same Swift module ("'UErrorCode' has
// different definitions"). encoding.h only needs the converter as an opaque type and UChar, so
// ucnv.h is kept out by its include guard and those two are declared here.
#include <stdint.h>
#ifndef UCNV_H
#define UCNV_H
typedef struct UConverter UConverter;
typedef uint16_t UChar;
#endif
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/SAX2.h>
// RELAX NG, for the tests that validate the Atom feed against RFC 4287's schema.
#include <libxml/relaxng.h>
