/// What a part holds of activity, sleep, workouts and goals, for `waymark check`: each metric's
/// days and samples, the nights, the workouts (and how many are copies), the goals, and the days
/// each spans in the time zone the sources are read in.
public struct ActivityCounts: Sendable, Equatable {
    public struct Metric: Sendable, Equatable {
        public var metric: ActivityMetric
        public var samples = 0
        public var days = 0
    }

    /// A first and a last day.
    public struct Span: Sendable, Equatable {
        public var first: LocalDate
        public var last: LocalDate

        mutating func see(_ day: LocalDate) {
            if day < first { first = day }
            if day > last { last = day }
        }

        var text: String { first == last ? "on \(first)" : "\(first) to \(last)" }
    }

    /// The metrics with samples, in `ActivityMetric` order.
    public var metrics: [Metric] = []
    public var activitySpan: Span?
    public var sleepRecords = 0
    public var nights = 0
    /// Nights with minutes asleep (the others have time in bed only).
    public var nightsAsleep = 0
    public var sleepSpan: Span?
    public var workouts = 0
    /// Workouts that repeat another (the same sport, start and end), counted once on the site.
    public var workoutCopies = 0
    public var workoutSpan: Span?
    /// The metrics with goals and the days with any.
    public var goalMetrics: [ActivityMetric] = []
    public var goalDays = 0

    public init(_ export: Export, zone: Zone) {
        func see(_ span: inout Span?, _ day: LocalDate) {
            if span == nil { span = Span(first: day, last: day) } else { span?.see(day) }
        }
        var days: [ActivityMetric: Set<Int>] = [:]
        var samples: [ActivityMetric: Int] = [:]
        for sample in export.activity {
            let day = sample.date.dayNumber(in: zone)
            samples[sample.metric, default: 0] += 1
            if days[sample.metric, default: []].insert(day).inserted { see(&activitySpan, LocalDate(dayNumber: day)) }
        }
        metrics = ActivityMetric.allCases.compactMap { metric in
            samples[metric].map { Metric(metric: metric, samples: $0, days: days[metric]?.count ?? 0) }
        }

        sleepRecords = export.sleep.count
        var asleep: [LocalDate: Bool] = [:]
        for (session, night) in zip(export.sleep, SleepSession.nights(of: export.sleep, in: zone)) {
            guard let night else { continue }
            let hasSleep = (session.asleepMinutes ?? 0) > 0
            if let had = asleep[night] { asleep[night] = had || hasSleep } else {
                asleep[night] = hasSleep
                see(&sleepSpan, night)
            }
        }
        nights = asleep.count
        nightsAsleep = asleep.values.filter { $0 }.count

        workouts = export.workouts.count
        workoutCopies = workouts - Set(export.workouts.map(\.identity)).count
        for workout in export.workouts { see(&workoutSpan, Moment.instant(workout.start).localDate(in: zone)) }

        goalMetrics = ActivityMetric.allCases.filter { metric in export.goals.contains { $0.metric == metric } }
        goalDays = Set(export.goals.map(\.day)).count
    }

    public var isEmpty: Bool { metrics.isEmpty && sleepRecords == 0 && workouts == 0 && goalDays == 0 }

    /// All the records counted, for a part's total.
    public var total: Int { metrics.reduce(0) { $0 + $1.samples } + sleepRecords + workouts + goalDays }

    /// The lines `waymark check` prints: "activity: steps on 36 days (1,588 samples), …".
    public var lines: [String] {
        let format = LocaleFormat(.en)
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(format.integer(n)) \(n == 1 ? one : many)" }
        var out: [String] = []
        if !metrics.isEmpty, let span = activitySpan {
            let listed = metrics.map { m in
                "\(m.metric.label) on \(count(m.days, "day", "days"))" + (m.samples == m.days ? "" : " (\(count(m.samples, "sample", "samples")))")
            }
            out.append("activity: " + listed.joined(separator: ", ") + "; " + span.text)
        }
        if sleepRecords > 0 {
            var line = "sleep: \(count(sleepRecords, "record", "records")) on \(count(nights, "night", "nights"))"
            if nightsAsleep < nights { line += " (\(format.integer(nightsAsleep)) with time asleep, the others in bed only)" }
            if let span = sleepSpan { line += "; " + span.text }
            out.append(line)
        }
        if workouts > 0 {
            var line = "workouts: \(format.integer(workouts))"
            if workoutCopies > 0 {
                line += " (\(format.integer(workoutCopies)) of them \(workoutCopies == 1 ? "a copy" : "copies") of another, the same sport, start and end: counted once)"
            }
            if let span = workoutSpan { line += "; " + span.text }
            out.append(line)
        }
        if goalDays > 0 {
            let names = goalMetrics.map(\.label)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
            out.append("daily goals: \(list) on \(count(goalDays, "day", "days"))")
        }
        return out
    }
}
