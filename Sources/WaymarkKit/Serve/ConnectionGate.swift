import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Accepts the preview server's connections and holds each until its request head has arrived
/// whole and passed `RequestHead`; only then does the HTTP library get it (`admit`).
///
/// The library gives every connection a thread from the moment it is accepted and counts it
/// against one limit, so about a thousand clients that send `GET / HTTP/1.1` and nothing more
/// took every place, and one that sends a byte every few seconds kept its place for good (the
/// library's timeout counts silence, not the time a request takes). Here a waiting connection
/// costs an open file and no thread; its head must be whole within `ServeLimits.headTimeout`
/// (else 408); when `ServeLimits.waiting` are waiting, the one that has waited longest is closed
/// for a new one, so a browser's request, whose head comes at once, always gets through.
///
/// The head is read with `MSG_PEEK`, so the library reads the same bytes again, and the socket's
/// low-water mark is set just above what has arrived so `poll` wakes only when more comes.
/// One thread runs the loop; `stop` ends it and closes the listening socket and what waits.
final class ConnectionGate: @unchecked Sendable {
    /// What became of a connection whose head passed.
    enum Admission: Sendable {
        /// The library has it (or has closed it).
        case taken
        /// Every place is taken: answered 503 here.
        case busy
    }

    typealias Admit = @Sendable (_ descriptor: Int32, _ address: sockaddr_storage, _ length: socklen_t) -> Admission

    private struct Waiting {
        let descriptor: Int32
        let address: sockaddr_storage
        let length: socklen_t
        let since: Double
    }

    private let listener: Int32
    private let limits: ServeLimits
    private let admit: Admit
    /// Written to by `stop`; the loop polls it.
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private let state = Mutex((started: false, stopped: false))
    // Touched by the loop's thread only.
    private var buffer = [UInt8](repeating: 0, count: RequestHead.maxLength)

    /// Takes over `listener`, a listening socket (closed when the gate stops).
    init(listening listener: Int32, limits: ServeLimits, admit: @escaping Admit) throws(ServeError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ServeError(message: "cannot start the server: \(String(cString: strerror(errno)))", kind: .io)
        }
        for fd in ends + [listener] { ConnectionGate.configure(fd) }
        self.listener = listener
        self.limits = limits
        self.admit = admit
        wake = (ends[0], ends[1])
    }

    func start() {
        state.withLock { $0.started = true }
        let thread = Thread { [self] in run() }
        thread.name = "waymark-serve-gate"
        thread.start()
    }

    /// Stops accepting, closes the listening socket and every connection still waiting; once.
    func stop() {
        let (started, stopped) = state.withLock { s in defer { s.stopped = true }; return (s.started, s.stopped) }
        guard !stopped else { return }
        if started {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            finished.wait()
        } else {
            close(listener)
        }
        close(wake.read)
        close(wake.write)
    }

    private func run() {
        var waiting: [Waiting] = []
        var pausedUntil = 0.0
        defer {
            for connection in waiting { close(connection.descriptor) }
            close(listener)
            finished.signal()
        }
        while true {
            let now = ConnectionGate.now()
            let listening = now >= pausedUntil
            // A negative descriptor is skipped by poll: accepting pauses after running out of files.
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0), pollfd(fd: listening ? listener : -1, events: Int16(POLLIN), revents: 0)]
            fds += waiting.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            // Connections wait in the order they came, so the first has the nearest deadline.
            var deadline = waiting.first.map { $0.since + limits.headTimeout } ?? .infinity
            if !listening { deadline = min(deadline, pausedUntil) }
            let timeout = deadline == .infinity ? -1 : Int32(min(60_000, max(0, (deadline - now) * 1000).rounded(.up)))
            if poll(&fds, nfds_t(fds.count), timeout) < 0 {
                // Out of memory for a moment, say: try again rather than stop serving.
                if errno != EINTR { usleep(10_000) }
                continue
            }
            if fds[0].revents != 0 { return }
            let later = ConnectionGate.now()
            var kept: [Waiting] = []
            kept.reserveCapacity(waiting.count)
            for (i, connection) in waiting.enumerated() {
                if fds[i + 2].revents != 0, !inspect(connection) { continue }
                if later - connection.since >= limits.headTimeout {
                    answer(connection.descriptor, 408, "the request did not arrive whole within \(LocaleFormat.fixed(limits.headTimeout, places: 0)) s")
                    continue
                }
                kept.append(connection)
            }
            waiting = kept
            if listening, fds[1].revents != 0 { acceptAll(&waiting, &pausedUntil, now: later) }
        }
    }

    /// Looks at what a waiting connection has sent; whether it still waits.
    private func inspect(_ connection: Waiting) -> Bool {
        let fd = connection.descriptor
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_PEEK)) }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return true }
        guard count > 0 else {
            close(fd)  // gone before its request was whole
            return false
        }
        switch RequestHead.check(buffer[0..<count]) {
        case .incomplete:
            ConnectionGate.setLowWater(fd, count + 1)
            return true
        case .complete:
            ConnectionGate.setLowWater(fd, 1)
            if admit(fd, connection.address, connection.length) == .busy {
                answer(fd, 503, "the preview is serving \(limits.connections) connections at once; try again in a moment")
            }
            return false
        case .refused(let status, let reason):
            answer(fd, status, reason)
            return false
        }
    }

    /// Accepts every connection that is ready; the longest waiting makes way when the pool is full.
    private func acceptAll(_ waiting: inout [Waiting], _ pausedUntil: inout Double, now: Double) {
        while true {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of files: the longest waiting connection gives its own up, or, with
                    // none, accepting pauses (the ready connection would wake poll at once).
                    if !waiting.isEmpty {
                        close(waiting.removeFirst().descriptor)
                        continue
                    }
                    pausedUntil = now + 0.1
                    return
                default: return
                }
            }
            ConnectionGate.configure(fd)
            if waiting.count >= limits.waiting { close(waiting.removeFirst().descriptor) }
            waiting.append(Waiting(descriptor: fd, address: address, length: length, since: now))
        }
    }

    /// Sends a short plain-text answer and closes. What the client sent is read first (a few
    /// buffers at most, so a client that keeps sending cannot hold the loop): closing with
    /// unread bytes would reset the connection and lose the answer.
    private func answer(_ fd: Int32, _ status: Int, _ reason: String) {
        var reads = 0
        while reads < 4, buffer.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 { reads += 1 }
        let response = ConnectionGate.response(status, reason)
        _ = response.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, ConnectionGate.noSignal) }
        close(fd)
    }

    /// `HTTP/1.1 STATUS`, a one-line text saying why, and `Connection: close`.
    static func response(_ status: Int, _ reason: String) -> [UInt8] {
        let titles = [400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large", 503: "Service Unavailable",
                      505: "HTTP Version Not Supported"]
        let title = titles[status] ?? "Bad Request"
        let body = "\(title): \(reason).\n"
        var head = "HTTP/1.1 \(status) \(title)\r\nContent-Type: \(ContentType.plainText)\r\nContent-Length: \(body.utf8.count)\r\n"
        head += "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n"
        if status == 503 { head += "Retry-After: 1\r\n" }
        return Array((head + "Connection: close\r\n\r\n" + body).utf8)
    }

    /// Non-blocking, closed on exec, and on macOS no SIGPIPE from a send to a closed connection.
    private static func configure(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif

    /// `poll` reports the socket readable only once `bytes` have arrived.
    private static func setLowWater(_ fd: Int32, _ bytes: Int) {
        var value = Int32(bytes)
        setsockopt(fd, SOL_SOCKET, SO_RCVLOWAT, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
