import Foundation
@testable import WaymarkKit

/// `DateNoBreak` as it was before its scan was made fast, kept unchanged as the plain reference
/// of `DateNoBreakFastPathTests`: every page the pass wraps must come out as this wraps it.
///
/// It keeps every date of a page's text on one line: each date written in the page's text (not in
/// tags, `<head>`, `<script>`, `<style>`, `<svg>`, `<textarea>` or a `<time>`, which the
/// stylesheet already keeps whole) is wrapped in `<span class="date">`, which `style.css` sets
/// `white-space: nowrap`. Browsers may otherwise break between a number and a CJK character
/// ("2026年12" / "月8日") or at the spaces of "Nov 29, 2026".
///
/// Done once on the finished page, so every date is covered wherever it comes from (a sentence
/// of `UIString`, a table cell, a note's Markdown) without each template marking its dates.
/// A date is, in Chinese, a run of numbers each followed by 年, 月 or 日 ("2026年12月8日",
/// "12月8日", "2026年12月", "12月"); in English a month's short name and a day ("Nov 29", "Nov 29,
/// 2026") or a month's full name and a year ("November 2026"). A range of two dates joined by
/// " – " may break only after its dash: the first date is wrapped with the dash, the second alone
/// ("Mar 3, 2018 –" / "Mar 15, 2018" in a narrow card, never a lone dash opening a line).
enum DateNoBreakReference {
    static let open = Array("<span class=\"date\">".utf8)
    static let close = Array("</span>".utf8)
    /// Elements whose content is not page text: left exactly as they are.
    static let skipped: [[UInt8]] = ["head", "script", "style", "svg", "textarea", "time", "title"].map { Array($0.utf8) }


