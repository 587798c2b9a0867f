import Foundation
import Testing
@testable import WaymarkKit

/// The date pass (`DateNoBreak.wrap`) against its plain reference (`DateNoBreakReference`, the
/// pass as it was before its scan was made fast): the same bytes on seeded random pages of tags,
/// skipped elements, dates, near-dates and words glued to them, with finished ranges at tag
/// boundaries and anywhere; the same on the demo's pages; and cases worked out by hand.
struct DateNoBreakFastPathTests {
    typealias Seeded = SeededNumbers

    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
    static func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    /// Tags, short and long (over the 24 bytes the reference read one by one), in both cases,
    /// some beginning like a skipped element without being one.
    static let tags: [[UInt8]] = ["<td>", "</td>", "<p>", "</p>", "<span class=\"x\">", "</span>", "<TD>", "<th>", "<tr>", "<te>", "<t>",
                                  "<s>", "<h1>", "<br/>", "<timeline>", "<svg-icon>", "<styles>", "<titles x=\"1\">", "<!-- Nov 29 -->",
                                  "<a href=\"/habits/" + String(repeating: "run-", count: 8) + "\">", "</a>",
                                  "<div class=\"card wide\" data-x=\"Nov 29\" id=\"a12\">", "<img alt=\"2026年12月8日\" src=\"x.png\"/>"].map(bytes)
    /// Elements whose content the pass leaves, closed, unclosed, and named in any case.
    static let skippedPieces: [[UInt8]] = ["<head><title>Nov 29</title></head>", "<head>", "</head>", "<title>May 3</title>", "<TITLE>12月</TITLE>",
                                           "<svg viewBox=\"0 0 10 10\"><text>12月8日</text><g>Nov 29</g></svg>", "<svg>", "</svg>",
                                           "<SVG><g>Nov 2</g></Svg>", "<time datetime=\"2026-11-29\">Nov 29</time>", "<TiMe>May 1</TIME>",
                                           "<time>", "</time>", "<script>if (a < b) { x = \"Nov 29\" }</script>", "<script>",
                                           "<style>p > a { content: \"May 3\" }</style>", "<textarea>Nov 29, 2026</textarea>", "<textarea>",
                                           "</title>", "</script>"].map(bytes)
    /// English and Chinese dates, partial ones and near misses, ranges' dashes, words glued to
    /// dates, numbers, capitals and text in other scripts.
    static let textPieces: [[UInt8]] = ["Nov 29", "Nov 29, 2026", "November 2026", "May 3", "Nov", "Nov 2", "Nov 123", "Novembers",
                                        "Nov 29,", "Nov 29, 20261", "Nov 29, 202", "March 2026", "Mar 3,2026", "Sept 3", "Dec 31, 1999",
                                        "Jan 1", "JAN 1", "Oct 12", "November 20266", "May", "Mayday 5",
                                        "2026年12月8日", "12月", "8日", "2026年", "12345年", "1月日", "年", "月", "日", "10月12日", "2026年12月",
                                        " – ", "–", " —  ", " - ", " –", "– ",
                                        "ID2026年", "xNov 29", "_May 1", "9Nov 2", "Nov 29x", "Nov 29_", "2026年x", "Nov 29日",
                                        "0", "42", "2026", "123456", "A", "X", "Z", "NOV", "M", "Mon", "Steps",
                                        "é", "·", "—", "晨跑", "🏃", "\u{A0}", "&amp;", "&gt;", " ", "\n", ", ", ". ", "x", "run", "_", ">", "/"].map(bytes)
        + [[0xE6, 0x9C], [0xE5], [0xE6, 0x97], [0xE2, 0x80]]  // a sign or a dash cut short, as at a page's end

    /// A seeded page: its bytes and where each piece begins and ends.
    static func page(_ r: inout Seeded) -> (bytes: [UInt8], pieces: [Range<Int>]) {
        var out: [UInt8] = [], pieces: [Range<Int>] = []
        for _ in 0..<r.next(60) {
            let kind = r.next(10)
            let piece = kind < 3 ? r.pick(tags) : kind < 4 ? r.pick(skippedPieces) : r.pick(textPieces)
            pieces.append(out.count..<(out.count + piece.count))
            out += piece
        }
        // Sometimes a page that ends in the middle of a tag, a date or a sign, or on a lone "<".
        switch r.next(8) {
        case 0: out += bytes("<")
        case 1: out += bytes("<a href=\"x")
        case 2: out += bytes("Nov 2")
        case 3: out += [0x31, 0xE6, 0x9C]
        default: break
        }
        return (out, pieces)
    }

