import Foundation

/// Keeps every date of a page's text on one line: each date written in the page's text (not in
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
enum DateNoBreak {
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
    ///
    /// Every page of a site goes through here (53 MB on the decade sample), so the page is read
    /// once to find its dates (`dates`) and, only when it has some, written once into an array
    /// made at its final size, rather than grown piece by piece.
    static func wrap(_ html: borrowing ByteBuffer, leaving finished: [Range<Int>] = []) -> [UInt8] {
        html.withBytes { p in
            let found = dates(in: p, leaving: finished)
            guard found.isEmpty else { return written(p, found) }
            return [UInt8](unsafeUninitializedCapacity: p.count) { room, count in
                if let from = p.baseAddress, let to = room.baseAddress { to.update(from: from, count: p.count) }
                count = p.count
            }
        }
    }

    /// `wrap(_:leaving:)` for a page that is an array already.
    static func wrap(_ html: [UInt8], leaving finished: [Range<Int>] = []) -> [UInt8] {
        let found = html.withUnsafeBufferPointer { dates(in: $0, leaving: finished) }
        guard !found.isEmpty else { return html }
        return html.withUnsafeBufferPointer { written($0, found) }
    }

    /// `dates(in:kinds:keys:leaving:)` with the scan's tables.
    private static func dates(in p: UnsafeBufferPointer<UInt8>, leaving finished: [Range<Int>]) -> [Int] {
        byteKinds.withUnsafeBufferPointer { kinds in
            shortMonthKeys.withUnsafeBufferPointer { keys in dates(in: p, kinds: kinds, keys: keys, leaving: finished) }
        }
    }

    /// What a byte of page text may be to the scan, as bits of `byteKinds`: part of a word (a
    /// date does not begin right after one), the beginning of a date (a digit, or the capital a
    /// month's short name begins with), or the beginning of a tag.
    static let wordBit: UInt32 = 1, dateBit: UInt32 = 2, tagBit: UInt32 = 4
    /// Bits of `byteKinds` for a tag's first two letters, in either case: bit 8 + k when the
    /// letter begins skipped names (the kth distinct first letter of `skipped`), bit 12 + k when
    /// it comes second in one of those. A tag may be a skipped element when its letters share k.
    static let skippedFirstShift: UInt32 = 8, skippedSecondBits: UInt32 = 0xF000
    /// Bits 16 + m of `byteKinds`: month m's short name begins with the byte.
    static let monthShift: UInt32 = 16

    /// The kind of each of the 256 bytes: one load tells the scan whether a byte of text can
    /// be passed over, where comparisons would take several, and two whether a tag's name may
    /// be a skipped element's. A capital no month begins with is only part of a word: it
    /// begins no date.
    static let byteKinds: [UInt32] = {
        var kinds = (0...255).map { (b: Int) -> UInt32 in
            let byte = UInt8(b)
            return (isWordByte(byte) ? wordBit : 0) | (isDigit(byte) ? dateBit : 0) | (byte == UInt8(ascii: "<") ? tagBit : 0)
        }
        for (m, month) in LocaleFormat.monthsShortUTF8.enumerated() {
            if let initial = month.first { kinds[Int(initial)] |= dateBit | 1 << (monthShift + UInt32(m)) }
        }
        var initials: [UInt8] = []
        for name in skipped where name.count >= 2 {
            if !initials.contains(name[0]) { initials.append(name[0]) }
            guard let k = initials.firstIndex(of: name[0]), k < 4 else { preconditionFailure("at most four first letters of skipped names") }
            // Both cases of each letter: tag names are read without regard to case.
            func cases(_ c: UInt8) -> [UInt8] { isASCIILetter(c) ? [c | 0x20, c & 0xDF] : [c] }
            for letter in cases(name[0]) { kinds[Int(letter)] |= 1 << (skippedFirstShift + UInt32(k)) }
            for letter in cases(name[1]) { kinds[Int(letter)] |= 1 << (skippedFirstShift + 4 + UInt32(k)) }
        }
        return kinds
    }()

