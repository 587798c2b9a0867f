import Foundation
import Testing
@testable import WaymarkKit

/// Google Fit's activity from the daily summary and the per-day files, on real Takeout files
/// (`../shared/real-exports/google-fit-takeout-more`). Every figure was counted with Python's
/// csv module: `r = list(csv.DictReader(open(f, encoding='utf-8-sig', newline='')))`, then
/// `v = [float(x[c]) for x in r if x[c]]` for a column c, `len(v)` and `sum(v)`.
struct GoogleFitActivityTests {
    static let folder = "google-fit-takeout-more/"

    static func total(_ part: SourcePart, _ metric: ActivityMetric) -> (days: Int, sum: Double) {
        let samples = part.export.activity.filter { $0.metric == metric }
        return (samples.count, samples.map(\.value).reduce(0, +))
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

    /// BrandonValley's summary, 36 days 2018-06-18…2018-07-27: 'Step count' 25 rows, 167,969;
    /// 'Distance (m)' 25 rows, 87,087.20163160563 m; 'Calories (kcal)' 36 rows, 59,032.39878430172
    /// (total energy, not active); 'Average weight (kg)' 7 rows.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func theSummaryOfAnOlderTakeout() throws {
        let file = try WeightFixtures.shared(Self.folder + "BrandonValley-Daily Summaries.csv")
        #expect(GoogleFitImporter.isSummary(file))
        let part = GoogleFitImporter.read([file], ImportContext())
        #expect(part.diagnostics.isEmpty && part.dropped.isEmpty)
        let steps = Self.total(part, .steps)
        #expect(steps.days == 25 && steps.sum == 167_969)
        let distance = Self.total(part, .distance)
        #expect(distance.days == 25 && Self.close(distance.sum, 87.08720163160563))
        let energy = Self.total(part, .totalEnergy)
        #expect(energy.days == 36 && Self.close(energy.sum, 59_032.39878430172, 1e-6))
        #expect(Self.total(part, .activeEnergy).days == 0)
        #expect(part.export.weights.count == 7)
        #expect(part.export.activity.allSatisfy { $0.source == "Google Fit" })
        // 2018-07-26: 6,913 steps, as its per-day file's buckets add up to (below).
        #expect(part.export.activity.first { $0.metric == .steps && $0.date == WeightFixtures.day(2018, 7, 26) }?.value == 6913)
    }

