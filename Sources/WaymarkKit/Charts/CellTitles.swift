/// The escaped `<title>`s of a calendar's cells, end to end in one buffer: a calendar names up
/// to 371 days, and one buffer with its list of ends costs two allocations where an array per
/// title cost one each.
struct CellTitles {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    /// Room for `titles` titles, of about 40 bytes each ("Nov 29, 2026: 5.2 km (met)" is 26).
    init(capacity titles: Int = 0) {
        bytes.reserveCapacity(titles * 40)
        ends.reserveCapacity(titles)
    }

    /// How many titles there are.
    var count: Int { ends.count }

    /// The `i`th title's bytes.
    subscript(i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
    }

    /// Adds a title: `write` appends its bytes, already escaped, to the buffer it is given.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
        ends.append(bytes.count)
    }
}
