/// One workout as an app recorded it: a run, a ride, a swim.
public struct Workout: Hashable, Sendable {
    /// The activity as the app names it ("Running", "Indoor Cycling", "Run").
    public var activity: String
    /// The sport it is, told from `activity`, to group workouts across apps.
    public var kind: WorkoutKind
    public var start: Int64
    public var end: Int64
    /// Minutes of the workout as the app counts them (Apple and Strava leave pauses out);
    /// `end − start` when the app gives none.
    public var minutes: Double
    public var distanceKm: Double?
    public var energyKcal: Double?
    /// Who recorded it ("Apple Watch", "Strava", "Garmin Connect").
    public var source: String

    public init(activity: String, kind: WorkoutKind? = nil, start: Int64, end: Int64, minutes: Double? = nil,
                distanceKm: Double? = nil, energyKcal: Double? = nil, source: String) {
        self.activity = activity
        self.kind = kind ?? WorkoutKind(named: activity)
        self.start = start
        self.end = end
        self.minutes = minutes ?? Double(end - start) / 60
        self.distanceKm = distanceKm
        self.energyKcal = energyKcal
        self.source = source
    }

    /// What makes two records one workout: the same sport, start and end. Apps that sync into
    /// each other write the same workout again (real Apple Health exports hold some up to seven
    /// times), and these copies count once.
    public struct Identity: Hashable, Sendable {
        public var kind: WorkoutKind
        public var start: Int64
        public var end: Int64
    }

    public var identity: Identity { Identity(kind: kind, start: start, end: end) }
}
