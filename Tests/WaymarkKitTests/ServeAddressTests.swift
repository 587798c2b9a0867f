import Testing
@testable import WaymarkKit

/// `ServeAddress`: only loopback addresses are served without an explicit `--host`.
struct ServeAddressTests {
    @Test func loopbackAddresses() {
        for host in ["127.0.0.1", "127.1.2.3", "127.255.255.254", "localhost", "LOCALHOST", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
            #expect(ServeAddress.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "128.0.0.1", "126.255.255.255", "::2", "::ffff:192.168.1.1",
                     "example.com", "localhost.example.com", "", "127.0.0.1.example.com"] {
            #expect(!ServeAddress.isLoopback(host), "\(host)")
        }
    }

    @Test func nonLoopbackNeedsAnExplicitHostAndWarns() throws {
        #expect(try ServeAddress.check(host: "127.0.0.1", explicit: false) == nil)
        #expect(try ServeAddress.check(host: "::1", explicit: true) == nil)
        let warning = try ServeAddress.check(host: "0.0.0.0", explicit: true)
        #expect(warning?.contains("anyone who can reach it on the network can read the site") == true)
        #expect(throws: UsageError.self) { try ServeAddress.check(host: "0.0.0.0", explicit: false) }
        #expect(throws: UsageError.self) { try ServeAddress.check(host: "192.168.1.10", explicit: false) }
    }

    @Test func portsAndURLs() throws {
        #expect(try ServeAddress.port(nil) == 8080)
        #expect(try ServeAddress.port("0") == 0)
        #expect(try ServeAddress.port("65535") == 65535)
        for bad in ["65536", "-1", "http", "80.5"] {
            #expect(throws: UsageError.self) { try ServeAddress.port(bad) }
        }
        #expect(ServeAddress.url(host: "127.0.0.1", port: 8080) == "http://127.0.0.1:8080/")
        #expect(ServeAddress.url(host: "::1", port: 9) == "http://[::1]:9/")
    }
}
