// libFuzzer target: the check on a request's raw head (RequestHead). Besides not crashing, two
// properties that need no second parser: more bytes never mend a fault (a prefix refused with
// 400 or 505 means the whole is refused), and a head that passes holds no NUL before its end
// and at most one line that starts with "host:" in any case.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = RequestHead.check(bytes)
    let step = max(1, bytes.count / 64)
    for length in stride(from: 1, to: bytes.count, by: step) {
        if case .refused(let status, _) = RequestHead.check(bytes[0..<length]), status != 431 {
            guard case .refused = whole else { fatalError("prefix of \(length) bytes refused, the whole passed") }
        }
    }
    if whole == .complete {
        var end = 0
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        // The head ends at the first empty line after a non-empty one.
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            var line = bytes[start..<i]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            start = i + 1
            if line.isEmpty, !lines.isEmpty { end = i; break }
            if !line.isEmpty { lines.append(line) }
        }
        if bytes[0..<end].contains(0) { fatalError("a NUL in a head that passed") }
        let hosts = lines.dropFirst().filter { $0.prefix(5).map { $0 | 0x20 } == Array("host:".utf8) }.count
        if hosts > 1 { fatalError("\(hosts) Host lines in a head that passed") }
    }
    return 0
}
