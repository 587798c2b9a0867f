import Foundation
import Testing
@testable import WaymarkKit

/// Loop's filled-in days and streaks: against its own export (Checkmarks.csv is the oracle), the
/// expectations of its unit tests (uhabits-core `EntryListTest.kt`, `StreakListTest.kt`), and
/// cases worked out by hand or with a plain Python re-implementation run once.
struct HabitStreaksTests {
    typealias F = LoopFixtures
    typealias S = HabitScoreTests

    static var today: LocalDate { S.today }

    /// `daysAgo` days before today.
    static func ago(_ daysAgo: Int) -> LocalDate { today.adding(days: -daysAgo) }

    static func streak(_ start: Int, _ end: Int) -> HabitStreak { HabitStreak(start: ago(start), end: ago(end)) }

    static func kinds(_ text: String) -> [HabitEntries.Kind] {
        text.map { c -> HabitEntries.Kind in
            switch c {
            case "M": return .manual
            case "a": return .automatic
            case "s": return .skipped
            default: return .none
            }
        }
    }

    // MARK: Loop's own export

    /// "Wake up early" (2 in 3 days) in Loop's exporter test data: Loop's Checkmarks.csv has the
    /// filled-in days (YES_AUTO on the 18th, 19th and 23rd; NO on the 24th), compared day by day.
    @Test(.enabled(if: TestPaths.hasShared), arguments: ["csv_export", "csv_export_legacy_pre2025"])
    func loopsOwnExport(folder: String) throws {
        let path = F.shared("loop-habit-tracker-csv/" + folder)
        let log = try F.exporterTestLog(folder)
        let wake = try #require(log.habits.first { $0.name == "Wake up early" })
        let rule = HabitRule(tag: wake.tag)
        let entries = HabitEntries(wake.days, rule: rule)
        #expect(entries.first == F.day("2015-01-16") && entries.lead == 0)
        let text = try String(contentsOfFile: path + "/002 Wake up early/Checkmarks.csv", encoding: .utf8)
        var compared = 0
        for line in text.split(whereSeparator: \.isNewline) where line.first?.isNumber == true {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let expected: HabitEntries.Kind
            switch cells[1] {
            case "YES_MANUAL", "2": expected = .manual
            case "YES_AUTO", "1": expected = .automatic
            case "SKIP", "3": expected = .skipped
            default: expected = .none  // NO, UNKNOWN
            }
            let i = try #require(wake.days.index(F.day(cells[0])))
            #expect(entries.kinds[i] == expected, "\(cells[0])")
            compared += 1
        }
        #expect(compared == 10)
        let all = HabitStreaks.all(wake.days, rule: rule)
        #expect(all == [HabitStreak(start: F.day("2015-01-16"), end: F.day("2015-01-23")),
                        HabitStreak(start: F.day("2015-01-25"), end: F.day("2015-01-25"))])
        #expect(HabitStreaks.current(all, today: F.day("2015-01-25")) == all.last)
        #expect(HabitStreaks.best(all, limit: 1).map(\.length) == [8])
    }

    /// uhabits' loop.db (schema 12), today 2016-03-23, against the Python re-implementation (its
    /// Streak table is a cache from Loop 1.x, which filled in fewer days). "Wake up early" (3 in
    /// 7) is first checked on 2016-01-01, but its first window slides back to 2015-12-28.
    @Test(.enabled(if: TestPaths.hasShared)) func loopsOwnBackup() throws {
        let unit = try #require(LoopDBImporter.importer.claim(F.scan(F.shared("loop-habit-tracker-db/loop-v12.db"))).first)
        let export = LoopDBImporter.importer.read(unit, ImportContext()).export
        let today = F.day("2016-03-23")
        let log = HabitLog(export: export, now: Int64(today.dayNumber) * 86_400 + 86_399, zone: .utc)
        func streaks(_ name: String) -> [HabitStreak] {
            guard let h = log.habits.first(where: { $0.name == name }) else { return [] }
            return HabitStreaks.all(h.days, rule: HabitRule(tag: h.tag))
        }
        func s(_ a: String, _ b: String) -> HabitStreak { HabitStreak(start: F.day(a), end: F.day(b)) }
        let wake = streaks("Wake up early")
        #expect(wake == [s("2015-12-28", "2016-02-04"), s("2016-03-05", "2016-03-20")])
        #expect(HabitStreaks.current(wake, today: today) == nil)
        #expect(streaks("brush teeth") == ["01-06", "01-13", "01-20", "01-27", "02-03", "02-10"].map { s("2016-" + $0, "2016-" + $0) }
            + [s("2016-02-13", "2016-03-22")])
        #expect(HabitStreaks.current(streaks("brush teeth"), today: today)?.length == 39)
        // 1 in 5 days, last checked on the 20th: filled in to the 24th, cut at today.
        #expect(streaks("Sleep early") == [s("2016-03-15", "2016-03-23")])
        #expect(streaks("Vegan (2)").first == s("2016-01-24", "2016-02-20"))
        #expect(streaks("Vegan (2)").count == 10)
    }

    // MARK: Loop's unit tests

    /// StreakListTest.testGetBest: HabitFixtures.createLongHabit read as a daily habit. The four
    /// longest are 6, 5, 4 and the newer of two 3s, listed newest first.
    @Test func loopsGetBest() {
        let marks = [0, 1, 3, 5, 7, 8, 9, 10, 12, 14, 15, 17, 19, 20, 26, 27, 28, 50, 51, 52, 53, 54, 58, 60, 63, 65, 70, 71, 72,
                     73, 74, 75, 80, 81, 83, 89, 90, 91, 95, 102, 103, 108, 109, 120]
        let all = HabitStreaks.all(S.days(checked: marks), rule: .init())
        #expect(all.count == 22)
        #expect(HabitStreaks.best(all, limit: 4) == [Self.streak(10, 7), Self.streak(28, 26), Self.streak(54, 50), Self.streak(75, 70)])
        #expect(HabitStreaks.best(all, limit: 4).map(\.length) == [4, 3, 5, 6])
        #expect(HabitStreaks.best(all, limit: 2).map(\.length) == [5, 6])
    }

    /// StreakListTest.testGetBest_withUnknowns: checked today only: one streak of one day.
    @Test func loopsGetBestWithUnknowns() {
        let all = HabitStreaks.all(S.days(checked: [0]), rule: .init())
        #expect(HabitStreaks.best(all, limit: 5) == [Self.streak(0, 0)])
    }

    /// EntryListTest.testComputeBoolean: 1 in 3 days, checked 4, 9 and 10 days ago: filled in 2,
    /// 3, 7, 8, 11 and 12 days ago (the last two before the first check).
    @Test func loopsComputeBoolean() {
        let days = S.days(checked: [4, 9, 10])
        let entries = HabitEntries(days, rule: S.yesNo(1, 3))
        #expect(entries.kinds == Self.kinds("MMaa..Maa.."))
        #expect(entries.lead == 2)
        #expect(HabitStreaks.all(days, rule: S.yesNo(1, 3)) == [Self.streak(12, 7), Self.streak(4, 2)])
        // Numerical habits are never filled in (EntryListTest.testComputeNumerical).
        #expect(HabitEntries(days, rule: S.numerical(.atLeast, target: 0, 1, 3)).kinds == Self.kinds("MM....M...."))
    }

    /// EntryListTest.testBuildIntervals1…4 (day numbers: `-n` is n days ago, newest first).
    @Test func loopsBuildIntervals() {
        typealias I = HabitEntries.Interval
        func interval(_ b: Int, _ c: Int, _ e: Int) -> I { I(begin: -b, center: -c, end: -e) }
        let three = [-8, -18, -23]
        #expect(HabitEntries.intervals(manualNewestFirst: three, frequency: Frequency(numerator: 1, denominator: 7)!)
            == [interval(8, 8, 2), interval(18, 18, 12), interval(23, 23, 17)])
        #expect(HabitEntries.intervals(manualNewestFirst: three, frequency: .daily)
            == [interval(8, 8, 8), interval(18, 18, 18), interval(23, 23, 23)])
        #expect(HabitEntries.intervals(manualNewestFirst: [-8, -15, -18, -22, -23], frequency: Frequency(numerator: 2, denominator: 7)!)
            == [interval(18, 15, 12), interval(22, 18, 16), interval(23, 22, 17)])
        // testBuildIntervals4: the skip 20 days ago is not a check, so it starts no window.
        #expect(HabitEntries.intervals(manualNewestFirst: [-10, -30], frequency: Frequency(numerator: 1, denominator: 3)!)
            == [interval(10, 10, 8), interval(30, 30, 28)])
    }

    /// EntryListTest.testSnapIntervalsTogether1 and 2.
    @Test func loopsSnapIntervals() {
        typealias I = HabitEntries.Interval
        func interval(_ b: Int, _ c: Int, _ e: Int) -> I { I(begin: -b, center: -c, end: -e) }
        var first = [interval(8, 8, 2), interval(12, 12, 6), interval(20, 20, 14), interval(27, 27, 21)]
        HabitEntries.snapTogether(&first)
        #expect(first == [interval(8, 8, 2), interval(15, 12, 9), interval(22, 20, 16), interval(29, 27, 23)])
        var second = [interval(6, 4, 0), interval(11, 8, 5)]
        HabitEntries.snapTogether(&second)
        #expect(second == [interval(6, 4, 0), interval(13, 8, 7)])
    }

    // MARK: Cases worked out by hand or with the Python re-implementation

    /// Weekly, checked 20, 12, 9 and 1 days ago: the windows join from 23 days ago (3 before the
    /// first check) to 3 days ago; 2 days ago is empty; the last window runs past today and is
    /// cut there (Loop's would end 5 days from now).
    @Test func weeklyIrregular() {
        let days = S.days(checked: [20, 12, 9, 1])
        let entries = HabitEntries(days, rule: S.yesNo(1, 7))
        #expect(entries.lead == 3)
        #expect(entries.kinds == Self.kinds("MaaaaaaaMaaMaaaaaa.Ma"))
        let all = HabitStreaks.all(days, rule: S.yesNo(1, 7))
        #expect(all == [Self.streak(23, 3), Self.streak(1, 0)])
        #expect(HabitStreaks.current(all, today: Self.today) == Self.streak(1, 0))
    }

    /// 3 in 7 days, checked 13, 12, 10, 6, 5, 1 and 0 days ago: one streak from 16 days ago.
    @Test func threeTimesAWeekIrregular() {
        let days = S.days(checked: [13, 12, 10, 6, 5, 1, 0])
        let entries = HabitEntries(days, rule: S.yesNo(3, 7))
        #expect(entries.lead == 3 && entries.kinds == Self.kinds("MMaMaaaMMaaaMM"))
        #expect(HabitStreaks.all(days, rule: S.yesNo(3, 7)) == [Self.streak(16, 0)])
    }

    /// A skipped day is a done day of a yes/no habit's streak (Loop: SKIP > 0).
    @Test func skipsKeepStreaks() {
        let days = S.days(checked: [4, 3, 1, 0], skipped: [2])
        #expect(HabitStreaks.all(days, rule: .init()) == [Self.streak(4, 0)])
        let twoInThree = S.days(checked: [6, 5, 2, 0], skipped: [3])
        #expect(HabitEntries(twoInThree, rule: S.yesNo(2, 3)).kinds == Self.kinds("MMasMaM"))
    }

    /// A month (1 in 30 or 31 days) is the length of the month the window starts in, or of the
    /// next one when it starts on a month's last day.
    @Test func monthLengths() {
        func only(_ day: String, _ denominator: Int) -> [HabitStreak] {
            let d = F.day(day)
            var days = HabitDays(first: d, last: d.adding(days: 60))
            days.checks[0] = 1
            return HabitStreaks.all(days, rule: S.yesNo(1, denominator))
        }
        func s(_ a: String, _ b: String) -> [HabitStreak] { [HabitStreak(start: F.day(a), end: F.day(b))] }
        #expect(only("2015-01-31", 30) == s("2015-01-31", "2015-02-27"))  // February's 28 days
        #expect(only("2015-02-10", 30) == s("2015-02-10", "2015-03-09"))  // 28
        #expect(only("2016-02-10", 30) == s("2016-02-10", "2016-03-09"))  // 29 in a leap year
        #expect(only("2015-04-30", 31) == s("2015-04-30", "2015-05-30"))  // May's 31
        #expect(only("2015-04-12", 31) == s("2015-04-12", "2015-05-11"))  // April's 30
        #expect(only("2015-04-12", 29).first?.length == 29)  // other lengths are what they say
    }

    /// Numerical habits: a day is done when its amount meets the target; a skipped day counts as
    /// 0, a day with no entry is never done.
    @Test func numerical() {
        let atLeast = S.days(skipped: [1], amounts: [4: 3, 3: 1, 2: 2, 0: 2.5])
        #expect(HabitStreaks.all(atLeast, rule: S.numerical(.atLeast, target: 2, 1, 7))
            == [Self.streak(4, 4), Self.streak(2, 2), Self.streak(0, 0)])
        let atMost = S.days(skipped: [0], amounts: [4: 1, 3: 3, 1: 2])
        #expect(HabitStreaks.all(atMost, rule: S.numerical(.atMost, target: 2)) == [Self.streak(4, 4), Self.streak(1, 0)])
    }

    /// Best streaks: the longest, the newer between equal lengths, returned newest first.
    @Test func bestOrdering() {
        let a = Self.streak(30, 28), b = Self.streak(20, 19), c = Self.streak(10, 8), d = Self.streak(2, 2)
        let all = [a, b, c, d]
        #expect(HabitStreaks.best(all, limit: 1) == [c])  // 3 days, like a, but newer
        #expect(HabitStreaks.best(all, limit: 2) == [c, a])
        #expect(HabitStreaks.best(all, limit: 3) == [c, b, a])
        #expect(HabitStreaks.best(all, limit: 10) == [d, c, b, a])
        #expect(HabitStreaks.best(all, limit: 0).isEmpty && HabitStreaks.best(all, limit: -1).isEmpty)
        #expect(HabitStreaks.best([], limit: 3).isEmpty)
    }

    /// The current streak ends today, or yesterday while today is not done yet.
    @Test func current() {
        let notYet = HabitStreaks.all(S.days(checked: [3, 2, 1]), rule: .init())
        #expect(HabitStreaks.current(notYet, today: Self.today) == Self.streak(3, 1))
        let done = HabitStreaks.all(S.days(checked: [3, 2, 1, 0]), rule: .init())
        #expect(HabitStreaks.current(done, today: Self.today) == Self.streak(3, 0))
        let broken = HabitStreaks.all(S.days(checked: [3, 2]), rule: .init())
        #expect(HabitStreaks.current(broken, today: Self.today) == nil)
        let never = HabitDays(first: Self.today, last: Self.today)
        #expect(HabitStreaks.all(never, rule: .init()).isEmpty)
        #expect(HabitStreaks.current([], today: Self.today) == nil)
    }

    /// Bad frequencies never crash: a window of 10^18 days is cut to `maxWindow`, a numerator
    /// above the checks fills nothing in.
    @Test func hostileFrequencies() {
        let days = S.days(checked: [5, 3])
        let long = HabitStreaks.all(days, rule: HabitRule(frequency: Frequency(numerator: 1, denominator: Int.max)!))
        #expect(long.count == 1 && long.first?.end == Self.today)
        #expect((long.first?.length ?? 0) <= HabitEntries.maxWindow + 6)
        let many = HabitStreaks.all(days, rule: HabitRule(frequency: Frequency(numerator: Int.max, denominator: 3)!))
        #expect(many == [Self.streak(5, 5), Self.streak(3, 3)])
    }

    /// The best streaks found in one pass are those of sorting them all (the plain reference: a
    /// stable sort by length, then end, newest first, the first `limit`, then newest first) on
    /// seeded streak lists with many equal lengths and ends, for limits 0 to 12 and a measure.
    @Test func bestInOnePassIsTheSortedReference() {
        func reference(_ streaks: [HabitStreak], limit: Int, measure: (HabitStreak) -> Int) -> [HabitStreak] {
            guard limit > 0 else { return [] }
            let keyed = streaks.map { (length: measure($0), end: $0.end.dayNumber, streak: $0) }
            let longest = keyed.sorted { a, b in a.length != b.length ? a.length > b.length : a.end > b.end }
            return longest.prefix(limit).sorted { $0.end > $1.end }.map(\.streak)
        }
        var seeded = SeededNumbers(state: 5)
        func next(_ n: Int) -> Int { seeded.next(n) }
        var compared = 0
        for round in 0..<300 {
            // Ends repeat (a weekly measure gives equal lengths to different streaks).
            let streaks = (0..<next(40)).map { _ in Self.streak(next(30) + 10, next(10)) }
            let measure: (HabitStreak) -> Int = round % 2 == 0 ? { $0.length } : { $0.length / 7 }
            for limit in 0...12 {
                let found = HabitStreaks.best(streaks, limit: limit, measure: measure)
                #expect(found == reference(streaks, limit: limit, measure: measure), "round \(round) limit \(limit)")
                compared += 1
            }
        }
        #expect(compared == 300 * 13)
        // By hand: lengths 3, 5, 5 (the newer of the two fives first), limit 2, newest first.
        let hand = [Self.streak(10, 8), Self.streak(20, 16), Self.streak(7, 3)]
        #expect(HabitStreaks.best(hand, limit: 2) == [Self.streak(7, 3), Self.streak(20, 16)])
    }
}
