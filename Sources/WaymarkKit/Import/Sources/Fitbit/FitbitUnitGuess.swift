/// The unit a Fitbit account's weights are written in.
///
/// Fitbit writes `weight` in the account's unit and does not say which. Its `bmi` is always
/// kilograms over metres squared, so weight/BMI is the height squared when weights are in
/// kilograms (1.5–4.0 m² for heights of 1.22–2.0 m), 2.2 times that in pounds and a sixth of it
/// in stones. Where the ranges for kilograms and pounds overlap (3.3–4.0) kilograms win: a
/// 1.82–2.0 m adult is likelier than a 1.22–1.35 m one. Without a BMI the unit comes from
/// `--weight-unit`, else kilograms are assumed and a warning says so.
struct FitbitUnitGuess: Equatable {
    var kilogramsPerUnit: Double
    /// What was decided and why, for `waymark check` ("weights read as pounds: weight/BMI is 4.9 …").
    var remark: String
    /// Set when kilograms were assumed without evidence.
    var warning: String?

    static let kilogramRatios: ClosedRange<Double> = 1.5...4.0

    /// Decides from the weight/BMI ratios of a folder's readings and the `--weight-unit` flag.
    static func decide(ratios: [Double], given: WeightUnit?) -> FitbitUnitGuess {
        let finite = ratios.filter { $0.isFinite && $0 > 0 }.sorted()
        let kgRange = "1.5–4.0"  // `kilogramRatios`, as people write it
        var reason = "no reading has a BMI to tell the unit by"
        if !finite.isEmpty {
            let median = finite[finite.count / 2]
            let shown = WeighingUnits.format(median, decimals: median < 1 ? 2 : 1)
            let pounds = kilogramRatios.upperBound / WeighingUnits.kilogramsPerPound
            let stones = (kilogramRatios.lowerBound / WeighingUnits.kilogramsPerStone)...(kilogramRatios.upperBound / WeighingUnits.kilogramsPerStone)
            if kilogramRatios.contains(median) {
                return FitbitUnitGuess(kilogramsPerUnit: 1, remark: "weights read as kilograms: weight/BMI is \(shown) (\(kgRange) means kilograms)")
            }
            if median > kilogramRatios.upperBound, median <= pounds {
                return FitbitUnitGuess(kilogramsPerUnit: WeighingUnits.kilogramsPerPound,
                                       remark: "weights read as pounds: weight/BMI is \(shown) (kg would give \(kgRange))")
            }
            if stones.contains(median) {
                return FitbitUnitGuess(kilogramsPerUnit: WeighingUnits.kilogramsPerStone,
                                       remark: "weights read as stones: weight/BMI is \(shown) (kg would give \(kgRange))")
            }
            reason = "weight/BMI is \(shown), which fits neither kilograms (\(kgRange)) nor pounds"
        }
        if let given {
            return FitbitUnitGuess(kilogramsPerUnit: WeighingUnits.kilograms(1, in: given),
                                   remark: "weights read as \(WeighingUnits.name(given)) (--weight-unit \(given.rawValue)): \(reason)")
        }
        return FitbitUnitGuess(kilogramsPerUnit: 1, remark: "weights read as kilograms (assumed): \(reason) and --weight-unit was not given",
                               warning: "\(reason); weights read as kilograms (pass --weight-unit lb if they are pounds)")
    }
}
