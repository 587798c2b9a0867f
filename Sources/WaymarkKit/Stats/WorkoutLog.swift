/// The workouts to show, each once.
///
/// Apps that sync into one another write a workout again (Strava into Apple Health, Garmin
/// Connect into both; real exports repeat some up to seven times). **A workout written more than
/// once (the same sport, start and end) counts once**: the first record is kept, with the
/// distance and energy it lacks taken from the copies.
public enum WorkoutLog {
    /// Each workout once, sorted by start (then sport), and how many copies were left out.
    public static func unique(_ workouts: [Workout]) -> (workouts: [Workout], copies: Int) {
        var index: [Workout.Identity: Int] = [:]
        var kept: [Workout] = []
        var copies = 0
        for workout in workouts {
            guard let i = index[workout.identity] else {
                index[workout.identity] = kept.count
                kept.append(workout)
                continue
            }
            copies += 1
            kept[i].distanceKm = kept[i].distanceKm ?? workout.distanceKm
            kept[i].energyKcal = kept[i].energyKcal ?? workout.energyKcal
        }
        kept.sort { ($0.start, $0.kind, $0.end) < ($1.start, $1.kind, $1.end) }
        return (kept, copies)
    }
}
