/// The escaped `<title>`s of a calendar's cells, end to end in one buffer: a calendar names up
/// to 371 days, and one buffer with its list of ends costs two allocations where an array per
/// title cost one each.
struct CellTitles {
    /// Every title's bytes, one after the other.
    let bytes: [UInt8]
    private let ends: [Int]

    /// `count` titles, the `i`th appended, already escaped, by `write(i, &buffer)` (titles of
    /// about 40 bytes each: "Nov 29, 2026: 5.2 km (met)" is 26).
    init(count: Int, _ write: (Int, inout ByteBuffer) -> Void) {
        var buffer = ByteBuffer(capacity: count * 40)
        var ends: [Int] = []
        ends.reserveCapacity(count)
        for i in 0..<count {
            write(i, &buffer)
            ends.append(buffer.count)
        }
        bytes = buffer.finish()
        self.ends = ends
    }

    /// How many titles there are.
    var count: Int { ends.count }

    /// The bytes of a title on average, rounded up (room to make for a drawing of them).
    var averageCount: Int { ends.isEmpty ? 0 : bytes.count / ends.count + 1 }

    /// Where the `i`th title lies in `bytes`.
    func range(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : ends[i - 1])..<ends[i]
    }

    /// The `i`th title's bytes.
    subscript(i: Int) -> ArraySlice<UInt8> { bytes[range(i)] }
}
