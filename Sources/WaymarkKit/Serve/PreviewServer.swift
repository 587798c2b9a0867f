#if os(Linux) && canImport(CMicroHTTPDLinux)
import CMicroHTTPDLinux
#else
import CMicroHTTPD
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP server on libmicrohttpd that hands each request to `handler`. A thread per
/// connection, so a browser's long-lived live-reload stream never holds up its page requests.
/// `ConnectionGate` accepts the connections and passes on only those whose request head has
/// arrived whole and is well formed; the library parses HTTP; the handler decides everything
/// else (`PreviewSession`). Every response closes its connection, so each request passes the
/// gate. `ServeLimits` caps what is held at once.
public final class PreviewServer: Sendable {
    /// The port the server listens on (the system's choice when asked for port 0).
    public let port: Int
    /// What the server holds at once and for how long.
    public let limits: ServeLimits
    // The library's daemon is safe to use from any thread; `stopped` makes `stop` run once.
    private nonisolated(unsafe) let daemon: OpaquePointer
    private let http: MicroHTTPD
    private let stopped = Mutex(false)
    private let handler: Unmanaged<Handler>
    private let gate: ConnectionGate

    /// The request headers and query arguments the handler sees; the rest are not looked up.
    static let headerNames = ["If-None-Match", "If-Modified-Since", "Host"]
    static let queryNames = ["since", "page"]
    /// The library's own limit is this much above `ServeLimits.connections`: it counts a
    /// connection a moment longer than `Handler.connections` does (it reports the close before
    /// it forgets the connection), and it must never refuse one the gate admitted, which it
    /// would close without an answer.
    static let libraryMargin = 64

    /// Starts serving on `socket` (the server owns it from now on, and closes it on `stop`).
    public init(socket: ListenSocket, limits: ServeLimits = .forThisProcess(),
                handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(ServeError) {
        let http: MicroHTTPD
        switch MicroHTTPD.shared {
        case .success(let library): http = library
        case .failure(let error):
            close(socket.descriptor)
            throw error
        }
        let box = Unmanaged.passRetained(Handler(handler, limits: limits, http: http))
        // poll(), not select(): the process may hold descriptors above 1,023 (OpenFileLimit).
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
            | MHD_USE_ITC.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
        guard let daemon = http.start(flags: flags, access: PreviewServer.access, context: box.toOpaque(), idleTimeout: UInt32(limits.idleTimeout),
                                      connectionLimit: UInt32(limits.connections + PreviewServer.libraryMargin), notify: PreviewServer.notify) else {
            close(socket.descriptor)
            box.release()
            throw ServeError(message: "the HTTP server (libmicrohttpd) did not start on port \(socket.port)", kind: .io)
        }
        let library = Library(daemon: daemon)
        let counts = box.takeUnretainedValue()
        do {
            gate = try ConnectionGate(listening: socket.descriptor, limits: limits) { fd, address, length in
                counts.admit(fd, address, length, to: library)
            }
        } catch {
            close(socket.descriptor)
            http.stopDaemon(daemon)
            box.release()
            throw error
        }
        self.daemon = daemon
        self.http = http
        self.handler = box
        self.limits = limits
        port = socket.port
        gate.start()
    }

    /// Stops listening, ends every connection and waits for their threads. Streams that block
    /// (live reload) must be woken first, or this waits for their next chunk.
    public func stop() {
        guard !stopped.withLock({ was in defer { was = true }; return was }) else { return }
        gate.stop()
        http.stopDaemon(daemon)
        handler.release()
    }

    deinit { stop() }

    /// The library's daemon, for the gate's thread.
    struct Library: @unchecked Sendable {
        let daemon: OpaquePointer
    }

    /// Holds the handler and the counts of what is served, for the C callbacks.
    final class Handler: Sendable {
        let respond: @Sendable (HTTPRequest) -> HTTPResponse
        let limits: ServeLimits
        let http: MicroHTTPD
        /// Connections handed to the library and not yet closed by it.
        let connections = Atomic(0)
        /// Live-reload streams open.
        let streams = Atomic(0)

        init(_ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse, limits: ServeLimits, http: MicroHTTPD) {
            self.respond = respond
            self.limits = limits
            self.http = http
        }

        /// Hands a connection whose head passed the gate to the library, unless every place is taken.
        func admit(_ fd: Int32, _ address: sockaddr_storage, _ length: socklen_t, to library: Library) -> ConnectionGate.Admission {
            guard connections.add(1, ordering: .relaxed).newValue <= limits.connections else {
                connections.subtract(1, ordering: .relaxed)
                return .busy
            }
            var address = address
            let added = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { http.addConnection(library.daemon, fd, $0, length) }
            }
            // On failure the library has closed the socket and will not report it closed.
            if added != .YES { connections.subtract(1, ordering: .relaxed) }
            return .taken
        }
    }

