// libFuzzer target: archives (zip, tar, tar.gz, gzip inside gzip). The input is written to a file
// and listed by ZipArchive, then every entry is read in archive order, the first one again, and
// two at once, under a small budget (1,100 times the size, at least 4 MiB) so that inputs which
// inflate a lot stop quickly; the target fails if more than the budget (and one chunk) is inflated.
import Foundation

let archiveFuzzPath = NSTemporaryDirectory() + "waymark-fuzz-archive-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: archiveFuzzPath, contents: Data(bytes: data, count: size)) else { return 0 }
    let archive = ZipArchive(path: archiveFuzzPath, displayName: "fuzz.zip", minimum: 4 << 20)
    guard let listed = try? archive.entries().entries else { return 0 }
    for entry in listed { _ = try? archive.open(entry).readAll(limit: 8 << 20) }
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
