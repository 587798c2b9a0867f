/// The export's point records newest first, as a view of the export's own array: an order of
/// indices (4 bytes a record) instead of a sorted copy of the records, which would retain and
/// later release every name in them. Records of the same moment keep their file order.
struct PointsNewestFirst: RandomAccessCollection, Sendable {
    let records: [PointRecord]
    private let order: [Int32]

    /// Orders `records` newest first by their moment in `zone`, records of one moment in file order.
    init(_ records: [PointRecord], zone: Zone) {
        self.records = records
        // Oldest first, by time and then place in the file: the order exports list records in,
        // which one check finds. Otherwise (a file nearly in order, or newest first) a sort of
        // (time, place) pairs, which costs little on runs already in order.
        var ascending = records.indices.map { TimedIndex(key: records[$0].date.sortKey(in: zone), index: Int32(truncatingIfNeeded: $0)) }
        if !zip(ascending, ascending.dropFirst()).allSatisfy({ $0.key <= $1.key }) { ascending.sort() }
        // Then read backwards one run of equal times at a time, each run in file order.
        var order: [Int32] = []
        order.reserveCapacity(ascending.count)
        var end = ascending.count
        while end > 0 {
            var start = end - 1
            while start > 0 && ascending[start - 1].key == ascending[end - 1].key { start -= 1 }
            for k in start..<end { order.append(ascending[k].index) }
            end = start
        }
        self.order = order
    }

    /// A record's moment and place in the file, in that order.
    private struct TimedIndex: Comparable {
        let key: Int64
        let index: Int32

        static func < (a: TimedIndex, b: TimedIndex) -> Bool { a.key != b.key ? a.key < b.key : a.index < b.index }
    }

    private init(records: [PointRecord], order: [Int32]) {
        self.records = records
        self.order = order
    }

    /// The same order without its first `n` records (those after the moment a site shows).
    func droppingFirst(_ n: Int) -> PointsNewestFirst {
        n <= 0 ? self : PointsNewestFirst(records: records, order: Array(order.dropFirst(n)))
    }

    var startIndex: Int { 0 }
    var endIndex: Int { order.count }
    subscript(position: Int) -> PointRecord { records[Int(order[position])] }
}
