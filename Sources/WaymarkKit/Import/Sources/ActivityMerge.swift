/// How `SourceMerger` merges what the phone and activity apps recorded, part by part.
///
/// - A sample, sleep record, workout or goal that a later part repeats exactly from an earlier
///   part is kept once: the same Apple Health export given twice, or two exports of one phone
///   that share their older records.
/// - A day's total from an app that writes one total a day (Google Fit, Garmin, Samsung) that a
///   later part has too, for the same metric and source, is one total: the larger is kept. Two
///   Takeouts of one account agree on every day but the day the older was made, which it holds
///   only in part.
///
/// Records that differ otherwise stay: the rules of `ActivityDays`, `SleepNights` and
/// `WorkoutLog` decide between sources.
struct ActivityMerge {
    static let sameSample = "the same activity sample in two sources"
    static let sameDayTotal = "a day's total of one app in two sources (the larger is kept)"
    static let sameRecord = "the same sleep record, workout or activity goal in two sources"

    private struct DayKey: Hashable {
        var metric: ActivityMetric
        var day: LocalDate
        var source: String
    }

    private var instants = Set<ActivitySample>()
    /// Each day total's sum so far and where its samples are in the merged list.
    private var dayTotals: [DayKey: (sum: Double, indices: [Int])] = [:]
    private var records = Set<AnyHashable>()

    /// Adds `export`'s activity to `out`, counting what it leaves out in `summary`.
    mutating func add(_ export: Export, into out: inout Export, summary: inout SourceMerger.Summary) {
        var newInstants: [ActivitySample] = []
        var partTotals: [DayKey: (sum: Double, samples: [ActivitySample])] = [:]
        var repeated = 0
        for sample in export.activity {
            switch sample.date {
            case .instant:
                if instants.contains(sample) { repeated += 1; continue }
                newInstants.append(sample)
                out.activity.append(sample)
            case .day(let day):
                let key = DayKey(metric: sample.metric, day: day, source: sample.source)
                partTotals[key, default: (0, [])].sum += sample.value
                partTotals[key, default: (0, [])].samples.append(sample)
            }
        }
        summary.drop(Self.sameSample, repeated)
        instants.formUnion(newInstants)

        var removed = Set<Int>()
        var replaced = 0
        // In the order of the part's samples, so the merged list does not depend on hashing.
        let keys = export.activity.compactMap { sample -> DayKey? in
            guard case .day(let day) = sample.date else { return nil }
            return DayKey(metric: sample.metric, day: day, source: sample.source)
        }
        var done = Set<DayKey>()
        for key in keys where done.insert(key).inserted {
            guard let (sum, samples) = partTotals[key] else { continue }
            if let earlier = dayTotals[key] {
                replaced += 1
                guard sum > earlier.sum else { continue }
                removed.formUnion(earlier.indices)
            }
            let start = out.activity.count
            out.activity += samples
            dayTotals[key] = (sum, Array(start..<out.activity.count))
        }
        summary.drop(Self.sameDayTotal, replaced)
        if !removed.isEmpty {
            // Indices after a removed one shift: rebuild the list and the positions.
            var kept: [ActivitySample] = []
            var moved: [Int: Int] = [:]
            for (i, sample) in out.activity.enumerated() where !removed.contains(i) {
                moved[i] = kept.count
                kept.append(sample)
            }
            out.activity = kept
            for (key, total) in dayTotals { dayTotals[key] = (total.sum, total.indices.compactMap { moved[$0] }) }
        }

        var newRecords: [AnyHashable] = []
        var dropped = 0
        func keep<T: Hashable>(_ items: [T], into list: inout [T]) {
            for item in items {
                if records.contains(AnyHashable(item)) { dropped += 1; continue }
                newRecords.append(AnyHashable(item))
                list.append(item)
            }
        }
        keep(export.sleep, into: &out.sleep)
        keep(export.workouts, into: &out.workouts)
        keep(export.goals, into: &out.goals)
        records.formUnion(newRecords)
        summary.drop(Self.sameRecord, dropped)
    }
}
