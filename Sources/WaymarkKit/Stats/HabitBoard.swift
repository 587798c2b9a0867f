/// Every habit's figures and the overall strength across them: the habits index and the habit
/// pages read it, computed once per site.
public struct HabitBoard: Sendable {
    /// In the order of `tags.json`.
    public let habits: [HabitFigures]
    /// Index into `habits` by habit name.
    private let indexByName: [String: Int]
    /// The days the figures were computed from.
    public let log: HabitLog
    /// The first day of the habits the overall strength counts (today when there are none).
    public let first: LocalDate
    /// How many habits the overall strength counts: the ones not archived and done in the last
    /// year (`HabitScore.countsInOverall`).
    public let overallCount: Int
    /// How many it leaves out: archived, or not done for more than a year.
    public let overallLeftOut: Int
    public let today: LocalDate
    /// The overall strength per day from `first` to today: Loop's mean of the habits' scores.
    public let overall: [Double]

    public init(log: HabitLog) {
        self.log = log
        let habits = log.habits.map { HabitFigures(name: $0.name, tag: $0.tag, days: $0.days) }
        self.habits = habits
        today = log.today
        // Names are unique in a `HabitLog`.
        indexByName = Dictionary(habits.indices.map { (habits[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        // Archived habits, and those not done for more than a year, are left out of the overall
        // strength, its start and its count: a mean over habits nobody does any more says nothing.
        let counted = habits.filter { HabitScore.countsInOverall(tag: $0.tag, days: $0.days, today: log.today) }
        overallCount = counted.count
        overallLeftOut = habits.count - counted.count
        first = counted.map(\.days.first).min() ?? log.today
        overall = HabitScore.overall(counted.map { ($0.days.first, $0.scores) }, from: first, to: today)
    }

    public init(export: Export, now: Int64, zone: Zone) {
        self.init(log: HabitLog(export: export, now: now, zone: zone))
    }

    /// The figures of the habit `name`; nil for a name no habit has.
    public func habit(named name: String) -> HabitFigures? { indexByName[name].map { habits[$0] } }

    /// The habits by strength today, strongest first; ties by name.
    public var byStrength: [HabitFigures] {
        habits.sorted { a, b in a.score != b.score ? a.score > b.score : a.name < b.name }
    }
}
