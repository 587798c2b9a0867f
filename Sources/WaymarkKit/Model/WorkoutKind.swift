/// The sport of a workout, whatever app wrote it: Apple's `HKWorkoutActivityTypeRunning`,
/// Strava's `Run` and Garmin's `Treadmill Running` are all running, so workouts can be grouped
/// by sport across sources. The app's own name stays on the workout.
public enum WorkoutKind: String, CaseIterable, Sendable, Comparable {
    case running, walking, hiking, cycling, swimming, rowing, elliptical, strength, hiit, yoga, dance, other

    /// The kind an app's activity name (English, as every app here writes it) falls under.
    public init(named name: String) {
        var text = name.lowercased()
        if text.hasPrefix("hkworkoutactivitytype") { text.removeFirst("hkworkoutactivitytype".count) }
        func has(_ words: String...) -> Bool { words.contains { text.contains($0) } }
        // Most specific first: "Trail Run" is running, "Walking Meditation" walking.
        if has("hiit", "high intensity", "highintensity") { self = .hiit }
        else if has("run", "jog") { self = .running }
        else if has("hik") { self = .hiking }
        else if has("walk") { self = .walking }
        else if has("cycl", "bik", "ride", "spin") { self = .cycling }
        else if has("swim") { self = .swimming }
        else if has("row") { self = .rowing }
        else if has("elliptical") { self = .elliptical }
        else if has("strength", "weight", "calisthenics", "crossfit") { self = .strength }
        else if has("yoga", "pilates") { self = .yoga }
        else if has("danc") { self = .dance }
        else { self = .other }
    }

    private var order: Int { WorkoutKind.allCases.firstIndex(of: self) ?? 0 }

    public static func < (a: WorkoutKind, b: WorkoutKind) -> Bool { a.order < b.order }
}
