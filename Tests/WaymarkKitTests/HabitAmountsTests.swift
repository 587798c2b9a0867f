import Foundation
import Testing
@testable import WaymarkKit

/// Numerical habits' amounts (total, per day and per week entered, best day), Loop's entries of
/// 0, and habits with amounts but no unit, from the figures up to the pages and `stats.json`.
struct HabitAmountsTests {
    typealias F = LoopFixtures
    static func date(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }
    let date = HabitAmountsTests.date

    // MARK: The figures

    /// Averages to one decimal, a whole one without ".0": 10 / 3 = 3.33… is "3.3", 9,770.33 steps
    /// "9,770.3 steps", 90 "90"; totals as amounts, up to two decimals.
    @Test func averagesHaveOneDecimal() {
        let en = LocaleFormat(.en)
        #expect(HabitPages.average(10.0 / 3.0, nil, en) == "3.3" && HabitPages.average(9_770.329_67, "steps", en) == "9,770.3 steps")
        #expect(HabitPages.average(90, "km", en) == "90 km" && HabitPages.average(0.05, nil, en) == "0.1")
        #expect(HabitPages.amount(10.0 / 3.0, nil, en) == "3.33")
    }

    @Test func totalsAveragesAndTheEarliestBestDay() {
        // Sun Mar 1 2026 (week of Feb 23), then Mon Mar 2 and Wed Mar 4 (week of Mar 2), then
        // Mon Mar 16 (week of Mar 16): 4 days in 3 weeks. 5 + 8 + 8 + 0 (an entry of 0) = 21.
        var days = HabitDays(first: date(2026, 3, 1), last: date(2026, 3, 20))
        for (d, v) in [(1, 5.0), (2, 8.0), (4, 8.0), (16, 0.0)] {
            let i = days.index(date(2026, 3, d))!
            days.checks[i] = 1
            days.amounts[i] = v
        }
        let a = HabitAmounts(days)
        #expect(a == HabitAmounts(total: 21, daysEntered: 4, weeksEntered: 3, bestDay: date(2026, 3, 2), best: 8))
        #expect(a.perDay == 21.0 / 4 && a.perWeek == 7)
        // Cut to Mar 2…Mar 10: 16 on 2 days of 1 week; the earlier 8 is still the best.
        let cut = HabitAmounts(days, from: date(2026, 3, 2), to: date(2026, 3, 10))
        #expect(cut == HabitAmounts(total: 16, daysEntered: 2, weeksEntered: 1, bestDay: date(2026, 3, 2), best: 8))
        // Nothing entered: no averages and no best day.
        let none = HabitAmounts(days, from: date(2026, 3, 5), to: date(2026, 3, 15))
        #expect(none.daysEntered == 0 && none.perDay == nil && none.perWeek == nil && none.bestDay == nil)
    }

    /// "At least nothing" would be met every day (Loop's strength for a target of 0 climbs to 1
    /// whatever is entered), so a numerical habit without a target is measured as yes/no.
    @Test func withoutATargetAnAmountHabitIsMeasuredAsYesNo() {
        #expect(HabitRule(tag: Tag(name: "Pushups", habit: HabitDetails(unit: ""))) == HabitRule())
        #expect(HabitRule(tag: Tag(name: "Swim", habit: HabitDetails(unit: "km"))) == HabitRule())
        #expect(HabitRule(tag: Tag(name: "Sugar", habit: HabitDetails(unit: "", targetKind: .atMost))).isNumerical)
        #expect(HabitRule(tag: Tag(name: "Run", habit: HabitDetails(unit: "km", target: 5))).isNumerical)
        // One entry of 30, then nine days of nothing: a yes/no daily habit's strength after one
        // step is 1 − m (m = 0.5^(1/13) = 0.948078), and it then falls; never 1.
        var days = HabitDays(first: date(2026, 3, 1), last: date(2026, 3, 10))
        days.checks[0] = 1
        days.amounts[0] = 30
        let figures = HabitFigures(name: "Pushups", tag: Tag(name: "Pushups", habit: HabitDetails(unit: "")), days: days)
        #expect(abs(figures.scores[0] - 0.051922) < 1e-6)
        #expect(figures.score < figures.scores[0])
        #expect(figures.amounts?.total == 30 && figures.countsAmounts)
    }

