import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import WaymarkKit

/// `ServeAddress`: which addresses are this computer, ports, URLs.
struct ServeAddressTests {
    /// The address bytes decide: 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104 are this computer.
    @Test func loopbackAddresses() {
        func numeric(_ text: String) -> Bool? {
            var v4 = in_addr()
            if inet_pton(AF_INET, text, &v4) == 1 { return ServeAddress.isLoopback(bytes: withUnsafeBytes(of: v4) { Array($0) }) }
            var v6 = in6_addr()
            if inet_pton(AF_INET6, text, &v6) == 1 { return ServeAddress.isLoopback(bytes: withUnsafeBytes(of: v6) { Array($0) }) }
            return nil
        }
        for host in ["127.0.0.1", "127.1.2.3", "127.255.255.254", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
            #expect(numeric(host) == true, "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "128.0.0.1", "126.255.255.255", "::2", "::ffff:192.168.1.1", "::127.0.0.1"] {
            #expect(numeric(host) == false, "\(host)")
        }
        #expect(!ServeAddress.isLoopback(bytes: [127, 0, 0]))
    }

    @Test func portsAndURLs() throws {
        #expect(try ServeAddress.port(nil) == 8080)
        #expect(try ServeAddress.port("0") == 0)
        #expect(try ServeAddress.port("65535") == 65535)
        for bad in ["65536", "-1", "http", "80.5"] {
            let error = #expect(throws: ServeError.self) { try ServeAddress.port(bad) }
            #expect(error?.kind == .usage && error?.message.hasPrefix("--port: not a port number (got '\(bad)')") == true)
        }
        #expect(ServeAddress.url(host: "127.0.0.1", port: 8080) == "http://127.0.0.1:8080/")
        #expect(ServeAddress.url(host: "::1", port: 9) == "http://[::1]:9/")
    }
}