    /// Where the dates of `p` are, as `wrap` wraps them: three indices each, the date's start,
    /// the end of its first date and the end of the whole, the two ends equal unless it is a
    /// range (" – " and a second date after the first). `kinds` is `byteKinds`, `keys` is
    /// `shortMonthKeys`, held by the caller so the scan does not reach the globals.
    static func dates(in p: UnsafeBufferPointer<UInt8>, kinds: UnsafeBufferPointer<UInt32>, keys: UnsafeBufferPointer<UInt32>,
                      leaving finished: [Range<Int>]) -> [Int] {
        var found: [Int] = []
        let n = p.count
        var i = 0
        var next = 0  // the first of `finished` not yet passed
        // The scan runs up to the next finished range, then jumps over it; dates and tags are
        // still read in the whole page, so what lies around a range is seen as before.
        var stop = finished.first?.lowerBound ?? n
        var limit = min(stop, n)
        let passed = dateBit | tagBit
        while true {
            // One comparison for both ends: the page's and the next finished range's.
            if i >= limit {
                guard i < n else { break }
                i = max(i, finished[next].upperBound)
                next += 1
                stop = next < finished.count ? max(finished[next].lowerBound, i) : n
                limit = min(stop, n)
                continue
            }
            let kind = kinds[Int(p[i])]
            if kind & passed == 0 {
                // Most of a page's text begins nothing: spaces, punctuation, letters, other scripts.
                i = textEnd(p, from: i + 1, limit: limit, kinds: kinds)
                continue
            }
            if kind & tagBit != 0 {
                i = skipTag(p, at: i, kinds: kinds)
                continue
            }
            // A date never begins inside a word: the byte before it must not be part of one.
            if i == 0 || kinds[Int(p[i - 1])] & wordBit == 0, let first = dateEnd(p, at: i, kind: kind, keys: keys) {
                let end = rangeEnd(p, after: first) ?? first
                found.append(i)
                found.append(first)
                found.append(end)
                i = end
                continue
            }
            // No date here, nor anywhere else in this word: every byte of it follows a word byte.
            i += 1
            while i < limit && kinds[Int(p[i])] & wordBit != 0 { i += 1 }
        }
        return found
    }

    /// The first index in `from..<limit` (`limit` at most the page's length) whose byte may
    /// begin a tag or a date, or `limit`; it may also stop at a byte that begins neither, which
    /// the scan then passes. Runs of text are read eight bytes at a time, which pays on a note's
    /// paragraphs: a word of eight bytes none of which is between "0" and "Z" (digits, capitals
    /// and "<" among them) is passed at once. `(x & 0x7F) + 0x50` has a byte's top bit set when
    /// its low seven bits are 0x30 or more, `(x & 0x7F) + 0x25` when they are over 0x5A, and
    /// `~x` keeps bytes of 0x80 and over out; no byte carries into the next.
    @inline(__always)
    static func textEnd(_ p: UnsafeBufferPointer<UInt8>, from: Int, limit: Int, kinds: UnsafeBufferPointer<UInt32>) -> Int {
        var k = from
        if let base = p.baseAddress {
            let raw = UnsafeRawPointer(base)
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, high: UInt64 = 0x8080_8080_8080_8080
            while k <= limit - 8 {
                let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                let seven = x & low
                let inRange = (seven + 0x5050_5050_5050_5050) & ~(seven + 0x2525_2525_2525_2525) & ~x & high
                if inRange != 0 { return k + inRange.trailingZeroBitCount / 8 }
                k += 8
            }
        }
        while k < limit && kinds[Int(p[k])] & (dateBit | tagBit) == 0 { k += 1 }
        return k
    }

