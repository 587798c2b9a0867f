import Testing
@testable import WaymarkKit

struct LanguageTaggingTests {
    @Test func namesInTheOtherScriptAreTaggedAndOthersNulled() {
        let context: [String: TemplateValue] = [
            "title": .string("读书笔记"),
            "rows": .array([["name": .string("Reading")], ["name": .string("晨跑 Morning run")], ["count": .int(3)]]),
            "next": ["title": .string("Weekly review"), "titleLang": .string("fr")],
        ]
        let zh = LanguageTagging.tagged(context, on: .zhHans)
        #expect(zh["titleLang"] == .null)
        #expect(zh["rows"]?.member("0")?.member("nameLang") == .string("en"))
        // Mixed scripts keep the page's language, explicitly, so a parent's tag cannot leak in.
        #expect(zh["rows"]?.member("1")?.member("nameLang") == .null)
        #expect(zh["rows"]?.member("2") == ["count": .int(3)])
        // A tag a page builder set stays.
        #expect(zh["next"]?.member("titleLang") == .string("fr"))
        let en = LanguageTagging.tagged(context, on: .en)
        #expect(en["titleLang"] == .string("zh-Hans"))
        #expect(en["rows"]?.member("0")?.member("nameLang") == .null)
    }

    @Test func theChineseDemoMarksEnglishToDos() throws {
        let dir = TemporaryDirectory()
        #expect(CLIRun(["build", "-o", dir.file("site"), "--lang", "zh-Hans", "-q"]).code == 0)
        let todos = String(decoding: try #require(Golden.files(in: dir.file("site"))["todos/index.html"]), as: UTF8.self)
        #expect(todos.contains(#"<span lang="en">Backup the laptop</span>"#))
        // Bilingual names carry no lang of their own.
        #expect(!todos.contains(#"lang="en">续签护照"#))
    }
}