    // MARK: Loop's entries of 0

    /// "Sugar", at most 3 a day, and "Run", at least 5 km a day, from May 1 to May 7, 2024
    /// (today). Sugar: 2, 0, 0, 5, 0, nothing, 1. Done days (amount ≤ 3 with an entry): 1, 2, 3,
    /// 5, 7; May 4 (5 > 3) and May 6 (no entry) are not. Streaks by hand: May 1–3 (3 days), May
    /// 5 (1), May 7 (1, current). Dropping the 0s, as before, left May 1, 5 and 7 alone.
    /// Run: 5.2 on May 1, 0 on May 2: the 0 is an entry (2 entries) but May 2 is not done.
    @Test func aZeroKeepsAnAtMostStreakAndIsEnteredButNotDoneAtLeast() throws {
        let bytes = F.database(version: 25, F.schema25 + """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, name, position, type, target_type, target_value, unit, question)
                VALUES (1, 0, 8, '', 1, 1, 'Sugar', 0, 1, 1, 3, '', ''),
                       (2, 0, 8, '', 1, 1, 'Run', 1, 1, 0, 5, 'km', '');
            INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
                (1, \(F.ms("2024-05-01")), 2000, NULL), (1, \(F.ms("2024-05-02")), 0, 'none at all'),
                (1, \(F.ms("2024-05-03")), 0, NULL), (1, \(F.ms("2024-05-04")), 5000, NULL),
                (1, \(F.ms("2024-05-05")), 0, NULL), (1, \(F.ms("2024-05-07")), 1000, NULL),
                (2, \(F.ms("2024-05-01")), 5200, NULL), (2, \(F.ms("2024-05-02")), 0, NULL);
            """)
        let part = LoopDBImporter.read([.memory("backup.db", bytes)])
        #expect(part.diagnostics.isEmpty)
        // The 0 is an entry with no point, its note kept on it.
        #expect(part.export.points.contains(PointRecord(point: 0, type: "tag", name: "Sugar", describe: "none at all",
                                                        date: .day(F.day("2024-05-02")), value: 0)))
        #expect(part.export.notes.isEmpty)
        let today = F.day("2024-05-07")
        let log = HabitLog(export: part.export, now: Int64(today.dayNumber) * 86_400 + 43_200, zone: .utc)
        let sugar = HabitFigures(name: "Sugar", tag: log.habits[0].tag, days: log.habits[0].days)
        #expect(sugar.streaks.map { [$0.start.description, $0.end.description] }
            == [["2024-05-01", "2024-05-03"], ["2024-05-05", "2024-05-05"], ["2024-05-07", "2024-05-07"]])
        #expect(sugar.bestStreak?.length == 3 && sugar.currentStreak?.length == 1)
        #expect((0..<7).map(sugar.isDone) == [true, true, true, false, true, false, true])
        #expect(sugar.amounts == HabitAmounts(total: 8, daysEntered: 6, weeksEntered: 2, bestDay: F.day("2024-05-04"), best: 5))
        #expect(sugar.points == 0)  // an imported habit earns no points
        let run = HabitFigures(name: "Run", tag: log.habits[1].tag, days: log.habits[1].days)
        #expect(run.completions == 2 && run.amounts?.daysEntered == 2)
        #expect(run.isDone(0) && !run.isDone(1))
        #expect(run.streaks.map(\.length) == [1])
    }

    // MARK: HabitBull's Pushups, through the build

    /// habitbull3.csv, counted with Python's csv module (utf-8-sig): the rows with HabitName
    /// "Pushups" are 7, Values 30 on 2021-09-01 and 100 on each day 2022-01-08…13, summing to 630.
    /// An average is written to one decimal, as every average: Google Fit's steps in 2020
    /// (nrupeshsurya's summary, Python's csv module: 91 days, 889,100 steps) are 9,770.33 a day
    /// entered, written 9,770.3.
    @Test(.enabled(if: TestPaths.hasShared)) func averagesAreWrittenToOneDecimal() throws {
        let folder = TestPaths.shared.appendingPathComponent("real-exports/google-fit-takeout-more").path
        let dir = TemporaryDirectory()
        for lang in ["en", "zh-Hans"] {
            let run = CLIRun(["build", "-q", folder, "-o", dir.file(lang), "--lang", lang])
            #expect(run.code == 0, "\(run.stderr)")
        }
        #expect(dir.read("en/years/2020.html")?.contains(#"<span class="sub">889,100 steps in all · 9,770.3 steps per day entered</span>"#) == true)
        #expect(dir.read("zh-Hans/years/2020.html")?.contains(#"<span class="sub">总量 889,100 步 · 记录日均 9,770.3 步</span>"#) == true)
        // The habit page's two averages (of all the folder's days) have one decimal at most.
        let page = try #require(dir.read("en/habits/steps.html"))
        for label in ["Per day entered", "Per week entered"] {
            let value = page.components(separatedBy: #"<span class="label">\#(label)</span><span class="value">"#).dropFirst().first?
                .components(separatedBy: " steps</span>").first ?? ""
            #expect(value.wholeMatch(of: /[0-9]{1,3}(,[0-9]{3})*(\.[0-9])?/) != nil, "\(label): \(value)")
        }
    }

    /// By hand: 630 / 7 days = 90 per day entered; the days fall in the weeks of Mon 2021-08-30,
    /// 2022-01-03 (the 8th and 9th) and 2022-01-10 (10th…13th), so 630 / 3 = 210 per week; the
    /// best day is 100, first on 2022-01-08. In 2022: 600 on 6 days.
    @Test(.enabled(if: TestPaths.hasShared)) func pushupsFiguresOnTheRealFile() throws {
        let file = TestPaths.shared.appendingPathComponent("real-exports/habitbull-csv/habitbull3.csv").path
        let dir = TemporaryDirectory()
        for lang in ["en", "zh-Hans"] {
            let run = CLIRun(["build", "-q", file, "-o", dir.file(lang), "--now", "2022-01-20T12:00:00Z", "--time-zone", "UTC", "--lang", lang])
            #expect(run.code == 0, "\(run.stderr)")
        }
        let stats = try JSONParser.parse(Array(dir.read("en/stats.json")?.utf8 ?? "".utf8))
        guard case .array(let tags)? = stats["tags"] else { Issue.record("no tags"); return }
        let pushups = try #require(tags.first { $0["name"] == .string("Pushups") })
        let amounts = pushups["amounts"]
        #expect(amounts?["unit"] == .null)
        #expect(amounts?["total"] == .number("630.000"))
        #expect(amounts?["daysEntered"] == .number("7") && amounts?["weeksEntered"] == .number("3"))
        #expect(amounts?["perDay"] == .number("90.0") && amounts?["perWeek"] == .number("210.0"))
        #expect(amounts?["bestDay"]?["date"] == .string("2022-01-08") && amounts?["bestDay"]?["amount"] == .number("100.000"))
        // "run" has only 1s: check marks, no amounts.
        #expect(tags.first { $0["name"] == .string("run") }?["amounts"] == nil)

        let en = try #require(dir.read("en/habits/pushups.html"))
        #expect(en.contains("<li>Amounts, no unit</li>"))
        #expect(en.contains(#"<span class="label">Total</span><span class="value">630</span><span class="sub">on 7 days</span>"#))
        #expect(en.contains(#"<span class="label">Per day entered</span><span class="value">90</span>"#))
        #expect(en.contains(#"<span class="label">Per week entered</span><span class="value">210</span><span class="sub">in 3 weeks</span>"#))
        #expect(en.contains(#"<span class="label">Best day</span><span class="value">100</span><span class="sub"><span class="date">Jan 8</span></span>"#))
        #expect(dir.read("en/habits/index.html")?.contains(#"<span class="sub">630 in all · 90 per day entered</span>"#) == true)
        #expect(dir.read("en/years/2022.html")?.contains(#"<td data-label="Times">6<span class="sub">600 in all · 100 per day entered</span></td>"#) == true)

        let zh = try #require(dir.read("zh-Hans/habits/pushups.html"))
        #expect(zh.contains("<li>记录数量，无单位</li>"))
        #expect(zh.contains(#"<span class="label">总量</span><span class="value">630</span><span class="sub">共 7 天有记录</span>"#))
        #expect(zh.contains(#"<span class="label">记录日均</span><span class="value">90</span>"#))
        #expect(zh.contains(#"<span class="label">记录周均</span><span class="value">210</span><span class="sub">共 3 周有记录</span>"#))
        #expect(zh.contains(#"<span class="label">最佳单日</span><span class="value">100</span><span class="sub"><span class="date">1月8日</span></span>"#))
        #expect(dir.read("zh-Hans/habits/index.html")?.contains(#"<span class="sub">总量 630 · 记录日均 90</span>"#) == true)
        #expect(dir.read("zh-Hans/years/2022.html")?.contains(#"<td data-label="次数">6<span class="sub">总量 600 · 记录日均 100</span></td>"#) == true)
    }

    // MARK: A generic CSV without units

    /// "Pages" has values 12 and 30 and no unit: numerical, no unit, 42 in all. "Stretch" has
    /// only 1s: a yes/no habit. "Swim" has a unit: 1.5 km in all, the unit written.
    @Test func aUnitlessCSVHabitIsNumericalAndSaysSo() throws {
        let dir = TemporaryDirectory()
        dir.write("habits.csv", """
            date,habit,value,unit
            2024-03-04,Pages,12,
            2024-03-06,Pages,30,
            2024-03-04,Stretch,1,
            2024-03-05,Stretch,1,
            2024-03-05,Swim,1.5,km

            """)
        let part = GenericHabitsImporter.read(.memory("habits.csv", dir.read("habits.csv") ?? ""), ImportContext())
        #expect(part.export.tags.map { $0.habit?.unit } == ["", nil, "km"])
        #expect(part.export.points.filter { $0.name == "Stretch" }.allSatisfy { $0.value == nil })
        #expect(part.remarks.contains("“Stretch” has only the value 1; it is read as a yes/no habit"))

        let run = CLIRun(["build", "-q", dir.file("habits.csv"), "-o", dir.file("site"), "--now", "2024-03-07T12:00:00Z", "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        let pages = try #require(dir.read("site/habits/pages.html"))
        #expect(pages.contains("<li>Amounts, no unit</li>"))
        #expect(pages.contains(#"<span class="label">Total</span><span class="value">42</span><span class="sub">on 2 days</span>"#))
        // No target was given, so none is shown ("at least 0" would be made up).
        #expect(!pages.contains("Target:"))
        let swim = try #require(dir.read("site/habits/swim.html"))
        #expect(swim.contains("<li>Amounts in km</li>") && !swim.contains("no unit"))
        #expect(swim.contains(#"<span class="label">Best day</span><span class="value">1.5 km</span>"#))
        let stretch = try #require(dir.read("site/habits/stretch.html"))
        #expect(!stretch.contains(">Total<") && !stretch.contains("no unit"))
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        guard case .array(let tags)? = stats["tags"] else { Issue.record("no tags"); return }
        #expect(tags.first { $0["name"] == .string("Swim") }?["amounts"]?["unit"] == .string("km"))
        #expect(tags.first { $0["name"] == .string("Pages") }?["amounts"]?["total"] == .number("42.000"))
    }
}
