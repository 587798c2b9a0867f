import Testing
@testable import WaymarkKit
#if canImport(Glibc)
import Glibc
#endif

/// `--host` forms: brackets, IPv4-mapped addresses, names; whether the address bound is this
/// computer's loopback is decided from the address itself, not from the text.
struct ListenSocketTests {
    func opened(_ host: String) throws -> ListenSocket {
        let socket = try ListenSocket.open(host: host, port: 0)
        close(socket.descriptor)
        return socket
    }

    @Test func bracketedIPv6AddressesBind() throws {
        let loopback = try opened("[::1]")
        #expect(loopback.isIPv6)
        #expect(loopback.isLoopback)
        let any = try opened("[::]")
        #expect(any.isIPv6)
        #expect(!any.isLoopback)
    }

    @Test func loopbackIsDecidedFromTheAddressBound() throws {
        #expect(try opened("127.0.0.1").isLoopback)
        #expect(try opened("127.0.0.2").isLoopback)
        #expect(try opened("localhost").isLoopback)
        #expect(try opened("::1").isLoopback)
        #expect(try !opened("0.0.0.0").isLoopback)
        #expect(try !opened("::").isLoopback)
    }

    @Test func anIPv4MappedLoopbackAddressServes() throws {
        let socket = try opened("::ffff:127.0.0.1")
        #expect(socket.isLoopback)
        let preview = try PreviewHarness(["--host", "::ffff:127.0.0.1"])
        #expect(!preview.log.value.contains("warning"))
        // Reached over IPv4, as the mapped address means.
        #expect(preview.http.request("GET", "/")?.status == 200)
    }

    @Test func aPublicAddressGivenWithBracketsIsServedWithAWarning() throws {
        let preview = try PreviewHarness(["--host", "[::]"])
        #expect(preview.log.value.contains("warning: serving on [::], not only on this computer"))
        #expect(preview.service.url == "http://[::]:\(preview.service.port)/")
        let local = try PreviewHarness(["--host", "[::1]"])
        #expect(!local.log.value.contains("warning"))
        #expect(local.service.url == "http://[::1]:\(local.service.port)/")
    }

    @Test func theWarningSaysWhoCanReadTheSite() {
        #expect(ServeAddress.warning(host: "127.0.0.1", isLoopback: true) == nil)
        let warning = ServeAddress.warning(host: "0.0.0.0", isLoopback: false)
        #expect(warning?.contains("anyone who can reach it on the network can read the site") == true)
    }
}
