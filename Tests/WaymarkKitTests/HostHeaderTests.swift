import Testing
@testable import WaymarkKit

/// The `Host` check against DNS rebinding: a page of another site whose name was made to point
/// at 127.0.0.1 sends its own name as `Host`, and gets 403 instead of the user's data.
struct HostHeaderTests {
    @Test func loopbackNamesAndAddressesAreAllowedWithOrWithoutAPort() {
        for host in ["localhost", "LOCALHOST:8080", "127.0.0.1", "127.0.0.1:8080", "127.9.8.7:1", "[::1]", "[::1]:8080",
                     "[0:0:0:0:0:0:0:1]:80", "192.168.1.10:8080", "[fe80::1]", "[::ffff:127.0.0.1]:9"] {
            #expect(HostHeader.allows(host, served: "127.0.0.1"), "\(host)")
        }
    }

    @Test func otherNamesAreRefused() {
        for host in ["evil.example", "evil.example:8080", "localhost.", "localhost.evil.example", "127.0.0.1.evil.example",
                     "::1", "[::1", "[::1]x", "localhost:", "localhost:80a", "", "127.0.0.1:8080:1", "0x7f000001", "2130706433"] {
            #expect(!HostHeader.allows(host, served: "127.0.0.1"), "\(host)")
        }
    }

    @Test func theHostGivenIsAllowedToo() {
        #expect(HostHeader.allows("MyBox.local:8080", served: "mybox.local"))
        #expect(HostHeader.allows("[::1]:8080", served: "[::1]"))
        #expect(!HostHeader.allows("other.local", served: "mybox.local"))
    }

    @Test func anotherSitesNameGets403OverHTTP() throws {
        let preview = try PreviewHarness([])
        let port = preview.service.port
        let evil = try #require(preview.http.request("GET", "/stats.json", headers: ["Host": "evil.example:\(port)"]))
        #expect(evil.status == 403)
        #expect(evil.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(evil.text.hasPrefix("Forbidden"))
        #expect(!evil.text.contains("{"))
        #expect(preview.http.request("GET", "/_waymark/events", headers: ["Host": "evil.example"])?.status == 403)
        #expect(preview.http.request("GET", "/stats.json", headers: ["Host": "LocalHost:\(port)"])?.status == 200)
        #expect(preview.http.request("GET", "/stats.json", headers: ["Host": "127.0.0.1"])?.status == 200)
        // HTTP/1.0 without Host: no browser sends that, so it is no rebinding; served.
        let old = try #require(preview.http.exchange("GET /stats.json HTTP/1.0\r\n\r\n"))
        #expect(old.status == 200)
        #expect(old.text.hasPrefix("{"))
    }
}
