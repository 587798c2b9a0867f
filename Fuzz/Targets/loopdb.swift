// libFuzzer target: the Loop Habit Tracker full backup. The input is a database file, detected
// and read through sqlite3_deserialize as an entry of a zip archive would be.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoopDB(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile.memory("backup.db", Array(UnsafeBufferPointer(start: data, count: size)))
    _ = LoopDBImporter.recognises(file)
    let part = LoopDBImporter.read([file])
    for d in part.diagnostics { _ = d.description }
    return 0
}
