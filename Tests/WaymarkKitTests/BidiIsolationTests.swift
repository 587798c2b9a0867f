import Testing
@testable import WaymarkKit

/// Direction controls from the data (U+202A–U+202E, U+2066–U+2069) cannot reach past the text
/// that holds them: names are balanced and isolated wherever they are written, and note HTML
/// keeps each control inside its element. Text without one is written as it is.
struct BidiIsolationTests {
    static let lre = "\u{202A}", rle = "\u{202B}", pdf = "\u{202C}", lro = "\u{202D}", rlo = "\u{202E}"
    static let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"

    /// The rule, one scalar at a time, as UAX #9 (X1–X8) counts what is open: an independent
    /// statement of what `BidiIsolation.isolated` must produce.
    static func reference(_ text: String) -> String {
        let openers: Set<UInt32> = [0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068]
        guard text.unicodeScalars.contains(where: { openers.contains($0.value) || $0.value == 0x202C || $0.value == 0x2069 }) else {
            return text
        }
        var open: [UInt32] = []
        var out = fsi
        for s in text.unicodeScalars {
            switch s.value {
            case 0x202C:
                // Closes an embedding or override opened since the last open isolate, or nothing.
                if let last = open.last, last < 0x2066 { open.removeLast() } else { continue }
            case 0x2069:
                guard let i = open.lastIndex(where: { $0 >= 0x2066 }) else { continue }
                open.removeSubrange(i...)
            case let v where openers.contains(v):
                open.append(v)
            default:
                break
            }
            out.unicodeScalars.append(s)
        }
        for v in open.reversed() { out += v >= 0x2066 ? pdi : pdf }
        return out + pdi
    }

    @Test func knownValues() {
        let (rlo, pdf, fsi, pdi) = (Self.rlo, Self.pdf, Self.fsi, Self.pdi)
        // A lone override is closed at the text's end, and the whole isolated.
        #expect(BidiIsolation.isolated("Run" + rlo + "evil") == fsi + "Run" + rlo + "evil" + pdf + pdi)
        // A closer with nothing open is dropped.
        #expect(BidiIsolation.isolated("a" + pdf + "b" + pdi + "c") == fsi + "abc" + pdi)
        // An isolate left open is closed with PDI; a PDF inside it cannot close the RLE outside.
        #expect(BidiIsolation.isolated(Self.rle + Self.rli + "x" + pdf + "y") == fsi + Self.rle + Self.rli + "xy" + pdi + pdf + pdi)
        // PDI closes its isolate and the override opened inside it.
        #expect(BidiIsolation.isolated(Self.lri + rlo + "x" + pdi + "y") == fsi + Self.lri + rlo + "x" + pdi + "y" + pdi)
        // Balanced text is still isolated, so its direction does not leak to its neighbours.
        #expect(BidiIsolation.isolated(Self.rle + "x" + pdf) == fsi + Self.rle + "x" + pdf + pdi)
        // No control: the very same text, whatever else it holds.
        for text in ["", "plain", "晨跑 Morning run", "— “quotes” … →", "\u{200F}rlm", "\u{E2}\u{80}\u{AE}"] {
            #expect(BidiIsolation.isolated(text) == text)
        }
    }

    /// Every string of up to four scalars from the controls, a letter and a dash (whose UTF-8
    /// starts with 0xE2 as the controls' does) against the reference.
    @Test func everyShortSequenceFollowsTheRule() {
        let alphabet = [Self.lre, Self.rle, Self.pdf, Self.lro, Self.rlo, Self.lri, Self.rli, Self.fsi, Self.pdi, "a", "—"]
        var level = [""], texts = [""]
        for _ in 0..<4 {
            level = level.flatMap { t in alphabet.map { t + $0 } }
            texts += level
        }
        #expect(texts.count == 1 + 11 + 121 + 1_331 + 14_641)
        for text in texts {
            let isolated = BidiIsolation.isolated(text)
            #expect(isolated == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(DirectionCheck.leak(inText: isolated) == nil)
        }
    }

    @Test func escapingAndSentencesIsolateNames() {
        let name = "Run" + Self.rlo + "evil"
        let isolated = Self.fsi + "Run" + Self.rlo + "evil" + Self.pdf + Self.pdi
        #expect(HTMLEscape.escape(name + " <b>") == Self.fsi + "Run" + Self.rlo + "evil &lt;b&gt;" + Self.pdf + Self.pdi)
        var bytes = ByteBuffer(capacity: 4)
        bytes.text(name)
        #expect(String(decoding: bytes.bytes, as: UTF8.self) == isolated)
        // Inside a sentence the name is isolated on its own, so the rest reads left to right.
        #expect(UIString.siteTitleNamed.text(.en, ["name": name]) == isolated + "’s progress")
        #expect(AtomFeed.element("title", text: name + " & co") == "<title>" + Self.fsi + "Run" + Self.rlo + "evil &amp; co" + Self.pdf + Self.pdi + "</title>\n")
    }

