/// Places labels in rows so that no two in a row overlap: each goes into the first row whose last
/// label ends (plus a gap) before it starts, in order of position. Greedy, O(n × rows).
public enum LabelStacking {
    /// The row of each label, for labels spanning `start...end` (same order as given).
    public static func rows(_ spans: [(start: Double, end: Double)], gap: Double) -> [Int] {
        var rowEnds: [Double] = []
        var result = [Int](repeating: 0, count: spans.count)
        for i in spans.indices.sorted(by: { spans[$0].start != spans[$1].start ? spans[$0].start < spans[$1].start : $0 < $1 }) {
            if let row = rowEnds.firstIndex(where: { $0 + gap <= spans[i].start }) {
                rowEnds[row] = spans[i].end
                result[i] = row
            } else {
                rowEnds.append(spans[i].end)
                result[i] = rowEnds.count - 1
            }
        }
        return result
    }
}
