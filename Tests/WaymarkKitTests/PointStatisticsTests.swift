import Testing
@testable import WaymarkKit

struct PointStatisticsTests {
    let utc = Zone.utc
    let shanghai = Zone(identifier: "Asia/Shanghai")!
    let newYork = Zone(identifier: "America/New_York")!

    /// A moment from export text, wall times read in `zone`.
    func at(_ text: String, _ zone: Zone) -> Moment { DateTimeText.parse(text)!.moment(in: zone) }
    func instant(_ text: String, _ zone: Zone) -> Int64 {
        guard case .instant(let s) = at(text, zone) else { return 0 }
        return s
    }
    func record(_ point: Int, _ text: String, _ zone: Zone, tag: String? = nil) -> PointRecord {
        PointRecord(point: point, type: tag == nil ? "game" : "tag", name: tag, date: at(text, zone))
    }
    func d(_ text: String) -> LocalDate { if case .day(let d)? = DateTimeText.parse(text) { return d }; return LocalDate(dayNumber: 0) }

    @Test func noData() {
        let s = PointStatistics(export: Export(), now: instant("2026-11-29T12:00:00Z", utc), zone: utc)
        #expect(s.streak == 0)
        for p in s.periods {
            #expect(p.total == 0 && p.spent == 0 && p.average == 0 && p.bestStreak == 0 && p.completedTargets == 0)
            #expect(p.progressPercent == nil && p.completionRate == nil)
            #expect(p.progress == (p.period == .all ? nil : 0))
        }
        #expect(s.period(.all).start == d("2026-11-29") && s.period(.all).days == 1)
        #expect(s.period(.week).start == d("2026-11-23") && s.period(.week).days == 7)
        #expect(s.period(.month).start == d("2026-10-31"))
        #expect(s.period(.year).start == d("2025-11-30"))
    }

    /// A habit without checks (HabitBull's H2, whose only row is out of range) beside records a
    /// month old: its window figures are zero instead of a range that starts past its end.
    @Test func habitNeverDone() {
        let export = Export(points: [record(1, "2026-10-01T08:00:00", utc, tag: "Run")],
                            tags: [Tag(name: "Run"), Tag(name: "Never")])
        let s = PointStatistics(export: export, now: instant("2026-11-29T12:00:00Z", utc), zone: utc)
        #expect(s.tags(in: .week).map(\.completions) == [0, 0])
        #expect(s.tags(in: .all).map(\.completions) == [1, 0])
        #expect(s.tags.last?.lastDone == nil && s.tags.last?.streak == 0)
    }

    @Test func oneRecord() {
        let s = PointStatistics(export: Export(points: [record(5, "2026-11-29T08:00:00Z", utc)]),
                                now: instant("2026-11-29T12:00:00Z", utc), zone: utc)
        let day = s.period(.day), week = s.period(.week), all = s.period(.all)
        #expect(day.total == 5 && day.progress == 5 && day.progressPercent == nil && day.average == 5)
        #expect(week.average == 5.0 / 7 && s.period(.month).average == 5.0 / 30)
        #expect(all.start == d("2026-11-29") && all.days == 1 && all.average == 5 && all.progress == nil)
        #expect(s.streak == 1 && day.bestStreak == 1)
    }

    @Test func midnightBoundaries() {
        // 23:59:59 belongs to the 28th, 00:00:00 to the 29th (Shanghai wall times).
        let s = PointStatistics(export: Export(points: [record(2, "2026-11-28T23:59:59", shanghai), record(3, "2026-11-29T00:00:00", shanghai)]),
                                now: instant("2026-11-29T20:00:00", shanghai), zone: shanghai)
        #expect(s.period(.day).total == 3)
        #expect(s.period(.day).progress == 1)
        #expect(s.period(.day).progressPercent == 50)
        #expect(s.period(.week).total == 5)
        #expect(s.period(.week).progress == 5 && s.period(.week).progressPercent == nil)
        #expect(s.streak == 2)
        #expect(s.period(.all).start == d("2026-11-28") && s.period(.all).days == 2 && s.period(.all).average == 2.5)
    }

    @Test func offsetOrNotAndTwoZones() {
        // A: 01:00 Shanghai wall time = 2026-11-28T17:00Z. B: 01:00Z = 09:00 in Shanghai on the 29th.
        let a = record(4, "2026-11-29T01:00:00", shanghai), b = record(6, "2026-11-29T01:00:00Z", shanghai)
        let export = Export(points: [a, b])
        let now = instant("2026-11-29T12:00:00Z", utc)
        let inShanghai = PointStatistics(export: export, now: now, zone: shanghai)
        #expect(inShanghai.period(.day).total == 10)
        let inUTC = PointStatistics(export: export, now: now, zone: utc)
        #expect(inUTC.period(.day).total == 6)
        #expect(inUTC.period(.day).progress == 2 && inUTC.period(.day).progressPercent == 50)
        #expect(inUTC.daily.earned(on: d("2026-11-28")) == 4)
    }

