import Foundation
import Testing
@testable import WaymarkKit

/// One word for each thing in each language (docs/languages-and-accessibility.md, "One
/// vocabulary"), checked on the pages of the ten-year sample, and dates kept on one line.
@Suite struct VocabularyTests {
    /// The ten-year sample (`waymark sample --years 10 --tags 30 --seed 7`, as SiteDigestTests
    /// builds it) in `language`, every HTML page by path.
    static func decade(_ language: Language) throws -> [String: String] {
        let sample = SampleExport(years: 10, tags: 30, seed: 7)
        let files = Dictionary(sample.files().map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        var request = BuildRequest(source: .paths(["/decade"]), now: DateTimeText.parse("2026-11-29T20:00:00"))
        request.language = language
        let built = try BuildPipeline(fileSystem: .inMemory(root: "/decade", files: files), clock: { 0 }).build(request)
        return Dictionary(built.files.filter { $0.path.hasSuffix(".html") }.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) },
                          uniquingKeysWith: { first, _ in first })
    }

    static let chinese = Result { try decade(.zhHans) }
    static let english = Result { try decade(.en) }

    @Test func chinesePointsAreAlways积分() throws {
        let pages = try Self.chinese.get()
        #expect(pages.count > 300)
        // The other names the pages used to give points, and 过期 (now 逾期) for overdue.
        for (path, html) in pages {
            for word in ["分数", "得分", "获取分数", "已过期"] {
                #expect(!html.contains(word), "\(path) says \(word)")
            }
            #expect(html.range(of: "[^积]分/天", options: .regularExpression) == nil, "\(path) says 分/天")
        }
        let points = try #require(pages["points/index.html"])
        #expect(points.contains("<li><a href=\"../points/index.html\" aria-current=\"page\">积分</a></li>"))
        #expect(points.contains("<th scope=\"col\">积分</th>"))
        let dashboard = try #require(pages["index.html"])
        #expect(dashboard.contains("获得积分"))
        #expect(dashboard.contains("最近 53 周每日积分"))
        // A record's points: "+45 积分", never "45 分".
        #expect(points.range(of: #"<span class="day-total">\+\d+ 积分</span>"#, options: .regularExpression) != nil)
        #expect(points.range(of: #"\d 分<"#, options: .regularExpression) == nil)
    }

    @Test func chineseOverdueIsNeverDoneLate() throws {
        let pages = try Self.chinese.get()
        let targets = try #require(pages["targets/index.html"])
        // Open and past the deadline: 已逾期, "逾期 64 天".
        #expect(targets.contains("<h2>已逾期 <span class=\"count\">"))
        #expect(targets.contains("<span class=\"badge overdue\">已逾期</span>"))
        #expect(targets.range(of: #"<span class="late">逾期 \d+ 天</span>"#, options: .regularExpression) != nil)
        // Done after the deadline: 延期完成, never 逾期 (the sample has no late target:
        // TargetsPageTests checks "延期 3 天完成").
        #expect(targets.range(of: #"按时完成 \d+ 个 · 延期完成 \d+ 个"#, options: .regularExpression) != nil)
        for (path, html) in pages where path.hasPrefix("years/") && path != "years/index.html" {
            #expect(!html.contains("逾期"), "\(path) calls a late completion 逾期")
        }
        let year = try #require(pages["years/2020.html"])
        #expect(year.range(of: #"按时完成 \d+ 个 · 延期完成 \d+ 个"#, options: .regularExpression) != nil)
    }

    @Test(arguments: [Language.zhHans, .en])
    func targetCardsWriteEachDateOnceInOneStyle(language: Language) throws {
        let pages = try (language == .zhHans ? Self.chinese : Self.english).get()
        let targets = try #require(pages["targets/index.html"])
        let cards = targets.components(separatedBy: "<li class=\"card target overdue\">").dropFirst()
        #expect(cards.count >= 3)
        for card in cards {
            let meta = try #require(card.split(separator: "\n").first { $0.hasPrefix("<p class=\"meta\">") }.map(String.init))
            // The app's "09.26" is gone; the label is the date in the card's style, and the
            // deadline after it gives only the time.
            #expect(meta.range(of: #"\d\d\.\d\d"#, options: .regularExpression) == nil, "\(meta)")
            let label = language == .zhHans ? #"<strong class="when"><span class="date">(\d{4}年)?\d{1,2}月\d{1,2}日</span></strong>"#
                                             : #"<strong class="when"><span class="date">[A-Z][a-z]{2} \d{1,2}(, \d{4})?</span></strong>"#
            #expect(meta.range(of: label, options: .regularExpression) != nil, "\(meta)")
            if let deadline = meta.range(of: #"<time datetime="[^"]*">[^<]*</time>"#, options: .regularExpression) {
                #expect(meta[deadline].range(of: #">\d\d:\d\d</time>"#, options: .regularExpression) != nil, "\(meta)")
            }
        }
        // The September 26 card of the sample, whole (its deadline is at 19:00).
        let card = language == .zhHans
            ? "<span class=\"badge overdue\">已逾期</span> <strong class=\"when\"><span class=\"date\">9月26日</span></strong> · <span class=\"late\">逾期 64 天</span> · 45 积分 · 截止时间 <time datetime=\"2026-09-26T19:00:00+08:00\">19:00</time>"
            : "<span class=\"badge overdue\">Overdue</span> <strong class=\"when\"><span class=\"date\">Sep 26</span></strong> · <span class=\"late\">64 days overdue</span> · 45 points · Deadline <time datetime=\"2026-09-26T19:00:00+08:00\">19:00</time>"
        #expect(targets.contains(card))
    }

    /// Every date in the text of every page is inside a `<time>` or a `span.date`, which the
    /// stylesheet keeps on one line; checked by taking those out and looking for dates left.
    @Test(arguments: [Language.zhHans, .en])
    func noDateBreaksInsideItself(language: Language) throws {
        let pages = try (language == .zhHans ? Self.chinese : Self.english).get()
        let date = language == .zhHans ? #"\d+年\d+月|\d+月\d+日"# : #"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}\b"#
        var wrapped = 0
        for (path, html) in pages {
            wrapped += html.components(separatedBy: "<span class=\"date\">").count - 1
            var text = html
            for pattern in [#"(?s)<head>.*?</head>"#, #"(?s)<svg.*?</svg>"#, #"(?s)<time[^>]*>.*?</time>"#,
                            #"<span class="date">[^<]*</span>"#, #"<[^>]*>"#] {
                text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
            }
            let left = text.range(of: date, options: .regularExpression).map { String(text[$0]) }
            #expect(left == nil, "\(path): \(left ?? "") is not kept on one line")
        }
        #expect(wrapped > 10_000)
        let css = try String(contentsOfFile: TestPaths.repo.appendingPathComponent("Public/style.css").path, encoding: .utf8)
        #expect(css.contains("time, .date { white-space: nowrap; }"))
    }

    @Test func dateSpansWrapDatesInTextOnly() {
        func wrap(_ s: String) -> String { String(decoding: DateNoBreak.wrap(Array(s.utf8)), as: UTF8.self) }
        #expect(wrap("<p>截至 2026年12月8日，共 3 天</p>") == "<p>截至 <span class=\"date\">2026年12月8日</span>，共 3 天</p>")
        #expect(wrap("<p>12月8日 至 2027年1月</p>") == "<p><span class=\"date\">12月8日</span> 至 <span class=\"date\">2027年1月</span></p>")
        #expect(wrap("<li>Nov 29, 2026 and Dec 3; November 2026</li>")
                == "<li><span class=\"date\">Nov 29, 2026</span> and <span class=\"date\">Dec 3</span>; <span class=\"date\">November 2026</span></li>")
        // A range of two dates breaks only after its dash (the first date keeps it), never before
        // it; a dash with no date after it, or without its spaces, joins nothing.
        #expect(wrap("<b>Oct 12 – Oct 18</b>") == "<b><span class=\"date\">Oct 12 –</span> <span class=\"date\">Oct 18</span></b>")
        #expect(wrap("<b>10月12日 – 10月18日</b>") == "<b><span class=\"date\">10月12日 –</span> <span class=\"date\">10月18日</span></b>")
        #expect(wrap("<p>Mar 3, 2018 – Mar 15, 2018.</p>")
                == "<p><span class=\"date\">Mar 3, 2018 –</span> <span class=\"date\">Mar 15, 2018</span>.</p>")
        #expect(wrap("<b>Oct 12 – now, Oct 12–Oct 18</b>")
                == "<b><span class=\"date\">Oct 12</span> – now, <span class=\"date\">Oct 12</span>–<span class=\"date\">Oct 18</span></b>")
        // Not a date: inside a word, a number too long, a month without a day, a bare year.
        #expect(wrap("<p>ID2026年 12345年 Nov, Novel 3, Mayday 5, 2026 年度</p>") == "<p>ID2026年 12345年 Nov, Novel 3, Mayday 5, 2026 年度</p>")
        // Tags, attributes and the content of head, svg, title and time are left alone.
        let untouched = "<head><title>11月29日</title></head><a title=\"Nov 29\" href=\"x\">x</a><svg><text>11月</text></svg><time datetime=\"2026-11-29\">Nov 29</time>"
        #expect(wrap(untouched) == untouched)
        #expect(wrap("<p>x</p>") == "<p>x</p>")
        #expect(wrap("<p>Nov 29") == "<p><span class=\"date\">Nov 29</span>")
        #expect(wrap("<svg>Nov 29") == "<svg>Nov 29")
        // Upper-case tags are the same elements; a tag that only begins like a skipped one is not.
        #expect(wrap("<SVG><text>11月</text></Svg><p>11月</p>") == "<SVG><text>11月</text></Svg><p><span class=\"date\">11月</span></p>")
        #expect(wrap("<timeline>11月</timeline>") == "<timeline><span class=\"date\">11月</span></timeline>")
        // Each year, month and day sign is cut at its end of the page, and no other character counts.
        #expect(wrap("<p>12月") == "<p><span class=\"date\">12月</span>")
        #expect(wrap("<p>12月日1日") == "<p><span class=\"date\">12月</span>日<span class=\"date\">1日</span>")
        #expect(wrap("<p>Nov 29,") == "<p><span class=\"date\">Nov 29</span>,")
        #expect(wrap("<p>March 2026, Mar 3,2026") == "<p><span class=\"date\">March 2026</span>, <span class=\"date\">Mar 3</span>,2026")
        // A tag longer than the bytes looked at one by one, a tag cut off by the page's end, and
        // a skipped element named in upper and mixed case after a long tag.
        let long = "<a href=\"" + String(repeating: "x", count: 40) + "\">"
        #expect(wrap(long + "Nov 29</a>") == long + "<span class=\"date\">Nov 29</span></a>")
        #expect(wrap("<p>Nov 29<a href=\"x") == "<p><span class=\"date\">Nov 29</span><a href=\"x")
        #expect(wrap(long + "<TiMe>Nov 29</TIME>Nov 30") == long + "<TiMe>Nov 29</TIME><span class=\"date\">Nov 30</span>")
        #expect(wrap("<th>Nov 29</th><te>Nov 30</te>") == "<th><span class=\"date\">Nov 29</span></th><te><span class=\"date\">Nov 30</span></te>")
    }

    /// Markup whose maker wrapped its dates (`wrapText` on each piece of text) is left alone, and
    /// the page comes out as the whole-page pass makes it from the unwrapped markup.
    @Test func finishedMarkupIsLeftAndItsTextWrapsAsInThePage() {
        func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }
        let page = Array("<p>Nov 29</p><b>Nov 30</b><p>Dec 1</p>".utf8)
        #expect(text(DateNoBreak.wrap(page, leaving: [13..<26]))
                == "<p><span class=\"date\">Nov 29</span></p><b>Nov 30</b><p><span class=\"date\">Dec 1</span></p>")
        #expect(text(DateNoBreak.wrap(page, leaving: [0..<13, 13..<26, 26..<38])) == text(page))
        // Inside an element the pass skips, a finished range is left as the rest of the element is.
        let svg = Array("<svg><g>Nov 1</g></svg><p>Nov 2</p>".utf8)
        #expect(text(DateNoBreak.wrap(svg, leaving: [5..<18])) == "<svg><g>Nov 1</g></svg><p><span class=\"date\">Nov 2</span></p>")
        // The plain reference: the whole page wrapped at once. Pieces of text made of dates and
        // near-dates, each alone and in a cell between two tags, with dates just outside it.
        let fragments = ["Nov 29", ", 2026", " – ", "Dec 3", "12月", "8日", "2026年", " ", "x", "May", "5", "&amp;", "ID", "—", "November ", "年", ",", "_"]
        var seed: UInt64 = 3
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % n
        }
        var changed = 0
        for _ in 0..<2_000 {
            let piece = Array((0..<(1 + next(6))).map { _ in fragments[next(fragments.count)] }.joined().utf8)
            let before = Array("<p>Oct 1</p>Oct 2<td>".utf8), after = Array("</td>Oct 3".utf8)
            let reference = DateNoBreak.wrap(before + piece + after)
            let wrapped = DateNoBreak.wrapText(piece)
            if wrapped != piece { changed += 1 }
            let cell = Array("<td>".utf8) + wrapped + Array("</td>".utf8)
            let start = before.count - 4
            let finished = Array(before.dropLast(4)) + cell + Array(after.dropFirst(5))
            #expect(text(DateNoBreak.wrap(finished, leaving: [start..<(start + cell.count)])) == text(reference), "\(text(piece))")
        }
        #expect(changed > 500)
    }

    /// The first two letters that let a tag be a skipped element are those of the skipped names.
    @Test func skippedElementsBeginAsListed() {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z"))
        for a in letters {
            for b in letters {
                let listed = DateNoBreak.skipped.contains { $0[0] == a && $0[1] == b }
                #expect(DateNoBreak.startsLikeSkipped(a, b) == listed, "\(UnicodeScalar(a))\(UnicodeScalar(b))")
            }
        }
        #expect(!DateNoBreak.startsLikeSkipped(UInt8(ascii: "/"), UInt8(ascii: "s")))
    }

    /// The year, month and day signs are found by their bytes: exactly 年, 月 and 日, and no
    /// other character of the same first byte, nor a sign cut short at the end.
    @Test func chineseUnitsAreTheirUTF8() {
        let signs: Set<String> = ["年", "月", "日"]
        for scalar in (0x4E00...0x9FFF).compactMap(Unicode.Scalar.init) {
            let bytes = Array(String(scalar).utf8)
            let found = bytes.withUnsafeBufferPointer { DateNoBreak.isChineseUnit($0, at: 0) }
            #expect(found == signs.contains(String(scalar)), "\(scalar)")
        }
        for cut in [[0xE5, 0xB9], [0xE6, 0x9C], [0xE6]] as [[UInt8]] {
            #expect(cut.withUnsafeBufferPointer { DateNoBreak.isChineseUnit($0, at: 0) } == false)
        }
    }
}