    /// Finished ranges in order, none inside another: from the start of a piece that begins
    /// with a tag to the end of a later one that ends with one, as the renderer reports them.
    static func finishedAtTags(_ page: [UInt8], _ pieces: [Range<Int>], _ r: inout Seeded) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var k = 0
        while k < pieces.count {
            let piece = pieces[k]
            guard !piece.isEmpty, page[piece.lowerBound] == UInt8(ascii: "<"), r.next(4) == 0 else { k += 1; continue }
            var last = k + r.next(4)
            while last < pieces.count && !(pieces[last].count > 0 && page[pieces[last].upperBound - 1] == UInt8(ascii: ">")) { last += 1 }
            guard last < pieces.count else { break }
            ranges.append(piece.lowerBound..<pieces[last].upperBound)
            k = last + 1
        }
        return ranges
    }

    /// Finished ranges in order anywhere in the page, even mid-word or mid-date: the pass must
    /// still agree with the reference, though the renderer never reports such ranges.
    static func finishedAnywhere(_ page: [UInt8], _ r: inout Seeded) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var at = 0
        while at < page.count, r.next(3) > 0 {
            let start = at + r.next(page.count - at + 1)
            let end = start + r.next(page.count - start + 1)
            ranges.append(start..<end)
            at = end + r.next(4)
        }
        return ranges
    }

    static func buffer(_ page: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.append(page)
        return buffer
    }

    @Test func seededPagesAreWrappedAsTheReferenceWrapsThem() {
        var r = Seeded(state: 29)
        var changed = 0, ranges = 0
        for round in 0..<4_000 {
            let (page, pieces) = Self.page(&r)
            let finished = round % 3 == 0 ? [] : round % 3 == 1 ? Self.finishedAtTags(page, pieces, &r) : Self.finishedAnywhere(page, &r)
            let wrapped = DateNoBreak.wrap(page, leaving: finished)
            let reference = DateNoBreakReference.wrap(page, leaving: finished)
            #expect(wrapped == reference, "round \(round), \(finished): \(Self.text(page))")
            // A page still in the buffer the templates wrote it into gives the same bytes.
            #expect(DateNoBreak.wrap(Self.buffer(page), leaving: finished) == reference, "round \(round)")
            if wrapped != page { changed += 1 }
            if !finished.isEmpty { ranges += 1 }
        }
        // The pages are not mostly left as they were, and most of them have finished ranges.
        #expect(changed > 2_000 && ranges > 1_500, "\(changed) changed, \(ranges) with ranges")
    }

    /// Pages of one kind of piece each, many dates in a row: the pass's writing at its densest.
    @Test func densePagesAreWrappedAsTheReferenceWrapsThem() {
        var r = Seeded(state: 8)
        for round in 0..<1_000 {
            let count = 1 + r.next(200)
            let pieces = [r.pick(Self.textPieces), r.pick(Self.textPieces), r.pick(Self.tags)]
            let page = (0..<count).flatMap { _ in r.pick(pieces) }
            #expect(DateNoBreak.wrap(page) == DateNoBreakReference.wrap(page), "round \(round): \(Self.text(page))")
        }
    }

    /// Real pages: each of the demo's pages as built (its dates wrapped already) and with its
    /// date spans taken out again, in both languages.
    @Test func demoPagesAreWrappedAsTheReferenceWrapsThem() throws {
        let open = "<span class=\"date\">"
        var pages = 0
        for language in ["demo-en", "demo-zh-Hans"] {
            let root = TestPaths.golden.appendingPathComponent(language)
            let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".html") }
            for path in paths {
                let built = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                var bare = ""
                var rest = Substring(built)
                while let start = rest.range(of: open), let close = rest[start.upperBound...].range(of: "</span>") {
                    bare += rest[..<start.lowerBound] + rest[start.upperBound..<close.lowerBound]
                    rest = rest[close.upperBound...]
                }
                bare += rest
                for page in [built, bare] {
                    let bytes = Array(page.utf8)
                    #expect(DateNoBreak.wrap(bytes) == DateNoBreakReference.wrap(bytes), "\(language)/\(path)")
                }
                pages += 1
            }
        }
        #expect(pages > 70)
    }

    /// The tables the scan reads say what they stand for: each byte's kind; a tag's first two
    /// bytes may begin a skipped element exactly when, lower-cased, they begin one of `skipped`;
    /// a month is found from its first byte exactly as a search of the twelve short names finds it.
    @Test func theScansTablesAgreeWithTheirLists() {
        func lower(_ b: UInt8) -> UInt8 { (0x41...0x5A).contains(b) ? b | 0x20 : b }
        let initials = Set(LocaleFormat.monthsShortUTF8.compactMap(\.first))
        var wrong: [String] = []
        for a in 0...255 {
            let byte = UInt8(a), kind = DateNoBreak.byteKinds[a]
            if (kind & DateNoBreak.wordBit != 0) != DateNoBreak.isWordByte(byte) { wrong.append("word \(a)") }
            if (kind & DateNoBreak.dateBit != 0) != (DateNoBreak.isDigit(byte) || initials.contains(byte)) { wrong.append("date \(a)") }
            if (kind & DateNoBreak.tagBit != 0) != (byte == UInt8(ascii: "<")) { wrong.append("tag \(a)") }
            for b in 0...255 {
                let listed = DateNoBreak.skipped.contains { $0[0] == lower(byte) && $0[1] == lower(UInt8(b)) }
                if DateNoBreak.startsLikeSkipped(byte, UInt8(b)) != listed { wrong.append("skipped \(a) \(b)") }
            }
        }
        let letters = Array(Set(LocaleFormat.monthsShortUTF8.joined() + Self.bytes("aAzZ0 <")))
        for a in 0...255 {
            for b in letters {
                for c in letters {
                    let bytes: [UInt8] = [UInt8(a), b, c]
                    let expected = LocaleFormat.monthsShortUTF8.firstIndex { Array($0.prefix(3)) == bytes }
                    if bytes.withUnsafeBufferPointer({ DateNoBreak.monthIndex($0, at: 0) }) != expected { wrong.append("month \(bytes)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
        #expect([UInt8]("Nov".utf8).withUnsafeBufferPointer { DateNoBreak.monthIndex($0, at: 0) } == 10)
        #expect([UInt8]("No".utf8).withUnsafeBufferPointer { DateNoBreak.monthIndex($0, at: 0) } == nil)
    }

    /// A page with no date comes back as it was: the same bytes, even when it has digits,
    /// capitals, tags and elements the pass skips.
    @Test func aPageWithoutDatesIsUnchanged() {
        for page in ["", "<", ">", "x", "<p>Running 5 km at 12:30, ID2026年, Novel 3</p>", "<svg><text>Nov 29</text></svg>",
                     "<head><title>12月8日</title></head><p>Steps: 12,345</p>", "<a href=\"" + String(repeating: "y", count: 50)] {
            #expect(DateNoBreak.wrap(Self.bytes(page)) == Self.bytes(page), "\(page)")
            #expect(DateNoBreak.wrap(Self.buffer(Self.bytes(page))) == Self.bytes(page), "\(page)")
        }
        let page = Self.bytes("<p>no dates here</p>")
        #expect(DateNoBreak.wrap(page, leaving: [0..<3]) == page)
    }

    /// Worked out by hand: what the pass writes at the edges of its scan.
    @Test func handWrittenCases() {
        func wrap(_ s: String, leaving finished: [Range<Int>] = []) -> String {
            Self.text(DateNoBreak.wrap(Self.bytes(s), leaving: finished))
        }
        let open = "<span class=\"date\">", close = "</span>"
        // A date at the very start and the very end of the page, and a page that is one date.
        #expect(wrap("Nov 29") == open + "Nov 29" + close)
        #expect(wrap("12月") == open + "12月" + close)
        #expect(wrap("May 3<p>") == open + "May 3" + close + "<p>")
        // A date right after a tag, and none right after a word byte of any kind.
        #expect(wrap("<td>8日</td>x8日 _8日 Z8日 é8日") == "<td>" + open + "8日" + close + "</td>x8日 _8日 Z8日 é" + open + "8日" + close)
        // A capital no month begins with is part of a word; one that does begins no date here.
        #expect(wrap("XMay 3 Mon 3 May 3") == "XMay 3 Mon 3 " + open + "May 3" + close)
        // Ranges: the first date keeps its dash, a space between; a second date that is not one
        // leaves the first alone.
        #expect(wrap("Oct 12 – Oct 18") == open + "Oct 12 –" + close + " " + open + "Oct 18" + close)
        #expect(wrap("Oct 12 – Oct") == open + "Oct 12" + close + " – Oct")
        #expect(wrap("12月 – 2026年1月 – 3日") == open + "12月 –" + close + " " + open + "2026年1月" + close + " – " + open + "3日" + close)
        // A page cut inside a date, a sign, a tag, or on a lone "<".
        #expect(wrap("<p>Nov 29, 20") == "<p>" + open + "Nov 29" + close + ", 20")
        #expect(Array(DateNoBreak.wrap([0x31, 0xE6, 0x9C])) == [0x31, 0xE6, 0x9C])
        #expect(wrap("Nov 2<") == open + "Nov 2" + close + "<")
        #expect(wrap("<p>3日<a href=\"Nov 29") == "<p>" + open + "3日" + close + "<a href=\"Nov 29")
        #expect(wrap("<time>Nov 29") == "<time>Nov 29")
        // A tag's end found past the first eight bytes, and in the last few bytes of the page.
        #expect(wrap("<span class=\"long-name\">May 3</span>") == "<span class=\"long-name\">" + open + "May 3" + close + "</span>")
        #expect(wrap("May 3<b>") == open + "May 3" + close + "<b>")
        // A finished range is left as it is; the date just after it is still seen.
        #expect(wrap("<b>Nov 29</b>Nov 30", leaving: [0..<13]) == "<b>Nov 29</b>" + open + "Nov 30" + close)
        // A date that runs into a finished range is wrapped whole, as the reference does.
        #expect(wrap("Nov 29<i>x</i>", leaving: [4..<14]) == open + "Nov 29" + close + "<i>x</i>")
        // A word that runs up to a finished range does not hide the date after the range.
        #expect(wrap("abc<i></i>8日", leaving: [3..<10]) == "abc<i></i>" + open + "8日" + close)
    }
}