    /// `p` with the dates `found` by `dates` wrapped: a date in `<span class="date">`, a range's
    /// first date with its " –" and its second date each in their own, a space between them
    /// where the line may break.
    static func written(_ p: UnsafeBufferPointer<UInt8>, _ found: [Int]) -> [UInt8] {
        let open = self.open, close = self.close
        let n = p.count
        var spans = 0
        for k in stride(from: 0, to: found.count - 2, by: 3) { spans += found[k + 1] == found[k + 2] ? 1 : 2 }
        let size = n + spans * (open.count + close.count)
        return [UInt8](unsafeUninitializedCapacity: size) { out, count in
            let out = out
            count = open.withUnsafeBufferPointer { open in
                close.withUnsafeBufferPointer { close in
                    found.withUnsafeBufferPointer { found in
                        var o = 0, copied = 0
                        for k in stride(from: 0, to: found.count - 2, by: 3) {
                            let i = found[k], first = found[k + 1], end = found[k + 2]
                            o = put(UnsafeBufferPointer(rebasing: p[copied..<i]), into: out, at: o)
                            o = put(open, into: out, at: o)
                            if first == end {
                                o = put(UnsafeBufferPointer(rebasing: p[i..<first]), into: out, at: o)
                            } else {
                                // A range may break after its dash and nowhere else: the first date
                                // keeps " –", the space after the dash is the line's one chance to break.
                                let second = first + rangeDash.count
                                o = put(UnsafeBufferPointer(rebasing: p[i..<(second - 1)]), into: out, at: o)
                                o = put(close, into: out, at: o)
                                o = put(UnsafeBufferPointer(rebasing: p[(second - 1)..<second]), into: out, at: o)
                                o = put(open, into: out, at: o)
                                o = put(UnsafeBufferPointer(rebasing: p[second..<end]), into: out, at: o)
                            }
                            o = put(close, into: out, at: o)
                            copied = end
                        }
                        return put(UnsafeBufferPointer(rebasing: p[copied..<n]), into: out, at: o)
                    }
                }
            }
        }
    }

