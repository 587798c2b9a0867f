import Foundation
import Testing
@testable import WaymarkKit

struct TimeTicksTests {
    func d(_ y: Int, _ m: Int, _ day: Int) -> LocalDate { LocalDate(year: y, month: m, day: day)! }

    @Test func intervalsFollowD3Rules() {
        // 30 days / 7 = 4.3 days: between 2 days (ratio 2.1) and a week (ratio 1.6) → weeks.
        #expect(TimeTicks.interval(from: d(2026, 11, 1), to: d(2026, 12, 1), count: 7) == .weeks(1))
        // 730 days / 6 = 122 days: between 3 months (1.3) and a year (3.0) → quarters.
        #expect(TimeTicks.interval(from: d(2025, 2, 10), to: d(2027, 2, 10), count: 6) == .months(3))
        // 730 days / 10 = 73 days: between a month (2.4) and 3 months (1.2) → quarters; / 24 → months.
        #expect(TimeTicks.interval(from: d(2025, 2, 10), to: d(2027, 2, 10), count: 24) == .months(1))
        // 6 days / 7 → every day.
        #expect(TimeTicks.interval(from: d(2026, 11, 1), to: d(2026, 11, 7), count: 7) == .days(1))
        // Ten years / 7: past a year, a nice step of years: 11 / 7 = 1.57 → 2.
        #expect(TimeTicks.interval(from: d(2016, 3, 1), to: d(2026, 3, 1), count: 7) == .years(2))
    }

    @Test func ticksFallOnBoundaries() {
        #expect(TimeTicks.ticks(from: d(2025, 2, 10), to: d(2027, 2, 10), interval: .months(3))
                == [d(2025, 4, 1), d(2025, 7, 1), d(2025, 10, 1), d(2026, 1, 1), d(2026, 4, 1), d(2026, 7, 1), d(2026, 10, 1), d(2027, 1, 1)])
        #expect(TimeTicks.ticks(from: d(2026, 11, 1), to: d(2026, 11, 20), interval: .weeks(1)) == [d(2026, 11, 2), d(2026, 11, 9), d(2026, 11, 16)])
        #expect(TimeTicks.ticks(from: d(2026, 11, 28), to: d(2026, 12, 4), interval: .days(2)) == [d(2026, 11, 29), d(2026, 12, 1), d(2026, 12, 3)])
        #expect(TimeTicks.ticks(from: d(2016, 1, 1), to: d(2021, 6, 1), interval: .years(2)) == [d(2016, 1, 1), d(2018, 1, 1), d(2020, 1, 1)])
        #expect(TimeTicks.boundary(d(2026, 1, 1)) == .year && TimeTicks.boundary(d(2026, 3, 1)) == .month && TimeTicks.boundary(d(2026, 3, 2)) == .day)
    }

    @Test func overlappingLabelsAreDropped() {
        // Labels 30 units wide at 20 units apart: every other one survives.
        let kept = TimeTicks.thinned(positions: [0, 20, 40, 60, 80], labels: ["a", "b", "c", "d", "e"], gap: 6, width: { _ in 30 })
        #expect(kept == [0, 2, 4])
        #expect(abs(TimeTicks.estimatedWidth("Nov") - 19.8) < 1e-9 && abs(TimeTicks.estimatedWidth("11月") - 24.2) < 1e-9)
    }
}

struct LTTBTests {
    @Test func keepsFirstAndLastAndTheExtremesOfASawtooth() {
        // 1002 points, 100 buckets of 10 between the first and the last: each bucket holds exactly
        // one period of a sawtooth rising from 0 to 9.
        let points = (0..<1002).map { (x: Double($0), y: Double(($0 + 9) % 10)) }
        let kept = LTTB.downsample(points, threshold: 102)
        #expect(kept.count == 102)
        #expect(kept.first == 0 && kept.last == 1001)
        #expect(kept == kept.sorted())
        let inner = kept.dropFirst().dropLast()
        // Every kept point is a peak or a trough: the largest triangles sit on the extremes.
        #expect(inner.allSatisfy { points[$0].y == 9 || points[$0].y == 0 })
        #expect(inner.contains { points[$0].y == 9 } && inner.contains { points[$0].y == 0 })
    }

    @Test func smallInputsAreKept() {
        let points = (0..<5).map { (x: Double($0), y: Double($0)) }
        #expect(LTTB.downsample(points, threshold: 600) == [0, 1, 2, 3, 4])
        #expect(LTTB.downsample(points, threshold: 2) == [0, 1, 2, 3, 4])
    }

    @Test func workIsLinear() {
        // Each point is read at most twice: once for a bucket average, once as a candidate.
        for n in [1_000, 10_000, 100_000] {
            var visits = 0
            let points = (0..<n).map { (x: Double($0), y: sin(Double($0) / 50)) }
            _ = LTTB.downsample(points, threshold: 600, visits: &visits)
            #expect(visits <= 2 * n)
        }
    }
}

