#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Something that notices changes to watched files: inotify on Linux, a polling scan elsewhere.
protocol ChangeSource: AnyObject {
    /// Blocks until a watched file changes, `timeout` seconds pass (nil: no limit), or the stop
    /// descriptor becomes readable.
    func waitForChange(timeout: Double?) -> ChangeWait
    /// How long a burst of changes must stay quiet before a rebuild; 0 when the source's own
    /// interval already spaces its reports.
    var quietPeriod: Double { get }
    /// Releases what the source holds.
    func close()
}

enum ChangeWait: Equatable {
    case changed, timedOut, stopped
}

/// Names an editor writes beside the real file while saving (`.note.md.swp`, `note.md~`, `.#note.md`):
/// no importer reads them, so they do not start a rebuild.
func isEditorScratch(_ name: String) -> Bool {
    name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
}

/// Waits up to `timeout` seconds (nil: forever) for any of `descriptors` to become readable;
/// returns the readable ones.
func waitReadable(_ descriptors: [Int32], timeout: Double?) -> Set<Int32> {
    var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let milliseconds = timeout.map { Int32(max(0, min($0 * 1000, 3_600_000)).rounded(.up)) } ?? -1
    let count = poll(&fds, nfds_t(fds.count), milliseconds)
    guard count > 0 else { return [] }
    return Set(fds.filter { $0.revents != 0 }.map(\.fd))
}