    @Test func noteHTMLKeepsEachControlInsideItsElement() {
        let (rlo, pdf, fsi, pdi) = (Self.rlo, Self.pdf, Self.fsi, Self.pdi)
        let note = "A paragraph \(rlo)with an override *and \(rlo)one in em* end.\n\nNext \(pdf)paragraph.\n\n[link \(rlo)x](https://example.org \"ti\(rlo)tle\")\n"
        #expect(MarkdownRenderer.render(note).html == """
            <p>A paragraph \(rlo)with an override <em>and \(rlo)one in em\(pdf)</em> end.\(pdf)</p>
            <p>Next paragraph.</p>
            <p><a href="https://example.org" title="\(fsi)ti\(rlo)tle\(pdf)\(pdi)">link \(rlo)x\(pdf)</a></p>

            """)
        // Without controls, cmark's HTML is untouched.
        #expect(MarkdownRenderer.render("A *b* [c](d \"e\")").html == "<p>A <em>b</em> <a href=\"d\" title=\"e\">c</a></p>\n")
        // An image's alt text is an attribute, a code span an element.
        #expect(MarkdownRenderer.render("![a\(rlo)b](x.png) `c\(rlo)d` e").html
                == "<p><img src=\"x.png\" alt=\"\(fsi)a\(rlo)b\(pdf)\(pdi)\" /> <code>c\(rlo)d\(pdf)</code> e</p>\n")
    }

    /// A name with a lone U+202E on every kind of page that shows names: each page holds the name
    /// isolated, and no page has a control left open at the end of its element.
    @Test func aNameWithAnOverrideIsIsolatedOnEveryPage() throws {
        let evil = "Run" + Self.rlo + "evil"
        let isolated = Self.fsi + "Run" + Self.rlo + "evil" + Self.pdf + Self.pdi
        let day = { (d: Int, h: Int) -> Moment in .instant(Int64(20_400 + d) * 86_400 + Int64(h) * 3_600) }  // 2025-11-08 + d
        let export = Export(
            profile: Profile(userName: "Lin" + Self.rlo),
            points: (0..<20).map { PointRecord(point: 2, type: "tag", name: evil, date: day($0, 7)) }
                + [PointRecord(point: -3, type: "shop", name: evil, date: day(5, 12)), PointRecord(point: 5, type: "target", name: evil, date: day(6, 9))],
            tags: [Tag(name: evil, describe: "Morning " + Self.rlo + "run", point: 2, minutes: 30)],
            targets: [Target(name: evil, deadline: day(30, 10)), Target(name: evil + " 2", deadline: day(6, 9), done: true)],
            weights: [WeightEntry(date: day(1, 7), kg: 62), WeightEntry(date: day(10, 7), kg: 61)],
            todos: [Todo(name: evil), Todo(name: evil + " done", completed: true)],
            notes: [Note(fileName: "a.md", title: evil, date: day(3, 8), target: evil, tag: evil,
                         body: "A paragraph " + Self.rlo + "with a lone override.\n")])
        let options = SiteOptions(now: Int64(20_420) * 86_400 + 43_200, zone: .utc, language: .en, baseURL: try BaseURL("https://example.org/"))
        let files = try renderSite(export, options)
        let pages = Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        let withNames = ["index.html", "period/all.html", "habits/index.html", "habits/run-evil.html", "points/index.html", "points/2025-11.html",
                         "targets/index.html", "targets/run-evil.html", "todos/index.html", "notes/index.html", "notes/a.html", "years/2025.html",
                         "feed.xml"]
        for path in withNames {
            let page = try #require(pages[path], "\(path) missing; the site has \(pages.keys.sorted())")
            #expect(page.contains(isolated), "\(path) does not isolate the name")
        }
        for (path, page) in pages where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            #expect(DirectionCheck.leak(inMarkup: page) == nil, "\(path): \(DirectionCheck.leak(inMarkup: page) ?? "")")
        }
        // The note's own paragraph closes its override before the paragraph ends.
        #expect(pages["notes/a.html"]?.contains("<p>A paragraph " + Self.rlo + "with a lone override." + Self.pdf + "</p>") == true)
    }

    @Test func theCheckCanFail() {
        #expect(DirectionCheck.leak(inMarkup: "<p><span>a\(Self.rlo)b</span> 12</p>") == "<span> ends with 1 control open")
        #expect(DirectionCheck.leak(inMarkup: "<p>a\(Self.pdf)</p>") == "<p>: a closer with nothing open")
        #expect(DirectionCheck.leak(inMarkup: "<a title=\"x\(Self.lri)\">y</a>") == "an attribute of <a> ends with 1 control open")
        #expect(DirectionCheck.leak(inMarkup: "<p>a\(Self.rlo)b\(Self.pdf)<br><img src=x /></p>") == nil)
        #expect(DirectionCheck.leak(inMarkup: "<title>\(Self.rlo)x</title>") == "<title> ends with 1 control open")
    }
}
