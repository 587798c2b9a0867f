import Glibc
let traceOn = getenv("WAYMARK_TRACE") != nil
nonisolated(unsafe) var traceBase: Double = 0
func trace(_ s: String) {
    guard traceOn else { return }
    var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t)
    let now = Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    if traceBase == 0 { traceBase = now }
    let line = "\(Int((now - traceBase) * 10)) \(s)\n"; _ = line.withCString { write(2, $0, strlen($0)) }
}
