#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`). Shells start programs with a soft limit
/// of 1,024 while the hard limit is far higher, and every connection the preview holds is an
/// open file: `serve` raises its own soft limit, as Go's runtime does for every program, before
/// it sizes its caps (`ServeLimits`). That is safe because nothing in the process uses
/// `select()`, whose sets end at descriptor 1,023: the HTTP library is started with `poll()`.
enum OpenFileLimit {
    #if canImport(Glibc)
    private static let resource = Int32(RLIMIT_NOFILE.rawValue)
    /// RLIM_INFINITY, a macro Swift does not import: all ones on Linux, 2^63 - 1 on macOS.
    private static let infinity = rlim_t.max
    #else
    private static let resource = RLIMIT_NOFILE
    private static let infinity = rlim_t(Int64.max)
    /// macOS refuses a soft limit above OPEN_MAX, whatever the hard limit says.
    private static let openMax = 10_240
    #endif

    /// The soft limit now; 1,024 when it cannot be read.
    static var current: Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1_024 }
        return limit.rlim_cur == infinity ? Int.max : Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit to `wanted`, or to the hard limit when that is lower; never lowers
    /// it. Returns the soft limit afterwards.
    @discardableResult
    static func raise(to wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return current }
        var target = rlim_t(wanted)
        if limit.rlim_max != infinity { target = min(target, limit.rlim_max) }
        #if !canImport(Glibc)
        target = min(target, rlim_t(openMax))
        #endif
        if limit.rlim_cur == infinity || limit.rlim_cur >= target { return current }
        limit.rlim_cur = target
        _ = setrlimit(resource, &limit)
        return current
    }
}
