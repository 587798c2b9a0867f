import Foundation
import Testing
@testable import WaymarkKit

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
