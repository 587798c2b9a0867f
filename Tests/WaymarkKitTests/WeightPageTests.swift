import Foundation
import Testing
@testable import WaymarkKit

/// The weight page's words and layout: the goal card in words, in kilograms and in
/// pounds, the charts before the cards on phones, and the latest weighing's label off the dots.
struct WeightPageTests {
    static func goal(_ toGoal: Double, goal: Double, direction: GoalDirection?, _ language: Language = .en,
                     projected: LocalDate? = nil, isPast: Bool = false) throws -> (value: String, note: String?) {
        let r = try DashboardTests.renderer(language)
        let unit = WeightPage.unitLabel(.kg, language)
        return WeightPage.goalCard(toGoal: toGoal, goal: goal, direction: direction, projected: projected, noForecast: isPast,
                                   amount: { r.format.decimal($0) + " " + unit }, r)
    }

    /// Weighings that end long before the day shown, falling toward the goal: the rate reached it
    /// on a day already past. No forecast, and not "not reached at this rate" either (the merged
    /// real exports said so of a rate of −0.49 kg a week, 6.4 kg from the goal, three years on).
    @Test func aRateThatReachedTheGoalInThePastIsNoForecastAndNoRefusal() throws {
        // 80.0 kg on 2020-01-01 falling 0.1 kg a day for 20 days; goal 75.
        let first = LocalDate(year: 2020, month: 1, day: 1)!
        let entries = (0..<20).map { WeightEntry(date: .day(first.adding(days: $0)), kg: 80 - 0.1 * Double($0)) }
        func stats(_ now: LocalDate) -> WeightStatistics? {
            WeightStatistics(entries: entries, now: Int64(now.dayNumber) * 86_400 + 43_200, zone: .utc, goalKg: 75, heightCm: nil, goalDirection: .lose)
        }
        let late = try #require(stats(LocalDate(year: 2023, month: 1, day: 1)!))
        #expect(late.projectedGoalDate == nil && late.projectionIsPast)
        let soon = try #require(stats(first.adding(days: 19)))
        #expect(soon.projectedGoalDate != nil && !soon.projectionIsPast)
        #expect(try Self.goal(2.0, goal: 70, direction: .lose, isPast: true) == ("2.0 kg to lose", nil))
        // One day weighed: no rate, so no forecast, and nothing "not reached" either.
        var profile = Profile(goalWeightKg: 68)
        profile.goalDirection = .lose
        let one = Export(profile: profile, weights: [WeightEntry(date: .day(first), kg: 70)])
        let files = try renderSite(one, SiteOptions(now: Int64(first.dayNumber) * 86_400 + 43_200, zone: .utc, language: .en))
        let page = files.first { $0.path == "weight/index.html" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        #expect(page.contains("2.0 kg to lose") && !page.contains("not reached at this rate"))
    }

    @Test func theGoalCardSaysWhichWayAndWhetherItIsReached() throws {
        // A goal of 70 set to lose (Beeminder's yaw −1, or a profile's start above it).
        #expect(try Self.goal(2.0, goal: 70, direction: .lose, projected: LocalDate(year: 2027, month: 2, day: 4))
                == ("2.0 kg to lose", "reached around Feb 4, 2027 at this rate"))
        #expect(try Self.goal(2.0, goal: 70, direction: .lose) == ("2.0 kg to lose", "not reached at this rate"))
        #expect(try Self.goal(-2.0, goal: 70, direction: .lose) == ("2.0 kg below your goal — reached", nil))
        // A goal of 65 set to gain.
        #expect(try Self.goal(-2.0, goal: 65, direction: .gain).value == "2.0 kg to gain")
        #expect(try Self.goal(2.0, goal: 65, direction: .gain) == ("2.0 kg above your goal — reached", nil))
        // No source says which way: the distance plainly, nothing reached, and why.
        #expect(try Self.goal(2.0, goal: 70, direction: nil) == ("2.0 kg above your goal", "the data does not say whether the goal is to lose or to gain"))
        #expect(try Self.goal(-2.0, goal: 70, direction: nil, .zhHans) == ("低于目标 2.0 公斤", "数据未说明目标是减重还是增重"))
        // Within 0.05 kg: reached, whichever side.
        #expect(try Self.goal(0.03, goal: 65, direction: .gain) == ("0.0 kg", "goal reached"))
        #expect(try Self.goal(-0.04, goal: 70, direction: .lose) == ("0.0 kg", "goal reached"))
        // Chinese: full-width comma, a space between the number and 公斤.
        #expect(try Self.goal(2.0, goal: 70, direction: .lose, .zhHans).value == "还需减 2.0 公斤")
        #expect(try Self.goal(-2.0, goal: 70, direction: .lose, .zhHans).value == "低于目标 2.0 公斤，已达到")
        #expect(try Self.goal(-2.0, goal: 65, direction: .gain, .zhHans).value == "还需增 2.0 公斤")
        #expect(try Self.goal(2.0, goal: 65, direction: .gain, .zhHans).value == "高于目标 2.0 公斤，已达到")
    }

