/// What importers say about weights whose unit a file does not state (MyFitnessPal's
/// `Date,Weight`, a hand-made sheet): the unit is the user's choice (`--weight-unit`, or the
/// source's `weightUnit` in `waymark.json`), else kilograms, and never silently — and a series
/// whose median is unlikely for a person in the unit used says which unit it looks like.
enum WeightUnitCheck {
    /// The unit for weights a file gives none for, and whether it was assumed (nobody chose it).
    static func unit(given: WeightUnit?) -> (unit: WeightUnit, assumed: Bool) {
        given.map { ($0, false) } ?? (.kg, true)
    }

    /// How to choose the unit, for messages.
    static func howToChoose(_ suggestion: WeightUnit) -> String {
        "choose the unit with --weight-unit \(suggestion.rawValue), or \"weightUnit\": \"\(suggestion.rawValue)\" for this source in waymark.json (docs/import.md, Weights without a unit)"
    }

    /// The warning that `count` weighings were read in kilograms because nothing said.
    static func assumedWarning(count: Int) -> String {
        "the file does not say which unit its \(count == 1 ? "weight is" : "\(LocaleFormat(.en).integer(count)) weights are") in: read as kilograms; if \(count == 1 ? "it is" : "they are") pounds, " + howToChoose(.lb)
    }

    /// Heavier than this median weighing, in kilograms, a series is more likely another unit.
    static let heavyMedianKg = 120.0
    /// Lighter than this, likewise (a child's weights are lighter still, but rarely kept alone).
    static let lightMedianKg = 35.0
    /// The medians that are ordinary for an adult, to tell which unit a series fits instead.
    static let ordinaryMedianKg: ClosedRange<Double> = 40...115

    /// A warning when the median of `kilograms` (read in `unit`) is unlikely for a person and
    /// another unit would make it ordinary; nil otherwise.
    static func plausibility(kilograms: [Double], unit: WeightUnit) -> String? {
        let finite = kilograms.filter(\.isFinite).sorted()
        guard !finite.isEmpty else { return nil }
        let median = finite[finite.count / 2]
        guard median > heavyMedianKg || median < lightMedianKg else { return nil }
        let written = median / WeighingUnits.kilograms(1, in: unit)
        for other in WeightUnit.allCases where other != unit {
            let asOther = WeighingUnits.kilograms(written, in: other)
            guard ordinaryMedianKg.contains(asOther) else { continue }
            return "the median weighing, \(WeighingUnits.format(written)) read as \(WeighingUnits.name(unit)) (\(WeighingUnits.format(median)) kg), is \(median > heavyMedianKg ? "more" : "less") than most people weigh; as \(WeighingUnits.name(other)) it would be \(WeighingUnits.format(asOther)) kg: these look like \(WeighingUnits.name(other)). If so, " + howToChoose(other)
        }
        return nil
    }
}
