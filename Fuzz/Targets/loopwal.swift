// libFuzzer target: a Loop backup in WAL mode with its write-ahead log. The input is the database
// followed by the log (split where the log's magic number first appears; all log when it never
// does), read as a database and `-wal` entry of an archive would be: detected with the log, then
// read with its committed frames applied by SQLiteWAL.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoopWAL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var split = 0
    var i = 0
    while i + 4 <= bytes.count {
        if bytes[i] == 0x37, bytes[i + 1] == 0x7F, bytes[i + 2] == 0x06, bytes[i + 3] & 0xFE == 0x82 { split = i; break }
        i += 1
    }
    let database = SourceFile.memory("Phone/backup.db", Array(bytes[..<split]))
    let log = SourceFile.memory("Phone/backup.db-wal", Array(bytes[split...]))
    _ = try? SQLiteWAL.apply(Array(bytes[split...]), to: Array(bytes[..<split]))
    for unit in LoopDBImporter.claim([database, log]) {
        let part = LoopDBImporter.read(unit)
        for d in part.diagnostics { _ = d.description }
    }
    _ = LoopDBImporter.read([database, log])
    _ = LoopDBImporter.unreadable(database, among: [database, log])
    return 0
}
