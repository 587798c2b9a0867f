/// What importers may need to know beyond the files: choices from the command line.
public struct ImportContext: Sendable {
    /// Zone for date-times written without an offset.
    public var zone: Zone
    /// The unit weights are in when a file does not say and cannot tell (Fitbit), from `--weight-unit`.
    public var weightUnit: WeightUnit?
    /// The unit distances are in when a file does not say (Garmin's activities), from
    /// `--distance-unit` or the source's `distanceUnit`.
    public var distanceUnit: DistanceUnit?
    /// Called now and then with bytes read so far and the total when known, for a progress line.
    public var progress: @Sendable (_ file: String, _ done: Int64, _ total: Int64?) -> Void
    /// The cores reading may use: the units of the sources side by side, and inside a unit what
    /// its importer can split (the pipeline gives every core; one by default).
    public var parallelism: Parallelism
    /// Earlier results of reading unchanged files, when the caller keeps them (the preview).
    public var memo: ReadMemo = .none

    public init(zone: Zone = .utc, weightUnit: WeightUnit? = nil, distanceUnit: DistanceUnit? = nil, parallelism: Parallelism = .serial,
                progress: @escaping @Sendable (String, Int64, Int64?) -> Void = { _, _, _ in }) {
        self.zone = zone
        self.weightUnit = weightUnit
        self.distanceUnit = distanceUnit
        self.parallelism = parallelism
        self.progress = progress
    }
}
