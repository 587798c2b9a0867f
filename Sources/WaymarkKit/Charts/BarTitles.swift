/// The `<title>`s of a chart's bars, escaped as `SVG.text` escapes them and kept end to end as
/// UTF-8, so that bars drawn twice (a habit's history, wide and narrow) are escaped once and each
/// drawing copies the bytes: a decade's habit pages draw about 22,000 history bars in each width.
struct BarTitles: Sendable, Equatable {
    /// The escaped titles end to end, title `i` ending at `ends[i]`.
    let bytes: [UInt8]
    let ends: [Int]

    /// How many titles there are.
    var count: Int { ends.count }

    /// Where title `i` lies in `bytes` (empty for a bar without one).
    func range(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : ends[i - 1])..<ends[i]
    }

    /// Title `i` as text (escaped), for tests and messages.
    func text(_ i: Int) -> String {
        String(decoding: bytes[range(i)], as: UTF8.self)
    }

    /// Titles escaped into one buffer, one at a time.
    struct Builder: ~Copyable {
        private var buffer: ByteBuffer
        private var ends: [Int] = []

        init(count: Int) {
            buffer = ByteBuffer(capacity: count * 48)
            ends.reserveCapacity(count)
        }

        /// The next bar's title: `raw` (UTF-8 text, not yet escaped), escaped as a whole, as
        /// `SVG.text` escapes it (text holding a direction control is isolated as one).
        mutating func append(escaping raw: UnsafeBufferPointer<UInt8>) {
            HTMLEscape.append(raw, to: &buffer)
            ends.append(buffer.count)
        }

        /// The titles written.
        consuming func finish() -> BarTitles {
            BarTitles(bytes: buffer.bytes, ends: ends)
        }
    }
}
