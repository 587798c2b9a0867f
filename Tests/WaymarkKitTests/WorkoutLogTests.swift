import Testing
@testable import WaymarkKit

/// The workout rule: a workout written more than once (the same sport, start and end) counts once.
struct WorkoutLogTests {
    static let start: Int64 = 1_715_670_000  // 2024-05-14T07:00:00Z
    static let end: Int64 = 1_715_671_800  // 30 minutes later

    @Test func copiesCountOnceAndFillWhatTheFirstLacks() {
        // Apple Health holds the run three times (Health from Strava twice, once from the watch)
        // and there is a walk; only Strava's copy has the distance.
        let watch = Workout(activity: "HKWorkoutActivityTypeRunning", start: Self.start, end: Self.end, minutes: 29.5, energyKcal: 310, source: "Watch")
        let strava = Workout(activity: "Run", start: Self.start, end: Self.end, distanceKm: 5.2, source: "Strava")
        let walk = Workout(activity: "Walk", start: Self.end + 600, end: Self.end + 2400, source: "Strava")
        let (workouts, copies) = WorkoutLog.unique([walk, watch, strava, strava])
        #expect(copies == 2)
        #expect(workouts.count == 2)
        #expect(workouts.first == Workout(activity: "HKWorkoutActivityTypeRunning", start: Self.start, end: Self.end, minutes: 29.5,
                                          distanceKm: 5.2, energyKcal: 310, source: "Watch"))
        #expect(workouts.last?.kind == .walking)
    }

    @Test func anotherEndOrSportIsAnotherWorkout() {
        let run = Workout(activity: "Running", start: Self.start, end: Self.end, source: "A")
        let longer = Workout(activity: "Running", start: Self.start, end: Self.end + 60, source: "A")
        let ride = Workout(activity: "Cycling", start: Self.start, end: Self.end, source: "A")
        #expect(WorkoutLog.unique([run, longer, ride]).copies == 0)
        #expect(WorkoutLog.unique([run, longer, ride]).workouts.count == 3)
    }

    @Test func minutesDefaultToTheSpan() {
        #expect(Workout(activity: "Yoga", start: Self.start, end: Self.end, source: "A").minutes == 30)
    }

    @Test(arguments: [
        ("HKWorkoutActivityTypeRunning", WorkoutKind.running), ("Treadmill Running", .running), ("Run", .running), ("Trail Run", .running),
        ("HKWorkoutActivityTypeWalking", .walking), ("Walk", .walking), ("Hike", .hiking), ("HKWorkoutActivityTypeHiking", .hiking),
        ("Indoor Cycling", .cycling), ("Ride", .cycling), ("Virtual Ride", .cycling), ("E-Bike Ride", .cycling), ("Mountain Biking", .cycling),
        ("Swim", .swimming), ("Pool Swimming", .swimming), ("Rowing", .rowing), ("HKWorkoutActivityTypeElliptical", .elliptical),
        ("Strength Training", .strength), ("HKWorkoutActivityTypeTraditionalStrengthTraining", .strength), ("Weight Training", .strength),
        ("HKWorkoutActivityTypeHighIntensityIntervalTraining", .hiit), ("Yoga", .yoga), ("HKWorkoutActivityTypeOther", .other), ("Golf", .other),
    ])
    func kindsFromTheAppsNames(name: String, kind: WorkoutKind) {
        #expect(WorkoutKind(named: name) == kind)
    }
}
