import Foundation
import Testing
@testable import WaymarkKit

struct TemplateTests {
    func error(_ sources: [String: String], render name: String = "page") -> String? {
        do {
            let set = try TemplateSet(sources)
            _ = try set.render(name, [:])
            return nil
        } catch {
            return error.description
        }
    }

    @Test func errorsNameFileLineAndColumn() {
        #expect(error(["page": "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n"]) == "page.mustache:2:3: unclosed section {{#items}}: add {{/items}}")
        #expect(error(["page": "a\n{{#a}}\n{{/b}}"]) == "page.mustache:3:1: {{/b}} does not match {{#a}} opened at line 2, column 1")
        #expect(error(["page": "x {{/a}}"]) == "page.mustache:1:3: {{/a}} closes nothing: no section is open")
        #expect(error(["page": "héllo {{name"]) == "page.mustache:1:7: unclosed tag: \"{{\" without a matching \"}}\"")
        #expect(error(["page": "{{}}"]) == "page.mustache:1:1: empty tag: a name is missing between the delimiters")
        #expect(error(["page": "{{=<% %>=}}\n<%#a%>"]) == "page.mustache:2:1: unclosed section <%#a%>: add <%/a%>")
        #expect(error(["page": "line\n  {{> card}}"]) == "page.mustache:2:3: missing partial \"card\": there is no card.mustache")
        #expect(error(["page": "{{<layout}}{{/layout}}"]) == "page.mustache:1:1: missing partial \"layout\": there is no layout.mustache")
        // An error inside a partial names the partial's file.
        #expect(error(["page": "{{>row}}", "row": "\n\n {{>cell}}"]) == "row.mustache:3:2: missing partial \"cell\": there is no cell.mustache")
        #expect(error(["page": "{{>page}}"])?.hasSuffix("partials nested more than 200 deep; does \"page\" include itself?") == true)
        // Found by the mustache fuzzer: an override of `b` that contains a block `b` expanded itself
        // until the stack overflowed.
        #expect(error(["page": "{{<p0}}{{$b}}{<p0}}{{$b}}x{{/b}}x{{/b}}{{/p0}}", "p0": "{{$b}}d{{/b}}"])?
                    .hasSuffix("blocks nested more than 200 deep; does the block \"b\" contain itself?") == true)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "{{#a}}", count: 5_000) + String(repeating: "{{/a}}", count: 5_000)
        #expect(error(["page": deep]) == "page.mustache:1:601: sections nested more than 100 deep")
        // 60 sections inside partials nested four deep is 240 levels: refused, on a worker thread too.
        let sixty = String(repeating: "{{#a}}", count: 60) + "{{>p}}" + String(repeating: "{{/a}}", count: 60)
        let set = try TemplateSet(["page": "{{>p}}", "p": sixty], missingPartial: .empty)
        let failures = Parallelism(cores: 2).map([0, 1]) { _ in (try? set.render("page", ["a": ["a": true]])) == nil }
        #expect(failures == [true, true])
    }

    @Test func exponentialExpansionStopsEarly() throws {
        // 40 partials, each including the next twice: 2^40 expansions, never deeper than 40.
        var chain: [String: String] = ["page": "{{>p0}}", "p40": "x"]
        for i in 0..<40 { chain["p\(i)"] = "{{>p\(i + 1)}}{{>p\(i + 1)}}" }
        do {
            _ = try TemplateSet(chain, maxSteps: 20_000).render("page", [:])
            Issue.record("no error")
        } catch {
            #expect(error.message == "rendering took more than 20000 steps; does a partial or block expand itself again and again?")
        }
        // Found by the mustache fuzzer: block overrides that hold their own block several times.
        let data = try Data(contentsOf: TestPaths.repo.appendingPathComponent("Fuzz/Seeds/mustache/regression-exponential-blocks.bin"))
        var sources: [String: String] = [:]
        for (i, part) in Array(data).split(separator: 0, omittingEmptySubsequences: false).prefix(4).enumerated() {
            sources[i == 0 ? "main" : "p\(i - 1)"] = String(decoding: part, as: UTF8.self)
        }
        let set = try TemplateSet(sources, missingPartial: .empty, strictHTML: false, maxSteps: 20_000)
        #expect(throws: TemplateError.self) { try set.render("main", ["a": "<b>"]) }
    }

    /// A page with many rows does honest work in proportion to its data: the budget grows with
    /// the data (1,000 steps per value), while a template that expands itself still stops.
    @Test func theBudgetGrowsWithThePagesData() throws {
        // 3,000 rows of 3 values each; the section body is 7 nodes (4 texts, 3 variables), so
        // the render visits 1 + 3,000 × 7 = 21,001 nodes: more than the 20,000 steps a page
        // without data may take.
        let set = try TemplateSet(["page": "{{#rows}}<tr>{{a}}|{{b}}|{{c}}</tr>{{/rows}}"], maxSteps: 20_000)
        let rows: [TemplateValue] = (0..<3_000).map { ["a": .int($0), "b": "x", "c": .bool(true)] }
        let out = try set.render("page", ["rows": .array(rows)])
        #expect(out.hasPrefix("<tr>0|x|true</tr><tr>1|x|true</tr>"))
        #expect(out.hasSuffix("<tr>2999|x|true</tr>"))
        // 16 bytes of markup per row, plus the digits of 0…2999: 10 × 1 + 90 × 2 + 900 × 3 + 2,000 × 4.
        #expect(out.utf8.count == 3_000 * 16 + 10_890)
        // The data counted: 1 list + 3,000 rows + 9,000 members = 12,001 values.
        #expect(TemplateValue.descendantCount([["rows": .array(rows)]]) == 12_001)
        // Data does not buy a self-expanding template more than its share: 2^40 visits need far
        // more than 20,000 + 400 × 1,000 steps (100 rows of 3 values and the list).
        var chain: [String: String] = ["page": "{{>p0}}", "p40": "x"]
        for i in 0..<40 { chain["p\(i)"] = "{{>p\(i + 1)}}{{>p\(i + 1)}}" }
        do {
            _ = try TemplateSet(chain, maxSteps: 20_000).render("page", ["rows": .array(Array(rows.prefix(100)))])
            Issue.record("no error")
        } catch {
            #expect(error.message == "rendering took more than 421000 steps; does a partial or block expand itself again and again?")
        }
    }

    @Test func strictModeEscapesEverythingButWaymarksOwnHTML() throws {
        let set = try TemplateSet(["p": "{{{a}}}|{{&a}}|{{a}}|{{{h}}}|{{h}}"])
        let out = try set.render("p", ["a": "<script>x</script>", "h": .html("<b>ok</b>")])
        #expect(out == "&lt;script&gt;x&lt;/script&gt;|&lt;script&gt;x&lt;/script&gt;|&lt;script&gt;x&lt;/script&gt;|<b>ok</b>|&lt;b&gt;ok&lt;/b&gt;")
        // Markup held as bytes behaves exactly like markup held as text.
        let bytes = try set.render("p", ["a": "x", "h": .htmlBytes(Array("<b>表</b>".utf8))])
        #expect(bytes == "x|x|x|<b>表</b>|&lt;b&gt;表&lt;/b&gt;")
        let sections = try TemplateSet(["s": "{{#h}}yes{{/h}}{{^h}}no{{/h}}"])
        #expect(try sections.render("s", ["h": .htmlBytes([])]) == "no")
        #expect(try sections.render("s", ["h": .htmlBytes([0x3C])]) == "yes")
    }

    @Test func finishedMarkupIsWrittenAndItsPlaceReported() throws {
        let set = try TemplateSet(["p": "ab{{{f}}}-{{#list}}{{{f}}}{{/list}}|{{f}}|{{{empty}}}."])
        let f = Array("<i>x</i>".utf8)
        var finished: [Range<Int>] = []
        let out = try set.renderBytes("p", [["f": .finishedHTML(f), "list": [1, 2], "empty": .finishedHTML([])]], finished: &finished)
        #expect(String(decoding: out, as: UTF8.self) == "ab<i>x</i>-<i>x</i><i>x</i>|&lt;i&gt;x&lt;/i&gt;|.")
        // Where each unescaped value lies, in order; escaped it is text, and an empty one is nowhere.
        #expect(finished == [2..<10, 11..<19, 19..<27])
        #expect(finished.allSatisfy { Array(out[$0]) == f })
        let sections = try TemplateSet(["s": "{{#h}}yes{{/h}}{{^h}}no{{/h}}"])
        #expect(try sections.render("s", ["h": .finishedHTML([])]) == "no")
        #expect(try sections.render("s", ["h": .finishedHTML([0x3C])]) == "yes")
    }

    @Test func escapingCoversQuotesAndApostrophes() throws {
        let set = try TemplateSet(["p": "<a title=\"{{t}}\" data-x='{{t}}'>"])
        #expect(try set.render("p", ["t": "\"><svg onload=alert(1)>'"]) == "<a title=\"&quot;&gt;&lt;svg onload=alert(1)&gt;&#39;\" data-x='&quot;&gt;&lt;svg onload=alert(1)&gt;&#39;'>")
    }

    @Test func layoutInheritance() throws {
        let set = try TemplateSet([
            "layout": "<title>{{$title}}Site{{/title}}</title>\n<main>\n{{$content}}{{/content}}\n</main>\n",
            "page": "{{<layout}}\n{{$title}}Points{{/title}}\n{{$content}}\n<p>{{n}}</p>\n{{/content}}\n{{/layout}}\n",
        ])
        // A `{{$b}}{{/b}}` pair alone on its line keeps its line break (spec: "Standalone block").
        #expect(try set.render("page", ["n": 3]) == "<title>Points</title>\n<main>\n<p>3</p>\n\n</main>\n")
    }

    @Test func emptyTextIsFalseyAndListsIndexByNumber() throws {
        let set = try TemplateSet(["p": "{{#d}}[{{d}}]{{/d}}{{^d}}none{{/d}}|{{#l.0}}first={{l.0}}{{/l.0}}"])
        #expect(try set.render("p", ["d": "", "l": ["a", "b"]]) == "none|first=a")
    }
}
