import Testing
@testable import WaymarkKit

/// `HTTPDate`: RFC 9110's three date forms, checked against the RFC's own example.
struct HTTPDateTests {
    /// RFC 9110, section 5.6.7: "Sun, 06 Nov 1994 08:49:37 GMT" in all three forms. 1994-11-06
    /// is day 9075 after 1970-01-01 (24 years with 6 leap days: 8766, plus 309 days to Nov 6);
    /// 9075 × 86400 + 8 × 3600 + 49 × 60 + 37 = 784_111_777.
    @Test func theRFCExampleInEveryForm() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
    }

    @Test func epochAndMalformedDates() {
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        for bad in ["", "yesterday", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
                    "Sun, 06 Foo 1994 08:49:37 GMT"] {
            #expect(HTTPDate.parse(bad) == nil, "\(bad)")
        }
    }
}
