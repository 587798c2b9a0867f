import Foundation
import Testing
@testable import WaymarkKit

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
