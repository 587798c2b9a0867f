/// The export's point records newest first, as a view of the export's own array: an order of
/// indices (4 bytes a record) instead of a sorted copy of the records, which would retain and
/// later release every name in them. Records of the same moment keep their file order.
struct PointsNewestFirst: RandomAccessCollection, Sendable {
    let records: [PointRecord]
    private let order: [Int32]

    /// Orders `records` newest first by their moment in `zone`.
    init(_ records: [PointRecord], zone: Zone) {
        self.records = records
        let keys = records.map { $0.date.sortKey(in: zone) }
        // Exports list records oldest first: then the order is the file's, read backwards one run
        // of equal times at a time.
        if zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 }) {
            var order: [Int32] = []
            order.reserveCapacity(keys.count)
            var end = keys.count
            while end > 0 {
                var start = end - 1
                while start > 0 && keys[start - 1] == keys[end - 1] { start -= 1 }
                order.append(contentsOf: (start..<end).lazy.map { Int32(truncatingIfNeeded: $0) })
                end = start
            }
            self.order = order
        } else {
            order = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] > keys[$1] : $0 < $1 }.map { Int32(truncatingIfNeeded: $0) }
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { order.count }
    subscript(position: Int) -> PointRecord { records[Int(order[position])] }
}
