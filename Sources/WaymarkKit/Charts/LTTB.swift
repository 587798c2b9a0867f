/// Largest-Triangle-Three-Buckets downsampling (Steinarsson 2013): keeps the first and last
/// points and, from each of `threshold − 2` equal buckets in between, the point that forms the
/// largest triangle with the point kept before and the average of the next bucket. O(n).
public enum LTTB {
    /// Indices of the kept points, increasing. `points` must have strictly increasing x.
    public static func downsample(_ points: [(x: Double, y: Double)], threshold: Int) -> [Int] {
        var visits = 0
        return downsample(points, threshold: threshold, visits: &visits)
    }

    /// The same, counting how many times a point is read, so tests can check the work is linear.
    static func downsample(_ points: [(x: Double, y: Double)], threshold: Int, visits: inout Int) -> [Int] {
        let n = points.count
        guard threshold >= 3, threshold < n else { return Array(0..<n) }
        var kept = [0]
        kept.reserveCapacity(threshold)
        let every = Double(n - 2) / Double(threshold - 2)
        var a = 0
        for i in 0..<(threshold - 2) {
            // Average of the next bucket (the last point for the final bucket).
            let nextStart = Int(Double(i + 1) * every) + 1
            let nextEnd = min(Int(Double(i + 2) * every) + 1, n)
            var avgX = 0.0, avgY = 0.0
            for j in nextStart..<nextEnd {
                visits += 1
                avgX += points[j].x
                avgY += points[j].y
            }
            let count = Double(nextEnd - nextStart)
            avgX /= count
            avgY /= count

            let start = Int(Double(i) * every) + 1
            let end = Int(Double(i + 1) * every) + 1
            var best = start, bestArea = -1.0
            for j in start..<end {
                visits += 1
                let area = abs((points[a].x - avgX) * (points[j].y - points[a].y) - (points[a].x - points[j].x) * (avgY - points[a].y))
                if area > bestArea {
                    bestArea = area
                    best = j
                }
            }
            kept.append(best)
            a = best
        }
        kept.append(n - 1)
        return kept
    }
}