    /// Called by the library when a connection it was handed ends.
    private static let notify: MHD_NotifyConnectionCallback = { context, _, _, code in
        guard let context, code == .CONNECTION_NOTIFY_CLOSED else { return }
        Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue().connections.subtract(1, ordering: .relaxed)
    }

    /// Called by the library for each request; answers at once (no request body is read).
    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, _, _ in
        guard let context, let connection, let url, let method else { return .NO }
        let handler = Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue()
        let http = handler.http
        var request = HTTPRequest(method: String(cString: method), path: String(cString: url))
        for name in headerNames {
            if let value = http.lookupConnectionValue(connection, .HEADER_KIND, name) { request.headers[name.lowercased()] = String(cString: value) }
        }
        for name in queryNames {
            if let value = http.lookupConnectionValue(connection, .GET_ARGUMENT_KIND, name) { request.query[name] = String(cString: value) }
        }
        var response = handler.respond(request)
        if case .stream = response.body, handler.streams.add(1, ordering: .relaxed).newValue > handler.limits.streams {
            handler.streams.subtract(1, ordering: .relaxed)
            response = tooManyStreams(handler.limits.streams)
        }
        guard let made = makeResponse(response.body, handler) else { return .NO }
        defer { http.destroyResponse(made) }
        for (name, value) in response.headers { _ = http.addResponseHeader(made, name, value) }
        // The next request on this connection would not pass the gate.
        _ = http.addResponseHeader(made, "Connection", "close")
        return http.queueResponse(connection, UInt32(response.status), made)
    }

    /// More live-reload streams than `limit` would leave no room for pages.
    static func tooManyStreams(_ limit: Int) -> HTTPResponse {
        HTTPResponse(status: 503, headers: [("Content-Type", ContentType.plainText), ("Cache-Control", "no-cache"), ("Retry-After", "5")],
                     body: .bytes(Array("Service unavailable: \(limit) live-reload streams are open already; close some preview tabs.\n".utf8)))
    }

    /// A stream's response counts in `handler.streams` (counted by the caller) until the library frees it.
    private static func makeResponse(_ body: HTTPResponse.Body, _ handler: Handler) -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { raw in
                handler.http.createResponseFromBuffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let next):
            let stream = Unmanaged.passRetained(Stream(next, counted: handler))
            guard let made = handler.http.createResponseFromCallback(UInt64.max, 1024, Stream.read, stream.toOpaque(), Stream.free) else {
                stream.release()
                return nil
            }
            return made
        }
    }

    /// A streamed body, read by the library a buffer at a time on the connection's thread.
    final class Stream: @unchecked Sendable {
        // Only the connection's own thread touches `pending`.
        let next: @Sendable () -> [UInt8]?
        var pending: [UInt8] = []
        let counted: Handler
        init(_ next: @escaping @Sendable () -> [UInt8]?, counted: Handler) {
            self.next = next
            self.counted = counted
        }

        deinit { counted.streams.subtract(1, ordering: .relaxed) }

        /// MHD_CONTENT_READER_END_OF_STREAM (a macro Swift does not import).
        static let endOfStream = -1

        static let read: MHD_ContentReaderCallback = { context, _, buffer, max in
            guard let context, let buffer, max > 0 else { return endOfStream }
            let stream = Unmanaged<Stream>.fromOpaque(context).takeUnretainedValue()
            while stream.pending.isEmpty {
                guard let chunk = stream.next() else { return endOfStream }
                stream.pending = chunk
            }
            let count = min(max, stream.pending.count)
            stream.pending.withUnsafeBytes { raw in
                if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count) }
            }
            stream.pending.removeFirst(count)
            return count
        }

        static let free: MHD_ContentReaderFreeCallback = { context in
            if let context { Unmanaged<Stream>.fromOpaque(context).release() }
        }
    }
}
