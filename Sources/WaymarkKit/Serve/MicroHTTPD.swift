#if os(Linux) && canImport(CMicroHTTPDLinux)
import CMicroHTTPDLinux
#else
import CMicroHTTPD
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libmicrohttpd's functions, found once, when the first preview server starts. On Linux the
/// library is opened then (`waymark_mhd_open`) rather than linked, so the other commands never
/// load it, nor GnuTLS and the seven libraries behind that: about 2 ms of every start of the
/// program (docs/performance.md). Each function's type is checked against the library's header
/// where it is unwrapped here.
struct MicroHTTPD: @unchecked Sendable {
    /// For `waymark_mhd_start`, which calls the library's variadic start in C.
    let table: waymark_mhd_functions
    let stopDaemon: @convention(c) (OpaquePointer?) -> Void
    let addConnection: @convention(c) (OpaquePointer?, Int32, UnsafePointer<sockaddr>?, socklen_t) -> MHD_Result
    let lookupConnectionValue: @convention(c) (OpaquePointer?, MHD_ValueKind, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?
    let createResponseFromBuffer: @convention(c) (Int, UnsafeMutableRawPointer?, MHD_ResponseMemoryMode) -> OpaquePointer?
    let createResponseFromCallback: @convention(c) (UInt64, Int, MHD_ContentReaderCallback?, UnsafeMutableRawPointer?,
                                                    MHD_ContentReaderFreeCallback?) -> OpaquePointer?
    let destroyResponse: @convention(c) (OpaquePointer?) -> Void
    let addResponseHeader: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> MHD_Result
    let queueResponse: @convention(c) (OpaquePointer?, UInt32, OpaquePointer?) -> MHD_Result

    /// The library's file on Linux (Debian's libmicrohttpd12 and other distributions').
    static let libraryName = "libmicrohttpd.so.12"

    /// The library, opened the first time it is asked for.
    static let shared = MicroHTTPD.open(libraryName)

    /// The functions of the library `name` (a name only Linux uses), or why it cannot serve.
    static func open(_ name: String) -> Result<MicroHTTPD, ServeError> {
        var table = waymark_mhd_functions()
        if let failure = waymark_mhd_open(name, &table) {
            return .failure(unavailable(String(cString: failure)))
        }
        guard let stop = table.stop_daemon, let add = table.add_connection, let lookup = table.lookup_connection_value,
              let buffer = table.create_response_from_buffer, let callback = table.create_response_from_callback,
              let destroy = table.destroy_response, let header = table.add_response_header, let queue = table.queue_response,
              table.start_daemon != nil
        else { return .failure(unavailable("a function is missing")) }
        return .success(MicroHTTPD(table: table, stopDaemon: stop, addConnection: add, lookupConnectionValue: lookup,
                                   createResponseFromBuffer: buffer, createResponseFromCallback: callback, destroyResponse: destroy,
                                   addResponseHeader: header, queueResponse: queue))
    }

    private static func unavailable(_ reason: String) -> ServeError {
        ServeError(message: "the preview's HTTP server needs libmicrohttpd, which could not be loaded (\(Diagnostic.shorten(reason))); "
                   + "install it (Debian and Ubuntu: apt-get install libmicrohttpd12, named libmicrohttpd12t64 in newer releases; "
                   + "macOS: brew install libmicrohttpd)", kind: .io)
    }

    /// Starts a daemon as `waymark_mhd_start` does.
    func start(flags: UInt32, access: MHD_AccessHandlerCallback, context: UnsafeMutableRawPointer, idleTimeout: UInt32,
               connectionLimit: UInt32, notify: MHD_NotifyConnectionCallback) -> OpaquePointer? {
        withUnsafePointer(to: table) { waymark_mhd_start($0, flags, access, context, idleTimeout, connectionLimit, notify) }
    }
}
