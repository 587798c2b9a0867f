import Testing
@testable import WaymarkKit

struct YearReviewTests {
    let utc = Zone.utc
    let shanghai = Zone(identifier: "Asia/Shanghai")!

    /// A moment from export text, wall times read in `zone` (UTC unless told).
    func at(_ text: String, _ zone: Zone = .utc) -> Moment { DateTimeText.parse(text)!.moment(in: zone) }
    func instant(_ text: String, _ zone: Zone = .utc) -> Int64 {
        guard case .instant(let s) = at(text, zone) else { return 0 }
        return s
    }
    func d(_ text: String) -> LocalDate { if case .day(let d)? = DateTimeText.parse(text) { return d }; return LocalDate(dayNumber: 0) }
    func record(_ point: Int, _ type: String, _ name: String, _ text: String, _ zone: Zone = .utc) -> PointRecord {
        PointRecord(point: point, type: type, name: name, date: at(text, zone))
    }
    func run(_ a: String, _ b: String) -> HabitStreak { HabitStreak(start: d(a), end: d(b)) }

    /// Four years, now = 2026-03-10T12:00Z (UTC). Weekdays: 2024-12-30, 2025-03-03 and
    /// 2026-03-09 are Mondays; 1 January is a Wednesday in 2025 and a Thursday in 2026.
    ///
    /// - 2023: one note, nothing else.
    /// - 2024: Run +1 (Jun 10), Run +2 (Jun 11), Run +2 (Dec 30), Read +3 (Dec 31 23:59:59);
    ///   target T3 done at its deadline Dec 31; weighed 80.0 on Dec 30; a note on Dec 31.
    /// - 2025: Run +1 (Jan 1 00:00:00), Read +4 (Jan 2), shop −5 Tea (Jan 3), game +5 (Mar 5),
    ///   shop −10 Movie (Jul 1), target +3 (Nov 15), Read +2 (Dec 31); T1 due Jun 30 done Jul 2
    ///   (late), T2 due Nov 15 18:00 done Nov 15 23:00 (on time: same day); weighed 79.0 on
    ///   Jan 2; a note on Jan 1.
    /// - 2026 so far: Run +1 (Jan 1), Run +1 (Jan 2, a whole day), shop −3 Tea (Feb 14), Read +3
    ///   (Mar 9), Read +1 (Mar 10 09:00); T4 without deadline done Feb 1. Left out as after now:
    ///   Run +100 (Mar 10 20:00), T6 done Mar 11, a note of Apr 1.
    var fourYears: Export {
        Export(
            points: [
                record(1, "tag", "Run", "2024-06-10T08:00:00"), record(2, "tag", "Run", "2024-06-11T08:00:00"),
                record(2, "tag", "Run", "2024-12-30T08:00:00"), record(3, "tag", "Read", "2024-12-31T23:59:59"),
                record(1, "tag", "Run", "2025-01-01T00:00:00"), record(4, "tag", "Read", "2025-01-02T10:00:00"),
                record(-5, "shop", "Tea", "2025-01-03T09:00:00"), record(5, "game", "Quiz", "2025-03-05T09:00:00"),
                record(-10, "shop", "Movie", "2025-07-01T09:00:00"), record(3, "target", "T2", "2025-11-15T23:00:00"),
                record(2, "tag", "Read", "2025-12-31T22:00:00"),
                record(1, "tag", "Run", "2026-01-01T07:00:00"), record(1, "tag", "Run", "2026-01-02"),
                record(-3, "shop", "Tea", "2026-02-14T12:00:00"), record(3, "tag", "Read", "2026-03-09T08:00:00"),
                record(1, "tag", "Read", "2026-03-10T09:00:00"), record(100, "tag", "Run", "2026-03-10T20:00:00"),
            ],
            tags: [Tag(name: "Run"), Tag(name: "Read"), Tag(name: "Never")],
            targets: [
                Target(name: "T1", deadline: at("2025-06-30T18:00:00"), done: true, completed: at("2025-07-02T09:00:00")),
                Target(name: "T2", deadline: at("2025-11-15T18:00:00"), done: true, completed: at("2025-11-15T23:00:00")),
                Target(name: "T3", deadline: at("2024-12-31T23:30:00"), done: true),
                Target(name: "T4", done: true, completed: at("2026-02-01T10:00:00")),
                Target(name: "T5", deadline: at("2025-05-01T18:00:00")),
                Target(name: "T6", deadline: at("2026-03-20T18:00:00"), done: true, completed: at("2026-03-11T10:00:00")),
            ],
            weights: [WeightEntry(date: at("2024-12-30T07:00:00"), kg: 80), WeightEntry(date: at("2025-01-02T07:00:00"), kg: 79)],
            notes: [
                Note(fileName: "a.md", date: at("2023-05-01T20:00:00"), body: ""),
                Note(fileName: "b.md", date: at("2024-12-31T23:30:00"), body: ""),
                Note(fileName: "c.md", date: at("2025-01-01T00:10:00"), body: ""),
                Note(fileName: "undated.md", body: ""),
                Note(fileName: "future.md", date: at("2026-04-01T08:00:00"), body: ""),
            ])
    }

