/// Workouts added up by the week (Monday to Sunday), calendar month and year their start falls
/// in, in the site's time zone: how many, their minutes as the apps count them, and their
/// distance with how many of them have one. Periods without a workout have no bucket.
public struct WorkoutTotals: Sendable, Equatable {
    public struct Bucket: Sendable, Equatable {
        /// The first day of the week, month or year (for a span of days, its first day).
        public var start: LocalDate
        public var count = 0
        public var minutes: Double = 0
        public var km: Double = 0
        /// Workouts of the bucket with a distance: `km` means something only when it is above 0.
        public var withDistance = 0

        public init(start: LocalDate) { self.start = start }

        /// Adds one workout; a duration or distance that is not finite is left out.
        mutating func add(_ w: Workout) {
            count += 1
            if w.minutes.isFinite { minutes += w.minutes }
            if let d = w.distanceKm, d.isFinite {
                km += d
                withDistance += 1
            }
        }
    }

    /// Oldest first.
    public var weeks: [Bucket]
    public var months: [Bucket]
    public var years: [Bucket]

    /// `workouts`, each once (`WorkoutLog`), in `zone`.
    public init(_ workouts: [Workout], in zone: Zone) {
        let dated = workouts.map { (day: Moment.instant($0.start).localDate(in: zone), workout: $0) }
        weeks = Self.buckets(dated) { $0.startOfWeek }
        months = Self.buckets(dated) { $0.startOfMonth }
        years = Self.buckets(dated) { $0.startOfYear }
    }

    /// The workouts starting from `first` to `last`, both included, as one bucket from `first`.
    public static func span(_ workouts: [Workout], from first: LocalDate, to last: LocalDate, in zone: Zone) -> Bucket {
        var b = Bucket(start: first)
        for w in workouts {
            let day = Moment.instant(w.start).localDate(in: zone)
            if day >= first && day <= last { b.add(w) }
        }
        return b
    }

    static func buckets(_ dated: [(day: LocalDate, workout: Workout)], start: (LocalDate) -> LocalDate) -> [Bucket] {
        var byStart: [LocalDate: Bucket] = [:]
        for (day, w) in dated {
            let s = start(day)
            var b = byStart[s] ?? Bucket(start: s)
            b.add(w)
            byStart[s] = b
        }
        return byStart.values.sorted { $0.start < $1.start }
    }
}
