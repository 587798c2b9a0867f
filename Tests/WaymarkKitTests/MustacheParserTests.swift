import Testing
@testable import WaymarkKit

/// The parser's positions and standalone lines on large templates (a defect once: parsing
/// took time growing with the square of the tag count). Speed is not timed here; these run
/// 40,000-tag templates, which the quadratic parser took minutes over in a debug build.
struct MustacheParserTests {
    /// Source built piece by piece, counting lines and columns (Unicode scalars, "\r" not
    /// counted) independently of the parser.
    private struct Builder {
        var source = ""
        var line = 1
        var column = 1
        mutating func append(_ text: String) {
            for scalar in text.unicodeScalars {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else if scalar != "\r" {
                    column += 1
                }
            }
            source += text
        }
        var here: WaymarkKit.SourceLocation { WaymarkKit.SourceLocation(line: line, column: column) }
    }

    /// Tag locations in source order, sections before their children.
    private func locations(_ nodes: [MustacheNode]) -> [WaymarkKit.SourceLocation] {
        var out: [WaymarkKit.SourceLocation] = []
        for node in nodes {
            switch node {
            case .variable(_, _, let at), .partial(_, _, let at), .parent(_, _, _, let at):
                out.append(at)
            case .section(_, _, let children, let at):
                out.append(at)
                out += locations(children)
            case .text, .block:
                break
            }
        }
        return out
    }

    @Test func everyTagOfA40000TagTemplateHasItsLineAndColumn() throws {
        var b = Builder()
        var expected: [WaymarkKit.SourceLocation] = []
        // Text of every kind between the tags: multi-byte letters, tabs, CRLF, blank lines,
        // long stretches of one line, and comments spanning lines (not nodes, but they move
        // the position).
        let gaps = ["", "héllo ", "\t", "日本 ", "x\r\n", "\n\n", "  ", "{{! a\ncomment }}", "😀"]
        for i in 0..<40_000 {
            b.append(gaps[i % gaps.count])
            expected.append(b.here)
            b.append(i % 10 == 3 ? "{{#s\(i)}}{{/s\(i)}}" : "{{v\(i)}}")
        }
        let nodes = try MustacheParser.parse(b.source, template: "big.mustache")
        let found = locations(nodes)
        #expect(found.count == 40_000)
        #expect(found == expected)
        #expect(found.last == WaymarkKit.SourceLocation(line: 17_777, column: 72))
    }

    @Test func anErrorDeepInABigTemplateNamesItsLineAndColumn() {
        func error(_ source: String) -> String? {
            do {
                _ = try MustacheParser.parse(source, template: "big.mustache")
                return nil
            } catch {
                return error.description
            }
        }
        let lines = String(repeating: "<p>{{name}}</p>\n", count: 40_000)
        #expect(error(lines + "  héllo {{#open}}\n") == "big.mustache:40001:9: unclosed section {{#open}}: add {{/open}}")
        #expect(error(lines + "a\r\nb {{/x}}") == "big.mustache:40002:3: {{/x}} closes nothing: no section is open")
        #expect(error(lines + "{{#a}}\n" + lines + "{{/b}}")
                == "big.mustache:80002:1: {{/b}} does not match {{#a}} opened at line 40001, column 1")
        // One line of 240,000 columns.
        let line = String(repeating: "{{a}} ", count: 40_000)
        #expect(error(line + "{{/b}}") == "big.mustache:1:240001: {{/b}} closes nothing: no section is open")
        #expect(error("\n" + line + "é{{oops") == "big.mustache:2:240002: unclosed tag: \"{{\" without a matching \"}}\"")
    }

    @Test func standaloneLinesAfterALongLineOfTags() throws {
        let source = String(repeating: "{{#a}}x{{/a}}", count: 1_000) + "\n  {{#a}}  \r\ny\r\n  {{/a}}\r\n{{#a}} {{/a}}\n"
        let set = try TemplateSet(["page": source])
        // The first line is not standalone (other tags share it), so its line break stays; the
        // two lone section tags take their whole lines; the last line has two tags, so it stays.
        #expect(try set.render("page", ["a": true]) == String(repeating: "x", count: 1_000) + "\ny\r\n \n")
        #expect(try set.render("page", ["a": false]) == "\n\n")
    }
}
