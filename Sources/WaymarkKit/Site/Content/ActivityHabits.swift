/// Each daily metric with a goal made a numerical habit, so it gets Loop's strength, streaks and
/// a habit page beside the habits people tick (docs/activity.md, "Metrics as habits").
///
/// The metrics are steps (an app's step goal, else 10,000 a day) and those an app set a goal
/// for (Apple's Move, Exercise and Stand rings). Each becomes a tag worth no points, a daily
/// at-least habit whose target is the metric's latest goal up to the day shown, and each day
/// with a figure (`ActivityDays`) becomes an entry of that day's value, 0 points: imported
/// habits earn none. A day without a figure is no entry, like a day left blank in Loop.
struct ActivityHabits {
    /// The metrics a goal can make a habit of, in the order the habits are listed.
    static let metrics: [ActivityMetric] = [.steps, .activeEnergy, .exercise, .stand]

    var zone: Zone
    var today: LocalDate
    var language: Language

    /// `export` with a habit for each metric with a goal and figures up to `today`. Names a
    /// habit of the data already has get " (2)", " (3)", … as Loop's duplicates do.
    func adding(to export: Export) -> Export {
        let days = ActivityDays.daily(export.activity, in: zone).filter { $0.day <= today }
        guard !days.isEmpty else { return export }
        let ownGoals = export.goals.filter { $0.day <= today && $0.goal > 0 && $0.goal.isFinite }
        var taken = Set(export.tags.compactMap(\.name))
        taken.formUnion(export.points.compactMap { $0.type?.lowercased() == "tag" ? $0.name : nil })
        var export = export
        for metric in Self.metrics {
            let values = days.filter { $0.metric == metric }
            guard !values.isEmpty, let target = Self.latestGoal(metric, ownGoals) else { continue }
            let name = Self.unique(label(metric), taken)
            taken.insert(name)
            let goalText = LocaleFormat(language).integer(Int(exactly: target.rounded()) ?? 0) + " " + unit(metric)
            // The default goal is no goal of the data's: said so, not called the latest.
            let own = ownGoals.contains { $0.metric == metric }
            export.tags.append(Tag(name: name,
                                   describe: (own ? UIString.activityHabitDescription : .activityHabitDefaultGoal)
                                       .text(language, ["metric": label(metric), "goal": goalText]),
                                   habit: HabitDetails(frequency: .daily, unit: unit(metric), target: target, targetKind: .atLeast,
                                                       source: UIString.activityHabitSource.text(language))))
            export.points += values.map { PointRecord(point: 0, type: "tag", name: name, date: .day($0.day), value: $0.value) }
        }
        return export
    }

    /// The goal of the latest day an app set one for `metric` (the largest of that day's), else
    /// for steps the default of 10,000; nil for other metrics without one.
    static func latestGoal(_ metric: ActivityMetric, _ goals: [ActivityGoal]) -> Double? {
        let own = goals.filter { $0.metric == metric }
        guard let last = own.map(\.day).max() else { return metric == .steps ? ActivityGoals.defaultSteps : nil }
        return own.filter { $0.day == last }.map(\.goal).max()
    }

    /// `base`, or "base (2)", "base (3)", … when a habit already goes by it.
    static func unique(_ base: String, _ taken: Set<String>) -> String {
        var name = base, n = 2
        while taken.contains(name) {
            name = "\(base) (\(n))"
            n += 1
        }
        return name
    }

    private func label(_ metric: ActivityMetric) -> String {
        switch metric {
        case .activeEnergy: return UIString.activityActiveEnergy.text(language)
        case .exercise: return UIString.activityExercise.text(language)
        case .stand: return UIString.activityStand.text(language)
        default: return UIString.activitySteps.text(language)
        }
    }

    private func unit(_ metric: ActivityMetric) -> String {
        switch metric {
        case .activeEnergy: return UIString.activityUnitKcal.text(language)
        case .exercise: return UIString.activityUnitMin.text(language)
        case .stand: return UIString.activityUnitHours.text(language)
        default: return UIString.activityUnitSteps.text(language)
        }
    }
}
