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
            var d: TemplateObject = [:]
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

import Synchronization

/// Text written from any thread.
final class TextSink: Sendable {
    private let text = Mutex("")
    func append(_ s: String) { text.withLock { $0 += s } }
    var value: String { text.withLock { $0 } }
}

/// Runs CLI commands in-process and keeps what they print.
final class CLIRun: Sendable {
    private let out = TextSink()
    private let err = TextSink()
    let code: Int32

    init(_ arguments: [String], fileSystem: FileSystem = .local, clock: Int64 = 1_795_953_600) {
        let out = self.out, err = self.err
        let env = CommandEnvironment(standardOutput: { out.append($0) }, standardError: { err.append($0) },
                                     fileSystem: fileSystem, clock: { clock }, processID: 4242)
        code = WaymarkCLI.run(arguments, environment: env)
    }

    var stdout: String { out.value }
    var stderr: String { err.value }
}

/// Compares a generated folder with a golden folder; `RECORD=1` rewrites the golden one.
enum Golden {
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD"] == "1" }

    static func files(in root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let fm = FileManager.default
        for case let rel as String in fm.enumerator(atPath: root)?.allObjects ?? [] {
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: root + "/" + rel, isDirectory: &isDir), !isDir.boolValue {
                result[rel] = fm.contents(atPath: root + "/" + rel)
            }
        }
        return result
    }

    /// Returns the differences (empty when equal).
    static func compare(_ generated: String, with name: String) -> [String] {
        let golden = TestPaths.golden.appendingPathComponent(name).path
        let new = files(in: generated)
        if recording {
            try? FileManager.default.removeItem(atPath: golden)
            for (rel, data) in new {
                let url = URL(fileURLWithPath: golden + "/" + rel)
                try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? data.write(to: url)
            }
            return []
        }
        let old = files(in: golden)
        var problems: [String] = []
        for rel in Set(old.keys).union(new.keys).sorted() {
            switch (old[rel], new[rel]) {
            case (nil, _): problems.append("new file \(rel) (run RECORD=1 swift test and review the diff)")
            case (_, nil): problems.append("missing file \(rel)")
            case let (a?, b?) where a != b: problems.append("\(rel) differs from Golden/\(name)/\(rel) (run RECORD=1 swift test and review git diff)")
            default: break
            }
        }
        return problems
    }
}

/// The compute step on an export, as a build runs it, from what the site may show of it
/// (`PublishedExport`, which a build applies while reading), on one core.
func computeSite(_ export: Export, _ options: SiteOptions,
                 loadExportFile: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }) -> SiteContent {
    BuildPipeline(clock: { options.now }, parallelism: .serial)
        .compute(PublishedExport(options).apply(export), noteFiles: loadExportFile, options: options)
}

/// The compute and render steps on an export, as a build runs them, in memory: every file of
/// the site, sorted by path.
func renderSite(_ export: Export, _ options: SiteOptions, theme: Theme = .embedded,
                loadExportFile: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }) throws -> [SiteFile] {
    let pipeline = BuildPipeline(clock: { options.now })
    let content = pipeline.compute(PublishedExport(options).apply(export), noteFiles: loadExportFile, options: options)
    return try BuildPipeline.built(pipeline.prepare(content, theme: theme, customTheme: false)).files
}

/// A seeded linear congruential generator, so that a seeded test's failure names its case and
/// runs again the same.
struct SeededNumbers {
    var state: UInt64
    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
}
