/// Maps one Beeminder goal to the model: weighings and a goal weight, or a habit and its checks.
enum BeeminderGoalReader {
    static let source = "Beeminder"
    static let dummy = "Beeminder's placeholder datapoints (is_dummy)"
    static let initial = "the goal's initial datapoint (a starting value, not a check)"

    static func read(_ goal: BeeminderGoal, file: SourceFile, context: ImportContext, into part: inout SourcePart) {
        switch BeeminderGoalKind.of(goal) {
        case .weight(let unit, let reason):
            part.remarks.append("“\(Diagnostic.shorten(goal.slug))” read as a weight goal: \(reason)")
            readWeights(goal, said: unit, file: file, context: context, into: &part)
        case .habit(let reason):
            part.remarks.append("“\(Diagnostic.shorten(goal.slug))” read as a habit, one check per datapoint: \(reason)")
            readHabit(goal, into: &part)
        }
    }

    static func readWeights(_ goal: BeeminderGoal, said: WeightUnit?, file: SourceFile, context: ImportContext, into part: inout SourcePart) {
        let unit: WeightUnit
        if let said {
            unit = said
        } else if let given = context.weightUnit {
            unit = given
            part.remarks.append("weights read as \(WeighingUnits.name(given)) (--weight-unit \(given.rawValue)): the goal does not say its unit")
        } else {
            unit = .kg
            part.remarks.append("weights read as kilograms (assumed): the goal does not say its unit and --weight-unit was not given")
            part.diagnostics.append(.warning(file.path, .file, "the goal does not say its unit; weights read as kilograms (pass --weight-unit lb if they are pounds)"))
        }
        var aggday = goal.aggday ?? BeeminderAggday.defaultForWeights
        var combine = BeeminderAggday.function(named: aggday)
        if combine == nil {
            part.diagnostics.append(.warning(file.path, .file, "aggday “\(Diagnostic.shorten(aggday))” does not give a weight; the day's last datapoint is kept"))
            aggday = BeeminderAggday.defaultForWeights
            combine = BeeminderAggday.function(named: aggday)
        }
        // Datapoints grouped by day, in file order (what `last` and `first` refer to).
        var days: [LocalDate: [Double]] = [:]
        for point in goal.datapoints {
            if point.isDummy {
                part.drop(dummy)
                continue
            }
            let kg = WeighingUnits.kilograms(point.value, in: unit)
            if let problem = WeighingUnits.problem(kilograms: kg, written: WeighingUnits.format(point.value, decimals: 3), unit: unit) {
                part.diagnostics.append(BeeminderGoal.rowError(file, point.path, problem))
                continue
            }
            days[point.day, default: []].append(kg)
        }
        let several = days.values.filter { $0.count > 1 }.count
        if several > 0 {
            part.remarks.append("\(several) day\(several == 1 ? " has" : "s have") several datapoints: one weighing each, by the goal's aggday “\(Diagnostic.shorten(aggday))”")
        }
        let apply = combine ?? { $0.last ?? 0 }
        part.export.weights = days.keys.sorted().compactMap { day in
            days[day].map { WeightEntry(date: .day(day), kg: apply($0)) }
        }
        if let target = goal.target {
            let kg = WeighingUnits.kilograms(target.value, in: unit)
            if WeighingUnits.plausibleKilograms.contains(kg) {
                part.export.profile.goalWeightKg = kg
                // The good side of the line says which way the goal goes: yaw, else the line's slope.
                let side = goal.yaw ?? goal.dir
                part.export.profile.goalDirection = side.map { $0 < 0 ? .lose : .gain }
                let way = side.map { $0 < 0 ? ", to lose (yaw \(goal.yaw.map(String.init) ?? "none"), dir \(goal.dir.map(String.init) ?? "none"))" : ", to gain (yaw \(goal.yaw.map(String.init) ?? "none"), dir \(goal.dir.map(String.init) ?? "none"))" }
                    ?? "; no yaw or dir says which way"
                part.remarks.append("goal weight \(WeighingUnits.format(kg, decimals: 2)) kg (the goal's \(target.field))\(way)")
            } else {
                part.diagnostics.append(.warning(file.path, .file, "the goal's \(target.field) (\(WeighingUnits.format(target.value, decimals: 2))) is not a plausible weight; no goal weight taken"))
            }
        }
    }

    static func readHabit(_ goal: BeeminderGoal, into part: inout SourcePart) {
        var details = HabitDetails(source: source)
        if let units = goal.units?.trimmingWhitespace(), !units.isEmpty, units != "units" { details.unit = units }
        // The red line's rate is a per-period amount only when datapoints add up (or count up).
        if goal.cumulative || goal.odometer, let rate = goal.rate, let period = period(goal.rateUnits), (rate * period.factor).isFinite {
            details.frequency = Frequency(numerator: 1, denominator: period.days)
            details.target = rate * period.factor
            details.targetKind = goal.yaw.map { $0 > 0 ? .atLeast : .atMost }
        }
        let title = goal.title?.trimmingWhitespace()
        part.export.tags.append(Tag(name: goal.slug, describe: title.flatMap { $0.isEmpty || $0 == goal.slug ? nil : $0 }, habit: details))
        for point in goal.datapoints {
            if point.isDummy {
                part.drop(dummy)
                continue
            }
            if point.isInitial {
                part.drop(initial)
                continue
            }
            let comment = point.comment?.trimmingWhitespace()
            part.export.points.append(PointRecord(point: 0, type: "tag", name: goal.slug, describe: comment.flatMap { $0.isEmpty ? nil : $0 },
                                                  date: .day(point.day), value: point.value))
        }
    }

    /// Days in a rate unit and the factor to get the amount for those days (hourly rates are daily × 24).
    static func period(_ runits: String?) -> (days: Int, factor: Double)? {
        switch runits {
        case "d"?: return (1, 1)
        case "w"?, nil: return (7, 1)
        case "m"?: return (30, 1)
        case "y"?: return (365, 1)
        case "h"?: return (1, 24)
        default: return nil
        }
    }
}