    @Test func streakAliveUntilTheDayIsOver() {
        let now = instant("2026-11-29T10:00:00Z", utc)
        let alive = PointStatistics(export: Export(points: ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"].map { record(1, $0 + "T09:00:00Z", utc) }),
                                    now: now, zone: utc)
        #expect(alive.streak == 4)
        let broken = PointStatistics(export: Export(points: ["2026-11-25", "2026-11-26", "2026-11-27"].map { record(1, $0 + "T09:00:00Z", utc) }),
                                     now: now, zone: utc)
        #expect(broken.streak == 0)
        #expect(broken.period(.week).bestStreak == 3)
        #expect(broken.period(.day).bestStreak == 0)
        // A run that started before the window is clipped to it.
        let long = PointStatistics(export: Export(points: (0..<10).map { record(1, "2026-11-\(19 + $0)T09:00:00Z", utc) }),
                                   now: now, zone: utc)
        #expect(long.streak == 10)  // 11-19 … 11-28, today not yet scored
        #expect(long.period(.week).bestStreak == 6)  // 11-23 … 11-28
    }

    @Test func negativePoints() {
        let s = PointStatistics(export: Export(points: [record(10, "2026-11-29T08:00:00Z", utc), record(-4, "2026-11-29T09:00:00Z", utc),
                                                        record(-5, "2026-11-28T09:00:00Z", utc)]),
                                now: instant("2026-11-29T12:00:00Z", utc), zone: utc)
        #expect(s.period(.day).total == 10 && s.period(.day).spent == 4)
        #expect(s.period(.week).spent == 9)
        #expect(s.streak == 1)  // a day with only spending is not a scoring day
        #expect(s.period(.all).start == d("2026-11-28"))  // but it is a record: the window starts there
        #expect(s.period(.all).average == 5)
    }

    @Test func targetsDoneWithoutCompleteTime() {
        let targets = [
            Target(name: "A", deadline: at("2026-11-20T18:00:00Z", utc), done: true),
            Target(name: "B", deadline: at("2026-11-27T12:00:00Z", utc), done: false),
            Target(name: "C", deadline: at("2026-12-05T12:00:00Z", utc), done: true, completed: at("2026-11-29T08:00:00Z", utc)),
            Target(name: "D", done: true),
        ]
        let s = PointStatistics(export: Export(targets: targets), now: instant("2026-11-29T12:00:00Z", utc), zone: utc)
        #expect(s.period(.day).completedTargets == 1)  // C
        #expect(s.period(.week).completedTargets == 1)
        #expect(s.period(.month).completedTargets == 2)  // A (at its deadline) and C
        // C, done before its deadline, is due (and done) on the day it was done.
        #expect(s.period(.day).completionRate == 100 && s.period(.day).targetsDue == 1)  // C
        #expect(s.period(.week).completionRate == 50)  // B due 27th, open; C done
        #expect(s.period(.month).targetsDue == 3 && s.period(.month).targetsDueDone == 2)  // A done, B open, C done
    }

    @Test func aTargetIsDueOnlyOnceItsDeadlinesDayIsOver() {
        // Due 21:30 today in Shanghai. At 20:00 it is not missed yet: nothing is due today.
        let open = [Target(name: "Call", deadline: at("2026-11-29T21:30:00", shanghai))]
        let early = PointStatistics(export: Export(targets: open), now: instant("2026-11-29T20:00:00", shanghai), zone: shanghai)
        #expect(early.period(.day).completionRate == nil && early.period(.day).targetsDue == 0)
        // Nor at 22:00: done at 23:00 it would still be on time (days are compared), so it is
        // missed only when its day is over.
        let late = PointStatistics(export: Export(targets: open), now: instant("2026-11-29T22:00:00", shanghai), zone: shanghai)
        #expect(late.period(.day).completionRate == nil && late.period(.day).targetsDue == 0)
        // The next morning it is: due yesterday, 0 of 1 done in the week.
        let next = PointStatistics(export: Export(targets: open), now: instant("2026-11-30T08:00:00", shanghai), zone: shanghai)
        #expect(next.period(.week).targetsDue == 1 && next.period(.week).completionRate == 0 && next.period(.day).targetsDue == 0)
        // Done before its deadline it counts at once: 1 of 1, 100 %.
        let done = [Target(name: "Call", deadline: at("2026-11-29T21:30:00", shanghai), done: true, completed: at("2026-11-29T19:00:00", shanghai))]
        let early2 = PointStatistics(export: Export(targets: done), now: instant("2026-11-29T20:00:00", shanghai), zone: shanghai)
        #expect(early2.period(.day).completionRate == 100 && early2.period(.day).targetsDueDone == 1)
        // A whole-day deadline passes when its day is over: today's is not due, yesterday's is.
        let days = [Target(name: "Today", deadline: at("2026-11-29", shanghai)), Target(name: "Yesterday", deadline: at("2026-11-28", shanghai)),
                    Target(name: "Done", deadline: at("2026-11-28", shanghai), done: true)]
        let s = PointStatistics(export: Export(targets: days), now: instant("2026-11-29T23:59:00", shanghai), zone: shanghai)
        #expect(s.period(.day).targetsDue == 0 && s.period(.day).completionRate == nil)
        #expect(s.period(.week).targetsDue == 2 && s.period(.week).completionRate == 50)  // Yesterday open, Done done
    }

    @Test func windowsAcrossDaylightSavingInNewYork() {
        // Clocks fall back on 2026-11-01 at 02:00 EDT. Today is 2026-11-02 (EST).
        let records = [
            record(1, "2026-10-26T23:30:00", newYork),  // outside the week
            record(2, "2026-10-27T00:30:00", newYork),  // first day of the week
            record(4, "2026-11-01T01:30:00", newYork),  // the repeated hour: still Nov 1
            record(8, "2026-11-02T04:30:00Z", newYork),  // 23:30 EST on Nov 1 (not 00:30 with a stale EDT offset)
            record(16, "2026-11-02T05:30:00Z", newYork),  // 00:30 EST on Nov 2
        ]
        let s = PointStatistics(export: Export(points: records), now: instant("2026-11-02T12:00:00", newYork), zone: newYork)
        #expect(s.period(.day).total == 16)
        #expect(s.daily.earned(on: d("2026-11-01")) == 12)
        #expect(s.period(.week).start == d("2026-10-27"))
        #expect(s.period(.week).total == 30)
        #expect(s.period(.week).progress == 29 && s.period(.week).progressPercent == 2900)
        #expect(s.period(.all).days == 8)
    }

    @Test func futureRecordsAreLeftOutAndCounted() {
        let s = PointStatistics(export: Export(points: [record(3, "2026-11-29T11:00:00Z", utc), record(5, "2026-11-29T13:00:00Z", utc),
                                                        PointRecord(point: 7, date: .day(d("2026-11-30")))]),
                                now: instant("2026-11-29T12:00:00Z", utc), zone: utc)
        #expect(s.period(.day).total == 3)
        #expect(s.daily.futureRecords == 2)
    }

    @Test func tags() {
        let run = Tag(name: "Run", color: Color(hex: "#E69F00"), point: 3, hours: 0, minutes: 30)
        let read = Tag(name: "Read", hours: 1, minutes: 15)
        let records = [
            record(3, "2026-11-20T07:00:00Z", utc, tag: "Run"),
            record(3, "2026-11-27T07:00:00Z", utc, tag: "Run"),
            record(3, "2026-11-28T07:00:00Z", utc, tag: "Run"),
            record(3, "2026-11-28T18:00:00Z", utc, tag: "Run"),
            PointRecord(point: 3, type: "target", name: "Run", date: at("2026-11-29T07:00:00Z", utc)),  // not a completion
            record(2, "2026-11-29T07:00:00Z", utc, tag: "Read"),
        ]
        let s = PointStatistics(export: Export(points: records, tags: [run, read, Tag(name: nil)]),
                                now: instant("2026-11-29T12:00:00Z", utc), zone: utc)
        #expect(s.tags == [
            TagStats(name: "Run", color: Color(hex: "#E69F00"), completions: 4, points: 12, minutes: 120, lastDone: d("2026-11-28"), streak: 2),
            TagStats(name: "Read", color: nil, completions: 1, points: 2, minutes: 75, lastDone: d("2026-11-29"), streak: 1),
        ])
        let week = s.tags(in: .week)
        #expect(week[0].completions == 3 && week[0].points == 9 && week[0].minutes == 90)
        #expect(week[0].streak == 2)
    }

    /// A name written with a combining accent is the same habit as the precomposed spelling, as
    /// Swift compares strings; the byte-keyed fast lookup must not lose those completions.
    @Test func tagNamesMatchUpToCanonicalEquivalence() {
        let cafe = Tag(name: "Caf\u{E9} 咖啡")
        let records = [
            record(2, "2026-11-28T07:00:00Z", utc, tag: "Caf\u{E9} 咖啡"),
            record(3, "2026-11-29T07:00:00Z", utc, tag: "Cafe\u{301} 咖啡"),
            record(5, "2026-11-29T08:00:00Z", utc, tag: "Cafe 咖啡"),  // a different name
        ]
        let s = PointStatistics(export: Export(points: records, tags: [cafe]), now: instant("2026-11-29T12:00:00Z", utc), zone: utc)
        #expect(s.tags.map(\.completions) == [2])
        #expect(s.tags.map(\.points) == [5])
    }
}
