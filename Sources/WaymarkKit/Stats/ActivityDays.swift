/// A day's activity figures from the samples of every source.
///
/// Devices overlap: a watch and a phone both count the steps of a walk, and Apple Health keeps
/// both. Adding them up counts the walk twice, so a day's value of a metric is **the largest
/// total among the sources that recorded that metric that day**: each source's samples are added
/// up per day (a sample belongs to the day its start falls on in the site's time zone; a day
/// total belongs to its day), and the largest of those sums is the day's value. A source that
/// covered only part of the day (a watch taken off) then loses to one that covered all of it; the
/// steps only the other device saw are not added (docs/import.md says so).
public enum ActivityDays {
    /// One `ActivityDay` per day and metric that has samples, sorted by day, then metric. Ties
    /// between sources go to the source whose name sorts first, so the result never depends on
    /// the order of the samples.
    public static func daily(_ samples: [ActivitySample], in zone: Zone) -> [ActivityDay] {
        struct Key: Hashable {
            var day: Int
            var metric: ActivityMetric
            var source: String
        }
        var totals: [Key: Double] = [:]
        for sample in samples {
            totals[Key(day: sample.date.dayNumber(in: zone), metric: sample.metric, source: sample.source), default: 0] += sample.value
        }
        struct Day: Hashable {
            var day: Int
            var metric: ActivityMetric
        }
        var best: [Day: ActivityDay] = [:]
        for (key, total) in totals {
            let slot = Day(day: key.day, metric: key.metric)
            if var current = best[slot] {
                current.sources += 1
                if total > current.value || (total == current.value && key.source < current.source) {
                    current.value = total
                    current.source = key.source
                }
                best[slot] = current
            } else {
                best[slot] = ActivityDay(day: LocalDate(dayNumber: key.day), metric: key.metric, value: total, source: key.source, sources: 1)
            }
        }
        return best.values.sorted { ($0.day, $0.metric) < ($1.day, $1.metric) }
    }
}