    var now: Int64 { instant("2026-03-10T12:00:00Z") }

    /// Strength inputs: Run's score on day i of its days (from 2024-06-10) is i / 1000; Read's
    /// (from 2024-12-31) is 0.638 every day; Never's only day (today) scores 0. Index of
    /// 2024-12-31 in Run's days: day 366 − day 162 of 2024 = 204; of 2025-12-31: 204 + 365 = 569;
    /// of 2026-03-10: 569 + 31 + 28 + 10 = 638. So Run's strength ties Read's today.
    func reviews() -> [YearReview] {
        let export = fourYears
        let log = HabitLog(export: export, now: now, zone: utc)
        let strength: [[Double]] = [
            (0..<log.habits[0].days.count).map { Double($0) / 1000 },
            [Double](repeating: 0.638, count: log.habits[1].days.count),
            [0],
        ]
        let streaks = [
            // The second run crosses New Year: Dec 30–31 in 2024, Jan 1 in 2025.
            [run("2024-06-10", "2024-06-11"), run("2024-12-30", "2025-01-01"), run("2026-01-01", "2026-01-02")],
            [run("2024-12-31", "2024-12-31"), run("2025-01-02", "2025-01-02"), run("2025-12-31", "2025-12-31"),
             run("2026-03-09", "2026-03-10")],
            [],
        ]
        return YearReview.years(export: export, now: now, zone: utc, habits: log, strength: strength, streaks: streaks)
    }

    @Test func emptyExportHasNoYears() {
        let export = Export()
        let log = HabitLog(export: export, now: now, zone: utc)
        #expect(YearReview.years(export: export, now: now, zone: utc, habits: log, strength: [], streaks: []).isEmpty)
        // Only undated notes and open targets: nothing is dated, still no years.
        let undated = Export(targets: [Target(name: "T", deadline: at("2025-01-01"))], notes: [Note(fileName: "n.md", body: "")])
        #expect(YearReview.years(export: undated, now: now, zone: utc, habits: log, strength: [], streaks: []).isEmpty)
    }

    @Test func yearsAreTheYearsWithData() {
        let r = reviews()
        #expect(r.map(\.year) == [2023, 2024, 2025, 2026])
        #expect(r.map(\.isPartial) == [false, false, false, true])
        // 2024 is a leap year; 2026 so far: 31 + 28 + 10 days.
        #expect(r.map(\.days) == [365, 366, 365, 69])
        #expect(r.map(\.start) == [d("2023-01-01"), d("2024-01-01"), d("2025-01-01"), d("2026-01-01")])
        #expect(r.map(\.end) == [d("2023-12-31"), d("2024-12-31"), d("2025-12-31"), d("2026-03-10")])
    }

