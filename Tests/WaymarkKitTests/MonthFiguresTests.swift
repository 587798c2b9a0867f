import Testing
@testable import WaymarkKit

/// Archives: the figures of a month page.
struct MonthFiguresTests {
    static func at(_ date: LocalDate, hour: Int) -> Moment { .instant(Int64(date.dayNumber) * 86_400 + Int64(hour) * 3_600) }
    static let feb = LocalDate(year: 2026, month: 2, day: 1) ?? LocalDate(dayNumber: 0)

    @Test func daysAndHabitsAreSummed() {
        let d = Self.feb
        let records = [
            PointRecord(point: 2, type: "tag", name: "Run", date: Self.at(d, hour: 7)),
            PointRecord(point: 2, type: "tag", name: "Run", date: Self.at(d.adding(days: 1), hour: 7)),
            PointRecord(point: 5, type: "tag", name: "Read", date: .day(d.adding(days: 1))),
            PointRecord(point: -3, type: "shop", name: "Tea", date: Self.at(d.adding(days: 1), hour: 15)),
            PointRecord(point: 10, type: "game", name: "Quiz", date: Self.at(d.adding(days: 27), hour: 12)),
            // Outside February: left out.
            PointRecord(point: 7, type: "tag", name: "Run", date: Self.at(d.adding(days: 28), hour: 7)),
        ]
        let f = MonthFigures(first: d.adding(days: 9), records: records, zone: .utc)
        #expect(f.first == d)
        #expect(f.earned.count == 28 && f.earned[0] == 2 && f.earned[1] == 7 && f.earned[27] == 10)
        #expect(f.spent[1] == 3 && f.spent.reduce(0, +) == 3)
        #expect(f.records[1] == 3 && f.records.reduce(0, +) == 5)
        // Read: 5 points once; Run: 4 points twice (the March check is not February's).
        #expect(f.habits == [MonthFigures.HabitTotal(name: "Read", times: 1, points: 5), MonthFigures.HabitTotal(name: "Run", times: 2, points: 4)])
    }

    @Test func weeksStartOnMonday() {
        // 2026-02-01 is a Sunday: the first week holds six empty days, then day 1. 28 days from
        // Sunday fill 5 rows (1 + 7 × 3 + 6, the last ending Saturday the 28th).
        let f = MonthFigures(first: Self.feb, records: [PointRecord](), zone: .utc)
        let weeks = f.weeks
        #expect(weeks.count == 5)
        #expect(weeks[0] == [nil, nil, nil, nil, nil, nil, 0])
        #expect(weeks[4] == [22, 23, 24, 25, 26, 27, nil])
        // June 2026 starts on a Monday and has 30 days: 5 rows, the last with Mon 29 and Tue 30.
        let june = MonthFigures(first: LocalDate(year: 2026, month: 6, day: 1) ?? Self.feb, records: [PointRecord](), zone: .utc).weeks
        #expect(june.count == 5 && june[0][0] == 0 && june[4] == [28, 29, nil, nil, nil, nil, nil])
    }

    @Test func hugePointsSaturate() {
        let d = Self.feb
        let f = MonthFigures(first: d, records: [PointRecord(point: .max, type: "tag", name: "X", date: .day(d)),
                                                 PointRecord(point: .max, type: "tag", name: "X", date: .day(d)),
                                                 PointRecord(point: .min, type: "shop", name: "Y", date: .day(d))], zone: .utc)
        #expect(f.earned[0] == .max && f.spent[0] == .max && f.habits.first?.points == .max)
    }
}
