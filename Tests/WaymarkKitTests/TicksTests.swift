import Testing
@testable import WaymarkKit

struct TicksTests {
    @Test func d3Examples() {
        // Worked out with d3-array's rules (see docs/weight.md): span 3.64 / 5 = 0.728 → step 1.
        #expect(Ticks.ticks(61.23, 64.87, count: 5) == [62, 63, 64])
        #expect(Ticks.nice(61.23, 64.87, count: 5) == (61, 65))
        // span / 10 = 0.364 → error 3.64 ≥ √10 → step 0.5.
        #expect(Ticks.ticks(61.23, 64.87, count: 10) == [61.5, 62, 62.5, 63, 63.5, 64, 64.5])
        #expect(Ticks.ticks(0, 1, count: 10) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
        #expect(Ticks.ticks(0, 10, count: 5) == [0, 2, 4, 6, 8, 10])
        #expect(Ticks.ticks(-5, 5, count: 4) == [-4, -2, 0, 2, 4])
        #expect(Ticks.ticks(1, 1, count: 5) == [1])
        #expect(Ticks.ticks(10, 0, count: 5) == [10, 8, 6, 4, 2, 0])
        #expect(Ticks.ticks(0, 17, count: 4) == [0, 5, 10, 15])
        #expect(Ticks.nice(0, 17, count: 4) == (0, 20))
        #expect(Ticks.ticks(.nan, 1, count: 5) == [])
    }

    @Test func noFloatingPointNoise() {
        let ticks = Ticks.ticks(62.1, 62.45, count: 5)
        #expect(ticks == [62.1, 62.15, 62.2, 62.25, 62.3, 62.35, 62.4, 62.45])
        #expect(ticks.map(SVG.number) == ["62.1", "62.15", "62.2", "62.25", "62.3", "62.35", "62.4", "62.45"])
        #expect(Ticks.ticks(0.1, 0.3, count: 2).map { "\($0)" } == ["0.1", "0.2", "0.3"])
    }

    @Test func svgNumbers() {
        #expect(SVG.number(12.5) == "12.5")
        #expect(SVG.number(3) == "3")
        #expect(SVG.number(-0.001) == "0")
        #expect(SVG.number(-0.25) == "-0.25")
        #expect(SVG.number(62.300000001) == "62.3")
        #expect(SVG.number(0.05) == "0.05")
        #expect(SVG.number(.infinity) == "0")
    }

    @Test func linearScale() {
        let s = LinearScale(domain: (60, 65), range: (200, 0))
        #expect(s(60) == 200 && s(65) == 0 && s(62.5) == 100)
        #expect(LinearScale(domain: (61.23, 64.87), range: (0, 1)).niced().domain == (61, 65))
    }
}
