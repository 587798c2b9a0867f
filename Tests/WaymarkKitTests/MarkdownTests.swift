import Testing
@testable import WaymarkKit

struct MarkdownTests {
    /// No way to run script: no element that executes, no event handler attribute, no script URL.
    static func isInert(_ html: String) -> Bool {
        let lower = html.lowercased()
        let attributeHandler = lower.range(of: #"<[^>]*\son[a-z]+\s*="#, options: .regularExpression) != nil
        return !lower.contains("<script") && !lower.contains("<svg") && !lower.contains("<iframe") && !lower.contains("<img src=\"javascript")
            && !lower.contains("href=\"javascript:") && !lower.contains("src=\"javascript:") && !lower.contains("href=\"vbscript:")
            && !lower.contains("href=\"data:text/html") && !attributeHandler
    }

    @Test(arguments: [
        "<script>alert(1)</script>",
        "Hello <img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))",
        "[x](JAVASCRIPT:alert(1))",
        "[x](  javascript:alert(1) )",
        "[x](vbscript:msgbox(1))",
        "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "![y](javascript:alert(1))",
        "<svg onload=alert(1)><circle r=40/></svg>",
        "<svg><script>alert(1)</script></svg>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "\"><svg onload=alert(1)>",
        "[a](<javascript:alert(1)>)",
        "<details open ontoggle=alert(1)>",
        "`<script>` in code and\n\n    <script>indented code</script>",
    ])
    func activeContentNeverReachesThePage(_ markdown: String) {
        let html = MarkdownRenderer.render(markdown).html
        #expect(Self.isInert(html), "\(html)")
    }

    @Test func theCheckerCatchesActiveContent() {
        for active in ["<script>x</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:alert(1)\">", "<svg/onload=x>",
                       "<p onclick =\"x\">", "<a href=\"data:text/html,x\">"] {
            #expect(!Self.isInert(active), "\(active)")
        }
        #expect(Self.isInert("<p>only text, even about onerror= and javascript: in words</p>"))
    }

    @Test func safeModeOmitsRawHTMLAndKeepsText() {
        #expect(MarkdownRenderer.render("<b>bold</b>").html == "<p><!-- raw HTML omitted -->bold<!-- raw HTML omitted --></p>\n")
        #expect(MarkdownRenderer.render("[x](javascript:alert(1))").html == "<p><a href=\"\">x</a></p>\n")
        #expect(MarkdownRenderer.render("`<script>`").html == "<p><code>&lt;script&gt;</code></p>\n")
    }

    @Test func smartPunctuation() {
        #expect(MarkdownRenderer.render("\"quoted\" -- and --- 'it's'").html == "<p>“quoted” – and — ‘it’s’</p>\n")
    }

    @Test func headingsGetStableUniqueIDs() {
        let r = MarkdownRenderer.render("# Race day\n## What worked\n## What worked\n### 下次 改进!\n#### ???", headingOffset: 1)
        #expect(r.headings.map(\.id) == ["race-day", "what-worked", "what-worked-1", "下次-改进", "section"])
        #expect(r.html.hasPrefix("<h2 id=\"race-day\">Race day</h2>\n<h3 id=\"what-worked\">"))
        #expect(r.html.contains("<h4 id=\"下次-改进\">") && r.html.contains("<h5 id=\"section\">"))
        // A heading-like string inside code is not touched.
        let code = MarkdownRenderer.render("# A\n\n    <h1>not a heading</h1>\n")
        #expect(code.html == "<h1 id=\"a\">A</h1>\n<pre><code>&lt;h1&gt;not a heading&lt;/h1&gt;\n</code></pre>\n")
    }

    @Test func invalidUTF8FromCmarkIsValidated() {
        // cmark replaces invalid input bytes with U+FFFD under CMARK_OPT_VALIDATE_UTF8.
        let bytes: [UInt8] = Array("a".utf8) + [0xFF] + Array("b".utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(MarkdownRenderer.render(text).html == "<p>a\u{FFFD}b</p>\n")
    }

    @Test func noteLinksAreRewritten() {
        let slugs = ["training-log.md": "training-log", "晨跑.md": "note-1a2b3c4d"]
        #expect(NoteRendering.rewriteNoteLink("training-log.md", slugs: slugs) == "training-log.html")
        #expect(NoteRendering.rewriteNoteLink("./training-log.md#week-6", slugs: slugs) == "training-log.html#week-6")
        #expect(NoteRendering.rewriteNoteLink("%E6%99%A8%E8%B7%91.md", slugs: slugs) == "note-1a2b3c4d.html")
        #expect(NoteRendering.rewriteNoteLink("missing.md", slugs: slugs) == nil)
        #expect(NoteRendering.rewriteNoteLink("https://example.org/a.md", slugs: slugs) == nil)
        #expect(NoteRendering.rewriteNoteLink("#top", slugs: slugs) == nil)
    }

    @Test func noteImagesAreCheckedAndCopied() {
        let png = ImageValidatorTests.png
        let files = ["notes/images/a.png": png, "notes/fake.png": Array("<html><script>".utf8), "notes/logo.svg": Array("<svg/>".utf8),
                     "notes/我的 照片.png": png]
        var images = NoteImages { files[$0] }
        #expect(images.rewrite("images/a.png", in: "notes/x.md") == "images/a.png")
        #expect(images.rewrite("./images/a.png", in: "notes/x.md") == "images/a.png")
        #expect(images.rewrite("fake.png", in: "notes/x.md") == "")
        #expect(images.rewrite("logo.svg", in: "notes/x.md") == "")
        #expect(images.rewrite("../../etc/passwd.png", in: "notes/x.md") == "")
        #expect(images.rewrite("missing.png", in: "notes/x.md") == "")
        #expect(images.rewrite("https://example.org/a.png", in: "notes/x.md") == nil)
        let odd = images.rewrite("%E6%88%91%E7%9A%84%20%E7%85%A7%E7%89%87.png", in: "notes/x.md")
        #expect(odd?.hasPrefix("media/") == true && odd?.hasSuffix(".png") == true)
        #expect(images.files.keys.sorted() == ["notes/images/a.png", "notes/" + (odd ?? "")].sorted())
        #expect(images.warnings.map(\.description) == [
            #"notes/x.md: image "fake.png" does not contain PNG image data (it does not start with the PNG signature); it is left out"#,
            #"notes/x.md: image "logo.svg" is not a PNG, JPEG, GIF, WebP or AVIF image; only those are published; it is left out"#,
            #"notes/x.md: image "../../etc/passwd.png" leads outside notes/; it is left out"#,
            #"notes/x.md: image "missing.png" was not found in notes/; it is left out"#,
        ])
    }

