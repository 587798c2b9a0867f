import Foundation
import Testing
@testable import WaymarkKit

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
