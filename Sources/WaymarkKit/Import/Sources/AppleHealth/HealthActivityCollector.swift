/// The activity in an Apple Health export, as `HealthRecordCollector` meets it: steps, distance,
/// flights, active energy, exercise minutes, stand hours, mindful minutes and sleep from
/// `Record`s, `Workout`s (with the totals of their `WorkoutStatistics` when the attributes are
/// absent, as in exports since iOS 16), and the rings' goals from `ActivitySummary`.
///
/// Every sample is kept as written, with its `sourceName`: a watch and a phone both counting the
/// same steps is resolved later, by `ActivityDays`, not here.
final class HealthActivityCollector {
    enum Kind {
        case steps, distance, flights, activeEnergy, exercise, standHour, mindful, sleep

        var label: String {
            switch self {
            case .steps: return "step count record"
            case .distance: return "walking and running distance record"
            case .flights: return "flights climbed record"
            case .activeEnergy: return "active energy record"
            case .exercise: return "exercise time record"
            case .standHour: return "stand hour record"
            case .mindful: return "mindful session record"
            case .sleep: return "sleep analysis record"
            }
        }
    }

    /// The kind of a record's `type`, told by its length first, without making a string.
    static func kind(_ type: UnsafeRawBufferPointer?) -> Kind? {
        guard let type else { return nil }
        func equals(_ wanted: StaticString) -> Bool {
            HealthXMLAttributes.equals(type, wanted)
        }
        switch type.count {
        case 33: return equals("HKQuantityTypeIdentifierStepCount") ? .steps : nil
        case 46: return equals("HKQuantityTypeIdentifierDistanceWalkingRunning") ? .distance : nil
        case 38:
            if equals("HKQuantityTypeIdentifierFlightsClimbed") { return .flights }
            if equals("HKCategoryTypeIdentifierAppleStandHour") { return .standHour }
            return equals("HKCategoryTypeIdentifierMindfulSession") ? .mindful : nil
        case 42: return equals("HKQuantityTypeIdentifierActiveEnergyBurned") ? .activeEnergy : nil
        case 41: return equals("HKQuantityTypeIdentifierAppleExerciseTime") ? .exercise : nil
        case 37: return equals("HKCategoryTypeIdentifierSleepAnalysis") ? .sleep : nil
        default: return nil
        }
    }

    static let ringsSource = "Apple Health"
    static let afterExportReason = "activity samples dated after the export was made (a device's clock set wrong)"
    static let idleReason = "stand hour records of hours not stood (Idle)"
    static let zeroGoalReason = "activity ring goals of 0 (days without a watch: no goal)"
    static let moveTimeReason = "Move ring goals in minutes (appleMoveTime, for children's watches)"

    let file: String
    let zone: Zone
    private let names = StringInterner(limit: 512)
    private(set) var samples: [ActivitySample] = []
    private(set) var sleep: [SleepSession] = []
    private(set) var workouts: [Workout] = []
    private(set) var goals: [ActivityGoal] = []
    private var pending: PendingWorkout?
    private(set) var afterExport = 0
    private(set) var idleHours = 0
    private(set) var zeroGoals = 0
    private(set) var moveTimeGoals = 0
    /// Samples converted from another unit, by what they were ("distances in mi").
    private(set) var converted: [String: Int] = [:]
    private(set) var totalsFromStatistics = 0

    /// A workout whose children (`WorkoutStatistics`) are still being read.
    private struct PendingWorkout {
        var workout: Workout
        var hasDistance: Bool
        var hasEnergy: Bool
    }

    init(file: String, zone: Zone) {
        self.file = file
        self.zone = zone
    }

    /// Whether the element being read is a workout, whose children may hold its totals.
    var inWorkout: Bool { pending != nil }

    private func problem(_ line: Int, _ what: String, _ message: String, _ report: (Diagnostic) -> Void) {
        var d = Diagnostic.error(file, .line(line), "\(what): \(message)")
        d.dropsRecord = true
        report(d)
    }

