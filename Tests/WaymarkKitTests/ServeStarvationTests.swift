import Foundation
import Testing
@testable import WaymarkKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `waymark serve` against clients that open connections and never finish a request: idle
/// half-open connections and a slowloris that sends a byte every few seconds. Over real sockets.
struct ServeStarvationTests {
    /// The test holds both ends of every connection: 1,100 here and 1,100 in the server, and
    /// the rest of the process besides.
    static let descriptorsNeeded = 2_600

    /// Raises this process's soft limit on open files to `needed` when the hard limit allows;
    /// whether it is now at least that.
    static func allowDescriptors(_ needed: Int) -> Bool {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return false }
        if limit.rlim_cur >= rlim_t(needed) { return true }
        guard limit.rlim_max >= rlim_t(needed) else { return false }
        limit.rlim_cur = rlim_t(needed)
        return setrlimit(resource, &limit) == 0
    }

    @Test(.enabled(if: allowDescriptors(descriptorsNeeded),
                   "the hard limit on open files is below 2,600, too low to hold 1,100 connections at both ends"))
    func elevenHundredIdleConnectionsDoNotStarveAPage() throws {
        let preview = try PreviewHarness(["--lang", "en"])
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<1_100 {
            // What the adversarial run sent: a request line, then nothing.
            idle.append(try #require(preview.http.openSending("GET / HTTP/1.1\r\n")))
        }
        let page = try #require(preview.http.request("GET", "/"))
        #expect(page.status == 200)
        #expect(page.text.contains("<link rel=\"stylesheet\" href=\"style.css\">"))
        #expect(preview.http.request("GET", "/style.css")?.status == 200)
    }

    /// An idle connection and one that sends a header a byte every two seconds are both closed
    /// once the request head has taken longer than the documented 10 s, and a page is served
    /// meanwhile.
    @Test func idleAndSlowRequestHeadsAreDroppedWithinTheTimeout() throws {
        let preview = try PreviewHarness([])
        let started = Date()
        let idle = try #require(preview.http.openSending("GET / HTTP/1.1\r\n"))
        let slow = try #require(preview.http.openSending("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "))
        defer {
            close(idle)
            close(slow)
        }
        var closedAt: [Int32: Double] = [:]
        var lastByte = started
        var servedMeanwhile: Int?
        while Date().timeIntervalSince(started) < 16, closedAt.count < 2 {
            usleep(100_000)
            let now = Date()
            if closedAt[slow] == nil, now.timeIntervalSince(lastByte) >= 2 {
                _ = preview.http.sendMore(slow, "a")
                lastByte = now
            }
            if servedMeanwhile == nil, now.timeIntervalSince(started) >= 3 { servedMeanwhile = preview.http.request("GET", "/")?.status ?? 0 }
            for fd in [idle, slow] where closedAt[fd] == nil && RawHTTP.isClosed(fd) {
                closedAt[fd] = now.timeIntervalSince(started)
            }
        }
        let idleClosed = try #require(closedAt[idle], "the idle connection was still open after 16 s")
        let slowClosed = try #require(closedAt[slow], "the slow connection was still open after 16 s")
        // Not before the 10 s timeout; the upper bound only tells a timeout from none at all.
        #expect(idleClosed > 9 && idleClosed < 15.5, "closed after \(idleClosed) s")
        #expect(slowClosed > 9 && slowClosed < 15.5, "closed after \(slowClosed) s")
        #expect(servedMeanwhile == 200)
    }
}
