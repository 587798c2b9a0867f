import Testing
@testable import WaymarkKit

struct PointsBalanceTests {
    let utc = Zone.utc
    let shanghai = Zone(identifier: "Asia/Shanghai")!

    func at(_ text: String, _ zone: Zone = .utc) -> Moment { DateTimeText.parse(text)!.moment(in: zone) }
    func instant(_ text: String) -> Int64 {
        guard case .instant(let s) = at(text) else { return 0 }
        return s
    }
    func d(_ text: String) -> LocalDate { if case .day(let d)? = DateTimeText.parse(text) { return d }; return LocalDate(dayNumber: 0) }
    func record(_ point: Int, _ type: String?, _ name: String?, _ text: String) -> PointRecord {
        PointRecord(point: point, type: type, name: name, date: at(text))
    }

    @Test func noRecords() {
        let b = PointsBalance(points: [], now: instant("2026-03-10T12:00:00Z"), zone: utc)
        #expect(b.earned == 0 && b.spent == 0 && b.balance == 0 && b.spendings.isEmpty && b.items.isEmpty && b.futureRecords == 0)
    }

    /// Earned 2 + 5 + 3 = 10 (the +100 after now is left out, and so is the −50), spent
    /// 5 + 10 + 3 = 18: the balance is −8. Tea twice (5 + 3 = 8, last 2026-02-14), Movie once (10).
    @Test func balanceSpendingsAndItems() {
        let points = [
            record(2, "tag", "Run", "2025-01-01T08:00:00"), record(-5, "shop", "Tea", "2025-01-03T09:00:00"),
            record(5, "game", "Quiz", "2025-03-05T09:00:00"), record(-10, "shop", "Movie", "2025-07-01T09:00:00"),
            record(0, "tag", "Run", "2025-08-01T09:00:00"), record(3, "target", "T", "2025-11-15T23:00:00"),
            record(-3, "shop", "Tea", "2026-02-14T12:00:00"), record(100, "tag", "Run", "2026-03-10T20:00:00"),
            record(-50, "shop", "Tea", "2026-03-11"),
        ]
        let b = PointsBalance(points: points, now: instant("2026-03-10T12:00:00Z"), zone: utc)
        #expect(b.earned == 10 && b.spent == 18 && b.balance == -8 && b.futureRecords == 2)
        #expect(b.spendings.map(\.points) == [3, 10, 5])
        #expect(b.spendings.map(\.name) == ["Tea", "Movie", "Tea"] && b.spendings.allSatisfy { $0.type == "shop" })
        #expect(b.spendings.map(\.day) == [d("2026-02-14"), d("2025-07-01"), d("2025-01-03")])
        #expect(b.items == [
            SpendingItem(type: "shop", name: "Movie", times: 1, spent: 10, last: d("2025-07-01")),
            SpendingItem(type: "shop", name: "Tea", times: 2, spent: 8, last: d("2026-02-14")),
        ])
        // The same as all-time earned and spent from DailyPoints.
        let daily = DailyPoints(points: points, now: instant("2026-03-10T12:00:00Z"), zone: utc)
        #expect(daily.earned.reduce(0, +) == b.earned && daily.spent.reduce(0, +) == b.spent)
    }

    /// Items tie on points: by name, nil before ""; then by type. Records at the same moment: the
    /// later one in the file first. A whole-day record sorts at the day's start.
    @Test func ordering() {
        let points = [
            record(-4, "shop", "B", "2026-01-01T10:00:00"), record(-4, "shop", "A", "2026-01-01T10:00:00"),
            record(-4, "game", "A", "2026-01-02"), record(-4, nil, nil, "2026-01-02T00:00:01"), record(-4, "shop", "", "2026-01-01T09:00:00"),
        ]
        let b = PointsBalance(points: points, now: instant("2026-03-10T12:00:00Z"), zone: utc)
        // Newest first: 01-02 00:00:01, 01-02 (00:00), 01-01 10:00 (A, then B: A is later in the file), 01-01 09:00.
        #expect(b.spendings.map(\.name) == [nil, "A", "A", "B", ""])
        #expect(b.spendings.map(\.type) == [nil, "game", "shop", "shop", "shop"])
        #expect(b.items.map(\.name) == [nil, "", "A", "A", "B"] && b.items.map(\.type) == [nil, "shop", "game", "shop", "shop"])
        #expect(b.items.allSatisfy { $0.spent == 4 && $0.times == 1 })
    }

    /// The day of a spending is read in the report zone: 20:00Z on New Year's Eve is New Year's
    /// Day in Shanghai.
    @Test func dayInTheReportZone() {
        let points = [PointRecord(point: -2, type: "shop", name: "Tea", date: at("2025-12-31T20:00:00Z"))]
        let now = instant("2026-03-10T12:00:00Z")
        #expect(PointsBalance(points: points, now: now, zone: utc).items.first?.last == d("2025-12-31"))
        #expect(PointsBalance(points: points, now: now, zone: shanghai).spendings.first?.day == d("2026-01-01"))
    }

    /// Int.min cannot be negated: it counts as Int.max spent, and sums stop at the limits.
    @Test func extremePointsDoNotTrap() {
        let points = [record(5, "tag", "Run", "2026-01-01T08:00:00"), record(Int.min, "shop", "X", "2026-01-02T08:00:00"),
                      record(-1, "shop", "X", "2026-01-03T08:00:00"), record(Int.max, "game", "Y", "2026-01-04T08:00:00")]
        let b = PointsBalance(points: points, now: instant("2026-03-10T12:00:00Z"), zone: utc)
        #expect(b.earned == Int.max && b.spent == Int.max && b.balance == 0)
        #expect(b.items == [SpendingItem(type: "shop", name: "X", times: 2, spent: Int.max, last: d("2026-01-03"))])
        let c = PointsBalance(points: Array(points.prefix(2)), now: instant("2026-03-10T12:00:00Z"), zone: utc)
        // 5 − (2^63 − 1) fits.
        #expect(c.balance == 5 - Int.max)
    }

    /// The ten-year sample: the balance is what DailyPoints earned minus spent, every spending is
    /// one negative record, and the items add up.
    @Test func sampleExport() {
        let sample = SampleExport(years: 10, tags: 6, seed: 5)
        var files: [String: [UInt8]] = [:]
        for f in sample.files() { files[f.path] = f.bytes }
        let export = ExportReader(fileSystem: .inMemory(root: "/s", files: files)).read(directory: "/s").export
        let now = shanghai.instant(of: LocalDateTime(secondsAsUTC: Int64(sample.end.dayNumber) * 86_400 + 72_000))
        let b = PointsBalance(points: export.points, now: now, zone: shanghai)
        let daily = DailyPoints(points: export.points, now: now, zone: shanghai)
        #expect(b.earned == daily.earned.reduce(0, +) && b.spent == daily.spent.reduce(0, +) && b.spent > 0)
        #expect(b.balance == b.earned - b.spent)
        #expect(b.spendings.count == export.points.filter { $0.point < 0 }.count)
        // The sample spends only on its one reward.
        #expect(b.items.count == 1 && b.items.first?.name == "奖励 Reward" && b.items.first?.type == "shop")
        #expect(b.items.first?.times == b.spendings.count && b.items.first?.spent == b.spent)
        #expect(b.items.first?.last == b.spendings.first?.day)
        let keys = b.spendings.map { $0.date.sortKey(in: shanghai) }
        #expect(keys == keys.sorted(by: >))
    }
}
