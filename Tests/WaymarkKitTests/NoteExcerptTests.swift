import Testing
@testable import WaymarkKit

/// The notes index's excerpts, made from the rendered HTML.
struct NoteExcerptTests {
    func excerpt(_ html: String, title: String = "Title", budget: Int = 160) -> String {
        NoteExcerpt.make(html: Array(html.utf8), title: title, budget: budget)
    }

    @Test func tagsGoEntitiesAreDecodedWhitespaceCollapses() {
        #expect(excerpt("<p>Fish &amp; chips &lt;3 &quot;ok&quot; &#39;a&#x27; &#20013;</p>\n<p>  second\n line </p>") == "Fish & chips <3 \"ok\" 'a' 中 second line")
        // An unknown or broken reference stays as written.
        #expect(excerpt("<p>&bogus; &#0; & x</p>") == "&bogus; &#0; & x")
    }

    @Test func aLeadingHeadingEqualToTheTitleIsLeftOut() {
        #expect(excerpt("<h2 id=\"run\">Morning  Run</h2>\n<p>Felt good.</p>", title: "morning run") == "Felt good.")
        // Another first heading stays, set apart from the text after it.
        #expect(excerpt("<h2>What happened</h2>\n<p>Felt good.</p>", title: "Run") == "What happened · Felt good.")
        // A later heading equal to the title is text like any other.
        #expect(excerpt("<p>Intro.</p><h2>Run</h2><p>More.</p>", title: "Run") == "Intro. Run · More.")
    }

    @Test func tablesBecomeCellTextWithoutPipes() {
        let html = """
        <p>Log:</p>
        <table>
        <thead><tr><th>Day</th><th align="right">Km</th></tr></thead>
        <tbody><tr><td>Mon</td><td>5</td></tr><tr><td>Tue</td><td>3.5</td></tr></tbody>
        </table>
        <p>Done.</p>
        """
        let text = excerpt(html)
        #expect(text == "Log: Day · Km · Mon · 5 · Tue · 3.5 Done.")
        #expect(!text.contains("|"))
    }

    @Test func codeBlocksImagesAndCommentsAreLeftOut() {
        let html = "<p>Before <img src=\"a.png\" alt=\"a photo\" /> <code>x</code></p>\n<pre><code>let a = 1 &lt; 2\n</code></pre>\n<!-- raw HTML omitted -->\n<p>After</p>"
        #expect(excerpt(html) == "Before x After")
    }

    @Test func longEnglishIsCutAtAWordWithOneEllipsis() {
        // 40 × "word " is 200 characters: the cut falls after the 32nd word (159 characters).
        let text = excerpt("<p>" + String(repeating: "word ", count: 40) + "</p>")
        #expect(text == String(repeating: "word ", count: 31) + "word…")
        #expect(text.count == 160)
        // Punctuation before the cut is replaced, not doubled.
        let sentence = excerpt("<p>" + String(repeating: "abcdefgh, ", count: 30) + "</p>", budget: 40)
        // Budget 40: "abcdefgh, " × 4 is 40 columns; the cut backs up to the space after the 4th comma.
        #expect(sentence == "abcdefgh, abcdefgh, abcdefgh, abcdefgh…")
    }

    @Test func chineseIsCutAtAnyCharacterAtEightyCharacters() {
        let text = excerpt("<p>" + String(repeating: "习惯养成", count: 30) + "</p>")
        // A CJK character counts two columns: 80 of them fill 160.
        #expect(text == String(repeating: "习惯养成", count: 20) + "…")
        // "进步。" at the cut: the full stop is dropped, never "进步。…" or "…。".
        let sentence = String(repeating: "一", count: 77) + "进步。" + String(repeating: "二", count: 10)
        #expect(excerpt("<p>" + sentence + "</p>") == String(repeating: "一", count: 77) + "进步…")
        // An existing ellipsis at the cut is not doubled: "…" is one column, so 79 × 2 + 2 = 160
        // columns end right after "……".
        let dots = String(repeating: "一", count: 79) + "……" + String(repeating: "二", count: 10)
        #expect(excerpt("<p>" + dots + "</p>") == String(repeating: "一", count: 79) + "…")
    }

    @Test func mixedScriptsAndAShortNoteKeepTheirEnd() {
        #expect(excerpt("<p>每天 steps 进步。</p>") == "每天 steps 进步。")
        // Between blocks a space, except after full-width punctuation.
        #expect(excerpt("<p>得分。</p><ul><li>深度工作 4 次</li><li>体重</li></ul>") == "得分。深度工作 4 次 体重")
        #expect(excerpt("") == "")
        #expect(excerpt("<h1>Title</h1>") == "")
    }