    /// 2023 holds one note and nothing else: zeros, and no month, week, run or weight.
    @Test func aYearWithOnlyNotes() {
        let y = reviews()[0]
        #expect(y.figures == YearFigures(notesWritten: 1))
        #expect(y.bestMonth == nil && y.bestWeek == nil && y.longestStreak == nil && y.weight == nil)
        #expect(y.previous == nil && y.change == nil && y.previousToDate == nil)
        // No habit had started: no strength, no ranking.
        #expect(y.habits.map(\.completions) == [0, 0, 0] && y.habits.allSatisfy { $0.strength == nil && $0.longestStreak == nil })
        #expect(y.habitsByCompletions.isEmpty && y.habitsByStrength.isEmpty)
    }

    @Test func year2024() {
        let y = reviews()[1]
        // Earned 1 + 2 + 2 + 3 = 8 on 4 scoring days; Read's 23:59:59 on Dec 31 is still 2024.
        // Runs: Jun 10–11 and Dec 30–31 (2 each, the earliest wins). T3 has no completeTime:
        // completed at its deadline, so on time.
        #expect(y.figures.earned == 8 && y.figures.spent == 0 && y.figures.completions == 4 && y.figures.scoringDays == 4)
        #expect(y.figures.longestStreak == 2 && y.longestStreak == run("2024-06-10", "2024-06-11"))
        #expect(y.figures.targetsOnTime == 1 && y.figures.targetsLate == 0 && y.figures.targetsCompleted == 1)
        #expect(y.figures.notesWritten == 1)
        // June 3, December 2 + 3 = 5.
        #expect(y.bestMonth == BestMonth(month: 12, start: d("2024-12-01"), earned: 5))
        // The week of Monday Dec 30 counts only Dec 30–31 here (5), beating Jun 10's week (3).
        #expect(y.bestWeek == BestWeek(monday: d("2024-12-30"), start: d("2024-12-30"), end: d("2024-12-31"), earned: 5))
        // Trend: 80 on Dec 30 (first weighing); Dec 31 interpolates 80 − 1/3, trend 80 + 0.1 × (−1/3).
        let w = y.weight
        #expect(w?.startDate == d("2024-12-30") && w?.start == 80 && w?.endDate == d("2024-12-31"))
        #expect(abs((w?.end ?? 0) - (80 - 1.0 / 30)) < 1e-9 && abs((w?.change ?? 0) + 1.0 / 30) < 1e-9)
        // The previous year is 2023: its one note.
        #expect(y.previous == YearFigures(notesWritten: 1))
        #expect(y.change?.earned == 8 && y.change?.notesWritten == 0 && y.change?.completions == 4 && y.change?.weightChange == nil)
    }

    @Test func habitsIn2024() {
        let y = reviews()[1]
        // Run: Jun 10, Jun 11, Dec 30; Read: Dec 31; Never starts today (2026).
        #expect(y.habits.map(\.completions) == [3, 1, 0])
        #expect(y.habits.map(\.longestStreak) == [run("2024-06-10", "2024-06-11"), run("2024-12-31", "2024-12-31"), nil])
        #expect(y.habits.map(\.strength) == [0.204, 0.638, nil])
        #expect(y.habitsByCompletions.map(\.name) == ["Run", "Read"])
        #expect(y.habitsByStrength.map(\.name) == ["Read", "Run"])
    }

