import Foundation
@testable import WaymarkKit

/// The weight importers' fixtures (`Fixtures/Import/<app>/`) and the real exports in `../shared`,
/// as `SourceFile`s the importers read.
enum WeightFixtures {
    /// A fixture by its path under `Fixtures/Import/`, keeping the folders (Fitbit groups by them).
    static func file(_ relative: String) throws -> SourceFile {
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("Import/" + relative))
        return SourceFile.memory(relative, Array(data))
    }

    /// A file of `../shared/real-exports/`.
    static func shared(_ relative: String) throws -> SourceFile {
        let data = try Data(contentsOf: TestPaths.shared.appendingPathComponent("real-exports/" + relative))
        return SourceFile.memory(relative.split(separator: "/").last.map(String.init) ?? relative, Array(data))
    }

    /// The same bytes under another name.
    static func renamed(_ file: SourceFile, _ name: String) throws -> SourceFile {
        SourceFile.memory(name, try file.readAll())
    }

    static let paris = Zone(identifier: "Europe/Paris") ?? .utc

    /// The errors (not warnings) of a part, as printed.
    static func errors(_ part: SourcePart) -> [String] {
        part.diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    static func warnings(_ part: SourcePart) -> [String] {
        part.diagnostics.filter { $0.severity == .warning }.map(\.description)
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> Moment {
        LocalDate(year: y, month: m, day: d).map(Moment.day) ?? .instant(0)
    }
}