    @Test func aVeryLongWordIsCutInsideRatherThanLost() {
        let url = "https://example.org/" + String(repeating: "a", count: 300)
        let text = excerpt("<p>See " + url + "</p>", budget: 60)
        // Backing up to "See" would keep 3 of 60 columns: the URL is cut at 60 instead.
        #expect(text == "See " + String(url.prefix(56)) + "…")
    }

    @Test func theRenderedSampleNoteReadsAsText() {
        // Through cmark, as NoteRendering does: smart punctuation, a heading equal to the title.
        let result = MarkdownRenderer.render("# Run -- day 1\n\nFelt \"good\"...\n\n- one\n- two\n", headingOffset: 1)
        #expect(NoteExcerpt.make(html: result.htmlBytes, title: "Run – day 1") == "Felt “good”… one two")
    }

    /// cmark's smart punctuation curls the heading's apostrophe and dashes; the title from the
    /// front matter is straight. They are still the same title, so it is not repeated.
    @Test func aSmartenedHeadingStillMatchesItsTitle() {
        let html = Array("<h1 id=\"x\">Don\u{2019}t stop \u{2013} ever\u{2026}</h1>\n<p>Text.</p>\n".utf8)
        #expect(NoteExcerpt.make(html: html, title: "Don't stop -- ever...") == "Text.")
        #expect(NoteExcerpt.make(html: html, title: "Keep going") == "Don\u{2019}t stop \u{2013} ever\u{2026} · Text.")
    }

    /// A first heading of 20,000 runs is held without copying it for each run, and cut.
    @Test func aHugeFirstHeadingIsCheap() {
        let html = Array(("<h1>" + String(repeating: "a <em>b</em> ", count: 20_000) + "</h1><p>After.</p>").utf8)
        let excerpt = NoteExcerpt.make(html: html, title: "Short")
        #expect(excerpt.hasPrefix("a b a b") && excerpt.hasSuffix("…"))
    }

    @Test func asciiWhitespaceIsWhatCharacterCallsWhitespace() {
        // The byte reader's test of ASCII whitespace, byte by byte, against Swift's own.
        for b in UInt8(0)...UInt8(127) {
            #expect(ExcerptScalars.isWhitespace(ascii: b) == Character(Unicode.Scalar(b)).isWhitespace, "byte \(b)")
        }
        #expect(excerpt("<p>one\r\ntwo\tthree\u{0B}four\u{0C}five</p>") == "one two three four five")
        // A combining accent after an ASCII letter makes the run non-ASCII: one character "é".
        #expect(excerpt("<p>cafe\u{301} noir</p>", budget: 5) == "cafe\u{301}…")
    }