    private func source(_ attributes: HealthXMLAttributes) -> String {
        // The first exports (iOS 8) wrote `source`.
        guard let raw = attributes.bytes("sourceName") ?? attributes.bytes("source"), !raw.isEmpty else { return "Apple Health" }
        return names.string(UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count))
    }

    private func date(_ attributes: HealthXMLAttributes, _ name: StaticString, line: Int, what: String,
                      _ report: (Diagnostic) -> Void) -> Int64? {
        guard let raw = attributes.bytes(name) else {
            problem(line, what, "has no \(name)", report)
            return nil
        }
        if let instant = HealthDateBytes.instant(raw, zone: zone) { return instant }
        let text = String(decoding: raw, as: UTF8.self)
        problem(line, what, "\(name) is not a date like \"2023-12-03 08:15:00 +0100\" (got \"\(Diagnostic.shorten(text))\")", report)
        return nil
    }

    /// A number attribute, or nil (with a problem when it is there but not a number, or negative).
    private func number(_ attributes: HealthXMLAttributes, _ name: StaticString, line: Int, what: String,
                        _ report: (Diagnostic) -> Void) -> Double?? {
        guard let text = attributes.string(name) else { return .some(nil) }
        guard case .success(let value) = NumberText.double(text), value >= 0 else {
            problem(line, what, "\(name) is not a number of 0 or more (got \"\(Diagnostic.shorten(text))\")", report)
            return nil
        }
        return .some(value)
    }

    /// Reads one `Record` of an activity type.
    func record(_ kind: Kind, _ attributes: HealthXMLAttributes, line: Int, exportedAt: Moment?, report: (Diagnostic) -> Void) {
        guard let start = date(attributes, "startDate", line: line, what: kind.label, report) else { return }
        if case .instant(let made)? = exportedAt, start > made {
            afterExport += 1
            return
        }
        let source = source(attributes)
        switch kind {
        case .standHour:
            switch attributes.string("value") {
            case "HKCategoryValueAppleStandHourStood"?: samples.append(ActivitySample(metric: .stand, date: .instant(start), value: 1, source: source))
            case "HKCategoryValueAppleStandHourIdle"?: idleHours += 1
            case let other: problem(line, kind.label, "expected HKCategoryValueAppleStandHourStood or …Idle (got \(other.map { "\"\(Diagnostic.shorten($0))\"" } ?? "no value"))", report)
            }
        case .mindful, .sleep:
            guard let end = date(attributes, "endDate", line: line, what: kind.label, report) else { return }
            guard end >= start else {
                problem(line, kind.label, "ends before it starts", report)
                return
            }
            let minutes = Double(end - start) / 60
            if kind == .mindful {
                samples.append(ActivitySample(metric: .mindful, date: .instant(start), value: minutes, source: source))
                return
            }
            var session = SleepSession(source: source, start: start, end: end)
            switch attributes.string("value") {
            // The first exports wrote HealthKit's raw numbers: 0 in bed, 1 asleep.
            case "HKCategoryValueSleepAnalysisInBed"?, "0"?: session.inBed = minutes
            case "HKCategoryValueSleepAnalysisAsleep"?, "HKCategoryValueSleepAnalysisAsleepUnspecified"?, "1"?: session.asleep = minutes
            case "HKCategoryValueSleepAnalysisAwake"?, "2"?: session.awake = minutes
            case "HKCategoryValueSleepAnalysisAsleepCore"?, "3"?: session.core = minutes
            case "HKCategoryValueSleepAnalysisAsleepDeep"?, "4"?: session.deep = minutes
            case "HKCategoryValueSleepAnalysisAsleepREM"?, "5"?: session.rem = minutes
            case let other:
                problem(line, kind.label, "expected a sleep value such as HKCategoryValueSleepAnalysisAsleepCore (got \(other.map { "\"\(Diagnostic.shorten($0))\"" } ?? "no value"))", report)
                return
            }
            sleep.append(session)
        case .steps, .flights, .distance, .activeEnergy, .exercise:
            guard let number = number(attributes, "value", line: line, what: kind.label, report) else { return }
            guard let value = number else {
                problem(line, kind.label, "has no value", report)
                return
            }
            let unit = attributes.string("unit")?.trimmingWhitespace() ?? ""
            let factor: Double?
            let metric: ActivityMetric
            switch kind {
            case .distance: (metric, factor) = (.distance, HealthActivityUnit.kilometres(per: unit))
            case .activeEnergy: (metric, factor) = (.activeEnergy, HealthActivityUnit.kilocalories(per: unit))
            case .exercise: (metric, factor) = (.exercise, HealthActivityUnit.minutes(per: unit))
            case .flights: (metric, factor) = (.flights, unit == "count" || unit.isEmpty ? 1 : nil)
            default: (metric, factor) = (.steps, unit == "count" || unit.isEmpty ? 1 : nil)
            }
            guard let factor else {
                let expected = ["km": "km, m, mi, yd or ft", "kcal": "kcal, Cal or kJ", "min": "min, s or hr"][metric.unit] ?? "count"
                problem(line, kind.label, "unit is not \(expected) (got \"\(Diagnostic.shorten(unit))\")", report)
                return
            }
            if factor != 1 { converted["\(metric == .distance ? "distances" : metric == .activeEnergy ? "energies" : "times") in \(unit)", default: 0] += 1 }
            samples.append(ActivitySample(metric: metric, date: .instant(start), value: value * factor, source: source))
        }
    }

    /// Starts reading a `Workout`; it is complete when the next top-level element starts.
    func beginWorkout(_ attributes: HealthXMLAttributes, line: Int, report: (Diagnostic) -> Void) {
        endWorkout()
        let what = "workout"
        guard let start = date(attributes, "startDate", line: line, what: what, report),
              let end = date(attributes, "endDate", line: line, what: what, report) else { return }
        guard end >= start else {
            problem(line, what, "ends before it starts", report)
            return
        }
        func amount(_ value: StaticString, _ unit: StaticString, _ factor: (String) -> Double?, _ units: String) -> Double?? {
            guard let number = number(attributes, value, line: line, what: what, report) else { return nil }
            guard let value = number else { return .some(nil) }
            let unitText = attributes.string(unit)?.trimmingWhitespace() ?? ""
            guard let f = factor(unitText) else {
                problem(line, what, "\(unit) is not \(units) (got \"\(Diagnostic.shorten(unitText))\")", report)
                return nil
            }
            return .some(value * f)
        }
        guard let minutes = amount("duration", "durationUnit", { HealthActivityUnit.minutes(per: $0.isEmpty ? "min" : $0) }, "min, s or hr"),
              let distance = amount("totalDistance", "totalDistanceUnit", HealthActivityUnit.kilometres, "km, m, mi, yd or ft"),
              let energy = amount("totalEnergyBurned", "totalEnergyBurnedUnit", HealthActivityUnit.kilocalories, "kcal, Cal or kJ") else { return }
        let type = attributes.string("workoutActivityType") ?? "HKWorkoutActivityTypeOther"
        // A distance or energy of 0 is what the Health app writes for a sport without one.
        let workout = Workout(activity: HealthActivityUnit.activityName(type), kind: WorkoutKind(named: type), start: start, end: end,
                              minutes: minutes, distanceKm: distance.flatMap { $0 > 0 ? $0 : nil },
                              energyKcal: energy.flatMap { $0 > 0 ? $0 : nil }, source: source(attributes))
        pending = PendingWorkout(workout: workout, hasDistance: workout.distanceKm != nil, hasEnergy: workout.energyKcal != nil)
    }

    /// A child of the workout being read: a `WorkoutStatistics` gives the distance or energy the
    /// workout's attributes lack.
    func workoutChild(_ name: UnsafeRawBufferPointer, _ attributes: HealthXMLAttributes) {
        guard var current = pending, HealthRecordCollector.named(name, "WorkoutStatistics"),
              let type = attributes.string("type"), let sumText = attributes.string("sum"),
              case .success(let sum) = NumberText.double(sumText), sum > 0 else { return }
        let unit = attributes.string("unit")?.trimmingWhitespace() ?? ""
        if !current.hasDistance, type.hasPrefix("HKQuantityTypeIdentifierDistance"), let f = HealthActivityUnit.kilometres(per: unit) {
            current.workout.distanceKm = (current.workout.distanceKm ?? 0) + sum * f
        } else if !current.hasEnergy, type == "HKQuantityTypeIdentifierActiveEnergyBurned", let f = HealthActivityUnit.kilocalories(per: unit) {
            current.workout.energyKcal = (current.workout.energyKcal ?? 0) + sum * f
        } else {
            return
        }
        pending = current
    }

    /// Completes the workout being read, if any.
    func endWorkout() {
        guard let done = pending else { return }
        pending = nil
        if (!done.hasDistance && done.workout.distanceKm != nil) || (!done.hasEnergy && done.workout.energyKcal != nil) {
            totalsFromStatistics += 1
        }
        workouts.append(done.workout)
    }

    /// Reads an `ActivitySummary`: the day's three rings with their goals.
    func summary(_ attributes: HealthXMLAttributes, line: Int, report: (Diagnostic) -> Void) {
        let what = "activity summary"
        guard let text = attributes.string("dateComponents"), case .day(let day)? = DateTimeText.parse(text) else {
            problem(line, what, "dateComponents is not a day like 2016-11-15 (got \(attributes.string("dateComponents").map { "\"\(Diagnostic.shorten($0))\"" } ?? "nothing"))", report)
            return
        }
        let unit = attributes.string("activeEnergyBurnedUnit")?.trimmingWhitespace() ?? "kcal"
        guard let energyFactor = HealthActivityUnit.kilocalories(per: unit) else {
            problem(line, what, "activeEnergyBurnedUnit is not kcal, Cal or kJ (got \"\(Diagnostic.shorten(unit))\")", report)
            return
        }
        let rings: [(ActivityMetric, StaticString, StaticString, Double)] = [
            (.activeEnergy, "activeEnergyBurned", "activeEnergyBurnedGoal", energyFactor),
            (.exercise, "appleExerciseTime", "appleExerciseTimeGoal", 1),
            (.stand, "appleStandHours", "appleStandHoursGoal", 1),
        ]
        var read: [ActivityGoal] = []
        for (metric, valueName, goalName, factor) in rings {
            guard let achieved = number(attributes, valueName, line: line, what: what, report),
                  let goal = number(attributes, goalName, line: line, what: what, report) else { return }
            guard let goal, goal > 0 else {
                if goal != nil { zeroGoals += 1 }
                continue
            }
            read.append(ActivityGoal(day: day, metric: metric, goal: goal * factor, achieved: achieved.map { $0 * factor }, source: Self.ringsSource))
        }
        if let moveTime = attributes.string("appleMoveTimeGoal"), case .success(let goal) = NumberText.double(moveTime), goal > 0 { moveTimeGoals += 1 }
        goals += read
    }

    /// Sources whose active energy looks like total energy: a median day above 1,500 kcal of
    /// moving alone is beyond almost anyone, but is what a day's total, resting energy included,
    /// comes to. Such samples are kept as written; the remark says what they may be.
    static func energyRemarks(_ samples: [ActivitySample], zone: Zone) -> [String] {
        var days: [String: [Int: Double]] = [:]
        for sample in samples where sample.metric == .activeEnergy {
            days[sample.source, default: [:]][sample.date.dayNumber(in: zone), default: 0] += sample.value
        }
        return days.keys.sorted().compactMap { source in
            let totals = (days[source] ?? [:]).values.sorted()
            guard totals.count >= 7 else { return nil }
            let median = totals[totals.count / 2]
            guard median > 1500, median < 1e9 else { return nil }
            return "active energy of “\(Diagnostic.shorten(source))” is \(LocaleFormat(.en).integer(Int(median.rounded()))) kcal on a median day, "
                + "more than moving alone burns: it may be total energy (resting included) written as active; kept as written"
        }
    }

    /// Hands what was read to `part`, with what `waymark check` says about it.
    func fill(_ part: inout SourcePart) {
        endWorkout()
        part.export.activity = samples
        part.export.sleep = sleep
        part.export.workouts = workouts
        part.export.goals = goals
        if afterExport > 0 { part.drop(Self.afterExportReason, count: afterExport) }
        if idleHours > 0 { part.drop(Self.idleReason, count: idleHours) }
        if zeroGoals > 0 { part.drop(Self.zeroGoalReason, count: zeroGoals) }
        if moveTimeGoals > 0 { part.drop(Self.moveTimeReason, count: moveTimeGoals) }
        let format = LocaleFormat(.en)
        for (what, count) in converted.sorted(by: { $0.key < $1.key }) {
            let target = what.hasPrefix("distances") ? "kilometres" : what.hasPrefix("energies") ? "kilocalories" : "minutes"
            part.remarks.append("\(format.integer(count)) \(what) converted to \(target)")
        }
        // A warning, not only a remark of `check`: the pages show these figures as active energy.
        for remark in Self.energyRemarks(samples, zone: zone) { part.diagnostics.append(.warning(part.files.first ?? part.kind, .file, remark)) }
        if totalsFromStatistics > 0 {
            part.remarks.append("\(format.integer(totalsFromStatistics)) workout\(totalsFromStatistics == 1 ? "'s" : "s'") distance or energy taken from their statistics (WorkoutStatistics), as iOS 16 and later write them")
        }
    }
}
