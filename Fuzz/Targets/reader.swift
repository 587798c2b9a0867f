// libFuzzer target: the export reader. The input becomes every file of an export at once
// (points.json, profile.json, weights.csv, a note), read through the in-memory file system;
// a small export that reads cleanly is also built into a site in memory.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? JSONParser.parse(bytes)
    let fs = FileSystem.inMemory(root: "/e", files: [
        "points.json": bytes, "profile.json": bytes, "targets.json": bytes, "weights.csv": bytes, "notes/a.md": bytes,
    ])
    let result = ExportReader(fileSystem: fs, fallbackZone: .utc).read(directory: "/e")
    for d in result.diagnostics { _ = d.description }
    if result.errors.isEmpty && result.export.points.count < 2000 {
        let options = SiteOptions(now: 1_795_953_600, zone: Zone(identifier: "America/New_York") ?? .utc, language: .zhHans)
        _ = try? SiteRenderer(theme: .embedded).render(SiteContent(export: result.export, options: options))
    }
    return 0
}