    /// `from` copied into `out` at `o`, never past its end; the index after it. Most pieces are
    /// short (a date, the span's tags, the text between two dates): up to 32 bytes are moved
    /// eight or four at a time, the first and last moves overlapping, rather than through a
    /// call to `memmove`; longer runs go to `memmove` whole.
    @inline(__always)
    static func put(_ from: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, at o: Int) -> Int {
        let count = from.count
        guard let source = from.baseAddress, let target = out.baseAddress, count > 0 else { return o }
        precondition(o + count <= out.count)
        let s = UnsafeRawPointer(source), t = UnsafeMutableRawPointer(target + o)
        if count >= 8 && count <= 32 {
            var k = 0
            while k < count - 8 {
                t.storeBytes(of: s.loadUnaligned(fromByteOffset: k, as: UInt64.self), toByteOffset: k, as: UInt64.self)
                k += 8
            }
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 && count < 8 {
            t.storeBytes(of: s.loadUnaligned(as: UInt32.self), as: UInt32.self)
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
        } else if count < 4 {
            for k in 0..<count { target[o + k] = source[k] }
        } else {
            (target + o).update(from: source, count: count)
        }
        return o + count
    }

    /// `text` (page text between two tags, already escaped) with its dates wrapped, as `wrap`
    /// wraps them in a whole page: a date neither begins nor ends at a tag, so text cut at tags
    /// is wrapped the same alone.
    static func wrapText(_ text: [UInt8]) -> [UInt8] { wrap(text) }

    /// The index after the tag at `i` (`<…>`), or after the whole element when it is one whose
    /// content is skipped. Pages are mostly tags (a year's calendar alone has 1,100 cells, a
    /// month of points ten tags a row): this is written into the scan's loop, a tag's end looked
    /// for eight bytes at a time, and only a tag whose name begins as a skipped element's goes
    /// further (`skippedEnd`).
    @inline(__always)
    static func skipTag(_ p: UnsafeBufferPointer<UInt8>, at i: Int, kinds: UnsafeBufferPointer<UInt32>) -> Int {
        let n = p.count
        // Attribute values are escaped (`&gt;`), so the first ">" ends the tag.
        let tagEnd = tagEnd(p, from: i + 1)
        guard i < n - 2, startsLikeSkipped(p[i + 1], p[i + 2], kinds: kinds) else { return tagEnd }
        return skippedEnd(p, at: i, tagEnd: tagEnd)
    }

    /// After `skipTag`'s first look: the index after the element at `i` when it is one whose
    /// content is skipped (its closing tag found with `memchr`), else `tagEnd`.
    @inline(never)
    static func skippedEnd(_ p: UnsafeBufferPointer<UInt8>, at i: Int, tagEnd: Int) -> Int {
        let n = p.count
        let initial = lower(p[i + 1])
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

    /// The index after the first ">" at or after `from`, or the page's end. Eight bytes are
    /// compared at once: a byte equal to ">" is zero after the exclusive or, and
    /// `((x & 0x7F) + 0x7F) | x` has its top bit clear only for a zero byte, with no carry from
    /// one byte into the next.
    @inline(__always)
    static func tagEnd(_ p: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        let n = p.count
        var k = from
        if let base = p.baseAddress {
            let raw = UnsafeRawPointer(base)
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, high: UInt64 = 0x8080_8080_8080_8080
            while k <= n - 8 {
                let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) ^ 0x3E3E_3E3E_3E3E_3E3E
                let nonzero = (((x & low) + low) | x) & high
                if nonzero != high { return k + (nonzero ^ high).trailingZeroBitCount / 8 + 1 }
                k += 8
            }
        }
        while k < n {
            if p[k] == UInt8(ascii: ">") { return k + 1 }
            k += 1
        }
        return n
    }

    /// Whether two bytes, in either case, begin the name of one of `skipped` (head, script,
    /// style, svg, textarea, time, title); the tests hold this to the list.
    static func startsLikeSkipped(_ first: UInt8, _ second: UInt8) -> Bool {
        byteKinds.withUnsafeBufferPointer { startsLikeSkipped(first, second, kinds: $0) }
    }

    /// `startsLikeSkipped` from the table the scan holds: the bits of the first letter's kind,
    /// moved to those of a second letter, meet the second's.
    @inline(__always)
    static func startsLikeSkipped(_ first: UInt8, _ second: UInt8, kinds: UnsafeBufferPointer<UInt32>) -> Bool {
        (kinds[Int(first)] << 4) & kinds[Int(second)] & skippedSecondBits != 0
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

    /// `dateEnd` within the scan, for a byte of `kind` with `dateBit`, from the tables the scan
    /// holds. Most of what it is asked of is no date: a capital is looked at further only when
    /// it and the next two bytes are a month's short name, a digit only when its number (at
    /// most four digits) is followed by the first byte of 年 (0xE5), 月 or 日 (0xE6).
    @inline(__always)
    static func dateEnd(_ p: UnsafeBufferPointer<UInt8>, at i: Int, kind: UInt32, keys: UnsafeBufferPointer<UInt32>) -> Int? {
        let months = kind >> monthShift
        if months != 0 {
            guard let m = month(p, at: i, among: months, keys: keys) else { return nil }
            return englishEnd(p, at: i, month: m)
        }
        let n = p.count
        var j = i + 1
        while j < n && j < i + 5 && isDigit(p[j]) { j += 1 }
        guard j < i + 5, j < n, p[j] == 0xE5 || p[j] == 0xE6 else { return nil }
        return chineseEnd(p, at: i)
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
        // Most dates are followed by no space at all, and the dash begins with one.
        guard byte(html, at: end) == UInt8(ascii: " "), has(html, rangeDash, at: end), end + rangeDash.count < html.count else { return nil }
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
        return englishEnd(html, at: i, month: k)
    }

    /// `englishEnd` where month `k`'s short name is at `i`.
    static func englishEnd(_ html: UnsafeBufferPointer<UInt8>, at i: Int, month k: Int) -> Int? {
        let long = LocaleFormat.monthsLongUTF8[k]
        // Most dates are "Nov 29": the full name is compared only when its fourth letter follows
        // the short name, or when it is the short name ("May").
        if long.count == 3 || byte(html, at: i + 3) == long[3], has(html, long, at: i), byte(html, at: i + long.count) == UInt8(ascii: " ") {
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
        guard i < html.count else { return nil }
        let months = byteKinds[Int(html[i])] >> monthShift
        return shortMonthKeys.withUnsafeBufferPointer { month(html, at: i, among: months, keys: $0) }
    }

    /// The month among `months` (bits of `byteKinds`: those whose short name begins with the
    /// byte at `i`, at most three, most often one) whose short name is at `i`, or nil; `keys`
    /// is `shortMonthKeys`.
    @inline(__always)
    static func month(_ html: UnsafeBufferPointer<UInt8>, at i: Int, among months: UInt32, keys: UnsafeBufferPointer<UInt32>) -> Int? {
        guard i + 3 <= html.count else { return nil }
        let key = UInt32(html[i]) << 16 | UInt32(html[i + 1]) << 8 | UInt32(html[i + 2])
        var left = months
        while left != 0 {
            let m = left.trailingZeroBitCount
            if m < keys.count && keys[m] == key { return m }
            left &= left - 1
        }
        return nil
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
