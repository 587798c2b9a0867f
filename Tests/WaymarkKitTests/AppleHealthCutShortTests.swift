import Foundation
import Testing
@testable import WaymarkKit

/// A real export cut short (a copy or download that did not finish) says so once, at the place
/// it stops, and keeps what came before: `ericwolter-2015-en_DE-export.xml` cut inside a record's
/// start tag, and cut cleanly after line 1,500 (a whole record: `head -n 1500`).
struct AppleHealthCutShortTests {
    static let path = TestPaths.shared.appendingPathComponent("real-exports/apple-health-activity/ericwolter-2015-en_DE-export.xml").path

    static func read(_ bytes: [UInt8]) -> SourcePart {
        AppleHealthImporter.importer.read([SourceFile.memory("cut.xml", bytes)], ImportContext())
    }

    /// Byte 287,048 falls inside line 1,525's `<Record … value="…`: libxml2 starts the element with
    /// what it has, so its missing value was an error of its own beside the break.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func cutInsideATagIsOneErrorAtTheTag() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.path)).prefix(287_048))
        let part = Self.read(bytes)
        let errors = part.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors == ["cut.xml:1525: the XML is broken here (Couldn't find end of Start Tag Record); what follows was not read"], "\(errors)")
        #expect(part.export.weights.count == 76)
    }

    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func cutBetweenRecordsSaysTheFileEnds() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.path))
        // The first 1,500 lines, each with its line feed.
        var lines = 0, end = 0
        for (i, byte) in data.enumerated() where byte == 0x0A {
            lines += 1
            if lines == 1_500 { end = i + 1; break }
        }
        let part = Self.read(Array(data.prefix(end)))
        let errors = part.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors == ["cut.xml:1500: the file ends here, inside <HealthData>: it was cut short (a copy or download that did not finish?); the records before were read"], "\(errors)")
        #expect(part.export.weights.count == 76)
    }
}