    /// Heading ids from ASCII text take a byte path; they must equal the rule stated over
    /// characters (letters and digits lower-cased, words joined by "-").
    @Test func asciiHeadingIDsFollowTheCharacterRule() {
        func reference(_ text: String) -> String {
            var slug = "", pendingDash = false
            for ch in text.lowercased() {
                if ch.isLetter || ch.isNumber {
                    if pendingDash && !slug.isEmpty { slug.append("-") }
                    pendingDash = false
                    slug.append(ch)
                } else if ch == " " || ch == "-" || ch == "_" { pendingDash = true }
            }
            return slug.isEmpty ? "section" : slug
        }
        var random = SampleRandom(seed: 5)
        let alphabet = Array("aZ09 -_.,!?#&<>\"'\t\r\nQz")
        for _ in 0..<2_000 {
            let text = String((0..<random.int(12)).map { _ in alphabet[random.int(alphabet.count)] })
            var used: [String: Int] = [:]
            #expect(MarkdownRenderer.uniqueID(for: text, used: &used) == reference(text), "\(text.debugDescription)")
        }
        var used: [String: Int] = [:]
        #expect(["Intro", "intro", "INTRO!", "", "?"].map { MarkdownRenderer.uniqueID(for: $0, used: &used) }
                == ["intro", "intro-1", "intro-2", "section", "section-1"])
        let html = MarkdownRenderer.render("# Tea & \"Cake\"\n\n## Step 1\n\ntext <h2>\n\n## Step 1\n\n# 第二 章", headingOffset: 1).html
        #expect(html == "<h2 id=\"tea-cake\">Tea &amp; “Cake”</h2>\n<h3 id=\"step-1\">Step 1</h3>\n<p>text <!-- raw HTML omitted --></p>\n"
                + "<h3 id=\"step-1-1\">Step 1</h3>\n<h2 id=\"第二-章\">第二 章</h2>\n")
    }
}
