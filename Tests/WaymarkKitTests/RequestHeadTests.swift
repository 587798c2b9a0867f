import Testing
@testable import WaymarkKit

/// `RequestHead`: the checks on a request's raw head before the HTTP library sees it, against
/// RFC 9112 (message syntax) and RFC 9110 (field values).
struct RequestHeadTests {
    func check(_ text: String) -> RequestHead.Verdict { RequestHead.check(Array(text.utf8)) }

    func status(_ text: String) -> Int? {
        if case .refused(let status, _) = check(text) { return status }
        return nil
    }

    @Test func wellFormedHeadsPass() {
        for head in ["GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
                     "HEAD /notes/ HTTP/1.1\r\nhost: localhost\r\nIf-None-Match: \"a-1\"\r\n\r\n",
                     "GET /stats.json HTTP/1.0\r\n\r\n",  // HTTP/1.0 needs no Host
                     "GET / HTTP/1.1\nHost: a\n\n",  // LF alone ends lines (section 2.2)
                     "\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n",  // empty lines before the request line
                     "GET /?since=abc-3 HTTP/1.1\r\nHost: a\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nCookie: a=b; c=\"d\"\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: a\r\nX-Tab:\tvalue\twith tabs \r\nX-Empty:\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: a\r\nX-Latin: caf\u{E9}\r\n\r\n",  // obs-text (bytes 0x80 and above)
                     "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", "PROPFIND / HTTP/1.1\r\nHost: a\r\n\r\n"] {
            #expect(check(head) == .complete, "\(head.debugDescription)")
        }
        // What follows the head (a body, the next request) is not looked at.
        #expect(check("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\n\u{0}\u{0}\u{0}") == .complete)
    }

    @Test func aHeadNotYetWholeWaits() {
        for part in ["", "G", "GET / HTTP/1.1", "GET / HTTP/1.1\r", "GET / HTTP/1.1\r\n", "GET / HTTP/1.1\r\nHost: a\r\n",
                     "GET / HTTP/1.1\r\nHost: a\r\nX-Slow: aaa", "\r\n"] {
            #expect(check(part) == .incomplete, "\(part.debugDescription)")
        }
    }

    @Test func nulIsRefusedAnywhereInTheHead() {
        for head in ["GET /index.html\u{0}.css HTTP/1.1\r\nHost: a\r\n\r\n", "GET\u{0} / HTTP/1.1\r\nHost: a\r\n\r\n",
                     "\u{0}GET / HTTP/1.1\r\nHost: a\r\n\r\n", "GET / HTTP/1.1\u{0}\r\nHost: a\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n", "GET / HTTP/1.1\r\nHo\u{0}st: a\r\n\r\n"] {
            #expect(status(head) == 400, "\(head.debugDescription)")
        }
        // At once, before the head has ended: a NUL cannot become right by waiting.
        #expect(status("GET\u{0}") == 400)
        #expect(status("GET / HTTP/1.1\r\nX: \u{0}") == 400)
    }

    @Test func theRequestLineMustBeAMethodAPathAndAVersion() {
        for line in ["G(T / HTTP/1.1", "GET  / HTTP/1.1", "GET / HTTP/1.1 ", " GET / HTTP/1.1", "GET /", "GET / HTTP/1.1 x",
                     "GET /a b HTTP/1.1", "GET /\u{7F} HTTP/1.1", "GET /\u{1B}[2J HTTP/1.1", "GET /caf\u{E9} HTTP/1.1",
                     "GET / HTTP/1", "GET / http/1.1", "GET / HTTP/1.10", "GET\t/ HTTP/1.1", "GET / HTTP/1.1\rX"] {
            #expect(status(line + "\r\nHost: a\r\n\r\n") == 400, "\(line.debugDescription)")
        }
        #expect(status("GET / HTTP/2.0\r\nHost: a\r\n\r\n") == 505)
        #expect(status("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") == 505)
    }

    @Test func hostMustBeThereOnceInHTTP11() {
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nHOST: a\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nX-Host: a\r\nHosts: b\r\n\r\n") == 400)  // neither is Host
        // The second Host is refused on arrival, before the head ends.
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n") == 400)
        if case .refused(_, let reason) = check("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") {
            #expect(reason == "more than one Host header field")
        }
    }

    @Test func headerLinesThatHideAnotherFieldAreRefused() {
        for field in ["Host : evil", "Host\t: evil", " Host: evil", "\tX: folded", "No colon here", ": empty name",
                      "X-Bell: \u{7}", "X-Esc: \u{1B}[2J", "X-Del: \u{7F}", "X-CR: a\rb"] {
            #expect(status("GET / HTTP/1.1\r\nHost: a\r\n\(field)\r\n\r\n") == 400, "\(field.debugDescription)")
        }
    }

    @Test func aHeadTooLongIs431() {
        let long = "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: RequestHead.maxLength)
        #expect(status(long) == 431)
        #expect(status(long + "\r\n\r\n") == 431)
        // Just under the limit passes.
        let head = "GET / HTTP/1.1\r\nHost: a\r\nX: "
        let fits = head + String(repeating: "a", count: RequestHead.maxLength - head.utf8.count - 4) + "\r\n\r\n"
        #expect(fits.utf8.count == RequestHead.maxLength)
        #expect(check(fits) == .complete)
    }
}
