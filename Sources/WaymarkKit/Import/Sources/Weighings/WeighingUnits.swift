import Foundation

/// Weighings in the units apps write them, brought to kilograms, and the checks every weight
/// importer applies (the same range as `weights.csv`).
enum WeighingUnits {
    static let kilogramsPerPound = 0.45359237
    static let kilogramsPerStone = 6.35029318
    /// Weighings outside this range (in kilograms) are refused as typing or unit mistakes.
    static let plausibleKilograms: ClosedRange<Double> = 0.1...1000

    /// `value` in `unit`, in kilograms.
    static func kilograms(_ value: Double, in unit: WeightUnit) -> Double {
        switch unit {
        case .kg: return value
        case .lb: return value * kilogramsPerPound
        case .jin: return value / 2
        }
    }

    /// The unit a column header, a unit cell or a goal's units name, or nil:
    /// "kg", "kgs", "kilograms", "lb", "lbs", "pounds", "jin", "斤".
    static func unit(named raw: String) -> WeightUnit? {
        switch raw.trimmingWhitespace().lowercased() {
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "公斤", "千克": return .kg
        case "lb", "lbs", "pound", "pounds", "#": return .lb
        case "jin", "斤": return .jin
        default: return nil
        }
    }

    /// The English name of a unit for remarks ("pounds").
    static func name(_ unit: WeightUnit) -> String {
        switch unit {
        case .kg: return "kilograms"
        case .lb: return "pounds"
        case .jin: return "jin"
        }
    }

    /// A number for a message, with at most `decimals` decimals ("4.9", "70").
    static func format(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return String(value) }
        let text = String(format: "%.\(max(0, min(decimals, 6)))f", value)
        guard text.contains(".") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// Why a value read as a weight is refused, or nil when it is a plausible weighing.
    static func problem(kilograms kg: Double, written: String, unit: WeightUnit) -> String? {
        guard plausibleKilograms.contains(kg) else {
            let range = unit == .kg ? "between 0.1 and 1000 kg"
                : "between \(format(plausibleKilograms.lowerBound / kilograms(1, in: unit), decimals: 2)) and \(format(plausibleKilograms.upperBound / kilograms(1, in: unit), decimals: 0)) \(unit.rawValue)"
            return "expected a weight \(range) (got \"\(Diagnostic.shorten(written))\")"
        }
        return nil
    }

    /// A body fat percentage Waymark keeps: above 0 and below 100.
    static func isPlausibleBodyFat(_ percent: Double) -> Bool {
        percent.isFinite && percent > 0 && percent < 100
    }
}
