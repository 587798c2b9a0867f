/// The escaped `<title>`s of a calendar's cells, end to end in one buffer: a year's page names
/// 371 days, and one buffer with its ends costs one allocation where an array per title cost one each.
struct CellTitles {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity * 40)
        ends.reserveCapacity(capacity)
    }

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
