import Foundation

/// Small helpers for writing SVG by hand: coordinates without floating-point noise and
/// escaped text.
public enum SVG {
    /// At most two decimals, trailing zeros dropped: 12.5, 3, -0.25 (never "-0").
    public static func number(_ value: Double) -> String {
        decimal(scaledNumber(value), places: 2)
    }

    /// `number(value)` appended as UTF-8, written in place.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        appendDecimal(scaledNumber(value), places: 2, to: &out)
    }

    /// `number(value)` appended as UTF-8, written in place.
    static func appendNumber(_ value: Double, to out: inout ByteBuffer) {
        appendDecimal(scaledNumber(value), places: 2, to: &out)
    }

    /// `value` in hundredths, rounded; 0 when not finite, clamped so that no value can overflow
    /// Int64 (which would trap).
    @inline(__always)
    private static func scaledNumber(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64((min(max(value, -1e15), 1e15) * 100).rounded(.toNearestOrAwayFromZero))
    }

    /// `scaled / 10^places` written with as few decimals as it needs ("12", "12.5", "-0.05"),
    /// as bytes (charts write thousands of coordinates). `places` is 1 or 2.
    static func decimal(_ scaled: Int64, places: Int) -> String {
        let digits = Digits(scaled, places: places)
        return String(unsafeUninitializedCapacity: digits.count) { b in
            digits.write(into: b)
            return digits.count
        }
    }

    /// `decimal(scaled, places:)` appended as UTF-8, written in place.
    static func appendDecimal(_ scaled: Int64, places: Int, to out: inout [UInt8]) {
        let digits = Digits(scaled, places: places)
        // Written on the stack and copied in one go: appending placeholder bytes first takes
        // the generic path of `append(contentsOf:)`, slower than the digits themselves.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: digits.count) { buffer in
            digits.write(into: buffer)
            out.append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }

    /// `decimal(scaled, places:)` appended as UTF-8, written straight into the buffer: the whole
    /// part's digits two at a time from a table, backwards from its end (a chart writes
    /// thousands of coordinates, nearly all under a million).
    static func appendDecimal(_ scaled: Int64, places: Int, to out: inout ByteBuffer) {
        let magnitude = scaled.magnitude
        // Each divisor written out, so that every division is by a constant (a multiplication)
        // rather than the processor's division, slow beside the rest of a number's writing.
        var whole: UInt64, fraction: UInt64, fractionDigits: Int
        if places == 1 {
            whole = magnitude / 10
            fraction = magnitude % 10
            fractionDigits = fraction == 0 ? 0 : 1
        } else {
            whole = magnitude / 100
            fraction = magnitude % 100
            fractionDigits = fraction == 0 ? 0 : 2
            if fractionDigits == 2 && fraction % 10 == 0 {
                fraction /= 10
                fractionDigits = 1
            }
        }
        // At most a sign, 19 digits, a point and two decimals.
        let room = out.room(24)
        do {
            var i = 0
            if scaled < 0 {
                room[0] = UInt8(ascii: "-")
                i = 1
            }
            var length = 1
            var rest = whole
            while rest >= 10 {
                rest /= 10
                length += 1
            }
            var k = i + length
            SVG.pairs.withUnsafeBufferPointer { pairs in
                while whole >= 100 {
                    let pair = Int(whole % 100) * 2
                    whole /= 100
                    room[k - 1] = pairs[pair + 1]
                    room[k - 2] = pairs[pair]
                    k -= 2
                }
                if whole >= 10 {
                    room[k - 1] = pairs[Int(whole) * 2 + 1]
                    room[k - 2] = pairs[Int(whole) * 2]
                } else {
                    room[k - 1] = UInt8(48 + whole)
                }
            }
            i += length
            if fractionDigits > 0 {
                room[i] = UInt8(ascii: ".")
                if fractionDigits == 2 {
                    room[i + 1] = UInt8(48 + fraction / 10)
                    room[i + 2] = UInt8(48 + fraction % 10)
                } else {
                    room[i + 1] = UInt8(48 + fraction)
                }
                i += 1 + fractionDigits
            }
            out.advance(by: i)
        }
    }

    /// "00" to "99", each two bytes.
    static let pairs: [UInt8] = (0..<100).flatMap { (n: Int) -> [UInt8] in [UInt8(48 + n / 10), UInt8(48 + n % 10)] }

    /// A decimal's parts: its whole part, its fraction without trailing zeros, and how many
    /// bytes it takes.
    private struct Digits {
        let negative: Bool, whole: UInt64, fraction: UInt64, fractionDigits: Int, count: Int

        init(_ scaled: Int64, places: Int) {
            let divisor: UInt64 = places == 1 ? 10 : 100
            let magnitude = scaled.magnitude
            var fraction = magnitude % divisor, fractionDigits = fraction == 0 ? 0 : places
            while fractionDigits > 0 && fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
            negative = scaled < 0
            whole = magnitude / divisor
            self.fraction = fraction
            self.fractionDigits = fractionDigits
            count = (negative ? 1 : 0) + decimalDigitCount(whole) + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        }

        /// Writes the `count` bytes into `b`, which holds exactly that many.
        func write(into b: UnsafeMutableBufferPointer<UInt8>) {
            var i = count - 1, fraction = fraction, whole = whole
            for _ in 0..<fractionDigits {
                b[i] = UInt8(48 + fraction % 10)
                fraction /= 10
                i -= 1
            }
            if fractionDigits > 0 {
                b[i] = UInt8(ascii: ".")
                i -= 1
            }
            repeat {
                b[i] = UInt8(48 + whole % 10)
                whole /= 10
                i -= 1
            } while whole > 0
            if negative { b[0] = UInt8(ascii: "-") }
        }
    }

    /// Text escaped for SVG content and attributes.
    public static func text(_ s: String) -> String { HTMLEscape.escape(s) }

    /// The opening of an accessible chart: `role="img"` labelled by its `<title>` and `<desc>`.
    static func open(id: String, width: Double, height: Double, className: String, title: String, desc: String) -> String {
        var writer = SVGWriter(capacity: 256)
        writer.open(id: id, width: width, height: height, kind: "", className: className, title: title, desc: desc)
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    /// A series colour as a `style` attribute (with its leading space) setting `--series` and
    /// `--series-fg`, the text colour that reads best on it (black or white, by WCAG contrast);
    /// empty for nil, so the stylesheet's default applies. `Color` only ever writes `#rrggbb`.
    static func seriesStyle(_ color: Color?) -> String {
        guard let color else { return "" }
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        // Contrast with black (L + 0.05) / 0.05 beats contrast with white 1.05 / (L + 0.05) when (L + 0.05)² > 0.0525.
        let fg = (luminance + 0.05) * (luminance + 0.05) > 0.0525 ? "#000000" : "#ffffff"
        return " style=\"--series: \(color.description); --series-fg: \(fg)\""
    }
}