struct WeightChartGoldenTests {
    @Test func smallSeries() throws {
        // The hand-computed five-day series of WeightStatisticsTests, goal 75.
        let days = WeightSeries(daily: [(LocalDate(year: 2026, month: 11, day: 1)!, 80, 2), (LocalDate(year: 2026, month: 11, day: 2)!, 79, 1),
                                        (LocalDate(year: 2026, month: 11, day: 5)!, 77.5, 1)]).days
        let points = days.map { WeightChart.Point(day: $0.date.dayNumber, weight: $0.weight, interpolated: $0.interpolated, trend: $0.trend) }
        let f = LocaleFormat(.en)
        let svg = WeightChart.svg(points, .init(width: 720, height: 300, maxPoints: 600, xTicks: 7, yTicks: 5, goal: 75, goalLabel: "Goal 75.0",
                                                title: "Weight, 5 days", description: "From Nov 1 to Nov 5 the trend went from 80.0 to 79.4 kg.",
                                                tickLabel: { f.shortDate($0) }, value: { f.decimal($0) }, id: "w", className: "wide"))
        // Three weighed days give three dots; interpolated days give none.
        #expect(svg.components(separatedBy: "h0").count - 1 == 3)
        let path = TestPaths.golden.appendingPathComponent("weight-chart-small.svg").path
        if Golden.recording { try svg.write(toFile: path, atomically: true, encoding: .utf8) }
        #expect(svg == (try? String(contentsOfFile: path, encoding: .utf8)), "run RECORD=1 swift test and review Golden/weight-chart-small.svg")
    }
}

/// Real weight series nobody on the team wrote: Beeminder's public weight goals (several readings a day).
struct RealWeightSeriesTests {
    static let files = ["bug-bweight.bb", "bug-d-mass.bb"]

    static func entries(_ file: String) throws -> [WeightEntry] {
        let data = try Data(contentsOf: TestPaths.shared.appendingPathComponent("real-exports/beeminder-bb/" + file))
        guard case .array(let rows)? = try JSONParser.parse(Array(data))["data"] else { return [] }
        return rows.compactMap { row in
            guard case .array(let fields) = row, fields.count >= 2, case .string(let stamp) = fields[0], stamp.count == 8,
                  case .number(let value) = fields[1], let kg = Double(value),
                  let date = LocalDate(year: Int(stamp.prefix(4)) ?? 0, month: Int(stamp.dropFirst(4).prefix(2)) ?? 0, day: Int(stamp.suffix(2)) ?? 0)
            else { return nil }
            return WeightEntry(date: .day(date), kg: kg)
        }
    }

    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"), arguments: files)
    func buildsAndStaysSmall(file: String) throws {
        let entries = try Self.entries(file)
        #expect(entries.count == (file == "bug-bweight.bb" ? 3760 : 2808))
        guard case .day(let last)? = entries.map(\.date).max(by: { $0.localDate(in: .utc) < $1.localDate(in: .utc) }) else { return }
        let now = Zone.utc.startOfDay(last.adding(days: 1))
        let export = Export(profile: Profile(heightCm: 170, goalWeightKg: 60, weightUnit: .kg), weights: entries)
        let files = try renderSite(export, SiteOptions(now: now, zone: .utc, language: .en))
        let page = try #require(files.first { $0.path == "weight/index.html" })
        #expect(page.bytes.count < 150_000, "\(file): weight page is \(page.bytes.count) bytes")
        let stats = try #require(WeightStatistics(entries: entries, now: now, zone: .utc, goalKg: 60, heightCm: 170))
        #expect(stats.trend >= stats.min.kg && stats.trend <= stats.max.kg)
        #expect(stats.series.days.count == (stats.series.days.first?.date.days(to: stats.latestDate) ?? -1) + 1)
    }

    @Test func tenYearDailySeriesStaysUnder150KB() throws {
        let start = LocalDate(year: 2016, month: 12, day: 1)!
        var kg = 85.0
        let entries = (0..<3650).map { i -> WeightEntry in
            kg += -0.004 + sin(Double(i) / 90) * 0.01
            return WeightEntry(date: .instant(Zone.utc.startOfDay(start.adding(days: i)) + 25_000), kg: kg + sin(Double(i) * 1.7) * 0.4)
        }
        let now = Zone.utc.startOfDay(start.adding(days: 3650))
        let export = Export(profile: Profile(heightCm: 180, goalWeightKg: 75, weightUnit: .lb), weights: entries)
        let files = try renderSite(export, SiteOptions(now: now, zone: .utc, language: .zhHans))
        let page = try #require(files.first { $0.path == "weight/index.html" })
        #expect(page.bytes.count < 150_000, "weight page is \(page.bytes.count) bytes")
        // Every chart holds at most 600 trend points (300 in the narrow drawings).
        let text = String(decoding: page.bytes, as: UTF8.self)
        for trend in text.components(separatedBy: "class=\"trend\" d=\"").dropFirst() {
            let d = trend.prefix { $0 != "\"" }
            #expect(d.filter { $0 == "L" }.count + 1 <= 600)
        }
    }
}