    /// nrupeshsurya's, 810 days 2015-02-13…2020-03-31: 'Step count' 782 rows, 5,089,651;
    /// 'Move Minutes count' 572 rows, 49,093; 'Distance (m)' 699 rows; 'Calories (kcal)' 807.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func theSummaryOfFiveYears() throws {
        let file = try WeightFixtures.shared(Self.folder + "nrupeshsurya-Daily Summaries.csv")
        let part = GoogleFitImporter.read([file], ImportContext())
        #expect(part.diagnostics.isEmpty)
        #expect(Self.total(part, .steps) == (782, 5_089_651))
        #expect(Self.total(part, .moveMinutes) == (572, 49_093))
        #expect(Self.total(part, .distance).days == 699 && Self.total(part, .totalEnergy).days == 807)
        #expect(part.export.weights.map(\.kg) == [60, 70, 65, 65, 65])
    }

    /// The per-day file of 2018-07-26: 96 buckets; 'Step count' in 27 of them, 6,913;
    /// 'Distance (m)' 6,618.761258840561; 'Calories (kcal)' 1,706.1383504006096; the weight
    /// 69.85322570800781 in 2 buckets. Its date is only in its name.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func aPerDayFileAloneGivesItsDay() throws {
        let bytes = try WeightFixtures.shared(Self.folder + "Takeout/Fit/Daily Aggregations/2018-07-26.csv").readAll()
        let file = SourceFile.memory("Takeout/Fit/Daily Aggregations/2018-07-26.csv", bytes)
        #expect(GoogleFitImporter.day(of: file) == LocalDate(year: 2018, month: 7, day: 26))
        #expect(!GoogleFitImporter.isSummary(file))
        let part = GoogleFitImporter.read(GoogleFitImporter.claim([file])[0], ImportContext())
        #expect(part.diagnostics.isEmpty)
        let day = WeightFixtures.day(2018, 7, 26)
        #expect(part.export.activity.first { $0.metric == .steps }?.value == 6913)
        #expect(Self.close(part.export.activity.first { $0.metric == .distance }?.value ?? 0, 6.618761258840561))
        #expect(Self.close(part.export.activity.first { $0.metric == .totalEnergy }?.value ?? 0, 1706.1383504006096))
        #expect(part.export.activity.allSatisfy { $0.date == day })
        #expect(part.export.weights == [WeightEntry(date: day, kg: 69.85322570800781)])
        // The same bytes under a name that is not a day: not Google's per-day file.
        #expect(GoogleFitImporter.day(of: SourceFile.memory("export.csv", bytes)) == nil)
    }

    /// The summary and the per-day file in one folder, as in a Takeout: 2018-07-26 counts once,
    /// from the summary (6,913, not 13,826), and the per-day file is said to be its breakdown.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func perDayFilesAreNeverCountedBesideTheSummary() throws {
        let summary = SourceFile.memory("Takeout/Fit/Daily Aggregations/Daily Summaries.csv",
                                        try WeightFixtures.shared(Self.folder + "BrandonValley-Daily Summaries.csv").readAll())
        let day = SourceFile.memory("Takeout/Fit/Daily Aggregations/2018-07-26.csv",
                                    try WeightFixtures.shared(Self.folder + "Takeout/Fit/Daily Aggregations/2018-07-26.csv").readAll())
        // The per-day file first, as a folder may list it: the summary is still read first.
        let units = GoogleFitImporter.claim([day, summary])
        #expect(units.map { $0.map(\.name) } == [["Daily Summaries.csv", "2018-07-26.csv"]])
        let part = GoogleFitImporter.read(units[0], ImportContext())
        #expect(Self.total(part, .steps) == (25, 167_969))
        #expect(part.remarks.contains("1 per-day file not read: the daily summary has its day (they are its breakdown, read once)"))
        // A day the summary lacks is read from its per-day file.
        let later = SourceFile.memory("Takeout/Fit/Daily Aggregations/2018-07-28.csv", try day.readAll())
        let both = GoogleFitImporter.read(GoogleFitImporter.claim([summary, later])[0], ImportContext())
        #expect(Self.total(both, .steps) == (26, 167_969 + 6913))
    }

    /// Sleep columns (no real file has a value in them): light, deep and REM in milliseconds, filed
    /// under the row's day. 5,400,000 ms = 90 min; 3,600,000 = 60; 1,800,000 = 30.
    @Test func sleepColumnsInMilliseconds() {
        let file = SourceFile.memory("Daily activity metrics.csv", """
            Date,Move Minutes count,Step count,Light sleeping duration (ms),Deep sleeping duration (ms),REM sleeping duration (ms),Awake mid-sleeping duration (ms)
            2022-08-24,30,4000,5400000,3600000,1800000,600000
            2022-08-25,,-5,,,,
            """)
        let part = GoogleFitImporter.read([file], ImportContext())
        #expect(part.export.sleep == [SleepSession(source: "Google Fit", night: LocalDate(year: 2022, month: 8, day: 24), core: 90, deep: 60, rem: 30, awake: 10)])
        #expect(WeightFixtures.errors(part) == ["Daily activity metrics.csv:3:13: expected a number of 0 or more (got \"-5\")"])
        #expect(part.dropped == [SourcePart.Dropped(GoogleFitImporter.nothingRead, 1)])
    }
}

extension GoogleFitActivityTests {
    /// The real folder holds two people's summaries and, below, a per-day file: each summary is
    /// a unit of its own (their days overlap, 2018-06-18 to 2018-07-27), none warns of a second row.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func twoSummariesInOneFolderAreReadApart() {
        let outcome = SourceReader(context: ImportContext()).read([TestPaths.shared.appendingPathComponent("real-exports/google-fit-takeout-more").path])
        let parts = outcome.reports.first?.parts ?? []
        #expect(parts.map(\.kind) == [GoogleFitImporter.name, GoogleFitImporter.name, GoogleFitImporter.name])
        #expect(parts.map(\.files.count) == [1, 1, 1])
        #expect(outcome.imported.diagnostics.filter { $0.description.contains("a second row") }.isEmpty)
    }
}
