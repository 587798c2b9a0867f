import Foundation
import Testing
@testable import WaymarkKit

/// Habit strength against Loop Habit Tracker: its own exports (Scores.csv is the oracle), the
/// expectations of its unit tests (uhabits-core `ScoreListTest.kt`), and cases worked out with a
/// plain Python re-implementation of `ScoreList.recompute` run once (values to 6 decimals).
struct HabitScoreTests {
    typealias F = LoopFixtures

    /// The "today" of the hand-made cases (any day would do).
    static let today = LocalDate(year: 2025, month: 3, day: 31)!

    /// A habit's days up to `today`: checked `checked` days ago, skipped `skipped` days ago,
    /// with `amounts` (days ago → amount) for numerical habits.
    static func days(checked: [Int] = [], skipped: [Int] = [], amounts: [Int: Double] = [:]) -> HabitDays {
        let back = (checked + skipped + Array(amounts.keys)).max() ?? 0
        var days = HabitDays(first: today.adding(days: -back), last: today)
        for d in checked { days.checks[back - d] += 1 }
        for d in skipped { days.skipped[back - d] = true }
        for (d, v) in amounts {
            days.checks[back - d] += 1
            days.amounts[back - d] += v
        }
        return days
    }

    static func yesNo(_ numerator: Int, _ denominator: Int) -> HabitRule {
        HabitRule(frequency: Frequency(numerator: numerator, denominator: denominator)!)
    }

    static func numerical(_ kind: HabitDetails.TargetKind, target: Double, _ numerator: Int = 1, _ denominator: Int = 1) -> HabitRule {
        HabitRule(frequency: Frequency(numerator: numerator, denominator: denominator)!, isNumerical: true, target: target, targetKind: kind)
    }