    @Test func year2025() {
        let y = reviews()[2]
        // Earned 1 + 4 + 5 + 3 + 2 = 15; spent 5 + 10 = 15; checks: Run Jan 1, Read Jan 2, Read
        // Dec 31. Scoring days Jan 1, Jan 2, Mar 5, Nov 15, Dec 31. T1 late (Jul 2 > Jun 30), T2 on
        // time (done 23:00 on its deadline's day). The run Dec 30 → Jan 2 is cut to Jan 1–2.
        let f = y.figures
        #expect(f.earned == 15 && f.spent == 15 && f.completions == 3 && f.scoringDays == 5)
        #expect(f.longestStreak == 2 && y.longestStreak == run("2025-01-01", "2025-01-02"))
        #expect(f.targetsOnTime == 1 && f.targetsLate == 1 && f.notesWritten == 1)
        // January 1 + 4 = 5 ties March's 5: the earliest wins.
        #expect(y.bestMonth == BestMonth(month: 1, start: d("2025-01-01"), earned: 5))
        // The week of Monday 2024-12-30 counts Jan 1–5 here (5), tying the week of Mar 3 (5).
        #expect(y.bestWeek == BestWeek(monday: d("2024-12-30"), start: d("2025-01-01"), end: d("2025-01-05"), earned: 5))
        // Trend on Jan 1: w = 80 − 2/3, trend 79.9667 + 0.1 × (−19/30) = 79.90333…; Jan 2 (the
        // last weighing): 79.90333 + 0.1 × (79 − 79.90333) = 79.813.
        let start = 80 - 1.0 / 30 - 0.1 * 19 / 30
        #expect(y.weight?.startDate == d("2025-01-01") && abs((y.weight?.start ?? 0) - start) < 1e-9)
        #expect(y.weight?.endDate == d("2025-01-02") && abs((y.weight?.end ?? 0) - 79.813) < 1e-9)
        // Against 2024: +7 earned, +15 spent, −1 check, +1 scoring day, same longest run, one
        // more late target; the weight change −0.0903 against −0.0333.
        let c = y.change
        #expect(c?.earned == 7 && c?.spent == 15 && c?.completions == -1 && c?.scoringDays == 1 && c?.longestStreak == 0)
        #expect(c?.targetsOnTime == 0 && c?.targetsLate == 1 && c?.targetsCompleted == 1 && c?.notesWritten == 0)
        #expect(abs((c?.weightChange ?? 0) - (79.813 - start + 1.0 / 30)) < 1e-9)
        #expect(y.previousToDate == nil)
        // Habits: Run 1 (Jan 1; its run from Dec 30 cut to Jan 1), Read 2 (Jan 2 and Dec 31, one
        // day each: the earliest).
        #expect(y.habits.map(\.completions) == [1, 2, 0])
        #expect(y.habits.map(\.longestStreak) == [run("2025-01-01", "2025-01-01"), run("2025-01-02", "2025-01-02"), nil])
        #expect(y.habits.map(\.strength) == [0.569, 0.638, nil])
        #expect(y.habitsByCompletions.map(\.name) == ["Read", "Run"] && y.habitsByStrength.map(\.name) == ["Read", "Run"])
    }

    @Test func partialCurrentYear() {
        let y = reviews()[3]
        // Earned 1 + 1 + 3 + 1 = 6 (Run's +100 at 20:00 is after now); spent 3; 4 checks. Runs
        // Jan 1–2 and Mar 9–10 (2 each): the earliest. T4 has no deadline: neither on time nor late; T6 was done
        // after now. The April note is after now; no weighing this year.
        let f = y.figures
        #expect(f == YearFigures(earned: 6, spent: 3, completions: 4, scoringDays: 4, longestStreak: 2, targetsWithoutDeadline: 1))
        #expect(y.longestStreak == run("2026-01-01", "2026-01-02") && y.weight == nil)
        #expect(y.bestMonth == BestMonth(month: 3, start: d("2026-03-01"), earned: 4))
        // The week of Monday Mar 9 ends today.
        #expect(y.bestWeek == BestWeek(monday: d("2026-03-09"), start: d("2026-03-09"), end: d("2026-03-10"), earned: 4))
        // The whole of 2025, and 2025 up to Mar 10: earned 1 + 4 + 5 = 10, spent 5, checks Jan 1
        // and Jan 2, scoring days Jan 1, Jan 2, Mar 5, the Jan 1 note, the trend Jan 1 → Jan 2.
        #expect(y.previous?.earned == 15 && y.previous?.targetsCompleted == 2)
        let p = y.previousToDate
        #expect(p?.earned == 10 && p?.spent == 5 && p?.completions == 2 && p?.scoringDays == 3 && p?.longestStreak == 2)
        #expect(p?.targetsCompleted == 0 && p?.notesWritten == 1 && abs((p?.weightChange ?? 0) - (79.813 - (80 - 1.0 / 30 - 0.1 * 19 / 30))) < 1e-9)
        #expect(y.changeToDate?.earned == -4 && y.changeToDate?.spent == -2 && y.changeToDate?.completions == 2)
        #expect(y.changeToDate?.weightChange == nil && y.change?.earned == -9)
        // Run: Jan 1, Jan 2; Read: Mar 9, Mar 10, so a tie broken by name. Strength on today:
        // Run 638/1000 = Read's 0.638, again by name; Never started today at 0.
        #expect(y.habits.map(\.completions) == [2, 2, 0])
        #expect(y.habits.map(\.longestStreak) == [run("2026-01-01", "2026-01-02"), run("2026-03-09", "2026-03-10"), nil])
        #expect(y.habits.map(\.strength) == [0.638, 0.638, 0])
        #expect(y.habitsByCompletions.map(\.name) == ["Read", "Run", "Never"])
        #expect(y.habitsByStrength.map(\.name) == ["Read", "Run", "Never"])
    }

