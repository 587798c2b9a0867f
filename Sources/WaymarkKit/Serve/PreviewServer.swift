import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP server on libmicrohttpd that hands each request to `handler`. A thread per
/// connection, so a browser's long-lived live-reload stream never holds up its page requests.
/// The library parses HTTP; the handler decides everything else (`PreviewSession`).
public final class PreviewServer: Sendable {
    /// The port the server listens on (the system's choice when asked for port 0).
    public let port: Int
    // The library's daemon is safe to use from any thread; `stopped` makes `stop` run once.
    private nonisolated(unsafe) let daemon: OpaquePointer
    private let stopped = Mutex(false)
    private let handler: Unmanaged<Handler>

    /// The request headers and query arguments the handler sees; the rest are not looked up.
    static let headerNames = ["If-None-Match", "If-Modified-Since", "Host"]
    static let queryNames = ["since"]
    /// Seconds a connection may stay silent before it is closed (live reload sends a comment
    /// every 15 s, so its streams stay open).
    static let idleTimeout: UInt32 = 60

    /// Starts serving on `socket` (the server owns it from now on, and closes it on `stop`).
    public init(socket: ListenSocket, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(ServeError) {
        let box = Unmanaged.passRetained(Handler(handler))
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_AUTO.rawValue | MHD_USE_ITC.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        guard let daemon = waymark_mhd_start(flags, socket.descriptor, PreviewServer.access, box.toOpaque(), PreviewServer.idleTimeout) else {
            close(socket.descriptor)
            box.release()
            throw ServeError(message: "the HTTP server (libmicrohttpd) did not start on port \(socket.port)", kind: .io)
        }
        self.daemon = daemon
        self.handler = box
        let reported = Int(waymark_mhd_port(daemon))
        port = reported == 0 ? socket.port : reported
    }

    /// Stops listening, ends every connection and waits for their threads. Streams that block
    /// (live reload) must be woken first, or this waits for their next chunk.
    public func stop() {
        guard !stopped.withLock({ was in defer { was = true }; return was }) else { return }
        MHD_stop_daemon(daemon)
        handler.release()
    }

    deinit { stop() }

    /// Holds the handler for the C callbacks.
    final class Handler: Sendable {
        let respond: @Sendable (HTTPRequest) -> HTTPResponse
        init(_ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.respond = respond }
    }

    /// Called by the library for each request; answers at once (no request body is read).
    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, _, _ in
        guard let context, let connection, let url, let method else { return .NO }
        let handler = Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue()
        var request = HTTPRequest(method: String(cString: method), path: String(cString: url))
        for name in headerNames {
            if let value = MHD_lookup_connection_value(connection, .HEADER_KIND, name) { request.headers[name.lowercased()] = String(cString: value) }
        }
        for name in queryNames {
            if let value = MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, name) { request.query[name] = String(cString: value) }
        }
        let response = handler.respond(request)
        guard let made = makeResponse(response.body) else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    private static func makeResponse(_ body: HTTPResponse.Body) -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let next):
            let stream = Unmanaged.passRetained(Stream(next))
            guard let made = MHD_create_response_from_callback(UInt64.max, 1024, Stream.read, stream.toOpaque(), Stream.free) else {
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
        init(_ next: @escaping @Sendable () -> [UInt8]?) { self.next = next }

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
