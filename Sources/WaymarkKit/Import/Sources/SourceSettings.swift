/// What a user says about one source that its files do not (`waymark.json`'s
/// `{"path": "mfp.csv", "weightUnit": "lb"}`): over the command line's choices for that source.
public struct SourceSettings: Sendable, Equatable {
    /// The unit of weights the files do not state.
    public var weightUnit: WeightUnit?
    /// The unit of distances the files do not state.
    public var distanceUnit: DistanceUnit?

    public init(weightUnit: WeightUnit? = nil, distanceUnit: DistanceUnit? = nil) {
        self.weightUnit = weightUnit
        self.distanceUnit = distanceUnit
    }

    /// `context` with these settings over its own.
    public func applied(to context: ImportContext) -> ImportContext {
        var context = context
        if let weightUnit { context.weightUnit = weightUnit }
        if let distanceUnit { context.distanceUnit = distanceUnit }
        return context
    }
}
