import Foundation
@testable import WaymarkKit

/// Paths the tests read from.
enum TestPaths {
    /// The repository root.
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repo.appendingPathComponent("Tests/WaymarkKitTests/Fixtures")
    static let golden = repo.appendingPathComponent("Tests/WaymarkKitTests/Golden")
    /// `../shared` beside the repository; tests that need it skip when it is absent.
    static let shared = repo.deletingLastPathComponent().appendingPathComponent("shared")
    static var hasShared: Bool { FileManager.default.fileExists(atPath: shared.path) }
}

extension JSONValue {
    /// Converts parsed JSON (as the spec files hold it) into template data.
    var templateValue: TemplateValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return n.contains(where: { ".eE".contains($0) }) ? .double(Double(n) ?? 0) : .int(Int(n) ?? 0)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(\.templateValue))
        case .object(let o):
            var d: [String: TemplateValue] = [:]
            for (k, v) in o.members { d[k] = v.templateValue }
            return .object(d)
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// A temporary directory removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    func file(_ relative: String) -> String { path + "/" + relative }

    func write(_ relative: String, _ text: String) {
        write(relative, Array(text.utf8))
    }

    func write(_ relative: String, _ bytes: [UInt8]) {
        let url = URL(fileURLWithPath: file(relative))
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: file(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
