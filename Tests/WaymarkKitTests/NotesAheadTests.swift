import Synchronization
import Testing
@testable import WaymarkKit

/// Notes rendered ahead, while `points.json` is decoded, give the same site as notes rendered
/// by the build itself.
struct NotesAheadTests {
    static func sampleExport() -> (ExportReader, [String: [UInt8]]) {
        var byPath: [String: [UInt8]] = [:]
        for f in SampleExport(years: 1, tags: 4, seed: 3).files() { byPath[f.path] = f.bytes }
        return (ExportReader(fileSystem: .inMemory(root: "/s", files: byPath)), byPath)
    }

    @Test func theReaderHandsOverTheNotesOnce() throws {
        var (reader, _) = Self.sampleExport()
        let seen = Mutex<[[String]]>([])
        reader.notesRead = { notes, assets in
            seen.withLock { $0.append(notes.map(\.fileName)) }
            #expect(assets.isEmpty)
        }
        let result = reader.read(directory: "/s")
        #expect(result.diagnostics.isEmpty)
        let calls = seen.withLock { $0 }
        #expect(calls.count == 1)
        #expect(calls.first == result.export.notes.map(\.fileName))
        #expect(result.export.notes.count == 100)
    }

    @Test func sameSiteWithAndWithoutNotesAhead() throws {
        let (reader, _) = Self.sampleExport()
        let export = reader.read(directory: "/s").export
        let builder = SiteBuilder(options: SiteOptions(now: 1_796_000_000, zone: .utc, language: .zhHans))
        let plain = try builder.build(export)
        let ahead = try builder.build(export, notesAhead: NotesAhead(export.notes))
        #expect(plain.files.count == ahead.files.count)
        #expect(plain.files.map(\.path) == ahead.files.map(\.path))
        #expect(plain.files.map(\.bytes) == ahead.files.map(\.bytes))
        #expect(plain.files.filter { $0.path.hasPrefix("notes/") }.count == 101)  // 100 notes and the index
    }

    @Test func notesAheadOfOtherNotesAreIgnored() throws {
        let (reader, _) = Self.sampleExport()
        let export = reader.read(directory: "/s").export
        let builder = SiteBuilder(options: SiteOptions(now: 1_796_000_000, zone: .utc, language: .en))
        let plain = try builder.build(export)
        let stale = try builder.build(export, notesAhead: NotesAhead(Array(export.notes.dropLast())))
        #expect(plain.files.map(\.bytes) == stale.files.map(\.bytes))
    }
}
