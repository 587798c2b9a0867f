/// Whether a Beeminder goal tracks a body weight (its datapoints become weighings) or something
/// done (it becomes a habit, one check per datapoint). The rule, first match wins:
///
/// 1. goal type `fatloser` (lose weight) or `gainer` (gain weight): a weight goal;
/// 2. goal type `hustler`, `biker`, `inboxer` or `drinker`: a habit;
/// 3. cumulative (`kyoom`) or odometer (`odom`): a habit, its datapoints are amounts or counts;
/// 4. units (`gunits`) or y-axis label naming a weight unit (kg, kilograms, lb, lbs, pounds, jin):
///    a weight goal in that unit;
/// 5. a slug or title with "weight" in a word, or the word "weigh" or "mass": a weight goal;
/// 6. otherwise a habit.
///
/// Beebrain goal files have no goal type; the founders' weight goals there are caught by rule 4
/// (y-axis "kg"). The API's bare datapoints have nothing but the file's name (rule 5).
enum BeeminderGoalKind: Equatable {
    /// `unit` is nil when the goal does not say.
    case weight(unit: WeightUnit?, reason: String)
    case habit(reason: String)

    static func of(_ goal: BeeminderGoal) -> BeeminderGoalKind {
        let unitSaid = [goal.units, goal.yaxis].compactMap { $0 }.lazy.compactMap(namedUnit).first
        let unitText = goal.units.flatMap { namedUnit($0) != nil ? "its units are “\(Diagnostic.shorten($0))”" : nil }
            ?? goal.yaxis.map { "its y-axis says “\(Diagnostic.shorten($0))”" }
        switch goal.goalType {
        case "fatloser"?: return .weight(unit: unitSaid, reason: "its goal type is “fatloser” (lose weight)")
        case "gainer"?: return .weight(unit: unitSaid, reason: "its goal type is “gainer” (gain weight)")
        case let type? where ["hustler", "biker", "inboxer", "drinker"].contains(type):
            return .habit(reason: "its goal type is “\(type)”")
        default: break
        }
        if goal.cumulative { return .habit(reason: "it is cumulative (kyoom): its datapoints are amounts added up") }
        if goal.odometer { return .habit(reason: "it is an odometer goal") }
        if let unitSaid, let unitText { return .weight(unit: unitSaid, reason: unitText) }
        let name = [goal.slug, goal.title ?? ""].joined(separator: " ")
        if words(name).contains(where: { $0.contains("weight") || $0 == "weigh" || $0 == "mass" }) {
            let slug = Diagnostic.shorten(goal.slug)
            return .weight(unit: nil, reason: goal.title.map { "its name says so (“\(slug)”, “\(Diagnostic.shorten($0))”)" } ?? "its name “\(slug)” says so")
        }
        return .habit(reason: "nothing marks it as a weight goal (a weight goal type, kg or lb units, or “weight” in its name)")
    }

    /// The first weight unit a units text names ("kg", "weight in lbs"), or nil.
    static func namedUnit(_ text: String) -> WeightUnit? {
        words(text).lazy.compactMap(WeighingUnits.unit(named:)).first
    }

    /// Lower-cased runs of letters and digits.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
