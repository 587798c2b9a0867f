import Foundation
import Synchronization
import Testing
@testable import WaymarkKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ServeLimits` and the caps they set, on a `PreviewServer` with small limits over real
/// sockets: a full waiting pool makes room for a new connection, streams and served
/// connections beyond their caps get 503, and a page is answered all the while.
struct ServeLimitsTests {
    @Test func capsAreSizedFromTheOpenFileLimit() {
        // 1,024 - 256 reserved = 768: a quarter served, half of those streams, the rest waiting.
        #expect(ServeLimits(descriptors: 1_024) == ServeLimits(waiting: 576, connections: 192, streams: 96))
        #expect(ServeLimits(descriptors: 20_000) == ServeLimits(waiting: 4_096, connections: 512, streams: 256))
        #expect(ServeLimits(descriptors: 4_864) == ServeLimits(waiting: 4_096, connections: 512, streams: 256))
        #expect(ServeLimits(descriptors: 100) == ServeLimits(waiting: 8, connections: 8, streams: 4))
        let limits = ServeLimits(descriptors: 1_024)
        #expect(limits.headTimeout == 10)
        #expect(limits.idleTimeout == 30)
    }

    @Test func theOpenFileLimitIsRaisedAsFarAsAllowed() {
        let before = OpenFileLimit.current
        let after = OpenFileLimit.raise(to: ServeLimits.wantedDescriptors)
        #expect(after >= before)
        #expect(OpenFileLimit.current == after)
        #expect(OpenFileLimit.raise(to: 16) == after, "never lowered")
    }

    /// A server answering `/` with a page, `/stream` with a stream that ends when `release` is
    /// signalled, `/slow` only after it is.
    final class Fixture {
        let server: PreviewServer
        let http: RawHTTP
        let release = DispatchSemaphore(value: 0)
        let released = Flag()

        final class Flag: Sendable {
            private let value = Atomic(false)
            var isSet: Bool { value.load(ordering: .relaxed) }
            func set() { value.store(true, ordering: .relaxed) }
        }

        init(_ limits: ServeLimits) throws {
            let release = self.release
            let released = self.released
            let socket = try ListenSocket.open(host: "127.0.0.1", port: 0)
            server = try PreviewServer(socket: socket, limits: limits) { request in
                switch request.path {
                case "/stream":
                    return HTTPResponse(status: 200, headers: [("Content-Type", ContentType.eventStream)], body: .stream {
                        while !released.isSet { usleep(20_000) }
                        return nil
                    })
                case "/slow":
                    release.wait()
                    release.signal()
                    return HTTPResponse(status: 200, body: .bytes(Array("slow".utf8)))
                default:
                    return HTTPResponse(status: 200, headers: [("Content-Type", ContentType.html)], body: .bytes(Array("<p>page</p>".utf8)))
                }
            }
            http = RawHTTP(port: server.port)
        }

        func finish() {
            released.set()
            release.signal()
            server.stop()
        }
    }

    @Test func aFullWaitingPoolClosesTheConnectionThatWaitedLongest() throws {
        let fixture = try Fixture(ServeLimits(waiting: 8, connections: 4, streams: 2))
        defer { fixture.finish() }
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<20 { idle.append(try #require(fixture.http.openSending("GET / HTTP/1.1\r\n"))) }
        // 20 came, 8 fit: the 12 that came first were closed (once the gate has seen them all).
        Self.waitUntil { idle.prefix(12).allSatisfy(RawHTTP.isClosed) }
        #expect(idle.map(RawHTTP.isClosed) == Array(repeating: true, count: 12) + Array(repeating: false, count: 8))
        let page = try #require(fixture.http.request("GET", "/"))
        #expect(page.status == 200)
        #expect(page.text == "<p>page</p>")
        #expect(page.headers["connection"] == "close")
        // The page's connection took the place of the oldest of the eight.
        Self.waitUntil { RawHTTP.isClosed(idle[12]) }
        #expect(RawHTTP.isClosed(idle[12]))
        #expect(!RawHTTP.isClosed(idle[13]))
    }

    @Test func streamsBeyondTheirCapGet503AndPagesAreStillServed() throws {
        let fixture = try Fixture(ServeLimits(waiting: 8, connections: 8, streams: 2))
        defer { fixture.finish() }
        var open: [Int32] = []
        defer { open.forEach { close($0) } }
        let streamRequest = "GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        for _ in 0..<2 {
            let fd = try #require(fixture.http.openSending(streamRequest))
            open.append(fd)
            #expect(Self.responseHead(fd).hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
        let third = try #require(fixture.http.exchange(streamRequest))
        #expect(third.status == 503)
        #expect(third.headers["retry-after"] == "5")
        #expect(third.text == "Service unavailable: 2 live-reload streams are open already; close some preview tabs.\n")
        #expect(fixture.http.request("GET", "/")?.text == "<p>page</p>")
    }

    /// Two streams and two requests in progress fill the four places; a fifth request gets 503
    /// at once instead of waiting for one of them.
    @Test func requestsBeyondTheServedCapGet503() throws {
        let fixture = try Fixture(ServeLimits(waiting: 8, connections: 4, streams: 2))
        defer { fixture.finish() }
        var open: [Int32] = []
        defer { open.forEach { close($0) } }
        for path in ["/stream", "/stream", "/slow", "/slow"] {
            open.append(try #require(fixture.http.openSending("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")))
        }
        // Once all four have reached the server.
        let (answered, _) = fixture.http.poll("/", timeout: 5) { $0.status == 503 }
        let busy = try #require(answered)
        #expect(busy.status == 503)
        #expect(busy.headers["retry-after"] == "1")
        #expect(busy.text == "Service Unavailable: the preview is serving 4 connections at once; try again in a moment.\n")
        // Once the slow requests are answered there is room again.
        fixture.release.signal()
        let (page, _) = fixture.http.poll("/", timeout: 5) { $0.status == 200 }
        #expect(page?.text == "<p>page</p>")
    }

    /// Waits up to 5 s for `condition`, which the server makes true soon.
    static func waitUntil(_ condition: () -> Bool) {
        let started = Date()
        while !condition(), Date().timeIntervalSince(started) < 5 { usleep(10_000) }
    }

    /// Reads from `fd` until the end of a response's head (or 5 s); what was read.
    static func responseHead(_ fd: Int32) -> String {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 1024)
        let started = Date()
        while !text.contains("\r\n\r\n"), Date().timeIntervalSince(started) < 5 {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { text += String(decoding: buffer[0..<n], as: UTF8.self) } else if n == 0 { break }
        }
        return text
    }

    @Test func anIdleConnectionIsAnswered408AfterTheHeadTimeout() throws {
        let fixture = try Fixture(ServeLimits(headTimeout: 1, waiting: 8, connections: 4, streams: 2))
        defer { fixture.finish() }
        let fd = try #require(fixture.http.openSending("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
        defer { close(fd) }
        let started = Date()
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 1024)
        while Date().timeIntervalSince(started) < 5 {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }  // the socket's 1 s receive timeout
            if n <= 0 { break }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        let elapsed = Date().timeIntervalSince(started)
        // Not before the 1 s timeout; the upper bound only tells a timeout from none at all.
        #expect(elapsed > 0.9 && elapsed < 4.5, "closed after \(elapsed) s")
        #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(text.hasSuffix("\r\n\r\nRequest Timeout: the request did not arrive whole within 1 s.\n"))
    }
}
