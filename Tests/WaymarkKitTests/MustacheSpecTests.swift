import Foundation
import Testing
@testable import WaymarkKit

/// Runs the official Mustache spec (https://github.com/mustache/spec) against the engine.
struct MustacheSpecTests {
    static let required = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]
    static let optional = ["~inheritance"]

    struct SpecCase: CustomTestStringConvertible, Sendable {
        var module: String
        var name: String
        var template: String
        var data: TemplateValue
        var partials: [String: String]
        var expected: String
        var testDescription: String { "\(module): \(name)" }
    }

    static func load(from directory: URL, modules: [String]) -> [SpecCase] {
        var cases: [SpecCase] = []
        for module in modules {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(module + ".json").path),
                  let json = try? JSONParser.parse(Array(data)), case .array(let tests)? = json["tests"] else { continue }
            for test in tests {
                var partials: [String: String] = [:]
                if case .object(let p)? = test["partials"] {
                    for (k, v) in p.members { partials[k] = v.stringValue ?? "" }
                }
                cases.append(SpecCase(module: module, name: test["name"]?.stringValue ?? "?", template: test["template"]?.stringValue ?? "",
                                      data: test["data"]?.templateValue ?? .null, partials: partials,
                                      expected: test["expected"]?.stringValue ?? ""))
            }
        }
        return cases
    }

    static let repoCopy = TestPaths.fixtures.appendingPathComponent("mustache-spec")
    static let sharedCopy = TestPaths.shared.appendingPathComponent("mustache-spec")

    static func run(_ spec: SpecCase) throws {
        var sources = spec.partials
        sources["__main__"] = spec.template
        let set = try TemplateSet(sources, missingPartial: .empty, strictHTML: false)
        let output = try set.render("__main__", spec.data)
        #expect(output == spec.expected, "\(spec.module): \(spec.name)")
    }

    @Test("The repository's copy holds all 136 required cases and 27 inheritance cases")
    func repoCopyIsComplete() {
        #expect(Self.load(from: Self.repoCopy, modules: Self.required).count == 136)
        #expect(Self.load(from: Self.repoCopy, modules: Self.optional).count == 27)
    }

    @Test("Required modules (repository copy)", arguments: load(from: repoCopy, modules: required))
    func requiredModules(_ spec: SpecCase) throws { try Self.run(spec) }

    @Test("Inheritance module (repository copy)", arguments: load(from: repoCopy, modules: optional))
    func inheritance(_ spec: SpecCase) throws { try Self.run(spec) }

    @Test("Every spec module in ../shared/mustache-spec", .enabled(if: TestPaths.hasShared, "../shared is absent"))
    func sharedSpec() throws {
        let cases = Self.load(from: Self.sharedCopy, modules: Self.required + Self.optional)
        #expect(cases.count == 163)
        for spec in cases { try Self.run(spec) }
    }
}