    /// `html` with its dates wrapped; the same bytes when it has none. The `finished` ranges
    /// (in order, each beginning and ending with a tag, none inside another) are left as they
    /// are: markup whose maker wrapped its dates already, as this pass would have (`wrapText`).
    /// That is the whole pass's result where such markup stands in page text, as Waymark's
    /// templates place it; a theme that puts it inside an element the pass skips (`<time>`,
    /// `<textarea>`) keeps its wraps there.
    static func wrap(_ html: [UInt8], leaving finished: [Range<Int>] = []) -> [UInt8] {
        var out: [UInt8] = []
        var copied = 0  // bytes of `html` before this index are in `out` (once something changed)
        let n = html.count
        html.withUnsafeBufferPointer { p in
            var i = 0
            var next = 0  // the first of `finished` not yet passed
            // The scan runs up to the next finished range, then jumps over it; dates and tags
            // are still read in the whole page, so what lies around a range is seen as before.
            var stop = finished.first?.lowerBound ?? n
            while i < n {
                if i >= stop {
                    i = max(i, finished[next].upperBound)
                    next += 1
                    stop = next < finished.count ? max(finished[next].lowerBound, i) : n
                    continue
                }
                let b = p[i]
                if b == UInt8(ascii: "<") {
                    i = skipTag(p, at: i)
                    continue
                }
                // A date starts at a digit (Chinese) or a capital letter (English), never inside a word.
                guard isDigit(b) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")), i == 0 || !isWordByte(p[i - 1]),
                      let first = dateEnd(p, at: i) else {
                    i += 1
                    continue
                }
                if out.isEmpty { out.reserveCapacity(n + n / 8) }
                out.append(contentsOf: p[copied..<i])
                out.append(contentsOf: open)
                guard let end = rangeEnd(p, after: first) else {
                    out.append(contentsOf: p[i..<first])
                    out.append(contentsOf: close)
                    copied = first
                    i = first
                    continue
                }
                // A range may break after its dash and nowhere else: the first date keeps " –",
                // the space after the dash is the line's one chance to break.
                let second = first + rangeDash.count
                out.append(contentsOf: p[i..<(second - 1)])
                out.append(contentsOf: close)
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: open)
                out.append(contentsOf: p[second..<end])
                out.append(contentsOf: close)
                copied = end
                i = end
            }
        }
        guard copied > 0 else { return html }
        out.append(contentsOf: html[copied..<n])
        return out
    }

    /// `text` (page text between two tags, already escaped) with its dates wrapped, as `wrap`
    /// wraps them in a whole page: a date neither begins nor ends at a tag, so text cut at tags
    /// is wrapped the same alone.
    static func wrapText(_ text: [UInt8]) -> [UInt8] { wrap(text) }

    /// The index after the tag at `i` (`<…>`), or after the whole element when it is one whose
    /// content is skipped. Pages are mostly tags (a year's calendar alone has 1,100 cells, a
    /// month of points ten tags a row): a short tag's end is found byte by byte, a longer one's
    /// and a skipped element's end with `memchr`.
    static func skipTag(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let n = p.count
        // Attribute values are escaped (`&gt;`), so the first ">" ends the tag. Most tags are
        // short (`<td>`, `</a>`): their end is looked for byte by byte, the rest with memchr.
        var tagEnd = n
        var k = i + 1
        let near = min(n, i + 24)
        while k < near && p[k] != UInt8(ascii: ">") { k += 1 }
        if k < near {
            tagEnd = k + 1
        } else if let found = find(UInt8(ascii: ">"), in: p, from: k) {
            tagEnd = found + 1
        }
        guard i + 2 < n else { return tagEnd }
        let initial = lower(p[i + 1])
        // Only a tag whose name begins as a skipped element's can be one: its first two letters
        // are compared here (`<td>`, `<tr>`, `<span>` go no further), not looked up in a global,
        // which is reached through its initialiser check on every tag.
        guard startsLikeSkipped(initial, lower(p[i + 2])) else { return tagEnd }
        for name in skipped where name[0] == initial && matchesName(p, at: i + 1, name) {
            // Find "</name" (elements of these kinds are not nested in one another here).
            var k = tagEnd
            while let lt = find(UInt8(ascii: "<"), in: p, from: k) {
                if lt + 1 + name.count >= n { return n }
                if p[lt + 1] == UInt8(ascii: "/") && lower(p[lt + 2]) == name[0] && matchesName(p, at: lt + 2, name) { return lt }
                k = lt + 1
            }
            return n
        }
        return tagEnd
    }

    /// Whether two lower-case letters begin the name of one of `skipped` (head, script, style,
    /// svg, textarea, time, title); the tests hold this to the list.
    static func startsLikeSkipped(_ first: UInt8, _ second: UInt8) -> Bool {
        switch (first, second) {
        case (UInt8(ascii: "h"), UInt8(ascii: "e")), (UInt8(ascii: "s"), UInt8(ascii: "c")), (UInt8(ascii: "s"), UInt8(ascii: "t")),
             (UInt8(ascii: "s"), UInt8(ascii: "v")), (UInt8(ascii: "t"), UInt8(ascii: "e")), (UInt8(ascii: "t"), UInt8(ascii: "i")):
            return true
        default:
            return false
        }
    }

    /// The index of the first `byte` at or after `from`, or nil.
    static func find(_ byte: UInt8, in p: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < p.count, let base = p.baseAddress,
              let hit = memchr(base + from, Int32(byte), p.count - from) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `name` is at `i`, followed by the end of the name.
    static func matchesName(_ html: UnsafeBufferPointer<UInt8>, at i: Int, _ name: [UInt8]) -> Bool {
        guard i + name.count < html.count else { return false }
        for k in 0..<name.count where lower(html[i + k]) != name[k] { return false }
        let after = html[i + name.count]
        return !(isASCIILetter(after) || isDigit(after) || after == UInt8(ascii: "-"))
    }

    /// The end of a date starting at `i`, or nil.
    static func dateEnd(_ html: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let b = html[i]
        if isDigit(b) { return chineseEnd(html, at: i) }
        if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { return englishEnd(html, at: i) }
        return nil
    }

    /// A range ("Oct 12 – Oct 18", "10月12日 – 10月18日"): the end of the second date when " – "
    /// and a date follow the date ending at `end`, else nil.
    static func rangeEnd(_ html: UnsafeBufferPointer<UInt8>, after end: Int) -> Int? {
        guard has(html, rangeDash, at: end), end + rangeDash.count < html.count else { return nil }
        return dateEnd(html, at: end + rangeDash.count)
    }

    static let rangeDash = Array(" \u{2013} ".utf8)

    /// "2026年12月8日" and its shorter forms: numbers, each followed by 年, 月 or 日.
    static func chineseEnd(_ html: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        var j = i, end: Int?
        while true {
            let digitsEnd = digits(html, from: j)
            guard digitsEnd > j, digitsEnd - j <= 4, isChineseUnit(html, at: digitsEnd) else { break }
            j = digitsEnd + 3
            end = j
        }
        return end
    }

    /// Whether 年, 月 or 日 is at `i`: each is three bytes of UTF-8, compared as numbers because
    /// every number in a page's text asks.
    static func isChineseUnit(_ html: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + 3 <= html.count else { return false }
        let a = html[i], b = html[i + 1], c = html[i + 2]
        // 年 E5 B9 B4, 月 E6 9C 88, 日 E6 97 A5
        return (a == 0xE5 && b == 0xB9 && c == 0xB4) || (a == 0xE6 && ((b == 0x9C && c == 0x88) || (b == 0x97 && c == 0xA5)))
    }

    /// "Nov 29", "Nov 29, 2026", "November 2026".
    static func englishEnd(_ html: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        // Every month's full name begins with its short one, and the short ones differ in their
        // first three letters: those three name the one month to compare, or none.
        guard let k = monthIndex(html, at: i) else { return nil }
        let long = LocaleFormat.monthsLongUTF8[k]
        if has(html, long, at: i), byte(html, at: i + long.count) == UInt8(ascii: " ") {
            let yearEnd = digits(html, from: i + long.count + 1)
            if yearEnd - (i + long.count + 1) == 4, !isWordByte(at: yearEnd, html) { return yearEnd }
        }
        guard byte(html, at: i + 3) == UInt8(ascii: " ") else { return nil }
        let dayEnd = digits(html, from: i + 4)
        guard dayEnd > i + 4, dayEnd - (i + 4) <= 2, !isWordByte(at: dayEnd, html) else { return nil }
        // ", 2026"
        if byte(html, at: dayEnd) == UInt8(ascii: ","), byte(html, at: dayEnd + 1) == UInt8(ascii: " ") {
            let yearEnd = digits(html, from: dayEnd + 2)
            if yearEnd - (dayEnd + 2) == 4, !isWordByte(at: yearEnd, html) { return yearEnd }
        }
        return dayEnd
    }

    /// The month whose short name ("Jan" … "Dec") is at `i`, or nil.
    static func monthIndex(_ html: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        guard i + 3 <= html.count else { return nil }
        let key = UInt32(html[i]) << 16 | UInt32(html[i + 1]) << 8 | UInt32(html[i + 2])
        return shortMonthKeys.firstIndex(of: key)
    }

    static let shortMonthKeys: [UInt32] = LocaleFormat.monthsShortUTF8.map { m in m.prefix(3).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }

    static func digits(_ html: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        var j = i
        while j < html.count && isDigit(html[j]) { j += 1 }
        return j
    }

    /// The byte at `i`, or nil past the end.
    static func byte(_ html: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt8? { i < html.count ? html[i] : nil }

    static func has(_ html: UnsafeBufferPointer<UInt8>, _ word: [UInt8], at i: Int) -> Bool {
        guard i >= 0, i + word.count <= html.count else { return false }
        for (k, c) in word.enumerated() where html[i + k] != c { return false }
        return true
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func lower(_ b: UInt8) -> UInt8 { isASCIILetter(b) ? b | 0x20 : b }
    /// Letters, digits and "_": a date does not start or end inside a word ("ID2026年" is no date).
    static func isWordByte(_ b: UInt8) -> Bool { isASCIILetter(b) || isDigit(b) || b == UInt8(ascii: "_") }
    static func isWordByte(at i: Int, _ html: UnsafeBufferPointer<UInt8>) -> Bool { i < html.count && isWordByte(html[i]) }
}