    /// The years' figures add up to the all-time ones.
    @Test func yearsSumToAllTime() {
        let r = reviews()
        let daily = DailyPoints(points: fourYears.points, now: now, zone: utc)
        #expect(r.map(\.figures.earned).reduce(0, +) == 29 && daily.earned.reduce(0, +) == 29)
        #expect(r.map(\.figures.spent).reduce(0, +) == 18 && daily.spent.reduce(0, +) == 18)
        #expect(r.map(\.figures.completions).reduce(0, +) == 11)
        #expect(r.map(\.figures.targetsCompleted).reduce(0, +) == 4 && r.map(\.figures.notesWritten).reduce(0, +) == 3)
    }

    /// A record at 2024-12-31T20:00Z is New Year's Eve in UTC and 04:00 on New Year's Day in Shanghai.
    @Test func newYearFollowsTheReportZone() {
        let export = Export(points: [record(2, "tag", "Run", "2024-12-31T20:00:00Z")], tags: [Tag(name: "Run")])
        let now = instant("2025-06-01T00:00:00Z")
        for (zone, year) in [(utc, 2024), (shanghai, 2025)] {
            let log = HabitLog(export: export, now: now, zone: zone)
            let r = YearReview.years(export: export, now: now, zone: zone, habits: log, strength: [], streaks: [])
            #expect(r.map(\.year) == [year])
            #expect(r.first?.figures.earned == 2 && r.first?.habits.first?.completions == 1)
            // No strength given: nil, and the habit is still ranked (last).
            #expect(r.first?.habits.first?.strength == nil && r.first?.habitsByStrength.map(\.name) == ["Run"])
        }
    }

    /// A year without data between two with data is not listed, but is the later one's
    /// "previous year", with zero figures.
    @Test func gapYear() {
        let export = Export(points: [record(1, "game", "x", "2020-05-01T08:00:00"), record(2, "game", "x", "2022-05-01T08:00:00")])
        let now = instant("2022-06-01T00:00:00Z")
        let r = YearReview.years(export: export, now: now, zone: utc, habits: HabitLog(export: export, now: now, zone: utc),
                                 strength: [], streaks: [])
        #expect(r.map(\.year) == [2020, 2022])
        #expect(r[1].previous == YearFigures() && r[1].previousToDate == YearFigures() && r[1].change?.earned == 2)
        // 2022 so far: Jan 1 to Jun 1 = 31 + 28 + 31 + 30 + 31 + 1.
        #expect(r[1].days == 152 && r[1].isPartial)
    }

