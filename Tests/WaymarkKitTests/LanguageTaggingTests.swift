import Testing
@testable import WaymarkKit

struct LanguageTaggingTests {
    /// Renders `template` with the page's own values deriving tags, under a context every page
    /// shares and above a context of the page's title and sharing tags, neither of which derives.
    func render(_ template: String, own: TemplateObject, shared: TemplateObject = [:],
                top: TemplateObject = [:], on language: Language) throws -> String {
        let set = try TemplateSet(["p": template])
        var finished: [Range<Int>] = []
        let bytes = try set.renderBytes("p", [.object(shared), .object(own), .object(top)], deriving: [false, true, false],
                                        derivations: LanguageTagging.derivations(on: language), finished: &finished)
        return String(decoding: bytes, as: UTF8.self)
    }

    static let context: TemplateObject = [
        "title": .string("读书笔记"),
        "rows": .array([["name": .string("Reading")], ["name": .string("晨跑 Morning run")], ["count": .int(3)]]),
        "next": ["title": .string("Weekly review"), "titleLang": .string("fr")],
    ]
    /// Each row's `nameLang` between brackets, "-" where it is null or absent.
    static let template = "[{{titleLang}}]{{#rows}}({{#nameLang}}{{nameLang}}{{/nameLang}}{{^nameLang}}-{{/nameLang}}){{/rows}}"
        + "{{#next}}<{{titleLang}}>{{/next}}|{{rows.0.nameLang}}|{{next.titleLang}}"

    @Test func namesInTheOtherScriptAreTaggedAndOthersNulled() throws {
        // On the Chinese page: the Chinese title needs no tag (null), the English row name is
        // "en", the mixed one keeps the page's language (null), the row without a name finds no
        // nameLang at all; a tag a builder set stays.
        #expect(try render(Self.template, own: Self.context, on: .zhHans) == "[](en)(-)(-)<fr>|en|fr")
        // On the English page the Chinese title is tagged, and a nested name's own null keeps the
        // parent's tag out; the row without a name sees no nameLang anywhere.
        #expect(try render(Self.template, own: Self.context, on: .en) == "[zh-Hans](-)(-)(-)<fr>||fr")
    }

    @Test func onlyTextIsTaggedAndOnlyThePagesOwnValues() throws {
        let own: TemplateObject = ["name": .html("<b>跑步</b>"), "item": ["name": .string("跑步")]]
        // Markup is not text to tag: no nameLang at the top; the nested text name is tagged.
        #expect(try render("[{{nameLang}}]{{#item}}[{{nameLang}}]{{/item}}", own: own, on: .en) == "[][zh-Hans]")
        // What every page shares and the page's title and sharing tags are not tagged, and a
        // section entered from them finds the page's own tag beneath.
        let shared: TemplateObject = ["nav": .array([["title": .string("跑步")]])]
        let top: TemplateObject = ["sharing": ["title": .string("晨跑")]]
        let ownTitle: TemplateObject = ["title": .string("Running")]
        #expect(try render("{{#nav}}<{{titleLang}}>{{/nav}}{{#sharing}}<{{titleLang}}>{{/sharing}}", own: ownTitle, shared: shared, top: top, on: .en)
            == "<><>")
        #expect(try render("{{#nav}}<{{titleLang}}>{{/nav}}{{#sharing}}<{{titleLang}}>{{/sharing}}", own: ownTitle, shared: shared, top: top, on: .zhHans)
            == "<en><en>")
        // A render that derives nothing leaves the names alone.
        let plain = try TemplateSet(["p": "[{{nameLang}}]"])
        #expect(try plain.render("p", ["name": "跑步"]) == "[]")
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