    /// 72 kg on two days with a goal of 70 set from 75 kg (`goalStartKg`): the trend is 72, 2 kg to
    /// lose = 4.409 lb → "4.4 lb". Without the start the direction is unknown.
    @Test func theGoalCardInPounds() throws {
        let export = TemporaryDirectory()
        export.write("profile.json", #"{"code":"00000","data":{"userName":"A","timeZone":"Asia/Shanghai","goalWeightKg":"70.0","goalStartKg":"75.0","weightUnit":"kg"},"ok":true}"#)
        export.write("weights.json", #"{"code":"00000","data":[{"id":"w1","date":"2026-11-28T07:00:00","kgValue":"72.0"},{"id":"w2","date":"2026-11-29T07:00:00","kgValue":"72.0"}],"ok":true}"#)
        let kg = try DashboardTests.build(export.path)
        SiteFeatureTests.expectContent(kg, "weight/index.html", [#"<span class="label">To goal</span><span class="value phrase">2.0 kg to lose</span>"#])
        let lb = try DashboardTests.build(export.path, extra: ["--weight-unit", "lb"])
        SiteFeatureTests.expectContent(lb, "weight/index.html", [#"<span class="value phrase">4.4 lb to lose</span>"#])
        // The cards and the charts share one box, so phones can put the charts first.
        let page = try #require(kg.read("site/weight/index.html"))
        #expect(page.contains("<div class=\"weight-body\">\n<ul class=\"stats\">"))
        let css = try String(contentsOfFile: TestPaths.repo.appendingPathComponent("Public/style.css").path, encoding: .utf8)
        #expect(css.contains(".weight-body > .ranges { order: -1; }"))
    }

    /// The latest weighing's label stands right of every dot and of the trend's end.
    @Test func theLatestLabelCoversNoDot() throws {
        let points = (0..<60).map { i in
            WeightChart.Point(day: 20_000 + i, weight: 70 + Double(i % 5) * 0.3, interpolated: false, trend: 70.5)
        }
        let f = LocaleFormat(.en)
        for width in [340.0, 720.0] {
            let svg = WeightChart.svg(points, .init(width: width, height: 240, maxPoints: 300, xTicks: 4, yTicks: 4, goal: nil, goalLabel: "",
                                                    title: "T", description: "D", tickLabel: { f.shortDate($0) }, value: { f.decimal($0) },
                                                    id: "w", className: "narrow"))
            // The latest weighing is day 59: 70 + (59 % 5) × 0.3 = 71.2.
            let latest = try #require(svg.components(separatedBy: "<g class=\"latest\">").last)
            #expect(latest.contains(">71.2</text>"))
            let labelText = try #require(latest.components(separatedBy: "<text x=\"").last?.prefix { $0 != "\"" })
            let labelX = try #require(Double(labelText))
            let dots = try #require(svg.components(separatedBy: "class=\"dots\" d=\"").last?.prefix { $0 != "\"" })
            let dotXs = dots.split(separator: "M").compactMap { Double($0.split(separator: " ").first ?? "") }
            #expect(dotXs.count == 60)
            // Dots are drawn 4.5 wide (2.25 either side); the label starts past the rightmost one.
            #expect(labelX > (dotXs.max() ?? .infinity) + 2.25)
            // And it stays inside the drawing: "71.2" is about 1.2 × 4 × 6.6 = 31.7 wide.
            #expect(labelX + 31.7 <= width)
        }
    }
    /// The trend's last value is labelled in the trend's class, level with the trend's end; the
    /// latest weighing beside its dot; the two a line apart when their marks are close.
    @Test func theTrendsEndAndTheLatestWeighingHaveTheirOwnLabels() throws {
        // Far apart: each at its mark. Close: moved apart about their middle, the higher value
        // above (smaller y). Against the top: kept inside, still 15 apart.
        #expect(WeightChart.labelRows(trend: 50, latest: 150, low: 18, high: 216) == (50, 150))
        #expect(WeightChart.labelRows(trend: 100, latest: 105, low: 18, high: 216) == (95, 110))
        #expect(WeightChart.labelRows(trend: 105, latest: 100, low: 18, high: 216) == (110, 95))
        #expect(WeightChart.labelRows(trend: 10, latest: 12, low: 18, high: 216) == (18, 33))
        let r = WeightChart.labelRows(trend: 80, latest: nil, low: 18, high: 216)
        #expect(r.trend == 80 && r.latest == nil)
        // 30 days, trend flat at 70.0, weighings 69.6 and 70.4 in turn, the last (day 29) 70.4.
        let points = (0..<30).map { i in WeightChart.Point(day: 20_000 + i, weight: i % 2 == 0 ? 69.6 : 70.4, interpolated: false, trend: 70) }
        let f = LocaleFormat(.en)
        let svg = WeightChart.svg(points, .init(width: 720, height: 240, maxPoints: 300, xTicks: 4, yTicks: 4, goal: nil, goalLabel: "",
                                                title: "T", description: "D", tickLabel: { f.shortDate($0) }, value: { f.decimal($0) },
                                                id: "w", className: "wide"))
        func attribute(_ name: String, after marker: String) throws -> Double {
            let tail = try #require(svg.components(separatedBy: marker).last)
            let text = try #require(tail.components(separatedBy: " " + name + "=\"").dropFirst().first?.prefix { $0 != "\"" })
            return try #require(Double(text))
        }
        #expect(svg.contains(">70.0</text>") && svg.contains(">70.4</text></g>"))
        let trendY = try attribute("y", after: "<text class=\"trend-end\""), latestY = try attribute("y", after: "<g class=\"latest\">")
        let dotY = try attribute("cy", after: "<g class=\"latest\">")
        // 70.4 is above the flat trend: its label above the trend's, at least 15 apart.
        #expect(latestY < trendY && trendY - latestY >= 15 - 1e-9)
        #expect(abs(latestY - dotY) <= 15)
    }
    /// A goal line at the top of the chart has its label below it, inside the drawing; lower
    /// down, above it.
    @Test func aGoalAtTheTopIsLabelledBelowItsLine() {
        let f = LocaleFormat(.en)
        func svg(goal: Double) -> String {
            // Weighings 65.0 to 67.9: with a goal of 68 the y axis runs 65–68, the goal on top.
            let points = (0..<30).map { i in WeightChart.Point(day: 20_000 + i, weight: 65 + Double(i) * 0.1, interpolated: false, trend: 65 + Double(i) * 0.1) }
            return WeightChart.svg(points, .init(width: 720, height: 240, maxPoints: 300, xTicks: 4, yTicks: 4, goal: goal, goalLabel: "Goal",
                                                 title: "T", description: "D", tickLabel: { f.shortDate($0) }, value: { f.decimal($0) },
                                                 id: "w", className: "wide"))
        }
        #expect(svg(goal: 68).contains(#"y="14" dy="1.1em" text-anchor="end">Goal</text>"#))
        #expect(svg(goal: 66).contains(#"dy="-0.4em" text-anchor="end">Goal</text>"#))
    }
}