    /// A numerical habit with a target completes a day that meets it, as its page counts days
    /// done: 10,000 steps a day, walked 12,000 (Jan 2), 9,999 (Jan 3), 10,000 (Jan 4) and 500
    /// (Jan 5), is 2 completions in 2025, not 4 entries; a yes/no habit's checks count as before.
    @Test func aNumericalHabitCompletesTheDaysThatMeetItsTarget() {
        let steps = Tag(name: "Steps", habit: HabitDetails(unit: "steps", target: 10_000, targetKind: .atLeast))
        func walk(_ day: String, _ n: Double) -> PointRecord {
            PointRecord(point: 0, type: "tag", name: "Steps", date: at(day + "T20:00:00"), value: n)
        }
        let export = Export(points: [walk("2025-01-02", 12_000), walk("2025-01-03", 9_999), walk("2025-01-04", 10_000), walk("2025-01-05", 500),
                                     record(0, "tag", "Read", "2025-01-03T21:00:00"), record(0, "tag", "Read", "2025-01-03T22:00:00")],
                            tags: [steps, Tag(name: "Read")])
        let now = instant("2025-01-10T12:00:00Z")
        let r = YearReview.years(export: export, now: now, zone: utc, habits: HabitLog(export: export, now: now, zone: utc),
                                 strength: [], streaks: [])
        #expect(r.map(\.year) == [2025])
        // Steps 2 (Jan 2 and 4) + Read 2 (twice on Jan 3).
        #expect(r.first?.figures.completions == 4)
        #expect(r.first?.habits.map { "\($0.name) \($0.completions)" }.sorted() == ["Read 2", "Steps 2"])
    }

    /// "At most 0 cigarettes": a day with an entry of 0 is done, one of 5 is not.
    @Test func anAtMostZeroHabitCompletesOnlyItsDaysAtZero() {
        let smoke = Tag(name: "Smoke", habit: HabitDetails(unit: "cigarettes", target: 0, targetKind: .atMost))
        let export = Export(points: [PointRecord(point: 0, type: "tag", name: "Smoke", date: at("2025-01-02T20:00:00"), value: 0),
                                     PointRecord(point: 0, type: "tag", name: "Smoke", date: at("2025-01-03T20:00:00"), value: 5)],
                            tags: [smoke])
        let now = instant("2025-01-10T12:00:00Z")
        let log = HabitLog(export: export, now: now, zone: utc)
        let r = YearReview.years(export: export, now: now, zone: utc, habits: log, strength: [], streaks: [])
        #expect(r.first?.figures.completions == 1 && r.first?.habits.first?.completions == 1)
        let figures = HabitBoard(log: log).habits[0]
        #expect(figures.isDone(0) && !figures.isDone(1))
    }

    /// On 29 February the same date a year ago is 28 February.
    @Test func leapDayComparesWithTheTwentyEighth() {
        let export = Export(points: [record(1, "game", "x", "2023-02-28T08:00:00"), record(10, "game", "x", "2023-03-01T08:00:00"),
                                     record(5, "game", "x", "2024-02-29T08:00:00")])
        let now = instant("2024-02-29T12:00:00Z")
        let r = YearReview.years(export: export, now: now, zone: utc, habits: HabitLog(export: export, now: now, zone: utc),
                                 strength: [], streaks: [])
        #expect(r.map(\.year) == [2023, 2024] && r[1].days == 60)
        #expect(r[1].previousToDate?.earned == 1 && r[1].previous?.earned == 11)
    }

    /// Given streaks past today or backwards, and strength series shorter than the days, give
    /// sensible values instead of a crash.
    @Test func odditiesInTheInputs() {
        let export = Export(points: [record(1, "tag", "Run", "2025-12-30T08:00:00"), record(1, "tag", "Run", "2026-01-02T08:00:00")],
                            tags: [Tag(name: "Run")])
        let now = instant("2026-01-02T12:00:00Z")
        let log = HabitLog(export: export, now: now, zone: utc)
        let r = YearReview.years(export: export, now: now, zone: utc, habits: log, strength: [[0.5, .nan]],
                                 streaks: [[run("2025-12-30", "2026-01-09"), run("2025-12-31", "2025-12-20")]])
        #expect(r.map(\.year) == [2025, 2026])
        // 2025-12-31 is index 1 of Run's days: NaN, so nil; 2026-01-02 (index 3) is missing.
        #expect(r[0].habits[0].strength == nil && r[1].habits[0].strength == nil)
        // The streak runs past today: cut to Dec 30–31 and Jan 1–2; the backwards one is skipped.
        #expect(r[0].habits[0].longestStreak == run("2025-12-30", "2025-12-31"))
        #expect(r[1].habits[0].longestStreak == run("2026-01-01", "2026-01-02"))
    }

