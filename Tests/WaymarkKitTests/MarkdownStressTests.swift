import Foundation
import Testing
@testable import WaymarkKit

/// Random and pathological Markdown through the GitHub extensions: no crash, inert and
/// well-formed output. That their time grows with the input, not its square, is measured by
/// `Scripts/bench --markdown` on the same inputs, not here (a timed test fails on a busy machine).
struct MarkdownStressTests {
    /// Every opening tag the extensions write has its closing tag. Counted in bytes: as
    /// Characters, a prepending mark such as U+0601 joins the "<" after it (the fuzzer found that).
    static func balanced(_ html: String) -> Bool {
        func count(_ needle: String) -> Int {
            let bytes = Array(html.utf8), n = Array(needle.utf8)
            guard bytes.count >= n.count else { return 0 }
            return (0...(bytes.count - n.count)).filter { bytes[$0] == n[0] && bytes[$0..<($0 + n.count)].elementsEqual(n) }.count
        }
        return ["table", "thead", "tbody", "tr", "th", "td", "del"].allSatisfy { tag in
            count("<\(tag)>") + count("<\(tag) ") == count("</\(tag)>")
        }
    }

    /// U+FDD0, the character `MarkdownSource` hides `\~` behind (Swift refuses it in a literal).
    static let sentinel = String(decoding: MarkdownSource.escapedTilde, as: UTF8.self)

    @Test func theBalanceCheckCanFail() {
        #expect(Self.balanced("<table><tr><td style=\"x\">a</td></tr></table><del>b</del>"))
        #expect(!Self.balanced("<table><tr><td>a</tr></table>"))
        #expect(!Self.balanced("<del>"))
        // The fuzzer's input: five strikethroughs, one closing after U+0601.
        #expect(Self.balanced("<del>a</del> <del>b\u{0601}</del>"))
        #expect("<del>b\u{0601}</del>".components(separatedBy: "</del>").count == 1)
    }

    @Test func randomTableAndLinkSyntaxRendersInertAndBalanced() {
        var random = SampleRandom(seed: 13)
        let pieces = ["|", "|", "|", "\\", "\\|", "~", "~~", "-", "---", ":", "`", "*", "_", "[", "]", "(", ")", "<", ">", "> ",
                      "@", ".", "www.", "http://", "a", "x", "1", " ", " ", "\n", "\n", "\n\n", "- ", "- [ ] ", "[x] ", "日", "。",
                      "\u{0}", "\r", "\t", "#", "javascript:", "<script>", "\"", "'", "&amp;", Self.sentinel, "\u{FFFD}"]
        for _ in 0..<1_500 {
            var text = ""
            for _ in 0..<random.int(121) { text += pieces[random.int(pieces.count)] }
            let result = MarkdownRenderer.render(text, headingOffset: 1)
            let html = result.html
            #expect(MarkdownTests.isInert(html), "\(text.debugDescription)")
            #expect(HostileInputTests.activeContent(in: html) == nil, "\(text.debugDescription)")
            #expect(Self.balanced(html), "\(text.debugDescription) → \(html)")
            #expect(!html.contains(Self.sentinel) || text.contains(Self.sentinel), "\(text.debugDescription)")
        }
    }

    /// About `n` bytes of input built to make a careless scanner quadratic.
    static func pathological(_ name: String, _ n: Int) -> String {
        switch name {
        case "pipes": String(repeating: "|", count: n)
        case "wide table": String(repeating: "| a ", count: n / 4) + "\n" + String(repeating: "|-", count: n / 4) + "\n" + String(repeating: "x\n", count: n / 8)
        case "alternating non-tables": String(repeating: "|-|-|\n|-|\n", count: n / 10)
        case "escaped pipes": "| a |\n|---|\n| " + String(repeating: "\\|", count: n / 2) + " |\n"
        case "tildes": String(repeating: "~a ", count: n / 3)
        case "closing parentheses": "http://a.com/" + String(repeating: ")", count: n)
        case "www": String(repeating: "www.", count: n / 4)
        case "at signs": String(repeating: "a.b@", count: n / 4)
        case "schemes": String(repeating: "http://", count: n / 7)
        case "deep quotes": String(repeating: ">", count: n / 2) + " | a |\n|-|\n" + String(repeating: "www.a.com ", count: n / 20)
        case "task items": String(repeating: "- [x] www.a.com ~b~\n", count: n / 20)
        default: ""
        }
    }

    /// Inputs built to make a careless scanner quadratic (the same as `Scripts/bench_markdown.py`'s,
    /// which times them), at 32,000 bytes: rendered inert and balanced, their text kept.
    @Test(arguments: ["pipes", "wide table", "alternating non-tables", "escaped pipes", "tildes", "closing parentheses", "www",
                      "at signs", "schemes", "deep quotes", "task items"])
    func pathologicalInputRendersInertAndBalanced(_ name: String) throws {
        let markdown = Self.pathological(name, 32_000)
        #expect(markdown.utf8.count > 25_000)
        let html = MarkdownRenderer.render(markdown).html
        #expect(MarkdownTests.isInert(html) && HostileInputTests.activeContent(in: html) == nil, "\(name)")
        #expect(Self.balanced(html), "\(name)")
        // Nothing is lost: the output holds at least as many of the input's commonest character.
        let commonest: [String: Character] = ["pipes": "|", "wide table": "a", "alternating non-tables": "|", "escaped pipes": "|",
                                              "tildes": "a", "closing parentheses": ")", "www": "w", "at signs": "@", "schemes": "h",
                                              "deep quotes": "w", "task items": "a"]
        let common = try #require(commonest[name])
        let wanted = markdown.filter { $0 == common }.count
        #expect(html.filter { $0 == common }.count >= wanted / 2, "\(name): \(common)")
    }

    @Test func tenThousandColumnsStayAParagraphAndPaddingIsCapped() {
        // 10,000 columns are more than maxColumns: the lines stay text.
        let wide = String(repeating: "|a", count: 10_000) + "\n" + String(repeating: "|-", count: 10_000) + "\n"
        #expect(MarkdownRenderer.render(wide).html.hasPrefix("<p>|a|a|"))
        // 1,000 columns and 30 one-cell rows would need 999 empty cells each: the first 10 rows
        // get them (9,990 of the 10,000 allowed), the other 20 stay one cell wide.
        let padded = String(repeating: "|a", count: 1_000) + "\n" + String(repeating: "|-", count: 1_000) + "\n" + String(repeating: "x\n", count: 30)
        let html = MarkdownRenderer.render(padded).html
        #expect(html.components(separatedBy: "<td></td>").count - 1 == 9_990)
        #expect(html.components(separatedBy: "<td>x</td>").count - 1 == 30)
    }
}
