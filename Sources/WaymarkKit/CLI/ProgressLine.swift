import Synchronization

/// One line on a terminal's stderr that updates while big sources are read
/// (`Reading export.zip/apple_health_export/export.xml: 1.2 of 3.4 GB (35 %)`), at most four
/// times a second, and is wiped when reading ends. Never used when stderr is not a terminal.
final class ProgressLine: Sendable {
    private struct State {
        var last: Double = -1
        var shown = false
    }
    private let state = Mutex(State())
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> Double

    init(write: @escaping @Sendable (String) -> Void, clock: @escaping @Sendable () -> Double) {
        self.write = write
        self.clock = clock
    }

    /// The callback for `BuildRequest.progress`.
    var report: @Sendable (String, Int64, Int64?) -> Void {
        { [self] file, done, total in update(file, done, total) }
    }

    func update(_ file: String, _ done: Int64, _ total: Int64?) {
        let now = clock()
        let due = state.withLock { s -> Bool in
            guard now - s.last >= 0.25 else { return false }
            s.last = now
            s.shown = true
            return true
        }
        guard due else { return }
        write("\r\u{1B}[K" + ProgressLine.text(file, done, total))
    }

    /// Wipes the line, if one was shown.
    func finish() {
        let shown = state.withLock { s -> Bool in
            defer { s.shown = false }
            return s.shown
        }
        if shown { write("\r\u{1B}[K") }
    }

    /// `Reading NAME: 120 MB of 300 MB (40 %)`, the name cut to fit a terminal line.
    static func text(_ file: String, _ done: Int64, _ total: Int64?) -> String {
        func mb(_ bytes: Int64) -> String { LocaleFormat(.en).integer(Int(bytes / 1_000_000)) + " MB" }
        var line = "Reading " + Diagnostic.shorten(file, limit: 50) + ": " + mb(done)
        if let total, total > 0 {
            line += " of " + mb(total) + " (\(min(100, done * 100 / total)) %)"
        }
        return line
    }
}
