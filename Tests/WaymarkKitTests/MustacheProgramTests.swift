import Foundation
import Synchronization
import Testing
@testable import WaymarkKit

/// Templates are rendered from their nodes laid out flat (`MustacheProgram`). The layout is
/// checked by hand on a small template, and rendering against a plain walk of the nodes (written
/// here, as the engine walked them before) on seeded random templates and data.
struct MustacheProgramTests {
    @Test func aTemplateIsLaidOutInOrderWithEachSectionsEnd() throws {
        let nodes = try MustacheParser.parse("a{{x}}{{#s}}b{{{y.z}}}{{/s}}{{>p}}c", template: "t.mustache")
        let program = MustacheProgram(nodes)
        typealias Kind = MustacheProgram.Operation.Kind
        #expect(program.operations.map(\.kind) == [Kind.text, .variable, .section, .text, .variable, .other, .text])
        #expect(program.count == 5)
        #expect(String(decoding: program.text, as: UTF8.self) == "abc")
        #expect(program.names.map(\.text) == ["x", "s", "y", "z"])
        let op = program.operations
        #expect((op[0].start, op[0].end) == (0, 1) && (op[3].start, op[3].end) == (1, 2) && (op[6].start, op[6].end) == (2, 3))
        // {{x}} escapes, {{{y.z}}} does not; the section's name is s, its two children end at 5.
        #expect(op[1].flag && (op[1].start, op[1].end) == (0, 1))
        #expect(!op[2].flag && (op[2].start, op[2].end) == (1, 2) && op[2].next == 5 && op[2].count == 2)
        #expect(!op[4].flag && (op[4].start, op[4].end) == (2, 4))
        #expect(op[5].start == 0 && program.others.count == 1)
        #expect(op[2].at == WaymarkKit.SourceLocation(line: 1, column: 7))
    }

    /// A template remembers its largest page, to make room for the next at once; the room
    /// changes nothing in what is written.
    @Test func aTemplateRemembersItsLargestPage() throws {
        let set = try TemplateSet(["t": "<p>{{#rows}}<i>{{.}}</i>{{/rows}}</p>"])
        let program = try #require(set.programs["t"])
        #expect(program.largestPage.load(ordering: .relaxed) == 0)
        let long: TemplateValue = ["rows": .array((0..<500).map { .string("row \($0)") })]
        let short: TemplateValue = ["rows": ["a", "b"]]
        let first = try set.render("t", long)
        // "<p>", then "<i>row 0</i>" (12 bytes) to "<i>row 499</i>" (14), then "</p>".
        #expect(first.utf8.count == 3 + 10 * 12 + 90 * 13 + 400 * 14 + 4)
        #expect(program.largestPage.load(ordering: .relaxed) == first.utf8.count)
        #expect(try set.render("t", short) == "<p><i>a</i><i>b</i></p>")
        #expect(try set.render("t", long) == first)
        #expect(program.largestPage.load(ordering: .relaxed) == first.utf8.count)
    }

    /// The plain walk: names from the innermost context out, sections over lists, objects and
    /// truthy values, inverted sections on falsey ones, text always escaped (strict).
    static func reference(_ nodes: [MustacheNode], _ stack: [TemplateValue]) -> String {
        var out = ""
        for node in nodes {
            switch node {
            case .text(let bytes):
                out += String(decoding: bytes, as: UTF8.self)
            case .variable(let path, _, _):
                // Strict: text is escaped even by a triple mustache; only `.html` is not.
                switch lookup(path, stack) {
                case .string(let s): out += escape(s)
                case .bool(let b): out += b ? "true" : "false"
                default: break
                }
            case .section(let path, let inverted, let children, _):
                let value = lookup(path, stack)
                if inverted {
                    if value.isFalsey { out += reference(children, stack) }
                } else if case .array(let items) = value {
                    for item in items { out += reference(children, stack + [item]) }
                } else if !value.isFalsey {
                    out += reference(children, stack + [value])
                }
            default:
                break
            }
        }
        return out
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    static func lookup(_ path: [TemplateKey], _ stack: [TemplateValue]) -> TemplateValue {
        guard let first = path.first else { return stack.last ?? .null }
        guard var value = stack.reversed().lazy.compactMap({ $0.member(first.text) }).first else { return .null }
        for key in path.dropFirst() {
            guard let next = value.member(key.text) else { return .null }
            value = next
        }
        return value
    }

    /// Random templates of text, variables and sections nested up to four deep, over random
    /// data whose names overlap, so lookups reach outer contexts and miss.
    @Test func renderingTheLayoutGivesWhatWalkingTheNodesGives() throws {
        var rng = SampleRandom(seed: 11)
        let names = ["a", "b", "c", "d"]
        func template(_ depth: Int) -> String {
            (0..<(1 + rng.int(5))).map { _ -> String in
                let name = rng.pick(names)
                switch rng.int(6) {
                case 0: return rng.pick(["x", " <&> ", "\n", "日"])
                case 1: return "{{\(name)}}"
                case 2: return "{{{\(name).\(rng.pick(names))}}}"
                case 3 where depth < 4: return "{{#\(name)}}" + template(depth + 1) + "{{/\(name)}}"
                case 4 where depth < 4: return "{{^\(name)}}" + template(depth + 1) + "{{/\(name)}}"
                default: return "{{.}}"
                }
            }.joined()
        }
        func value(_ depth: Int) -> TemplateValue {
            switch rng.int(depth < 3 ? 6 : 3) {
            case 0: return .string(rng.pick(["", "v<1>", "w & \"q\""]))
            case 1: return .bool(rng.int(2) == 1)
            case 2: return .null
            case 3, 4: return .object(object(depth + 1))
            default: return .array((0..<rng.int(4)).map { _ in value(depth + 1) })
            }
        }
        func object(_ depth: Int) -> TemplateObject {
            var o = TemplateObject()
            for name in names where rng.int(2) == 1 { o[name] = value(depth) }
            return o
        }
        var compared = 0
        for _ in 0..<400 {
            let source = template(0)
            let set = try TemplateSet(["t": source])
            let nodes = try MustacheParser.parse(source, template: "t.mustache")
            let root = TemplateValue.object(object(0))
            #expect(try set.render("t", root) == Self.reference(nodes, [root]), "\(source)")
            compared += 1
        }
        #expect(compared == 400)
    }
}
