import Testing
@testable import WaymarkKit

struct FrontMatterTests {
    @Test func forms() throws {
        let crlf = try FrontMatter.parse("---\r\ntitle: A: B\r\ndate: 2026-11-02\r\n...\r\nbody\r\n")
        #expect(crlf.fields.map(\.key) == ["title", "date"] && crlf.fields[0].value == "A: B")
        #expect(crlf.body == "body\r\n" && crlf.bodyLine == 5)  // the body keeps its bytes; cmark reads CRLF
        let quoted = try FrontMatter.parse("---\ntitle: \"Say \\\"hi\\\"\"\ntag: 'it''s'\nempty:\n# a comment\n\n---\n")
        #expect(quoted.fields.map(\.value) == ["Say \"hi\"", "it's", ""])
        #expect(quoted.body == "")
        let none = try FrontMatter.parse("Intro\n---\ntitle: no\n---\n")
        #expect(none.fields.isEmpty && none.bodyLine == 1 && none.body.hasPrefix("Intro"))
        let spaces = try FrontMatter.parse("---  \ntitle:x\n---")
        #expect(spaces.fields.first?.value == "x" && spaces.body == "")
    }

    @Test func problemsNameTheLine() {
        #expect(throws: FrontMatter.Problem(line: 3, message: #"expected "key: value" in the front matter (got "just text")"#)) {
            try FrontMatter.parse("---\ntitle: a\njust text\n---\n")
        }
        #expect(throws: FrontMatter.Problem(line: 2, message: "a front matter line has no key before ':'")) {
            try FrontMatter.parse("---\n: value\n---\n")
        }
        #expect(throws: FrontMatter.Problem(line: 1, message: #"the front matter that starts here is never closed with a "---" line"#)) {
            try FrontMatter.parse("---\ntitle: a\n")
        }
    }

    @Test func titleFallsBackToHeadingThenFileName() throws {
        let export = Export(notes: [Note(fileName: "a.md", title: "Given", body: "# Heading"),
                                    Note(fileName: "b.md", body: "Text\n\n## Second-level heading\n"),
                                    Note(fileName: "c-note.md", body: "No heading at all.")])
        let content = computeSite(export, SiteOptions(now: 0, zone: .utc, language: .en))
        #expect(content.notes.map(\.title).sorted() == ["Given", "Second-level heading", "c-note"])
    }
}