    /// Loop's real version-12 backup (uhabits' test database): 164 repetitions, one point each,
    /// all in 2016. Counted with Python's sqlite3 from the `Repetitions` table (UTC days): 39 in
    /// January, 50 in February, 75 in March; Monday weeks of Mar 7 and Mar 14 hold 28 each; the
    /// longest run of days with a repetition is Jan 18 – Feb 20 (34 days); per habit 43, 33, 21,
    /// 15, 13, 13, 12, 12, 2.
    @Test(.enabled(if: TestPaths.hasShared)) func loopBackup() {
        let db = TestPaths.shared.appendingPathComponent("real-exports/loop-habit-tracker-db/loop-v12.db").path
        let export = SourceReader(importers: [LoopDBImporter.importer]).read([db]).imported.export
        let now = instant("2016-03-22T00:00:00Z")
        let log = HabitLog(export: export, now: now, zone: utc)
        let r = YearReview.years(export: export, now: now, zone: utc, habits: log, strength: [], streaks: [])
        #expect(r.map(\.year) == [2016])
        guard let y = r.first else { return }
        // 2016 is a leap year: 31 + 29 + 22 days so far.
        #expect(y.isPartial && y.days == 82 && y.previous == nil)
        // Loop has no points: 164 checks earn none, so there is no best month or week of points
        // and no run of days earning them; the habits' own streaks are on their pages.
        #expect(y.figures.earned == 0 && y.figures.completions == 164 && y.figures.scoringDays == 0)
        #expect(y.bestMonth == nil && y.bestWeek == nil)
        #expect(y.longestStreak == nil && y.figures.longestStreak == 0)
        #expect(y.habitsByCompletions.map(\.completions) == [43, 33, 21, 15, 13, 13, 12, 12, 2])
        #expect(y.habitsByCompletions.map(\.name) == ["Vegan (2)", "Wake up early", "brush teeth", "Vegan", "I love you",
                                                      "I love you (2)", "Sport", "Sport (2)", "Sleep early"])
    }

    /// The sample export over ten years (30 habits, 100,000 checks), against a plain re-count.
    @Test func sampleExportAgainstARecount() {
        let sample = SampleExport(years: 10, tags: 30, points: 100_000, seed: 3)
        var files: [String: [UInt8]] = [:]
        for f in sample.files() { files[f.path] = f.bytes }
        let export = ExportReader(fileSystem: .inMemory(root: "/s", files: files)).read(directory: "/s").export
        let zone = shanghai
        let now = zone.instant(of: LocalDateTime(secondsAsUTC: Int64(sample.end.dayNumber) * 86_400 + 72_000))
        let today = sample.end
        let log = HabitLog(export: export, now: now, zone: zone)
        // Strength: any series will do, it is only read back: the day's checks so far / 1000.
        let strength = log.habits.map { h in
            var total = 0
            return h.days.checks.map { total += $0; return Double(total) / 1000 }
        }
        // Streaks: runs of days with a check.
        let streaks = log.habits.map { h -> [HabitStreak] in
            var runs: [HabitStreak] = [], start: Int?
            for i in 0...h.days.count {
                let done = i < h.days.count && h.days.checks[i] > 0
                if done, start == nil { start = i }
                if !done, let s = start {
                    runs.append(HabitStreak(start: h.days.first.adding(days: s), end: h.days.first.adding(days: i - 1)))
                    start = nil
                }
            }
            return runs
        }
        let reviews = YearReview.years(export: export, now: now, zone: zone, habits: log, strength: strength, streaks: streaks)
        let series = WeightSeries(entries: export.weights, now: now, zone: zone).days
        #expect(series.first?.date == LocalDate(year: 2016, month: 12, day: 2))
        // 3,650 days ending 2026-11-29 start on 2016-12-02 (2020 and 2024 are leap years).
        #expect(reviews.map(\.year) == Array(2016...2026))
        #expect(reviews.last?.isPartial == true && reviews.last?.days == 333)

        // The plain re-count: every record up to now, by its year.
        var earned: [Int: Int] = [:], spent: [Int: Int] = [:], checks: [Int: Int] = [:]
        var byDay: [LocalDate: Int] = [:]
        for p in export.points where !p.date.isAfter(now, in: zone) {
            let day = p.date.localDate(in: zone)
            if p.point > 0 { earned[day.year, default: 0] += p.point; byDay[day, default: 0] += p.point }
            if p.point < 0 { spent[day.year, default: 0] -= p.point }
            if p.type == "tag" { checks[day.year, default: 0] += 1 }
        }
        var targets: [Int: Int] = [:], late = 0
        for t in export.targets {
            guard let c = t.completionMoment, !c.isAfter(now, in: zone) else { continue }
            targets[c.localDate(in: zone).year, default: 0] += 1
            if let dl = t.deadline, c.localDate(in: zone) > dl.localDate(in: zone) { late += 1 }
        }
        var notes: [Int: Int] = [:]
        for n in export.notes { if let date = n.date, !date.isAfter(now, in: zone) { notes[date.localDate(in: zone).year, default: 0] += 1 } }
        for y in reviews {
            #expect(y.figures.earned == earned[y.year, default: 0] && y.figures.spent == spent[y.year, default: 0])
            #expect(y.figures.completions == checks[y.year, default: 0])
            #expect(y.figures.targetsCompleted == targets[y.year, default: 0] && y.figures.notesWritten == notes[y.year, default: 0])
            // Every day of the year, one by one: longest run and best month.
            var best = 0, run = 0, months = [Int](repeating: 0, count: 13)
            var day = y.start
            while day <= y.end {
                let e = byDay[day, default: 0]
                run = e > 0 ? run + 1 : 0
                best = max(best, run)
                months[day.month] += e
                day = day.adding(days: 1)
            }
            #expect(y.figures.longestStreak == best && y.longestStreak?.length == best)
            #expect(y.bestMonth?.earned == months.max() && y.bestMonth.map { months[$0.month] } == months.max())
            #expect(y.habits.map(\.completions).reduce(0, +) == checks[y.year, default: 0])
            // Strength is read on Dec 31 or today.
            for (h, habit) in y.habits.enumerated() {
                let i = log.habits[h].days.index(y.end)
                #expect(habit.strength == i.map { strength[h][$0] })
            }
            #expect(y.habitsByCompletions.map(\.completions) == y.habitsByCompletions.map(\.completions).sorted(by: >))
            // The weight trend on the year's edges, from the series itself.
            #expect(y.weight?.start == series.first { $0.date >= y.start }?.trend)
            #expect(y.weight?.end == series.last { $0.date <= y.end }?.trend)
        }
        // All-time, from DailyPoints and the records.
        let daily = DailyPoints(points: export.points, now: now, zone: zone)
        #expect(reviews.map(\.figures.earned).reduce(0, +) == daily.earned.reduce(0, +))
        #expect(reviews.map(\.figures.spent).reduce(0, +) == daily.spent.reduce(0, +))
        #expect(reviews.map(\.figures.completions).reduce(0, +) == export.points.filter { $0.type == "tag" && !$0.date.isAfter(now, in: zone) }.count)
        #expect(reviews.map(\.figures.targetsLate).reduce(0, +) == late)
        #expect(reviews.dropFirst().allSatisfy { $0.previous != nil } && reviews[0].previous == nil)
        #expect(reviews.last?.habits.count == 30 && today == reviews.last?.end)
    }
}
