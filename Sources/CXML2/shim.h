#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/SAX2.h>
