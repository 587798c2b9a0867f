// libFuzzer target: archives (zip, tar, tar.gz, gzip inside gzip). The input is written to a file
// and listed by ZipArchive, which hands every third entry whole to the listing's reader and the
// first 10 bytes of the next; then every entry is read in archive order, the first one again, and
// two at once, under a small budget (1,100 times the size, at least 4 MiB) so that inputs which
// inflate a lot stop quickly. The target fails if more than the budget (and one chunk) is
// inflated, or if an entry read while listing differs from the same entry read afterwards.
import Foundation

let archiveFuzzPath = NSTemporaryDirectory() + "waymark-fuzz-archive-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: archiveFuzzPath, contents: Data(bytes: data, count: size)) else { return 0 }
    let archive = ZipArchive(path: archiveFuzzPath, displayName: "fuzz.zip", minimum: 4 << 20)
    var early: [Int: [UInt8]] = [:]
    let listing = try? archive.entries { entry in
        switch entry.index % 3 {
        case 0: return .read { stream in early[entry.index] = try? stream.readAll(limit: 8 << 20) }
        case 1:
            return .read { stream in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 10, alignment: 1)
                defer { buffer.deallocate() }
                _ = try? stream.fill(buffer)
            }
        default: return .pass
        }
    }
    guard let listed = listing?.entries else { return 0 }
    for entry in listed {
        let later = try? archive.open(entry).readAll(limit: 8 << 20)
        if let bytes = entry.bytes, bytes != entry.head { fatalError("entry \(entry.index): kept bytes that are not its head") }
        if let before = early[entry.index], let later, before != later {
            fatalError("entry \(entry.index): \(before.count) bytes while listing, \(later.count) afterwards")
        }
    }
    if let first = listed.first, let last = listed.last {
        _ = try? archive.open(first).readAll(limit: 8 << 20)
        if let a = try? archive.open(last), let b = try? archive.open(first) {
            _ = try? b.readAll(limit: 8 << 20)
            _ = try? a.readAll(limit: 8 << 20)
        }
    }
    if archive.work.inflated > archive.budget.limit + (1 << 20) {
        fatalError("inflated \(archive.work.inflated) bytes, over the budget of \(archive.budget.limit)")
    }
    return 0
}