    @Test func theByteReaderAgreesWithTheReferenceOnSeededNotes() {
        var seeded = SeededNumbers(state: 3)
        func next(_ n: Int) -> Int { seeded.next(n) }
        let pieces = ["word", "a", " ", "  ", "\r\n", "\t", ".", ",", "<p>", "</p>", "<h1>", "</h1>", "<td>", "</td><td>", "</tr><tr>",
                      "<pre>code</pre>", "&amp;", "&nbsp;", "<br>", "<em>x</em>", "Title", "-", "(", "\u{0B}", "\u{1F}", "~",
                      // Non-ASCII among ASCII: curly quotes, accents (one combining after a space),
                      // CJK with its punctuation and ideographic space, NEL and NBSP (whitespace).
                      "’", "é", "e\u{301}", " \u{301}", "深度", "。", "\u{3000}", "\u{85}", "\u{A0}", "\r\n\u{301}", "\r",
                      // Clusters that join ASCII: a prepended sign, a keycap, flags, a ZWJ family.
                      "\u{600}", "1\u{FE0F}\u{20E3}", "\u{1F1EB}\u{1F1F7}", "\u{1F468}\u{200D}\u{1F469}", "\u{301}", "\u{FFFD}", "a\u{301}",
                      // Plain scalars read from their bytes, and what may join them: a kana voiced
                      // mark and an ideographic tone mark after CJK, a variation selector, an emoji
                      // after a joiner; characters equal to "〈", "·" and ";" but not their bytes.
                      "一", "，", "、", "“", "”", "—", "–", "…", "「", "」", "（", "）", "！", "？", "：", "【", "〈", "》", "·",
                      "\u{3099}", "\u{302A}", "\u{FE0F}", "\u{200D}", "\u{1F600}", "\u{0915}\u{094D}", "\u{AC00}", "\u{1161}",
                      "\u{2329}", "\u{387}", "\u{37E}", "Ａ", "\u{FF9E}",
                      // Tags in any case, names near the known ones, comments, broken tags.
                      "<P>", "<H2 class=\"a>b\">", "</H2>", "<TD>", "<Table>", "</table>", "<blockquote>", "</BLOCKQUOTE>",
                      "<figcaption>", "<figcaptions>", "<pre2>", "</PRE>", "<hx>", "<!-- c -->", "<!-->", "<br/>", "<th>",
                      "<tr>", "<h3>", "</h3>", "<", "</", "<!-", ">", "&#20013;", "&#x301;", "&#x2329;", "&quot;", "&#12290;",
                      // Headings that repeat a title below, or nearly.
                      "<h1>run --- 进步</h1>", "<h2>Don’t stop – ever…</h2>", "<h1>kEY</h1>", "<h1>Ｔitle</h1>"]
        let titles = ["Title", "Run — 进步", "Don't stop -- ever...", "\u{212A}ey", "Ｔitle", "", "a\u{301}"]
        for _ in 0..<1_000 {
            var html = ""
            for _ in 0..<(1 + next(120)) { html += pieces[next(pieces.count)] }
            let budget = 1 + next(200)
            let title = titles[next(titles.count)]
            let bytes = Array(html.utf8)
            #expect(NoteExcerpt.make(html: bytes, title: title, budget: budget)
                    == NoteExcerpt.make(html: bytes, title: title, budget: budget, reference: true), "\(html) \(title)")
        }
    }

    /// `isWide` reads a character's first byte before its scalar: held to the test of the first
    /// scalar alone (the plain reference) on every scalar, and on clusters that begin with one.
    @Test func wideCharactersAreTheFirstScalarsRanges() {
        func reference(_ c: Character) -> Bool {
            guard let v = c.unicodeScalars.first?.value else { return false }
            return (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
        }
        var wide = 0, differing: [UInt32] = []
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            // With an accent after it: one cluster, or two after a control (then the first alone).
            let clusters = [Character(scalar)] + (String(scalar) + "\u{301}").prefix(1)
            for c in clusters where NoteExcerpt.isWide(c) != reference(c) {
                differing.append(v)
            }
            if NoteExcerpt.isWide(Character(scalar)) { wide += 1 }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // By hand from the ranges: 0x60 + 0x7650 + 0x2BA4 + 0x200 + 0x20 + 0x61 + 0x7 + 0x1FFFE.
        #expect(wide == 0x60 + 0x7650 + 0x2BA4 + 0x200 + 0x20 + 0x61 + 0x7 + 0x1FFFE)
        #expect(NoteExcerpt.isWide("深") && NoteExcerpt.isWide("\u{1100}") && !NoteExcerpt.isWide("\u{10FF}") && !NoteExcerpt.isWide("é"))
    }

    /// Bytes that are not all UTF-8 (a lead byte without its continuation, a lone continuation,
    /// 0xFF, a plain scalar cut short) among ASCII, CJK and combining marks: the pieces read them
    /// as the whole run does.
    @Test func theByteReaderAgreesWithTheReferenceOnBrokenBytes() {
        var seeded = SeededNumbers(state: 11)
        func next(_ n: Int) -> Int { seeded.next(n) }
        let pieces: [[UInt8]] = [[0xCC, 0x81], [0xC3], [0xFF], [0x80], [0x61], [0x62, 0x63], [0x20], [0x0D], [0x0A], [0xD8, 0x80],
                                 [0xE6, 0x97], [0xE6, 0x97, 0xA5], Array("<p>".utf8), Array("</p>".utf8), [0x26],
                                 [0xE4, 0xB8, 0x80], [0xE4, 0xB8], [0xE3, 0x80, 0x82], [0xE2, 0x80, 0x9C], [0xE2, 0x80], [0xE3, 0x82, 0x99],
                                 [0xED, 0xA0, 0x80], [0xEF, 0xBC]]
        for _ in 0..<1_000 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + next(60)) { bytes += pieces[next(pieces.count)] }
            let budget = 1 + next(80)
            #expect(NoteExcerpt.make(html: bytes, title: "Title", budget: budget)
                    == NoteExcerpt.make(html: bytes, title: "Title", budget: budget, reference: true), "\(bytes)")
        }
    }
}