    /// `actual` equals `expected` (oldest first) to 1e-6, Loop's own test tolerance.
    static func expectClose(_ actual: [Double], _ expected: [Double], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (i, (a, e)) in zip(actual, expected).enumerated() where abs(a - e) > 1e-6 {
            Issue.record("day \(i): \(a), expected \(e)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Loop's own exports

    /// Loop's exporter test data (HabitFixtures: "Meditate" daily and never done, "Wake up early"
    /// 2 in 3 days): every day of every habit in Scores.csv, to the 4 decimals Loop writes.
    @Test(.enabled(if: TestPaths.hasShared), arguments: ["csv_export", "csv_export_legacy_pre2025"])
    func loopsOwnExport(folder: String) throws {
        let path = F.shared("loop-habit-tracker-csv/" + folder)
        let log = try F.exporterTestLog(folder)
        var series: [String: (first: LocalDate, scores: [Double])] = [:]
        for habit in log.habits {
            series[habit.name] = (habit.days.first, HabitScore.series(habit.days, rule: HabitRule(tag: habit.tag)))
        }
        #expect(series["Meditate"]?.scores == [0])  // never done: today alone
        #expect(series["Wake up early"]?.first == F.day("2015-01-16"))

        /// Ours on `day`, 0 before the first day as Loop's `ScoreList.get` gives.
        func ours(_ name: String, _ day: LocalDate) -> String? {
            guard let s = series[name] else { return nil }
            let i = s.first.days(to: day)
            guard i < s.scores.count else { return nil }
            return String(format: "%.4f", i < 0 ? 0 : s.scores[i])
        }
        var compared = 0
        // Scores.csv: "Date,Meditate,Wake up early," and one row per day, newest first.
        let lines = try String(contentsOfFile: path + "/Scores.csv", encoding: .utf8).split(whereSeparator: \.isNewline)
        let names = try #require(lines.first).split(separator: ",").dropFirst().map(String.init)
        #expect(names == ["Meditate", "Wake up early"])
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",").map(String.init)
            let day = F.day(cells[0])
            for (name, expected) in zip(names, cells.dropFirst()) {
                #expect(ours(name, day) == expected, "\(name) on \(day)")
                compared += 1
            }
        }
        // Each habit's own Scores.csv ("Date,Score" in the current format, no header before).
        for (folderName, name) in [("001 Meditate", "Meditate"), ("002 Wake up early", "Wake up early")] {
            let text = try String(contentsOfFile: path + "/" + folderName + "/Scores.csv", encoding: .utf8)
            for line in text.split(whereSeparator: \.isNewline) where line.first?.isNumber == true {
                let cells = line.split(separator: ",").map(String.init)
                #expect(ours(name, F.day(cells[0])) == cells[1], "\(name) on \(cells[0])")
                compared += 1
            }
        }
        #expect(compared == 20 + 1 + 10)
    }

    /// uhabits' loop.db (schema 12). Its Score table is a cache from Loop 1.x, whose formula was
    /// different (scores up to 19259478), so it is no oracle; the expected values come from the
    /// Python re-implementation of today's `ScoreList.recompute` run on the same repetitions.
    @Test(.enabled(if: TestPaths.hasShared)) func loopsOwnBackup() throws {
        let unit = try #require(LoopDBImporter.importer.claim(F.scan(F.shared("loop-habit-tracker-db/loop-v12.db"))).first)
        let export = LoopDBImporter.importer.read(unit, ImportContext()).export
        let today = F.day("2016-03-23")
        let log = HabitLog(export: export, now: Int64(today.dayNumber) * 86_400 + 86_399, zone: .utc)
        let leap = F.day("2016-02-29")
        let expected: [(String, today: Double, leap: Double)] = [
            ("Wake up early", 0.477245, 0.390579), ("brush teeth", 0.733137, 0.436275), ("Sleep early", 0.142056, 0),
            ("Vegan", 0.381015, 0.130690), ("Sport", 0.296164, 0.180547), ("I love you", 0.313881, 0.168994),
            ("Vegan (2)", 0.521770, 0.610486), ("Sport (2)", 0.296164, 0.180547), ("I love you (2)", 0.313881, 0.168994),
        ]
        #expect(log.habits.map(\.name) == expected.map(\.0))
        for (habit, e) in zip(log.habits, expected) {
            let scores = HabitScore.series(habit.days, rule: HabitRule(tag: habit.tag))
            #expect(abs((scores.last ?? -1) - e.today) < 1e-6, "\(habit.name)")
            let i = habit.days.first.days(to: leap)
            #expect(abs((i < 0 ? 0 : scores[i]) - e.leap) < 1e-6, "\(habit.name)")
        }
    }

    // MARK: Loop's unit tests (uhabits-core ScoreListTest.kt)

    /// `Score.compute`: one day done from 0 on a daily habit is 1 − 0.5^(1/13).
    @Test func oneStep() {
        #expect(abs(HabitScore.compute(frequency: 1, previous: 0, completed: 1) - 0.051922) < 1e-6)
        #expect(HabitScore.compute(frequency: 1, previous: 0.4, completed: 0.4) == 0.4)
    }

    /// YesNoScoreListTest.test_getValue: checked on the last 20 days.
    @Test func yesNoTwentyDays() {
        let expected = [0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734,
                        0.413270, 0.381137, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922]
        Self.expectClose(HabitScore.series(Self.days(checked: Array(0..<20)), rule: .init()), expected.reversed())
    }

    /// YesNoScoreListTest.test_getValueWithSkip: the same, with days 5, 10 and 11 skipped
    /// instead of checked: the strength stays as it was on those days.
    @Test func yesNoWithSkips() {
        let days = Self.days(checked: Array(0..<20).filter { ![5, 10, 11].contains($0) }, skipped: [5, 10, 11])
        let expected = [0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.472617, 0.443734, 0.413270, 0.381137,
                        0.347244, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922]
        Self.expectClose(HabitScore.series(days, rule: .init()), expected.reversed())
    }

    /// YesNoScoreListTest.test_getValueWithSkip2: checked 5 days ago, skipped 4 days ago.
    @Test func yesNoSkipAfterOneCheck() {
        let expected = [0.041949, 0.044247, 0.046670, 0.049226, 0.051922, 0.051922]
        Self.expectClose(HabitScore.series(Self.days(checked: [5], skipped: [4]), rule: .init()), expected.reversed())
    }

    /// YesNoScoreListTest.test_imperfectNonDaily: 3 in 7 days, done 2 days a week for 100 weeks:
    /// 2/3; as 4 in 7 days: 1/2.
    @Test func imperfectNonDaily() {
        let days = Self.days(checked: (0..<700).filter { $0 % 7 < 2 })
        #expect(abs((HabitScore.series(days, rule: Self.yesNo(3, 7)).last ?? 0) - 2.0 / 3) < 1e-6)
        #expect(abs((HabitScore.series(days, rule: Self.yesNo(4, 7)).last ?? 0) - 0.5) < 1e-6)
    }

    /// YesNoScoreListTest.test_irregularNonDaily: weekly, done on the first day of one week and
    /// the last of the next, for 100 fortnights: the doubling keeps it near 1.
    @Test func irregularNonDaily() {
        let days = Self.days(checked: (0..<1400).filter { $0 % 14 == 0 || $0 % 14 == 13 })
        #expect(abs((HabitScore.series(days, rule: Self.yesNo(1, 7)).last ?? 0) - 1) < 1e-3)
    }

    /// YesNoScoreListTest.test_recompute: checked today and yesterday; then as 1 in 2 days.
    @Test func yesNoRecompute() {
        let days = Self.days(checked: [0, 1])
        #expect(abs((HabitScore.series(days, rule: .init()).last ?? 0) - 0.101149) < 1e-6)
        #expect(abs((HabitScore.series(days, rule: Self.yesNo(1, 2)).last ?? 0) - 0.054816) < 1e-6)
    }

    /// YesNoScoreListTest.shouldAchieveHighScoreInReasonableTime: daily for 90 days, weekly for
    /// 39 weeks, monthly (1 in 30) for 18 months all pass 0.99.
    @Test func reasonableTime() {
        #expect((HabitScore.series(Self.days(checked: Array(0..<90)), rule: .init()).last ?? 0) > 0.99)
        #expect((HabitScore.series(Self.days(checked: (0..<39).map { $0 * 7 }), rule: Self.yesNo(1, 7)).last ?? 0) > 0.99)
        #expect((HabitScore.series(Self.days(checked: (0..<18).map { $0 * 30 }), rule: Self.yesNo(1, 30)).last ?? 0) > 0.99)
    }

    /// NumericalAtLeastScoreListTest (target 2): test_getValue (2 a day for 20 days climbs as a
    /// daily yes/no habit), test_recompute (1 in 2 days: 0.072631), overeachievingIsntRelevant
    /// (10,000 once counts as 1) and shouldAchieveComparableScoreToProgress (1 a day → 0.5, ½ a
    /// day → 0.25).
    @Test func numericalAtLeast() {
        let rule = Self.numerical(.atLeast, target: 2)
        let twenty = Self.days(amounts: Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, 2.0) }))
        Self.expectClose(HabitScore.series(twenty, rule: rule), HabitScore.series(Self.days(checked: Array(0..<20)), rule: .init()))
        #expect(abs((HabitScore.series(twenty, rule: rule).last ?? 0) - 0.655747) < 1e-6)
        let two = Self.days(amounts: [0: 2, 1: 2])
        #expect(abs((HabitScore.series(two, rule: Self.numerical(.atLeast, target: 2, 1, 2)).last ?? 0) - 0.072631) < 1e-6)
        #expect(abs((HabitScore.series(Self.days(amounts: [0: 10_000]), rule: rule).last ?? 0) - 0.051922) < 1e-6)
        let one = Self.days(amounts: Dictionary(uniqueKeysWithValues: (0..<500).map { ($0, 1.0) }))
        #expect(abs((HabitScore.series(one, rule: rule).last ?? 0) - 0.5) < 1e-6)
        let half = Self.days(amounts: Dictionary(uniqueKeysWithValues: (0..<500).map { ($0, 0.5) }))
        #expect(abs((HabitScore.series(half, rule: rule).last ?? 0) - 0.25) < 1e-6)
    }

    /// NumericalAtLeastScoreListWithSkipTest.test_getValue: 2 a day for 20 days, days 10 and 15
    /// skipped.
    @Test func numericalAtLeastWithSkips() {
        var amounts: [Int: Double] = [:]
        for d in 0..<20 where d != 10 && d != 15 { amounts[d] = 2 }
        let expected = [0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734, 0.413270, 0.381137,
                        0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.192067, 0.147820, 0.101149, 0.051922]
        Self.expectClose(HabitScore.series(Self.days(skipped: [10, 15], amounts: amounts), rule: Self.numerical(.atLeast, target: 2)),
                         expected.reversed())
    }

    /// NumericalAtMostScoreListTest (at most 2): test_getValue (1 on day 20, then 5 a day: the
    /// strength starts at 1 and falls), test_recompute (nothing entered: 1; 5 on the last two
    /// days: 0.898850; as 1 in 2 days: 0.927369), undereachievingIsntRelevant (10,000 yesterday
    /// and nothing today: 0.950773), shouldAchieveComparableScoreToProgress (3 a day → 0.5,
    /// 3.5 a day → 0.25).
    @Test func numericalAtMost() {
        let rule = Self.numerical(.atMost, target: 2)
        var amounts: [Int: Double] = [20: 1]
        for d in 0..<20 { amounts[d] = 5 }
        let expected = [0.344253, 0.363106, 0.382992, 0.403967, 0.426090, 0.449426, 0.474039, 0.500000, 0.527383, 0.556266,
                        0.586730, 0.618863, 0.652756, 0.688505, 0.726212, 0.765983, 0.807933, 0.852180, 0.898851, 0.948078, 1.0]
        Self.expectClose(HabitScore.series(Self.days(amounts: amounts), rule: rule), expected.reversed())
        #expect(HabitScore.series(Self.days(), rule: rule) == [1])
        let two = Self.days(amounts: [0: 5, 1: 5])
        #expect(abs((HabitScore.series(two, rule: rule).last ?? 0) - 0.898850) < 1e-6)
        #expect(abs((HabitScore.series(two, rule: Self.numerical(.atMost, target: 2, 1, 2)).last ?? 0) - 0.927369) < 1e-6)
        #expect(abs((HabitScore.series(Self.days(amounts: [1: 10_000]), rule: rule).last ?? 0) - 0.950773) < 1e-6)
        let three = Self.days(amounts: Dictionary(uniqueKeysWithValues: (0..<500).map { ($0, 3.0) }))
        #expect(abs((HabitScore.series(three, rule: rule).last ?? 0) - 0.5) < 1e-6)
        let more = Self.days(amounts: Dictionary(uniqueKeysWithValues: (0..<500).map { ($0, 3.5) }))
        #expect(abs((HabitScore.series(more, rule: rule).last ?? 0) - 0.25) < 1e-6)
    }

    /// test_withZeroTarget (at least and at most): finite strengths; at least 0 is always met, at
    /// most 0 is met only on days with nothing in the window.
    @Test func zeroTargets() {
        let days = Self.days(amounts: [2: 0.1, 0: 0.3])
        let m = HabitScore.multiplier(1)
        Self.expectClose(HabitScore.series(days, rule: Self.numerical(.atLeast, target: 0)), [1 - m, 1 - m * m, 1 - m * m * m])
        // At most 0: 0.1 → 0 (1·m), nothing → 1, 0.3 → 0.
        let s1 = m, s2 = s1 * m + (1 - m), s3 = s2 * m
        Self.expectClose(HabitScore.series(days, rule: Self.numerical(.atMost, target: 0)), [s1, s2, s3])
    }

    // MARK: Cases worked out with the Python re-implementation

    /// Weekly (1 in 7, doubled to 2 in 14), checked 20, 12, 9 and 1 days ago.
    @Test func weeklyIrregular() {
        let expected = [0.009975, 0.019752, 0.029333, 0.038724, 0.047927, 0.056946, 0.065785, 0.074448, 0.092914, 0.111011,
                        0.128747, 0.146130, 0.163165, 0.179861, 0.196224, 0.212260, 0.227976, 0.243379, 0.258474, 0.273268, 0.287767]
        Self.expectClose(HabitScore.series(Self.days(checked: [20, 12, 9, 1]), rule: Self.yesNo(1, 7)), expected)
        // By hand: m = 0.5^(√(1/7)/13) = 0.980050; the first day meets 1 of 2: (1 − m)/2 = 0.009975.
        #expect(abs(HabitScore.multiplier(1.0 / 7) - 0.980050) < 1e-6)
    }

    /// 3 in 7 days (doubled to 6 in 14), checked 13, 12, 10, 6, 5, 1 and 0 days ago.
    @Test func threeTimesAWeekIrregular() {
        let expected = [0.005717, 0.016956, 0.027808, 0.044006, 0.059648, 0.074754, 0.089341, 0.109145, 0.133987, 0.157977,
                        0.181144, 0.203516, 0.230838, 0.257223]
        Self.expectClose(HabitScore.series(Self.days(checked: [13, 12, 10, 6, 5, 1, 0]), rule: Self.yesNo(3, 7)), expected)
    }

    /// 2 in 3 days, checked 6, 5, 2 and 0 days ago, skipped 3 days ago: unchanged on the skip.
    @Test func skipInTheMiddle() {
        let expected = [0.010650, 0.031497, 0.051455, 0.051455, 0.081214, 0.109705, 0.136982]
        Self.expectClose(HabitScore.series(Self.days(checked: [6, 5, 2, 0], skipped: [3]), rule: Self.yesNo(2, 3)), expected)
        // A checked day counts as checked even when also marked skipped.
        let both = Self.days(checked: [6, 5, 3, 2, 0], skipped: [3])
        #expect(HabitScore.series(both, rule: Self.yesNo(2, 3)) == HabitScore.series(Self.days(checked: [6, 5, 3, 2, 0]), rule: Self.yesNo(2, 3)))
    }

    /// At least 10 per 7 days: 4.5, 3, 2.5 and 6 entered 9, 6, 3 and 0 days ago, skipped 4 days
    /// ago. Loop adds its SKIP code (3, read as 0.003) to the sum, which makes the last three
    /// days 0.083345, 0.092661, 0.110763; Waymark adds nothing (see the docs).
    @Test func numericalAtLeastOwn() {
        let days = Self.days(skipped: [4], amounts: [9: 4.5, 6: 3, 3: 2.5, 0: 6])
        let expected = [0.008978, 0.017777, 0.026400, 0.040837, 0.054985, 0.054985, 0.073839, 0.083339, 0.092649, 0.110752]
        Self.expectClose(HabitScore.series(days, rule: Self.numerical(.atLeast, target: 10, 1, 7)), expected)
    }

    /// At most 3 a day: 1, 5, nothing, 3 and 4.5 on the last five days.
    @Test func numericalAtMostOwn() {
        let days = Self.days(amounts: [4: 1, 3: 5, 1: 3, 0: 4.5])
        // 1 → 1 (from 1); 5 → 1·m + (1 − 2/3)(1 − m); nothing → 1; 3 → 1; 4.5 → ½.
        Self.expectClose(HabitScore.series(days, rule: Self.numerical(.atMost, target: 3)), [1.0, 0.965385, 0.967182, 0.968886, 0.944541])
    }

    /// A habit never done is today alone at 0; one first checked today has one step.
    @Test func neverDoneAndFirstToday() {
        let never = HabitDays(first: Self.today, last: Self.today)
        #expect(HabitScore.series(never, rule: .init()) == [0])
        #expect(HabitScore.series(never, rule: Self.yesNo(3, 7)) == [0])
        #expect(HabitScore.series(Self.days(checked: [0]), rule: .init()) == [1 - HabitScore.multiplier(1)])
        // Weekly: 1 of the doubled 2, so half a step: 0.009975.
        Self.expectClose(HabitScore.series(Self.days(checked: [0]), rule: Self.yesNo(1, 7)), [0.009975])
        // Several checks on a day are one.
        #expect(HabitScore.series(Self.days(checked: [0, 0, 0]), rule: .init()) == [1 - HabitScore.multiplier(1)])
    }

    /// The rule of a tag: Loop's details, or a daily yes/no habit for the points app's own.
    @Test func rules() {
        #expect(HabitRule(tag: Tag(name: "Read")) == HabitRule(frequency: .daily, isNumerical: false, target: 0, targetKind: .atLeast))
        let run = Tag(name: "Run", habit: HabitDetails(frequency: Frequency(numerator: 3, denominator: 7), unit: "km", target: 20, targetKind: .atMost))
        #expect(HabitRule(tag: run) == Self.numerical(.atMost, target: 20, 3, 7))
        // n in n days is daily, as Loop's Frequency stores it.
        #expect(Self.yesNo(7, 7).frequency == .daily)
        #expect(HabitRule(tag: Tag(name: "x", habit: HabitDetails(target: .nan))).target == 0)
    }

    // MARK: The overall strength

    /// The mean over the habits given, a habit counting 0 before its first day.
    @Test func overall() {
        let a = (first: Self.today.adding(days: -2), scores: [0.2, 0.4, 0.6])
        let b = (first: Self.today, scores: [1.0])
        Self.expectClose(HabitScore.overall([a, b], from: Self.today.adding(days: -3), to: Self.today), [0, 0.1, 0.2, 0.8])
        #expect(HabitScore.overall([], from: Self.today, to: Self.today) == [0])
        #expect(HabitScore.overall([a], from: Self.today, to: Self.today.adding(days: -1)) == [])
    }

    /// A log's overall strength leaves archived habits out.
    @Test func overallOfALog() {
        let day = Self.today
        let archived = HabitDetails(archived: true)
        let export = Export(points: [
            PointRecord(point: 1, type: "tag", name: "A", date: .day(day.adding(days: -1))),
            PointRecord(point: 1, type: "tag", name: "B", date: .day(day)),
            PointRecord(point: 1, type: "tag", name: "Old", date: .day(day.adding(days: -5))),
        ], tags: [Tag(name: "A"), Tag(name: "B"), Tag(name: "Old", habit: archived)])
        let log = HabitLog(export: export, now: Int64(day.dayNumber) * 86_400 + 43_200, zone: .utc)
        let overall = HabitScore.overall(log)
        let step = 1 - HabitScore.multiplier(1)
        #expect(overall.first == day.adding(days: -1))
        // A: step, then step·m; B: 0 (before its first day), then step.
        Self.expectClose(overall.scores, [step / 2, (step * HabitScore.multiplier(1) + step) / 2])
        let empty = HabitLog(export: Export(), now: Int64(day.dayNumber) * 86_400, zone: .utc)
        #expect(HabitScore.overall(empty).first == day && HabitScore.overall(empty).scores == [0])
    }

    /// Bad numbers never crash: huge frequencies, huge and non-finite amounts.
    @Test func hostileNumbers() {
        let days = Self.days(checked: [3], amounts: [2: .infinity, 1: -5, 0: 1e300])
        let huge = Frequency(numerator: Int.max, denominator: Int.max - 1)!
        let tiny = Frequency(numerator: 1, denominator: Int.max)!
        for frequency in [huge, tiny] {
            for rule in [HabitRule(frequency: frequency), HabitRule(frequency: frequency, isNumerical: true, target: 1e308)] {
                let s = HabitScore.series(days, rule: rule)
                #expect(s.count == 4 && s.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
            }
        }
    }
}
