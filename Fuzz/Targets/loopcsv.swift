// libFuzzer target: the Loop Habit Tracker CSV export. The input is split in two at a line
// `--` (or its middle when there is none): the first half is Habits.csv, the second one habit's
// Checkmarks.csv; both are claimed and read as an export would be.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoopCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let marker = Array("\n--\n".utf8)
    var split = bytes.count / 2
    if bytes.count >= marker.count {
        for i in 0...(bytes.count - marker.count) where bytes[i..<(i + marker.count)].elementsEqual(marker) {
            split = i
            break
        }
    }
    let habits = Array(bytes[..<split])
    let checks = Array(bytes[min(bytes.count, split + marker.count)...])
    let files: [SourceFile] = [
        .memory("Habits.csv", habits), .memory("001 Habit/Checkmarks.csv", checks), .memory("002 Other/Checkmarks.csv", checks),
    ]
    _ = LoopCSVImporter.claim(files)
    let part = LoopCSVImporter.read(files)
    for d in part.diagnostics { _ = d.description }
    return 0
}
