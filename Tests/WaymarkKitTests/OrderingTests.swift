import Testing
@testable import WaymarkKit

struct OrderingTests {
    /// Newest first, records of the same moment in file order; whole days sort at local midnight.
    /// Checked against a plain stable sort for files in order, reversed and shuffled.
    @Test func sortedPointsNewestFirst() throws {
        let zone = try #require(Zone(identifier: "Asia/Shanghai"))
        var records: [PointRecord] = []
        let day = try #require(LocalDate(year: 2026, month: 11, day: 28))
        let midnight = zone.startOfDay(day)
        for (i, offset) in [0, 0, 60, 60, 60, 3_600, 86_400, 86_400].enumerated() {
            records.append(PointRecord(point: i, name: "r\(i)", date: .instant(midnight + Int64(offset))))
        }
        records.insert(PointRecord(point: 100, name: "whole day", date: .day(day)), at: 2)  // sorts with midnight
        func expected(_ points: [PointRecord]) -> [String] {
            points.enumerated().map { (key: $0.element.date.sortKey(in: zone), index: $0.offset, name: $0.element.name ?? "") }
                .sorted { $0.key != $1.key ? $0.key > $1.key : $0.index < $1.index }.map(\.name)
        }
        var random = SampleRandom(seed: 9)
        var shuffled = records
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, random.int(i + 1)) }
        for input in [records, Array(records.reversed()), shuffled] {
            var export = Export()
            export.points = input
            #expect(PointsNewestFirst(export.points, zone: zone).map { $0.name ?? "" } == expected(input))
        }
        var export = Export()
        export.points = records
        #expect(PointsNewestFirst(export.points, zone: zone).map { $0.name ?? "" }
                == ["r6", "r7", "r5", "r2", "r3", "r4", "r0", "r1", "whole day"])
    }

    /// Files of thousands of records nearly in order (a few out of place, many sharing a
    /// minute, whole days among them), newest first, and shuffled, against the plain stable sort.
    @Test func largeFilesNearlyInOrderSortAsAPlainStableSort() throws {
        let zone = try #require(Zone(identifier: "Europe/London"))
        var random = SampleRandom(seed: 21)
        var records: [PointRecord] = []
        var time: Int64 = 1_700_000_000
        for i in 0..<6_000 {
            time += Int64(random.int(3)) * 60  // a third of the records share the minute before
            let date: Moment = i % 97 == 0 ? .day(LocalDate(dayNumber: Int(time / 86_400))) : .instant(time)
            records.append(PointRecord(point: i, name: "r\(i)", date: date))
        }
        var nearly = records
        for _ in 0..<40 { nearly.swapAt(random.int(nearly.count), random.int(nearly.count)) }
        var shuffled = records
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, random.int(i + 1)) }
        for input in [records, nearly, Array(records.reversed()), shuffled] {
            let expected = input.enumerated().map { (key: $0.element.date.sortKey(in: zone), index: $0.offset, point: $0.element.point) }
                .sorted { $0.key != $1.key ? $0.key > $1.key : $0.index < $1.index }.map(\.point)
            #expect(PointsNewestFirst(input, zone: zone).map(\.point) == expected)
        }
    }
}
