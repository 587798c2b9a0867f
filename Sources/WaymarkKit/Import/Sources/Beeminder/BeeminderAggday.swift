/// Beeminder's `aggday`: how a goal turns several datapoints of one day into the day's value.
/// Waymark applies it to weight goals, so a day has one weighing as on the goal's graph.
///
/// The definitions follow Beebrain's (github.com/beeminder/road, `src/broad.js` AGGR): note that
/// `mean` is the mean of the *distinct* values (a legacy alias of `munique`), `truemean` the
/// plain mean, `trimmean` drops the lowest and highest tenth. The aggdays that count or add up
/// (`sum`, `count`, `binary`, `clocky`, …) mean nothing for a weight: `function(named:)` is nil.
enum BeeminderAggday {
    /// Beebrain's default: `last`, except for cumulative goals (`sum`), which are not weights.
    static let defaultForWeights = "last"

    /// The function for an aggday that gives a weight, or nil.
    static func function(named name: String) -> (([Double]) -> Double)? {
        switch name {
        case "last": return { $0.last ?? 0 }
        case "first": return { $0.first ?? 0 }
        case "min": return { $0.min() ?? 0 }
        case "max": return { $0.max() ?? 0 }
        case "mu", "truemean", "average": return mean
        case "munique", "uniqmean", "mean": return { mean(distinct($0)) }
        case "mutrim", "trimmean": return trimmedMean
        case "median": return median
        case "mode": return mode
        case "muflat": return { mean($0.filter { $0 != 0 }) }
        default: return nil
        }
    }

    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// The values without repeats, in first-seen order.
    static func distinct(_ values: [Double]) -> [Double] {
        var seen = Set<Double>()
        return values.filter { seen.insert($0).inserted }
    }

    /// The mean after dropping the lowest and highest tenth (rounded down) of the values.
    static func trimmedMean(_ values: [Double]) -> Double {
        let cut = values.count / 10
        let sorted = values.sorted()
        return mean(Array(sorted[cut..<(sorted.count - cut)]))
    }

    /// The middle value, or the mean of the two middle ones.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let n = sorted.count
        return n % 2 == 0 ? (sorted[n / 2 - 1] + sorted[n / 2]) / 2 : sorted[n / 2]
    }

    /// The commonest value; on a tie the one that first reached the top count (as Beebrain).
    static func mode(_ values: [Double]) -> Double {
        guard let first = values.first else { return 0 }
        var tally: [Double: Int] = [:]
        var best = first, bestCount = 1
        for v in values {
            let count = tally[v, default: 0] + 1
            tally[v] = count
            if count > bestCount {
                bestCount = count
                best = v
            }
        }
        return best
    }
}
